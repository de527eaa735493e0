"""Players' life, poison and the end of the game; skipping steps (614.10); "can't lose",
"can't cast spells"; adding mana."""

from __future__ import annotations

from judgebot.engine import citations as R
from judgebot.engine.abilities import Effect
from judgebot.engine.context import Ctx, players
from judgebot.engine.events import Counters, LifeGain, LifeLoss, LoseGame, WinGame
from judgebot.engine.pipeline import perform
from judgebot.engine.prohibitions import Prohibition
from judgebot.engine.verbs import verb
from judgebot.messages import Name, msg


@verb("vote", primary="options")
def _vote(ctx: Ctx, eff: Effect) -> None:
    """"Starting with you, each player votes for time or knowledge" (701.38a): each player in
    turn order from you chooses one option; the votes are counted for what follows."""
    game = ctx.game
    options = list(eff.get("options"))
    order = [p for p in game.apnap() if not game.players[p].lost]
    if ctx.you in order:  # starting with you, then in turn order
        i = order.index(ctx.you)
        order = order[i:] + order[:i]
    votes = {o: 0 for o in options}
    for p in order:
        k = game.chooser.choose(p, "vote", options, keys=("vote",), note=eff.text)
        votes[options[k]] += 1
        game.log.add("choice", msg("effects.players.votes", player=p, option=options[k]),
                     ctx.rules + (R.VOTE,))
    ctx.refs["votes"] = votes


@verb("choose_player", primary="who")
def _choose_player(ctx: Ctx, eff: Effect) -> None:
    """"Choose an opponent" / "Choose another player" as a spell resolves (608.2d): the
    player "that player" names afterwards."""
    game = ctx.game
    others = [p for p in (game.opponents(ctx.you) if eff.get("who") == "opponent" else
                          [q for q in game.apnap() if q != ctx.you])
              if not game.players[p].lost]
    src = game.objects.get(ctx.source) if ctx.source is not None else None
    if not others or src is None:
        return
    i = 0 if len(others) == 1 else game.chooser.choose(
        ctx.you, "chosen_player", others, keys=("chosen_player",), note=eff.text)
    src.chosen["player"] = others[i]
    game.log.add("choice", msg("effects.players.chooses_player", player=ctx.you,
                               chosen=others[i]), (R.RESOLVE_CHOICES,))


@verb("gain_life", primary="amount")
def _gain_life(ctx: Ctx, eff: Effect) -> None:
    for p in players(ctx, eff.get("who", "you")):
        n = ctx.amount(eff.get("amount"))
        perform(ctx.game, [LifeGain(source=ctx.source, player=p, amount=n, rules=ctx.rules)])



@verb("lose_life", primary="amount")
def _lose_life(ctx: Ctx, eff: Effect) -> None:
    total = 0
    for p in players(ctx, eff.get("who", "you")):
        n = ctx.amount(eff.get("amount"))
        done = perform(ctx.game, [LifeLoss(source=ctx.source, player=p, amount=n,
                                           rules=ctx.rules)])
        total += sum(e.amount for e in done if isinstance(e, LifeLoss))
    ctx.refs["life_lost"] = total



@verb("set_life", primary="amount")
def _set_life(ctx: Ctx, eff: Effect) -> None:
    """"Target player's life total becomes 20": that player gains or loses the life it takes
    (119.5), so what applies to gaining or losing life applies."""
    game = ctx.game
    rules = ctx.rules + (R.LIFE_SET,)
    for p in players(ctx, eff.get("who", "you")):
        diff = ctx.amount(eff.get("amount")) - game.players[p].life
        if diff > 0:
            perform(game, [LifeGain(source=ctx.source, player=p, amount=diff, rules=rules)])
        elif diff < 0:
            perform(game, [LifeLoss(source=ctx.source, player=p, amount=-diff, rules=rules)])


@verb("win", primary="who")
def _win(ctx: Ctx, eff: Effect) -> None:
    for p in players(ctx, eff.get("who", "you")):
        perform(ctx.game, [WinGame(source=ctx.source, player=p,
                                   rules=ctx.rules + (R.WIN_EFFECT,))])



@verb("lose", primary="who")
def _lose(ctx: Ctx, eff: Effect) -> None:
    for p in players(ctx, eff.get("who", "you")):
        perform(ctx.game, [LoseGame(source=ctx.source, player=p,
                                    rules=ctx.rules + (R.LOSE_EFFECT,))])



@verb("poison", primary="n")
def _poison(ctx: Ctx, eff: Effect) -> None:
    for p in players(ctx, eff.get("who")):
        perform(ctx.game, [Counters(source=ctx.source, target=p, kind="poison",
                                    n=ctx.amount(eff.get("n", 1)), rules=ctx.rules)])



