"""What a scenario given to the simulation page or API may be, checked before
the engine reads it.

Scenarios are small: the largest in the test suite is under 1 KB, about 110
YAML nodes nested 5 deep. The limits below leave room for thirty times that
and refuse what is not a scenario: megabytes of text, binary data, nesting
thousands deep, and "YAML bombs" (anchors and aliases that stand for
exponentially many nodes: each alias is counted as the nodes it stands for,
while the event stream is read, so the bomb is never expanded). Every refusal
says what was wrong, in English and Chinese, with the line where it is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from judgebot.engine import limits as engine_limits
from judgebot.engine.errors import Refusal
from judgebot.engine.limits import MAX_BYTES
from judgebot.messages import ZH_HANS, render

CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufffe\uffff]")


@dataclass
class Problem(Exception):
    """A scenario the page won't give the engine: why, in both languages, and where."""

    en: str
    zh: str
    line: int | None = None
    status: int = 400
    kind: str = "limit"

    def __post_init__(self) -> None:
        super().__init__(self.en)

    def refusal(self) -> dict:
        """The shape of the engine's refusals, for the page and the API."""
        return {"message": self.en, "message_zh": self.zh, "line": self.line, "rules": [],
                "kind": self.kind}


def kb(n: int) -> str:
    return f"{n // 1024} KB"


def decode_bytes(data: bytes) -> str:
    """A request body as text: UTF-8 only (a leading byte-order mark is dropped)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise Problem(f"The scenario is not UTF-8 text (binary data?): byte {exc.start + 1} "
                      "can't be read.",
                      f"情景不是 UTF-8 文本（可能是二进制数据）：第 {exc.start + 1} 个字节"
                      "无法读取。",
                      line, kind="bad-input") from None
    return text.removeprefix("\ufeff")


def check_text(text: str) -> None:
    """Size and characters: raises :class:`Problem`."""
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_BYTES:
        raise Problem(f"The scenario is too long ({size:,} bytes; at most {kb(MAX_BYTES)}).",
                      f"情景过长（{size:,} 字节；上限 {kb(MAX_BYTES)}）。", None, status=413)
    bad = CONTROL.search(text) or re.search(r"[\ud800-\udfff]", text)
    if bad:
        line = text.count("\n", 0, bad.start()) + 1
        code = f"U+{ord(bad.group()):04X}"
        raise Problem(f"The scenario contains a control character ({code}) on line {line}: "
                      "it is not plain text (binary data?).",
                      f"情景第 {line} 行含有控制字符（{code}）：不是纯文本（可能是二进制数据）。",
                      line, kind="bad-input")


def check_structure(text: str) -> None:
    """The engine's limits on nesting, nodes and aliases (:mod:`judgebot.engine.limits`),
    as a :class:`Problem`."""
    try:
        engine_limits.check_structure(text)
    except Refusal as refusal:
        raise Problem(refusal.message, render(refusal.msg, ZH_HANS) if refusal.msg else "",
                      refusal.line) from None


def check(text: str) -> None:
    check_text(text)
    check_structure(text)
