"""Moving objects between zones: destroy (701.8), exile, return to hand, return to the
battlefield (with delayed returns, 610.3), mill, sacrifice (701.21), search (701.23),
Living End."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from judgebot.engine import citations as R
from judgebot.engine.abilities import Effect, Filter, Trigger, TriggeredAbility
from judgebot.engine.apply import new_object, settle_top, shuffled
from judgebot.engine.choosing import (
    choose_between,
    choose_cards,
    choose_order,
    names_match,
    sacrifice_events,
)
from judgebot.engine.context import Ctx, any_objects, objects, players
from judgebot.engine.errors import BadInput, Unsupported
from judgebot.engine.events import Counters, Destroy, Event, Move
from judgebot.engine.filters import View, bind_x, matches, select
from judgebot.engine.pipeline import perform
from judgebot.engine.triggers import DelayedTrigger
from judgebot.engine.verbs import verb
from judgebot.messages import Joined, msg


@verb("destroy", primary="what")
def _destroy(ctx: Ctx, eff: Effect) -> None:
    events = [Destroy(source=ctx.source, oid=o, no_regen=bool(eff.get("no_regen")),
                      rules=ctx.rules + (R.DESTROY,)) for o in objects(ctx, eff.get("what"))]
    if eff.get("no_regen"):
        for e in events:
            e.rules += (R.CANT_REGENERATE,)
    done = perform(ctx.game, events) if events else []
    ctx.refs["destroyed"] = [e.new_id for e in done if isinstance(e, Move)]
    _remember(ctx, done)


def _remember(ctx: Ctx, done: list) -> None:
    """What each object moved by this effect was as it last existed (608.2h): "for each
    creature destroyed this way, its controller …"."""
    lki = ctx.refs.setdefault("moved_lki", {})
    for e in done:
        if isinstance(e, Move) and e.new_id is not None and e.lki is not None:
            lki[e.new_id] = e.lki



def _move_all(ctx: Ctx, eff: Effect, to_zone: str, reason: str, rules: tuple[str, ...],
              **fields: Any) -> list[Move]:
    events = [Move(source=ctx.source, oid=o, to_zone=to_zone, reason=reason,
                   rules=ctx.rules + rules, **fields) for o in objects(ctx, eff.get("what"))]
    done = perform(ctx.game, events) if events else []
    return [e for e in done if isinstance(e, Move)]



@verb("exile", primary="what")
def _exile(ctx: Ctx, eff: Effect) -> None:
    counters = dict(eff.get("counters") or {})
    done = _move_all(ctx, eff, "exile", "exile",
                     (R.EXILE, R.LINKED_EXILE) if eff.get("record") else (R.EXILE,))
    ids = [m.new_id for m in done if m.to_zone == "exile"]
    ctx.refs["exiled"] = ids
    _remember(ctx, done)
    game = ctx.game
    if eff.get("record") and ctx.source is not None:
        # "the exiled card" of a linked ability (607.2a) is found through the source.
        src = game.objects.get(ctx.source) or game.lki_objects.get(ctx.source)
        if src is not None:
            src.chosen["exiled"] = list(src.chosen.get("exiled", ())) + ids
    for oid in ids:
        if eff.get("gains_suspend"):
            game.objects[oid].chosen["gains_suspend"] = True
        for kind, n in counters.items():
            perform(game, [Counters(source=ctx.source, target=oid, kind=kind, n=n,
                                    rules=ctx.rules)])
    ret = eff.get("comes_back")
    if ret and ids:
        _schedule_return(ctx, ids, ret, eff)



def _schedule_return(ctx: Ctx, ids: list[int], when: str, eff: Effect) -> None:
    game = ctx.game
    under = eff.get("under", "owner")
    back = Effect("return", {"what": "exiled_cards", "to": "battlefield", "under": under})
    if when == "now":
        ctx.refs["exiled_cards"] = ids
        _return(ctx, back)
        return
    if when == "end_step":
        trig = Trigger("end_step", None, who="any")
    elif when == "leaves":
        if ctx.source is None or ctx.source not in game.objects or \
                game.objects[ctx.source].zone != "battlefield":
            names = ", ".join(game.name_of(i) for i in ids)
            game.log.add("note", msg("effects.zones.schedule_return.2",
                                     source=game.label(ctx.source), names=names),
                (R.UNTIL_LEAVES, R.TRIGGER_DELAYED_WAITS))
            return
        trig = Trigger("leaves", "ref")
    else:
        raise Unsupported(msg("effects.zones.schedule_return", when=when))
    ability = TriggeredAbility(trig, (back,), text="return the exiled card",
                               rules=(R.TRIGGER_DELAYED,))
    refs = {"exiled_cards": ids}
    if when == "leaves":
        refs["it"] = ctx.source
    game.delayed.append(DelayedTrigger(trig, ability, ctx.you, ctx.source,
                                       game.name_of(ctx.source) if ctx.source else "",
                                       refs, True, game.turn))



