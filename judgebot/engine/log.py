"""The step log: what happened, in order, with the rules applied at each step."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from judgebot.messages import EN, Message


@dataclass
class Entry:
    event: str  # a short kind: cast, resolve, damage, sba, trigger, default, refused ...
    text: str  # the step in English
    rules: tuple[str, ...] = ()
    turn: int = 0
    step: str = ""
    data: dict[str, Any] = field(default_factory=dict)
    msg: Message | None = None  # the step as data (a code and its arguments)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"event": self.event, "text": self.text, "rules": list(self.rules),
                               "turn": self.turn, "step": self.step}
        out.update(self.data)
        if self.msg is not None:
            out["msg"] = self.msg.to_dict()
        return out

    def render(self) -> str:
        rules = f"  [{', '.join(self.rules)}]" if self.rules else ""
        return f"{self.text}{rules}"


@dataclass
class Log:
    entries: list[Entry] = field(default_factory=list)
    turn: int = 0
    step: str = ""
    # Told of every entry as it is added (a simulation's observer).
    listener: Callable[[Entry], None] | None = None

    def add(self, event: str, said: str | Message, rules: tuple[str, ...] | list[str] | str = (),
            **data: Any) -> Entry:
        if isinstance(rules, str):
            rules = (rules,)
        text, message = (said.render(EN), said) if isinstance(said, Message) else (said, None)
        entry = Entry(event, text, tuple(dict.fromkeys(rules)), self.turn, self.step, data,
                      message)
        self.entries.append(entry)
        if self.listener is not None:
            self.listener(entry)
        return entry

    def __iter__(self):
        return iter(self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    def cited(self) -> list[str]:
        seen: dict[str, None] = {}
        for e in self.entries:
            for r in e.rules:
                seen.setdefault(r, None)
        return list(seen)