@verb("cant_lose", primary="flag")
def _cant_lose(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    you = ctx.you
    game.prohibitions.append(Prohibition("cant_lose", {"player": you}, ctx.source, you, "eot",
                                         "you can't lose the game this turn", ctx.rules))
    for opp in game.opponents(you):
        game.prohibitions.append(Prohibition("cant_win", {"player": opp}, ctx.source, you,
                                             "eot", "your opponents can't win this turn",
                                             ctx.rules))
    game.log.add("effect", msg("effects.players.cant_lose", you=you, you2=you), ctx.rules)



@verb("skip", primary="step")
def _skip(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    for p in players(ctx, eff.get("who", "you")):
        step = eff.get("step")
        if step == "combat":
            game.players[p].skip_combat += 1
            pending = game.players[p].skip_combat
        else:
            game.players[p].skip_steps[step] += 1
            pending = game.players[p].skip_steps[step]
        what = 'phase' if step == 'combat' else 'step'
        shown = Name(step, msg(f"step.{step}" if step != "combat" else "step.combat_phase"
                               ).render("zh-Hans"))
        if pending > 1:
            game.log.add("effect", msg("effects.players.skip", value=p, step=shown, what=what,
                                       pending=pending), ctx.rules + (R.SKIP, R.SKIP_NEXT))
        else:
            game.log.add("effect", msg("effects.players.skip.2", value=p, step=shown, what=what),
                         ctx.rules + (R.SKIP,))



@verb("cant_cast", primary="who")
def _cant_cast(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    if eff.get("lands"):  # "Target player can't play lands this turn" (305.2)
        for p in players(ctx, eff.get("who", "each_opponent")):
            game.prohibitions.append(Prohibition("cant_play_land", {"player": p}, ctx.source,
                                                 ctx.you, "eot", eff.text, ctx.rules))
            game.log.add("effect", msg("effects.players.cant_play_land", value=p), ctx.rules)
        return
    f = eff.get("filter")  # "can't cast creature spells": those spells only
    for p in players(ctx, eff.get("who", "each_opponent")):
        params = {"player": p, **({"filter": f} if f is not None else {})}
        game.prohibitions.append(Prohibition("cant_cast", params, ctx.source, ctx.you,
                                             "eot", eff.text or f"{p} can't cast spells this "
                                             "turn", ctx.rules))
        game.log.add("effect", msg("effects.players.cant_cast", value=p) if f is None else
                     msg("effects.players.cant_cast_kind", value=p, what=f.text), ctx.rules)



@verb("add_mana", primary="mana")
def _add_mana(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    symbols = eff.get("mana")
    if eff.get("options"):
        options = eff.get("options")
        labels = ["".join("{" + s + "}" for s in o) for o in options]
        symbols = options[game.chooser.choose(ctx.you, "color", labels,
                                              keys=("color", "mana"))]
    if eff.get("any_one_color"):
        labels = ["{W}", "{U}", "{B}", "{R}", "{G}"]
        color = "WUBRG"[game.chooser.choose(ctx.you, "color", labels, keys=("color", "mana"))]
        symbols = (color,) * ctx.amount(eff.get("any_one_color"))
    if eff.get("times") is not None:
        symbols = tuple(symbols) * ctx.amount(eff.get("times"))
    for p in players(ctx, eff.get("who", "you")):
        game.players[p].pool.add(symbols)
        game.log.add("mana", msg("effects.players.add_mana", value=p,
                                 value2=''.join('{' + s + '}' for s in symbols)), ctx.rules)



@verb("energy", primary="n")
def _energy(ctx: Ctx, eff: Effect) -> None:
    """"You get {E}{E}": energy counters on a player (107.14)."""
    for p in players(ctx, eff.get("who", "you")):
        perform(ctx.game, [Counters(source=ctx.source, target=p, kind="energy",
                                    n=ctx.amount(eff.get("n", 1)),
                                    rules=ctx.rules + (R.ENERGY,))])


@verb("pay_energy_any", primary="least")
def _pay_energy_any(ctx: Ctx, eff: Effect) -> None:
    """"Then you may pay any amount of {E}" (107.14): the player chooses how many of their
    energy counters to remove — a choice a scenario names (``pay: 3``) or the runner
    explores; that number is what "that much" and "paid this way" mean afterwards."""
    game = ctx.game
    have = game.players[ctx.you].counters.get("energy", 0)
    least = min(int(eff.get("least", 0)), have)
    options = [str(n) for n in range(least, have + 1)]
    paid = int(options[game.chooser.choose(ctx.you, "pay", options, keys=("pay", "energy"),
                                           note=eff.text)])
    if paid:
        game.players[ctx.you].counters["energy"] = have - paid
        game.changed()
    game.log.add("pay", msg("effects.players.pays_energy", player=ctx.you, n=paid,
                            left=have - paid), ctx.rules + (R.ENERGY,))
    ctx.refs["energy_paid"] = paid
    ctx.refs["amount"] = paid


# --- instants and sorceries (issue 16, oracle branch) ------------------------------------------
@verb("extra_turn", primary="who")
def _extra_turn(ctx: Ctx, eff: Effect) -> None:
    """Extra turns are added directly after this one, one at a time; the most recently
    created is taken first (500.7)."""
    game = ctx.game
    turns = game.extra.setdefault("extra_turns", [])
    for p in players(ctx, eff.get("who", "you")):
        n = ctx.amount(eff.get("n", 1))
        turns.extend([p] * n)
        game.log.add("effect", msg("effects.players.extra_turn", player=p, n=n),
                     ctx.rules + (R.EXTRA_TURN,))