@verb("bounce", primary="what")
def _bounce(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    oids = objects(ctx, eff.get("what"))
    # The resolving spell returning itself ("return Molten Birth to its owner's
    # hand") still resolves; it just isn't put into the graveyard (608.2n).
    spells = [o for o in oids if game.objects[o].zone == "stack" and o != ctx.source]
    itself = ctx.source in oids and game.objects[ctx.source].zone == "stack"
    done = _move_all(ctx, eff, "hand", "bounce", ())
    ctx.refs["returned"] = [m.new_id for m in done]
    if spells:
        game.log.add("note", msg("effects.zones.bounce"), (R.NEW_OBJECT,))
    if itself:
        game.log.add("note", msg("effects.zones.bounce_itself"), (R.RESOLVE_GRAVEYARD,))



@verb("bounce_choice", primary="filter")
def _bounce_choice(ctx: Ctx, eff: Effect) -> None:
    """"Return a creature you control to its owner's hand" (not targeted)."""
    game = ctx.game
    f: Filter = eff.get("filter")
    mine = select(f, View(game), ctx.you, ctx.source)
    if eff.get("any_number"):  # none to all of them
        chosen = choose_between(game, ctx.you, mine, 0, len(mine), "return",
                                keys=("return", "bounce"))
    else:
        chosen = choose_cards(game, ctx.you, mine, 1, "return", keys=("return", "bounce"))
    events = [Move(source=ctx.source, oid=o, to_zone="hand", reason="bounce",
                   rules=ctx.rules) for o in chosen]
    done = perform(game, events) if events else []
    ctx.refs["returned"] = [e.new_id for e in done if isinstance(e, Move)]
    ctx.refs["amount"] = len(ctx.refs["returned"])



@verb("return", primary="what")
def _return(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    to = eff.get("to", "battlefield")
    events = []
    for oid in objects(ctx, eff.get("what")):
        obj = game.objects[oid]
        under = eff.get("under", "owner")
        controller = ctx.you if under == "you" else obj.owner
        reason = "return" if to == "battlefield" else "bounce"
        back = bool(eff.get("transformed")) and to == "battlefield"
        if back and (obj.card.other is None or obj.card.layout not in ("transform", "modal_dfc")
                     or obj.card.other.types & {"instant", "sorcery"}):
            # not a double-faced card (or its back face is no permanent): it stays (712.14a)
            game.log.add("note", msg("effects.zones.not_transformed", name=game.label(oid)),
                         ctx.rules + (R.DFC_ENTERS_TRANSFORMED,))
            continue
        events.append(Move(source=ctx.source, oid=oid, to_zone=to, reason=reason,
                           back_up=back,
                           tapped=bool(eff.get("tapped")), controller=controller,
                           counters={k: ctx.amount(n) for k, n in
                                     (eff.get("counters") or {}).items()}
                           if to == "battlefield" else {},
                           rules=ctx.rules + ((R.DFC_ENTERS_TRANSFORMED,) if back else ())))
    if events:
        done = perform(game, events)
        ctx.refs["returned"] = [e.new_id for e in done if isinstance(e, Move)]



@verb("choose_object", primary="filter")
def _choose_object(ctx: Ctx, eff: Effect) -> None:
    """"… on a creature you control" (not targeted): one permanent chosen as the spell
    resolves (608.2d), named by the instruction that follows."""
    game = ctx.game
    found = select(eff.get("filter"), View(game), ctx.you, ctx.source)
    chosen = choose_cards(game, ctx.you, found, 1, "choose", keys=("choose", "targets"))
    ctx.refs[eff.get("ref")] = chosen
    for o in chosen:
        game.log.add("choice", msg("effects.players.chooses_player", player=ctx.you,
                                   chosen=game.label(o)), ctx.rules + (R.RESOLVE_CHOICES,))


@verb("return_choice", primary="filter")
def _return_choice(ctx: Ctx, eff: Effect) -> None:
    """"Return a creature card from your graveyard to your hand" (not targeted): the cards
    are chosen as the spell resolves (608.2d), from those in the graveyard then."""
    game = ctx.game
    f: Filter = eff.get("filter")
    view = View(game)
    mine = [o for o in game.players[ctx.you].graveyard if matches(f, view, o, ctx.you, None)]
    n = ctx.amount(eff.get("n", 1))
    chosen = choose_between(game, ctx.you, mine, eff.get("least", n), n, "return",
                            keys=("return",))
    if not chosen:
        game.log.add("note", msg("effects.zones.return_none", player=ctx.you),
                     ctx.rules + (R.RESOLVE_CHOICES,))
        return
    ctx.refs["chosen_return"] = chosen
    _return(ctx, Effect("return", {**eff.args, "what": "chosen_return"}, text=eff.text))


@verb("mill", primary="n")
def _mill(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    for p in players(ctx, eff.get("who", "you")):
        pl = game.players[p]
        n = ctx.amount(eff.get("n", 1))
        if not pl.library_known:
            raise Unsupported(msg("effects.zones.mill", value=p))
        settle_top(game, p, n, ordered=False)
        events = [Move(source=ctx.source, oid=o, to_zone="graveyard", reason="mill",
                       rules=ctx.rules + (R.MILL,)) for o in pl.library[:n]]
        if events:
            done = perform(game, events)
            # "If a card with the chosen name was milled this way" (608.2h)
            ctx.refs["milled"] = ctx.refs.get("milled", []) + [
                e.new_id for e in done if isinstance(e, Move) and e.reason == "mill" and
                e.new_id is not None]



@verb("sacrifice", primary="what")
def _sacrifice(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    what = eff.get("what")
    if what is not None:
        oids = [o for o in objects(ctx, what) if game.objects[o].zone == "battlefield"]
        events: list[Event] = [Move(source=ctx.source, oid=o, to_zone="graveyard",
                                    reason="sacrifice", rules=ctx.rules + (R.SACRIFICE,))
                               for o in oids]
    else:
        events = []
        # 608.2e/101.4: choices in APNAP order, then sacrificed simultaneously.
        for p in [q for q in game.apnap() if q in players(ctx, eff.get("who", "you"))]:
            if eff.get("any_number"):
                # "Sacrifice any number of lands": none to all of them, the player's choice
                view = View(game)
                f = eff.get("filter") or Filter()
                mine = [o for o in game.battlefield if game.controller_of(o) == p and
                        matches(f, view, o, p, None)]
                chosen = choose_between(game, p, mine, 0, len(mine), "sacrifice",
                                        keys=("sacrifice",))
                events += [Move(source=ctx.source, oid=o, to_zone="graveyard",
                                reason="sacrifice", rules=ctx.rules + (R.SACRIFICE,))
                           for o in chosen]
                continue
            n = ctx.amount(eff.get("n", 1))
            events += sacrifice_events(game, p, eff.get("filter") or Filter(), n, ctx.source,
                                       ctx.rules)
        if eff.get("to") == "exile":  # "Target opponent exiles a creature they control"
            for e in events:
                if isinstance(e, Move):
                    e.to_zone, e.reason, e.rules = "exile", "exile", ctx.rules + (R.EXILE,)
    done = perform(game, events) if events else []
    if eff.get("any_number"):  # "that much", "for each … sacrificed this way" (608.2h)
        moved = [e for e in done if isinstance(e, Move)]
        ctx.refs["sacrificed_ids"] = [e.new_id for e in moved]
        ctx.refs["amount"] = len(moved)
        _remember(ctx, moved)



@verb("keep_sacrifice_rest", primary="filter")
def _keep_sacrifice_rest(ctx: Ctx, eff: Effect) -> None:
    """"Each player chooses three permanents they control, then sacrifices the rest",
    "… a number of lands they control equal to the number of lands controlled by the player
    who controls the fewest …": choices in APNAP order, then the sacrifices at once
    (101.4, 701.21a)."""
    game = ctx.game
    view = View(game)
    f: Filter = eff.get("filter") or Filter()
    who = [q for q in game.apnap() if not game.players[q].lost]
    theirs = {p: [o for o in game.battlefield if game.controller_of(o) == p and
                  matches(f, view, o, p, None)] for p in who}
    n = ctx.amount(eff.get("n", 0)) if eff.get("n") != "fewest" else \
        min((len(v) for v in theirs.values()), default=0)
    events: list[Event] = []
    for p in who:
        mine = theirs[p]
        least = 0 if eff.get("up_to") else min(n, len(mine))
        keep = set(choose_between(game, p, mine, least, n, "keep", keys=("keep", "choose")))
        events += [Move(source=ctx.source, oid=o, to_zone="graveyard", reason="sacrifice",
                        rules=ctx.rules + (R.SACRIFICE, R.APNAP)) for o in mine
                   if o not in keep]
    if events:
        perform(game, events)


@verb("search", primary="filter")
def _search(ctx: Ctx, eff: Effect) -> None:
    """Search a library (and a graveyard, "and/or graveyard") for up to N cards (701.23):
    a stated quality may fail to find (701.23b); "a card" finds one if there is one. The
    cards go to the hand, the battlefield (tapped), the graveyard, exile, the top of the
    library ("then shuffle and put that card on top"), or one to one place and the other to
    another ("put one onto the battlefield tapped and the other into your hand"). A library
    the scenario doesn't list finds what ``choose: {search: …}`` names, else nothing."""
    game = ctx.game
    for p in players(ctx, eff.get("library_of") or eff.get("who", "you")):
        pl = game.players[p]
        searcher = ctx.you if eff.get("library_of") else p  # "Search target opponent's library"
        # "with mana value X or less": the spell's X, or what "where X is …" says
        f: Filter = bind_x(eff.get("filter") or Filter(), ctx.amount(eff.get("x", "X")))
        n = ctx.amount(eff.get("n", 1))
        least = eff.get("least")
        if least is None:
            least = 0 if eff.get("filter") is not None else n
        answer = game.chooser.scripted(ctx.you if eff.get("library_of") else p, ("search",))
        if answer is not None and str(answer.value).lower() in ("nothing", "none", "no"):
            answer.used = True
            game.log.add("search", msg("effects.zones.search.4", value=p),
                         ctx.rules + (R.SEARCH,))
            continue
        if pl.library_known:
            view = View(game)
            found = [o for o in pl.library if matches(f, view, o, p, ctx.source)]
            if eff.get("graveyard"):
                found += [o for o in pl.graveyard if matches(replace(f, zone="graveyard"), view,
                                                             o, p, None)]
            if eff.get("distinct"):  # "with different names": one card of each name to pick
                first: dict[str, int] = {}
                for o in found:
                    first.setdefault(game.name_of(o), o)
                found = list(first.values())
            chosen = choose_between(game, searcher, found, least, n, "search", keys=("search",))
        else:
            if answer is None:
                game.log.add("default", msg("effects.zones.search.3", value=p),
                             ctx.rules + (R.SEARCH,))
                continue
            answer.used = True
            names = answer.value if isinstance(answer.value, list) else [answer.value]
            if len(names) > n:
                raise BadInput(msg("effects.zones.search_too_many", value=p, n=n), answer.line)
            chosen = []
            for name in names:
                card = game.cards.get(str(name)) if game.cards is not None else None
                if card is None:
                    raise BadInput(msg("effects.zones.search.5", value=name), answer.line)
                obj = new_object(game, card, p, "library")
                pl.library.remove(obj.id)
                pl.library.insert(0, obj.id)
                if eff.get("filter") is not None and not matches(f, View(game), obj.id, p,
                                                                  ctx.source):
                    # the card named must be one the search may find (701.23)
                    raise BadInput(msg("effects.zones.search_wrong_card", value=name,
                                       what=f.describe()), answer.line)
                chosen.append(obj.id)
            if eff.get("distinct") and len({str(x).lower() for x in names}) < len(names):
                raise BadInput(msg("effects.zones.search_same_name", value=p), answer.line)
        if not chosen:
            game.log.add("search", msg("effects.zones.search.4", value=p),
                         ctx.rules + (R.SEARCH,) + ((R.SEARCH_QUALITY,) if least < n else ()))
            continue
        game.log.add("search", msg("effects.zones.search_other", player=searcher, owner=p,
                                   names=Joined(tuple(game.label(o) for o in chosen)))
                     if searcher != p else
                     msg("effects.zones.search.2", value=p,
                         value2=Joined(tuple(game.label(o) for o in chosen))),
                     ctx.rules + (R.SEARCH,) + ((R.SEARCH_QUALITY,) if least < n else ()))
        if eff.get("shuffle") and eff.get("to") == "top":
            shuffled(game, p, ctx.rules + (R.SHUFFLE,))  # shuffled, then put on top
        _put_found(ctx, eff, p, chosen)
        if eff.get("shuffle") and eff.get("to") != "top":
            shuffled(game, p, ctx.rules + (R.SHUFFLE,))


def _put_found(ctx: Ctx, eff: Effect, player: str, chosen: list[int]) -> None:
    game = ctx.game
    split = eff.get("split")
    places: list[tuple[int, dict[str, Any]]]
    if split and len(chosen) == 2:
        first = choose_cards(game, player, chosen, 1, "put", keys=("put", "return"))
        places = [(first[0], split[0])] + [(o, split[1]) for o in chosen if o != first[0]]
    elif split:
        places = [(o, split[1] if split[1]["to"] == "hand" else split[0]) for o in chosen]
    else:
        places = [(o, {"to": eff.get("to", "hand"), "tapped": eff.get("tapped")})
                  for o in chosen]
    moves = []
    for o, where in places:
        to = where["to"]
        if to == "top":
            moves.append(Move(source=ctx.source, oid=o, to_zone="library", position="top",
                              reason="search", rules=ctx.rules + (R.SEARCH,)))
        else:
            moves.append(Move(source=ctx.source, oid=o, to_zone=to,
                              tapped=bool(where.get("tapped")), reason="search",
                              controller=ctx.you if eff.get("yours") and to == "battlefield"
                              else None, rules=ctx.rules + (R.SEARCH,)))
    perform(game, moves)


@verb("living_end", primary="flag")
def _living_end(ctx: Ctx, eff: Effect) -> None:
    """Each player exiles creature cards from their graveyard, sacrifices all creatures,
    then puts the exiled cards onto the battlefield (Living End)."""
    game = ctx.game
    view = View(game)
    exiled: list[int] = []
    ev = []
    for p in game.apnap():
        for oid in list(game.players[p].graveyard):
            if view.chars(oid).is_creature:
                ev.append(Move(source=ctx.source, oid=oid, to_zone="exile", reason="exile",
                               rules=ctx.rules + (R.EXILE,)))
    done = perform(game, ev) if ev else []
    exiled = [e.new_id for e in done if isinstance(e, Move) and e.to_zone == "exile"]
    sac = [Move(source=ctx.source, oid=o, to_zone="graveyard", reason="sacrifice",
                rules=ctx.rules + (R.SACRIFICE,))
           for o in game.battlefield if game.chars(o).is_creature]
    if sac:
        perform(game, sac)
    back = [Move(source=ctx.source, oid=o, to_zone="battlefield", reason="put",
                 controller=game.objects[o].owner, rules=ctx.rules)
            for o in exiled if o in game.objects]
    if back:
        perform(game, back)


@verb("exile_graveyard", primary="who")
def _exile_graveyard(ctx: Ctx, eff: Effect) -> None:
    """"Exile target player's graveyard", "exile all graveyards"."""
    game = ctx.game
    events: list[Event] = []
    for p in players(ctx, eff.get("who")):
        events += [Move(source=ctx.source, oid=o, to_zone="exile", reason="exile",
                        rules=ctx.rules + (R.EXILE,)) for o in game.players[p].graveyard]
    if events:
        perform(game, events)


@verb("to_library", primary="what")
def _to_library(ctx: Ctx, eff: Effect) -> None:
    """"Put it on the bottom of its owner's library", "shuffle it into its owner's library"."""
    position = eff.get("position", "bottom")
    rules = (R.SHUFFLE,) if position == "shuffled" else ()
    if position == "top" and eff.get("ordered"):
        # several cards put on top "in any order": the first chosen ends on top
        game = ctx.game
        order = choose_order(game, ctx.you,
                             [o for o in objects(ctx, eff.get("what")) if o in game.objects])
        perform(game, [Move(source=ctx.source, oid=o, to_zone="library", reason="library",
                            rules=ctx.rules, position="top") for o in reversed(order)])
        return
    if position != "owner_choice":
        _move_all(ctx, eff, "library", "library", rules, position=position)
        return
    # "… its owner puts it on their choice of the top or bottom of their library": the
    # owner chooses for each object as the effect resolves (608.2d)
    game = ctx.game
    for oid in objects(ctx, eff.get("what")):
        obj = game.objects.get(oid)
        if obj is None:
            continue
        sides = ["top", "bottom"]
        side = sides[game.chooser.choose(obj.owner, "put", sides, keys=("put",),
                                         note=eff.text)]
        game.log.add("choice", msg("effects.zones.owner_puts_top" if side == "top" else
                                   "effects.zones.owner_puts_bottom", player=obj.owner,
                                   name=game.label(oid)),
                     ctx.rules + (R.RESOLVE_CHOICES,))
        perform(game, [Move(source=ctx.source, oid=oid, to_zone="library", reason="library",
                            rules=ctx.rules, position=side)])


@verb("to_graveyard", primary="what")
def _to_graveyard(ctx: Ctx, eff: Effect) -> None:
    _move_all(ctx, eff, "graveyard", "graveyard", ())


@verb("to_hand", primary="what")
def _to_hand(ctx: Ctx, eff: Effect) -> None:
    _move_all(ctx, eff, "hand", "hand", ())


@verb("exile_top", primary="n")
def _exile_top(ctx: Ctx, eff: Effect) -> None:
    """"Exile the top N cards of your library[. You may play them this turn / until the end of
    your next turn]": only a library the scenario lists; the permission lasts as the text
    says (playing them follows the normal timing rules, 601.3)."""
    game = ctx.game
    for p in players(ctx, eff.get("who", "you")):
        pl = game.players[p]
        if not pl.library_known:
            raise Unsupported(msg("effects.zones.mill", value=p))
        n = ctx.amount(eff.get("n", 1))
        settle_top(game, p, n)
        events = [Move(source=ctx.source, oid=o, to_zone="exile", reason="exile",
                       rules=ctx.rules + (R.EXILE,)) for o in pl.library[:max(n, 0)]]
        if not events:
            continue
        done = perform(game, events)
        ids = [e.new_id for e in done if isinstance(e, Move) and e.new_id in game.objects
               and game.objects[e.new_id].zone == "exile"]
        ctx.refs["exiled"] = ids
        until = eff.get("may_play")
        if until and ids:
            turns = game.extra.get("turns_of", {}).get(ctx.you, 0)
            for o in ids:
                game.objects[o].chosen["may_play"] = {"player": ctx.you, "turn": game.turn,
                                                      "until": until, "turns_of": turns}
            game.log.add("effect", msg("effects.zones.may_play_exiled", player=ctx.you,
                                       names=Joined(tuple(game.label(o) for o in ids)),
                                       until=msg("effects.zones.until_eot")
                                       if until == "eot" else
                                       msg("effects.zones.until_your_next_turn")),
                         ctx.rules + (R.PLAY_FROM_EXILE,))


def _top_card(ctx: Ctx, player: str) -> int | None:
    """The top card of a library the scenario lists (a library it doesn't list holds
    unknown cards: what depends on one is refused)."""
    pl = ctx.game.players[player]
    if not pl.library_known:
        raise Unsupported(msg("effects.zones.unknown_top", player=player))
    settle_top(ctx.game, player, 1)
    return pl.library[0] if pl.library else None


@verb("top_to_hand", primary="who")
def _top_to_hand(ctx: Ctx, eff: Effect) -> None:
    """"Reveal the top card of your library and put that card into your hand" (not a
    draw: 121.1)."""
    game = ctx.game
    for p in players(ctx, eff.get("who", "you")):
        top = _top_card(ctx, p)
        if top is None:
            continue
        game.log.add("reveal", msg("effects.zones.reveals", player=p, name=game.label(top)),
                     ctx.rules + (R.REVEAL_DONE,))
        done = perform(game, [Move(source=ctx.source, oid=top, to_zone="hand", reason="hand",
                                   rules=ctx.rules)])
        ctx.refs["revealed"] = [e.new_id for e in done if isinstance(e, Move)]
        ctx.refs["it"] = ctx.refs["revealed"]


@verb("reveal_top", primary="who")
def _reveal_top(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    for p in players(ctx, eff.get("who", "you")):
        top = _top_card(ctx, p)
        if top is None:
            continue
        game.log.add("reveal", msg("effects.zones.reveals", player=p, name=game.label(top)),
                     ctx.rules + (R.REVEAL_DONE,))
        ctx.refs["revealed"] = [top]


@verb("exile_from_hand", primary="who")
def _exile_from_hand(ctx: Ctx, eff: Effect) -> None:
    """"Target player exiles a card from their hand" (the player chooses)."""
    game = ctx.game
    for p in players(ctx, eff.get("who")):
        f: Filter = eff.get("filter") or Filter()
        view = View(game)
        hand = [o for o in game.players[p].hand
                if matches(replace(f, zone="hand"), view, o, p, ctx.source)]
        chosen = choose_cards(game, p, hand, ctx.amount(eff.get("n", 1)), "discard",
                              keys=("exile", "discard"))
        if chosen:
            perform(game, [Move(source=ctx.source, oid=o, to_zone="exile", reason="exile",
                                rules=ctx.rules + (R.EXILE,)) for o in chosen])


@verb("put_from_hand", primary="filter")
def _put_from_hand(ctx: Ctx, eff: Effect) -> None:
    """"You may put a land card from your hand onto the battlefield"."""
    game = ctx.game
    f: Filter = eff.get("filter")
    view = View(game)
    hand = [o for o in game.players[ctx.you].hand if matches(f, view, o, ctx.you, ctx.source)]
    chosen = choose_cards(game, ctx.you, hand, 1, "return", keys=("return", "put"))
    if chosen:
        perform(game, [Move(source=ctx.source, oid=o, to_zone="battlefield", reason="put",
                            controller=ctx.you, tapped=bool(eff.get("tapped")),
                            rules=ctx.rules) for o in chosen])


@verb("sacrifice_all", primary="what")
def _sacrifice_all(ctx: Ctx, eff: Effect) -> None:
    """"Sacrifice all creatures you control"."""
    game = ctx.game
    who = set(players(ctx, eff.get("who", "you")))
    oids = [o for o in objects(ctx, eff.get("what")) if game.controller_of(o) in who]
    if oids:
        perform(game, [Move(source=ctx.source, oid=o, to_zone="graveyard", reason="sacrifice",
                            rules=ctx.rules + (R.SACRIFICE,)) for o in oids])


@verb("dig", primary="n")
def _dig(ctx: Ctx, eff: Effect) -> None:
    """"Look at (reveal) the top N cards of your library. [You may] put up to two creature
    cards from among them onto the battlefield [and …]. Put the rest on the bottom of your
    library in any order.": each pick takes between its least and its most of the cards
    that match (the player chooses which, 701.20 for a reveal), the rest go where the text
    says; a library the scenario lists."""
    game = ctx.game
    pl = game.players[ctx.you]
    if not pl.library_known:
        raise Unsupported(msg("effects.zones.unknown_top", player=ctx.you))
    n = ctx.amount(eff.get("n", 1))
    settle_top(game, ctx.you, n)
    top = list(pl.library[:max(n, 0)])
    view = View(game)
    rules = ctx.rules + (R.REVEAL_DONE,)
    game.log.add("reveal" if eff.get("reveal") else "look",
                 msg("effects.library.revealed_top" if eff.get("reveal") else
                     "effects.library.looked_at", player=ctx.you, n=len(top),
                     names=Joined(tuple(game.label(o) for o in top))), rules)
    left = list(top)
    for pick in eff.get("picks") or ():
        f = pick.get("filter")
        options = [o for o in left if f is None or matches(replace(f, zone="library"), view, o,
                                                           ctx.you)]
        least, most = pick["least"], pick["most"]
        if least < 0:  # "all … cards revealed this way"
            chosen = options
        else:
            chosen = choose_between(game, ctx.you, options, least, most, "return",
                                    keys=("return", "choose", "search"))
        left = [o for o in left if o not in chosen]
        if not chosen:
            continue
        to = pick.get("to", "hand")
        if to in ("top", "bottom"):
            _to_library(game, pl, chosen, to)
            for o in chosen:
                game.log.add("zone", msg("effects.library.dig_top" if to == "top" else
                                         "effects.library.clash_bottom", player=ctx.you,
                                         name=game.label(o)), ctx.rules)
            continue
        perform(game, [Move(source=ctx.source, oid=o, to_zone=to,
                            reason={"hand": "hand", "battlefield": "put"}.get(to, "dig"),
                            controller=ctx.you if to == "battlefield" else None,
                            tapped=bool(pick.get("tapped")), rules=ctx.rules) for o in chosen])
    rest = [o for o in left if o in game.objects and o in pl.library]
    if not rest:
        return
    where = eff.get("rest")
    if where in ("graveyard", "hand"):
        perform(game, [Move(source=ctx.source, oid=o, to_zone=where,
                            reason="dig" if where == "graveyard" else "hand",
                            rules=ctx.rules) for o in rest])
        return
    # The order among them ("any order", "a random order") is kept as it was: as before
    # this verb could read it, nothing a scenario checks depends on it.
    _to_library(game, pl, rest, "top" if where == "top" else "bottom")


def _to_library(game: Any, pl: Any, oids: list[int], where: str) -> None:
    for o in oids:
        pl.library.remove(o)
    if where == "top":
        pl.library[:0] = oids
    else:
        pl.library.extend(oids)
    game.changed()


@verb("shuffle_into_library", primary="who")
def _shuffle_into_library(ctx: Ctx, eff: Effect) -> None:
    """"Target player shuffles their graveyard into their library", "Each player shuffles
    their hand and graveyard into their library" (701.24)."""
    game = ctx.game
    for p in players(ctx, eff.get("who", "you")):
        pl = game.players[p]
        oids = [o for z in eff.get("zones", ("graveyard",)) for o in
                list(pl.hand if z == "hand" else pl.graveyard)]
        if oids:
            perform(game, [Move(source=ctx.source, oid=o, to_zone="library", position="shuffled",
                                reason="shuffle", rules=ctx.rules + (R.SHUFFLE,))
                           for o in oids])
        game.log.add("shuffle", msg("effects.library.shuffled", player=p),
                     ctx.rules + (R.SHUFFLE,))
        shuffled(game, p, ctx.rules + (R.SHUFFLE,))


@verb("hand_to_library", primary="n")
def _hand_to_library(ctx: Ctx, eff: Effect) -> None:
    """"Then put two cards from your hand on top of your library in any order" (Brainstorm):
    the player chooses the cards one at a time, the first chosen ending on top (or, for the
    bottom, the first chosen the nearer the top)."""
    game = ctx.game
    pl = game.players[ctx.you]
    n = min(ctx.amount(eff.get("n", 1)), len(pl.hand))
    chosen: list[int] = []
    for _ in range(n):
        left = [o for o in pl.hand if o not in chosen]
        chosen += choose_cards(game, ctx.you, left, 1, "put", keys=("put", "discard"))
    top = eff.get("position", "top") == "top"
    order = list(reversed(chosen)) if top else chosen
    for o in order:  # on top: the last put goes deepest, so put the first chosen last
        perform(game, [Move(source=ctx.source, oid=o, to_zone="library",
                            position="top" if top else "bottom", reason="library",
                            rules=ctx.rules)])


@verb("search_zones_exile", primary="who")
def _search_zones_exile(ctx: Ctx, eff: Effect) -> None:
    """"Search target player's graveyard, hand, and library for any number of cards with that
    name and exile them" (701.23a): the searcher looks at the three zones; in the hidden ones
    a card with a stated quality may be left unfound (701.23b), in the graveyard "all" finds
    every one; the hand and library must be ones the scenario lists."""
    game = ctx.game
    f = eff.get("filter")
    view = View(game)
    most = ctx.amount(eff.get("most", 99))
    if eff.get("same_name_as") is not None:
        # "all cards with the same name as that spell": its name as it last existed
        named = [game.chars(o).name if o in game.objects else
                 (game.lki[o].name if o in game.lki else "")
                 for o in any_objects(ctx, eff.get("same_name_as"))]
        if not named or not named[0]:
            return
        f = Filter(names=frozenset({named[0]}))
    for p in players(ctx, eff.get("who")):
        pl = game.players[p]
        if any(game.objects[o].card.source == "unknown" for o in pl.hand):
            raise Unsupported(msg("effects.zones.unknown_hand", player=p))
        if not pl.library_known:
            raise Unsupported(msg("effects.zones.unknown_top", player=p))
        def fits(o: int) -> bool:
            return f is None or matches(replace(f, zone=game.objects[o].zone), view, o,
                                        ctx.you, ctx.source)
        public = [o for o in pl.graveyard if fits(o)]
        hidden = [o for o in list(pl.hand) + list(pl.library) if fits(o)]
        game.log.add("reveal", msg("effects.zones.searches_zones", player=ctx.you, owner=p),
                     ctx.rules + (R.SEARCH, R.SEARCH_QUALITY))
        if eff.get("all"):
            chosen = public + choose_between(game, ctx.you, hidden, 0, len(hidden), "exile",
                                              keys=("exile", "search"))
        else:
            chosen = choose_between(game, ctx.you, public + hidden, 0, most, "exile",
                                    keys=("exile", "search"))
        # "then draws a card for each card exiled from their hand this way" (608.2c)
        ctx.refs["exiled_from_hand"] = sum(1 for o in chosen if o in pl.hand)
        if chosen:
            perform(game, [Move(source=ctx.source, oid=o, to_zone="exile", reason="exile",
                                rules=ctx.rules + (R.EXILE,)) for o in chosen])


@verb("choose_from_hand", primary="who")
def _choose_from_hand(ctx: Ctx, eff: Effect) -> None:
    """"Target opponent reveals their hand. You choose a nonland card from it. That player
    discards that card." ("Exile that card"; "you may choose"; "… and discards all nonland
    cards"): the hand is known only if the scenario lists it."""
    game = ctx.game
    f = eff.get("filter")
    view = View(game)
    for p in players(ctx, eff.get("who")):
        hand = list(game.players[p].hand)
        if any(game.objects[o].card.source == "unknown" for o in hand):
            raise Unsupported(msg("effects.zones.unknown_hand", player=p))
        if eff.get("look"):
            game.log.add("reveal", msg("effects.hands.looks_at_hand", player=ctx.you, owner=p,
                                       names=Joined(tuple(game.label(o) for o in hand))),
                         ctx.rules + (R.LOOK,))
        else:
            game.log.add("reveal", msg("effects.zones.reveals_hand", player=p,
                                       names=Joined(tuple(game.label(o) for o in hand))),
                         ctx.rules + (R.REVEAL_DONE,))
        options = [o for o in hand if f is None or matches(replace(f, zone="hand"), view, o,
                                                           ctx.you, ctx.source)]
        n = ctx.amount(eff.get("n", 1))
        if eff.get("all"):
            chosen = options
        else:
            chosen = choose_between(game, ctx.you, options, 0 if eff.get("optional") else n, n,
                                    "discard", keys=("discard", "choose"))
        if not chosen:
            continue
        if eff.get("to") == "top":
            # "put them on top of that player's library in any order": the first chosen ends
            # on top
            order = choose_order(game, ctx.you, chosen) if len(chosen) > 1 else chosen
            perform(game, [Move(source=ctx.source, oid=o, to_zone="library", reason="library",
                                rules=ctx.rules, position="top") for o in reversed(order)])
            continue
        to = "exile" if eff.get("to", "").startswith("exile") else "graveyard"
        reason = "exile" if to == "exile" else "discard"
        perform(game, [Move(source=ctx.source, oid=o, to_zone=to, reason=reason,
                            rules=ctx.rules + ((R.DISCARD,) if to == "graveyard"
                                               else (R.EXILE,))) for o in chosen])
        if to == "graveyard":
            game.record.discarded[p] += len(chosen)


@verb("piles", primary="what")
def _piles(ctx: Ctx, eff: Effect) -> None:
    """"Separate all permanents target player controls into two piles. That player
    sacrifices all permanents in the pile of their choice." (700.3): you divide, they pick."""
    game = ctx.game
    oids = objects(ctx, eff.get("what"))
    chooser = (players(ctx, eff.get("who")) or [None])[0]
    if chooser is None:
        return
    if len(oids) > MAX_PILE_OBJECTS and game.chooser.scripted(ctx.you, ("pile",)) is None:
        raise Unsupported(msg("effects.zones.piles_too_many", n=len(oids)))
    splits = []
    for mask in range(2 ** len(oids) if len(oids) <= MAX_PILE_OBJECTS else 0):
        first = [o for i, o in enumerate(oids) if mask >> i & 1]
        splits.append(first)
    labels = [", ".join(game.name_of(o) for o in first) or "(nothing)" for first in splits]

    def match(value: Any) -> int | None:
        names = value if isinstance(value, list) else [value]
        for i, first in enumerate(splits):
            if names_match(game, names, first):
                return i
        return None
    if splits:
        first = splits[game.chooser.choose(ctx.you, "pile", labels, keys=("pile",),
                                           match=match, note=eff.text)]
    else:
        answer = game.chooser.scripted(ctx.you, ("pile",))
        assert answer is not None
        answer.used = True
        wanted = answer.value if isinstance(answer.value, list) else [answer.value]
        first = [o for o in oids if game.name_of(o) in wanted]
    second = [o for o in oids if o not in first]
    game.log.add("choice", msg("effects.zones.piles", player=ctx.you,
                               first=Joined(tuple(game.label(o) for o in first)),
                               second=Joined(tuple(game.label(o) for o in second))),
                 ctx.rules)
    pick = game.chooser.choose(chooser, "pile", ["first pile", "second pile"],
                               keys=("pile_choice",), note="the pile to sacrifice")
    chosen = first if pick == 0 else second
    if chosen:
        perform(game, [Move(source=ctx.source, oid=o, to_zone="graveyard", reason="sacrifice",
                            rules=ctx.rules + (R.SACRIFICE,)) for o in chosen])


MAX_PILE_OBJECTS = 6
