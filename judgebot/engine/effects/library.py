"""Looking at and ordering a library: scry (701.22), surveil (701.25), shuffle (701.24).

A library the scenario lists is known card by card; one it doesn't list holds unknown
cards in an unknown order, so looking at it changes nothing a scenario can check (the
log says so), and putting its cards somewhere is refused (:mod:`.zones`)."""

from __future__ import annotations

from dataclasses import replace

from judgebot.engine import citations as R
from judgebot.engine.abilities import Effect
from judgebot.engine.apply import settle_top, shuffled
from judgebot.engine.choosing import choose_cards, choose_order
from judgebot.engine.context import Ctx, players
from judgebot.engine.errors import Unsupported
from judgebot.engine.events import Move
from judgebot.engine.filters import View, matches
from judgebot.engine.pipeline import perform
from judgebot.engine.verbs import verb
from judgebot.messages import Joined, msg


@verb("scry", primary="n")
def _scry(ctx: Ctx, eff: Effect) -> None:
    _look(ctx, eff, "bottom")


@verb("surveil", primary="n")
def _surveil(ctx: Ctx, eff: Effect) -> None:
    _look(ctx, eff, "graveyard")


def _look(ctx: Ctx, eff: Effect, away: str) -> None:
    game = ctx.game
    rule = R.SCRY if away == "bottom" else R.SURVEIL
    for p in players(ctx, eff.get("who", "you")):
        n = ctx.amount(eff.get("n", 1))
        pl = game.players[p]
        if not pl.library_known:
            game.log.add("look", msg("effects.library.unknown", player=p, n=n,
                                     what=msg(f"effects.library.{eff.verb}")),
                         ctx.rules + (rule,))
            continue
        settle_top(game, p, n)
        top = pl.library[:n]
        moved: list[int] = []
        for oid in top:
            options = ["top", "graveyard" if away == "graveyard" else "bottom"]
            index = game.chooser.choose(p, eff.verb, [f"{game.name_of(oid)}: {o}"
                                                      for o in options],
                                        keys=(eff.verb, "order"),
                                        match=lambda v, oid=oid: _where(game, v, oid, away))
            if index == 1:
                moved.append(oid)
        game.log.add("look", msg("effects.library.looked", player=p, n=len(top),
                                 what=msg(f"effects.library.{eff.verb}"),
                                 away=Joined(tuple(game.label(o) for o in moved))),
                     ctx.rules + (rule,))
        if not moved:
            continue
        if away == "graveyard":
            perform(game, [Move(source=ctx.source, oid=o, to_zone="graveyard", reason="mill",
                                rules=ctx.rules + (rule,)) for o in moved])
        else:
            for o in moved:
                pl.library.remove(o)
                pl.library.append(o)
            game.changed()


def _where(game, value, oid, away) -> int | None:
    """A ``choose: {scry: [names to put away]}`` answer: is this card among them?"""
    names = value if isinstance(value, list) else [value]
    wanted = {str(n).lower() for n in names}
    if wanted & {"none", "top", "no"}:
        return 0
    return 1 if game.name_of(oid).lower() in wanted else 0


