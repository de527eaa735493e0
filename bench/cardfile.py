"""The card file (``corpus/sources/cards/cards.jsonl.xz``, 30,912 cards) read line by line,
for the benchmarks that go over every card."""

from __future__ import annotations

import json
import lzma
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CANDIDATES = (ROOT / "corpus" / "sources" / "cards" / "cards.jsonl.xz",
              ROOT.parent / "shared" / "sources" / "cards" / "cards.jsonl.xz")


def card_file() -> Path:
    for path in CANDIDATES:
        if path.exists():
            return path
    raise FileNotFoundError("no card file: " + ", ".join(str(p) for p in CANDIDATES))


def load_cards(path: Path | None = None) -> list[dict]:
    with lzma.open(path or card_file(), "rt", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]
