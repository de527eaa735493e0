"""Choices: from the scenario, from a documented default, or left open.

Every decision a player makes goes through :meth:`Chooser.choose`. The answer
comes, in this order, from:

1. the rules, when only one option is legal;
2. a ``choose`` action of the scenario that answers this kind of choice for
   this player (consumed in order);
3. a documented default, logged as such (mana payment, ...);
4. the runner's branch path: when the scenario leaves a choice open, the
   runner plays the scenario once per option (see :mod:`runner`), and reports
   "depends on <player>'s choice" if the outcomes differ.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from judgebot.engine.errors import BadInput, OpenChoice
from judgebot.messages import msg


@dataclass
class Answer:
    player: str | None
    key: str
    value: Any
    line: int | None = None
    used: bool = False


@dataclass
class Made:
    player: str
    kind: str
    label: str
    how: str  # forced | scenario | default | branch
    index: int = 0
    options: int = 1


@dataclass
class Chooser:
    answers: list[Answer] = field(default_factory=list)
    path: list[int] = field(default_factory=list)
    position: int = 0
    made: list[Made] = field(default_factory=list)
    open_count: int = 0

    def add(self, player: str | None, key: str, value: Any, line: int | None) -> None:
        self.answers.append(Answer(player, key, value, line))

    def scripted(self, player: str, keys: tuple[str, ...]) -> Answer | None:
        for a in self.answers:
            if not a.used and a.key in keys and (a.player is None or a.player == player):
                return a
        return None

    def choose(self, player: str, kind: str, labels: list[str], *,
               keys: tuple[str, ...] = (), match: Any = None, default: int | None = None,
               note: str = "") -> int:
        """Index of the chosen option among ``labels``.

        ``keys`` are the ``choose`` keys that answer this choice; ``match``
        turns a scripted value into an index (or raises BadInput).
        """
        if not labels:
            raise ValueError(f"no options for {kind}")
        answer = self.scripted(player, keys or (kind,))
        if answer is not None:
            answer.used = True
            if match is not None:
                index = match(answer.value)
            else:
                index = _match_label(answer.value, labels)
            if index is None:
                raise BadInput(msg("choices.choose", player=player, value=answer.value, kind=kind,
                                   value2=', '.join(labels)), answer.line)
            self.made.append(Made(player, kind, labels[index], "scenario", index, len(labels)))
            return index
        if len(labels) == 1:
            self.made.append(Made(player, kind, labels[0], "forced", 0, 1))
            return 0
        if default is not None:
            self.made.append(Made(player, kind, labels[default], "default", default,
                                  len(labels)))
            return default
        if self.position < len(self.path):
            index = self.path[self.position]
            self.position += 1
            self.made.append(Made(player, kind, labels[index], "branch", index, len(labels)))
            return index
        raise OpenChoice(player, kind, list(labels), self.position, note)

    def unused(self) -> list[Answer]:
        return [a for a in self.answers if not a.used]


def _match_label(value: Any, labels: list[str]) -> int | None:
    if isinstance(value, bool) or str(value).lower() in ("yes", "no", "true", "false"):
        yes = value is True or str(value).lower() in ("yes", "true")
        for i, label in enumerate(labels):
            if label.lower() == ("yes" if yes else "no"):
                return i
        # Yes/no choices list the affirmative option first.
        if len(labels) == 2:
            return 0 if yes else 1
    text = str(value).strip().lower()
    for i, label in enumerate(labels):
        if label.lower() == text:
            return i
    for i, label in enumerate(labels):
        if text and text in label.lower():
            return i
    return None
