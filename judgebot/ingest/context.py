"""What every document ingester shares: the build's inputs and its result type.

Kept apart from the build itself so that the ingesters and the build that
calls them do not import each other.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from judgebot.corpus import Record
from judgebot.ingest import en_cr


@dataclass
class DocumentResult:
    """What one source document contributed to the corpus."""

    document: str
    file: str
    records: list[Record]
    warnings: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    figures: dict[str, Any] = field(default_factory=dict)


@dataclass
class BuildContext:
    """Shared, lazily parsed inputs (the English CR is known plaintext for others)."""

    sources_dir: Path

    def path(self, name: str) -> Path:
        return self.sources_dir / name

    @cached_property
    def english_2019(self) -> en_cr.EnglishCR:
        return en_cr.parse(self.path(EN_2019), EN_2019)

    @cached_property
    def english_2025(self) -> en_cr.EnglishCR:
        return en_cr.parse(self.path(EN_2025), EN_2025)


EN_2019 = "en-cr/MagicCompRules_20191004.txt"
EN_2025 = "en-cr/MagicCompRules_20251114.txt"
