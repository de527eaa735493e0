"""Exceptions the engine raises.

A :class:`Refusal` is the engine saying "I won't answer this": bad input (an
unknown card, a misspelled action), an illegal action, or a situation it cannot
resolve (text it cannot read, a mechanic it lacks). It carries the scenario
line and the rules that forbid the action, so the user sees why. An
:class:`OpenChoice` is internal: a choice the scenario left open, which the
runner explores branch by branch.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field

from judgebot.messages import EN, Message, msg


class EngineError(Exception):
    """Base class of the engine's exceptions."""


@dataclass
class Refusal(EngineError):
    """The engine refuses the scenario (or one action of it). ``message`` is given as a
    :class:`~judgebot.messages.Message` (a code and its arguments, shown in the
    reader's language) or, where no code exists yet, as English text."""

    message: str | Message
    line: int | None = None
    rules: tuple[str, ...] = ()
    kind: str = "unsupported"  # unsupported | bad-input | illegal | limit

    def __post_init__(self) -> None:
        if isinstance(self.message, Message):
            self.msg: Message | None = self.message
            self.message = self.message.render(EN)
        else:
            self.msg = None
        super().__init__(self.message)
        self.rules = tuple(self.rules)

    def __str__(self) -> str:
        where = f"line {self.line}: " if self.line else ""
        rules = f" (rule {', '.join(self.rules)})" if self.rules else ""
        return f"{where}{self.message}{rules}"

    def to_dict(self) -> dict:
        out = {"message": self.message, "line": self.line, "rules": list(self.rules),
               "kind": self.kind}
        if self.msg is not None:
            out["msg"] = self.msg.to_dict()
        return out


class IllegalAction(Refusal):
    """An action the rules forbid (blocking a flyer without reach, ...)."""

    def __init__(self, message: str | Message, rules: tuple[str, ...] | list[str] = (),
                 line: int | None = None) -> None:
        super().__init__(message, line, tuple(rules), "illegal")


class BadInput(Refusal):
    """The scenario or a card script is malformed."""

    def __init__(self, message: str | Message, line: int | None = None,
                 rules: tuple[str, ...] = ()) -> None:
        super().__init__(message, line, tuple(rules), "bad-input")


class Unsupported(Refusal):
    """Something the engine cannot simulate (yet)."""

    def __init__(self, message: str | Message, line: int | None = None,
                 rules: tuple[str, ...] = ()) -> None:
        super().__init__(message, line, tuple(rules), "unsupported")


@dataclass
class OpenChoice(EngineError):
    """A choice nobody made: the runner tries each option in turn."""

    player: str
    kind: str
    options: list[str]
    index: int = 0
    note: str = ""
    extra: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        super().__init__(f"open choice for {self.player}: {self.kind}")


def suggest(word: str, options: set[str] | list[str]) -> Message:
    """" (did you mean 'x'?)" when one option is close to ``word``, else nothing."""
    close = difflib.get_close_matches(str(word), sorted(options), n=1, cutoff=0.6)
    return msg("suggest.did_you_mean", word=close[0]) if close else msg("list.nothing")