@verb("shuffle", primary="who")
def _shuffle(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    for p in players(ctx, eff.get("who", "you")):
        game.log.add("shuffle", msg("effects.library.shuffled", player=p),
                     ctx.rules + (R.SHUFFLE,))
        shuffled(game, p, ctx.rules + (R.SHUFFLE,))


@verb("clash", primary="who")
def _clash(ctx: Ctx, eff: Effect) -> None:
    """"Clash with an opponent" (701.30): you and an opponent you choose each reveal the top
    card of your library and may put it on the bottom (APNAP order, 701.30c); you win if
    yours has the greater mana value (701.30d). A library the scenario doesn't list holds
    unknown cards, so either result is possible: a choice a scenario names (``clash:
    win``) or the runner explores."""
    game = ctx.game
    rules = ctx.rules + (R.CLASH_OPPONENT, R.CLASH)
    opponents = game.opponents(ctx.you)
    if not opponents:
        ctx.refs["clash_won"] = 0
        return
    opp = opponents[0]
    if len(opponents) > 1:
        opp = opponents[game.chooser.choose(ctx.you, "chosen_player", list(opponents),
                                            keys=("chosen_player",), note=eff.text)]
    clashing = [p for p in game.apnap() if p in (ctx.you, opp)]
    if not all(game.players[p].library_known for p in clashing):
        index = game.chooser.choose(ctx.you, "clash", ["win", "lose"], keys=("clash", "random"),
                                    note=eff.text)
        ctx.refs["clash_won"] = 1 if index == 0 else 0
        game.log.add("effect", msg("effects.library.clash_unknown", player=ctx.you,
                                   opponent=opp, won=msg("effects.library.clash_won" if
                                                         index == 0 else
                                                         "effects.library.clash_lost")),
                     rules + (R.CLASH_WIN,))
        return
    for p in clashing:
        settle_top(game, p, 1)
    tops = {p: (game.players[p].library[:1] or [None])[0] for p in clashing}
    values = {p: game.chars(o).mana_value() for p, o in tops.items() if o is not None}
    for p in clashing:
        oid = tops[p]
        if oid is None:
            continue
        game.log.add("effect", msg("effects.library.clash_reveals", player=p,
                                   name=game.label(oid), n=values[p]), rules)
    bottom = []
    for p in clashing:  # each decides in APNAP order (701.30c)
        oid = tops[p]
        if oid is None:
            continue
        sides = ["top", "bottom"]
        index = game.chooser.choose(p, "put", [f"{game.name_of(oid)}: {s}" for s in sides],
                                    keys=("put",), match=_top_or_bottom, note=eff.text)
        if index == 1:
            bottom.append((p, oid))
    for p, oid in bottom:  # the cards move at the same time (701.30c)
        game.players[p].library.remove(oid)
        game.players[p].library.append(oid)
        game.log.add("effect", msg("effects.library.clash_bottom", player=p,
                                   name=game.label(oid)), rules + (R.CLASH_ORDER,))
    if bottom:
        game.changed()
    mine = values.get(ctx.you)
    won = mine is not None and all(v < mine for p, v in values.items() if p != ctx.you)
    ctx.refs["clash_won"] = 1 if won else 0
    game.log.add("effect", msg("effects.library.clash_result", player=ctx.you,
                               won=msg("effects.library.clash_won" if won else
                                       "effects.library.clash_lost")), rules + (R.CLASH_WIN,))


def _top_or_bottom(value: object) -> int | None:
    """A ``choose: {put: bottom}`` answer to where a clashed card goes."""
    v = str(value).strip().lower()
    return 0 if v == "top" else 1 if v == "bottom" else None


@verb("reorder_top", primary="n")
def _reorder_top(ctx: Ctx, eff: Effect) -> None:
    """"Look at the top three cards of your library, then put them back in any order"
    (Ponder): the player who looks puts them back one by one, the first chosen on top (a
    ``choose: {put: NAME}`` each, else every order is a branch). A library the scenario
    doesn't list holds unknown cards: nothing to order."""
    game = ctx.game
    for p in players(ctx, eff.get("who", "you")):
        pl = game.players[p]
        n = ctx.amount(eff.get("n", 1))
        if not pl.library_known:
            game.log.add("look", msg("effects.library.unknown", player=p, n=n,
                                     what=msg("effects.library.reorder")), ctx.rules)
            continue
        settle_top(game, p, n, ordered=False)  # which cards; their order is chosen now
        order = choose_order(game, ctx.you, pl.library[:max(n, 0)])
        pl.library[:len(order)] = order
        game.changed()
        game.log.add("look", msg("effects.library.reordered", player=ctx.you, owner=p,
                                 names=Joined(tuple(game.label(o) for o in order))), ctx.rules)


@verb("reveal_until", primary="filter")
def _reveal_until(ctx: Ctx, eff: Effect) -> None:
    """"Reveal cards from the top of your library until you reveal a nonland card" (701.20a;
    "exile cards … until you exile …" moves each to exile as it goes): one card at a time
    until ``n`` of them match, or the library runs out. The cards revealed stay where they
    are until an instruction moves them: "that card" is the one that matched ("those cards"
    when several), "the rest" the others (:func:`_place_revealed`). A library the scenario
    doesn't list is refused: what it holds decides everything."""
    game = ctx.game
    f = eff.get("filter")
    for p in players(ctx, eff.get("who", "you")):
        pl = game.players[p]
        if not pl.library_known:
            raise Unsupported(msg("effects.zones.unknown_top", player=p))
        need = ctx.amount(eff.get("n", 1))
        view = View(game)
        revealed: list[int] = []
        hits: list[int] = []
        while len(hits) < need and len(revealed) < len(pl.library):
            settle_top(game, p, len(revealed) + 1)
            oid = pl.library[len(revealed)]
            revealed.append(oid)
            if f is None or matches(replace(f, zone="library"), view, oid, p, ctx.source):
                hits.append(oid)
        exiling = bool(eff.get("exile"))
        game.log.add("reveal", msg("effects.library.revealed_until" if not exiling else
                                   "effects.library.exiled_until", player=p,
                                   names=Joined(tuple(game.label(o) for o in revealed))),
                     ctx.rules + ((R.REVEAL_DONE,) if not exiling else (R.EXILE,)))
        if exiling and revealed:
            done = perform(game, [Move(source=ctx.source, oid=o, to_zone="exile",
                                       reason="exile", rules=ctx.rules + (R.EXILE,))
                                  for o in revealed])
            new = {e.oid: e.new_id for e in done if isinstance(e, Move)}
            revealed = [new.get(o, o) for o in revealed]
            hits = [new.get(o, o) for o in hits]
        ctx.refs["revealed"] = revealed
        ctx.refs["revealed_hit"] = hits
        ctx.refs["revealed_rest"] = [o for o in revealed if o not in hits]
        ctx.refs["revealed_by"] = p
        for place in eff.get("then") or ():
            _place(ctx, p, place)


@verb("place_revealed", primary="what")
def _place_revealed(ctx: Ctx, eff: Effect) -> None:
    """"Put that card into your hand and the rest on the bottom of your library in a random
    order", "Put those cards onto the battlefield, then shuffle the rest into your library":
    the cards a reveal found, each group where the text says."""
    p = ctx.refs.get("revealed_by")
    if p is None:
        return
    for place in eff.get("places") or ():
        _place(ctx, p, place)


def _place(ctx: Ctx, player: str, place: dict) -> None:
    game = ctx.game
    pl = game.players[player]
    group = {"hit": "revealed_hit", "rest": "revealed_rest", "all": "revealed"}[place["what"]]
    oids = [o for o in ctx.refs.get(group, []) if o in game.objects and
            game.objects[o].zone in ("library", "exile")]
    if not oids:
        return
    to = place["to"]
    if to in ("bottom", "shuffle") and all(game.objects[o].zone == "library" for o in oids):
        # the order among them stays as it was (a documented simplification: "in any
        # order" / "in a random order" is not offered as a choice)
        for o in oids:
            pl.library.remove(o)
        pl.library.extend(oids)
        game.changed()
        if to == "shuffle":
            game.log.add("shuffle", msg("effects.library.shuffled", player=player),
                         ctx.rules + (R.SHUFFLE,))
            shuffled(game, player, ctx.rules + (R.SHUFFLE,))
        else:
            game.log.add("zone", msg("effects.library.revealed_to_bottom", player=player,
                                     names=Joined(tuple(game.label(o) for o in oids))),
                         ctx.rules)
        return
    if to in ("bottom", "shuffle"):
        perform(game, [Move(source=ctx.source, oid=o, to_zone="library", reason="library",
                            position="bottom", rules=ctx.rules) for o in oids])
        if to == "shuffle":
            shuffled(game, player, ctx.rules + (R.SHUFFLE,))
        return
    controller = ctx.you if place.get("yours") else game.objects[oids[0]].owner
    perform(game, [Move(source=ctx.source, oid=o, to_zone=to,
                        reason={"hand": "hand", "battlefield": "put", "exile": "exile"}.get(
                            to, "dig"),
                        controller=controller if to == "battlefield" else None,
                        tapped=bool(place.get("tapped")), rules=ctx.rules) for o in oids])


@verb("manifest_dread", primary="who")
def _manifest_dread(ctx: Ctx, eff: Effect) -> None:
    """"Manifest dread" (701.62a): look at the top two cards of your library, manifest one of
    them — onto the battlefield face down as a 2/2 creature (701.40a) — and put the other into
    your graveyard. A library the scenario doesn't list is refused."""
    game = ctx.game
    p = ctx.you
    pl = game.players[p]
    if not pl.library_known:
        raise Unsupported(msg("effects.zones.unknown_top", player=p))
    settle_top(game, p, 2)
    top = list(pl.library[:2])
    if not top:
        return
    game.log.add("look", msg("effects.library.looked_at", player=p, n=len(top),
                             names=Joined(tuple(game.label(o) for o in top))),
                 ctx.rules + (R.MANIFEST_DREAD,))
    chosen = choose_cards(game, p, top, 1, "manifest", keys=("manifest", "choose"))
    _manifest(ctx, p, chosen[0])
    rest = [o for o in top if o not in chosen and o in game.objects]
    if rest:
        perform(game, [Move(source=ctx.source, oid=o, to_zone="graveyard", reason="dig",
                            rules=ctx.rules + (R.MANIFEST_DREAD,)) for o in rest])


@verb("manifest", primary="who")
def _manifest_top(ctx: Ctx, eff: Effect) -> None:
    """"Manifest the top card of your library" (701.40a)."""
    game = ctx.game
    p = ctx.you
    pl = game.players[p]
    if not pl.library_known:
        raise Unsupported(msg("effects.zones.unknown_top", player=p))
    settle_top(game, p, 1)
    if pl.library:
        _manifest(ctx, p, pl.library[0])


def _manifest(ctx: Ctx, player: str, oid: int) -> None:
    """The card onto the battlefield face down, a manifested 2/2 creature (701.40a)."""
    done = perform(ctx.game, [Move(source=ctx.source, oid=oid, to_zone="battlefield",
                                   reason="put", face_down=True, controller=player,
                                   chosen={"manifested": True},
                                   rules=ctx.rules + (R.MANIFEST, R.FACE_DOWN))])
    ctx.refs["manifested"] = [e.new_id for e in done if isinstance(e, Move)]
