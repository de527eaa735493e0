"""Drawing (121) and discarding (701.9) cards."""

from __future__ import annotations

from judgebot.engine import citations as R
from judgebot.engine.abilities import Effect
from judgebot.engine.apply import settle_top
from judgebot.engine.choosing import choose_between, choose_cards
from judgebot.engine.context import Ctx, bounded, players
from judgebot.engine.events import Draw, Move
from judgebot.engine.pipeline import perform
from judgebot.engine.verbs import verb
from judgebot.messages import Joined, msg


@verb("draw", primary="n")
def _draw(ctx: Ctx, eff: Effect) -> None:
    for p in players(ctx, eff.get("who", "you")):
        per = ctx.info.get("amount_of", {})
        n = per[p] if eff.get("n") == "amount" and p in per else \
            bounded(ctx.amount(eff.get("n", 1)), "draw that many cards")
        n = max(n + int(eff.get("plus", 0)), 0)
        settle_top(ctx.game, p, n, ordered=False)  # which cards, not their order
        for _ in range(n):
            perform(ctx.game, [Draw(source=ctx.source, player=p, rules=ctx.rules)])



@verb("discard", primary="n")
def _discard(ctx: Ctx, eff: Effect) -> None:
    game = ctx.game
    for p in players(ctx, eff.get("who", "you")):
        hand = list(game.players[p].hand)
        n = ctx.amount(eff.get("n", 1)) if eff.get("n") != "all" else len(hand)
        if eff.get("n") == "all":
            chosen = hand
        elif eff.get("n") == "any":  # "Discard any number of cards"
            chosen = choose_between(game, p, hand, 0, len(hand), "discard")
        elif eff.get("random") and n < len(hand):
            # At random (701.9b): the engine can't pick for the player; every set of cards
            # is a possible outcome, explored like a choice of the random process.
            chosen = choose_cards(game, p, hand, n, "random", keys=("random",))
        else:
            chosen = choose_cards(game, p, hand, n, "discard")
        events = [Move(source=ctx.source, oid=o, to_zone="graveyard", reason="discard",
                       rules=ctx.rules + (R.DISCARD,)) for o in chosen]
        done = perform(game, events) if events else []
        count = sum(1 for e in done if isinstance(e, Move) and e.to_zone == "graveyard")
        game.record.discarded[p] += count
        # "the discarded card's mana value": the cards as they are now, in the graveyard
        ctx.refs["discarded"] = [e.new_id for e in done if isinstance(e, Move) and
                                 e.to_zone == "graveyard"]
        # "… then draw that many cards": how many this player discarded (608.2c)
        ctx.info["amount_of"] = {**ctx.info.get("amount_of", {}), p: count}
        ctx.info["amount"] = count


@verb("reveal_hand", primary="who")
def _reveal_hand(ctx: Ctx, eff: Effect) -> None:
    """"Target player reveals their hand" (701.20a): the cards are shown; nothing moves."""
    game = ctx.game
    for p in players(ctx, eff.get("who", "you")):
        game.log.add("reveal", msg("effects.hands.reveals_hand", player=p, names=Joined(
            tuple(game.label(o) for o in game.players[p].hand))), ctx.rules + (R.REVEAL,))


@verb("look_hand", primary="who")
def _look_hand(ctx: Ctx, eff: Effect) -> None:
    """"Look at target player's hand": the cards are shown to the one who looks (701.20e);
    nothing moves."""
    game = ctx.game
    for p in players(ctx, eff.get("who")):
        game.log.add("reveal", msg("effects.hands.looks_at_hand", player=ctx.you, owner=p,
                                   names=Joined(tuple(game.label(o)
                                                      for o in game.players[p].hand))),
                     ctx.rules + (R.LOOK,))


@verb("learn", primary="who")
def _learn(ctx: Ctx, eff: Effect) -> None:
    """"Learn" (701.48a): reveal a Lesson card you own from outside the game and put it into
    your hand, or discard a card to draw a card, or do neither. A scenario has no cards
    outside the game (documented default, logged), so the choice is to discard a card and
    draw one, or not."""
    game = ctx.game
    rules = ctx.rules + (R.LEARN,)
    game.log.add("default", msg("effects.hands.learn_no_lessons", player=ctx.you), rules)
    hand = list(game.players[ctx.you].hand)
    if not hand:
        return
    index = game.chooser.choose(ctx.you, "may", ["discard a card to draw a card", "neither"],
                                keys=("may",), note=eff.text)
    if index != 0:
        return
    chosen = choose_cards(game, ctx.you, hand, 1, "discard")
    done = perform(game, [Move(source=ctx.source, oid=o, to_zone="graveyard", reason="discard",
                               rules=rules + (R.DISCARD,)) for o in chosen])
    if any(isinstance(e, Move) and e.to_zone == "graveyard" for e in done):
        game.record.discarded[ctx.you] += 1
        perform(game, [Draw(source=ctx.source, player=ctx.you, rules=rules)])
