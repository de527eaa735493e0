"""What every document ingester shares: the build's inputs and its result type.

Kept apart from the build itself so that the ingesters and the build that
calls them do not import each other.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from judgebot.corpus import CR_2019, Record
from judgebot.ingest import en_cr
from judgebot.ingest.rulebook import SourceError


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
    def english_editions(self) -> dict[str, en_cr.EnglishCR]:
        """Every English CR in ``en-cr/``, by edition (its effective date, read
        from its text), oldest first."""
        parsed: dict[str, en_cr.EnglishCR] = {}
        for path in sorted(self.sources_dir.glob(f"{CR_DIR}/{CR_GLOB}")):
            name = f"{CR_DIR}/{path.name}"
            cr = en_cr.parse(path, name)
            if cr.edition in parsed:
                raise SourceError(name, f"a second text of the {cr.edition} edition "
                                        f"(the first is {parsed[cr.edition].file})")
            parsed[cr.edition] = cr
        if CR_2019 not in parsed:
            raise SourceError(EN_2019, "source file is missing")
        return dict(sorted(parsed.items()))

    @property
    def english_2019(self) -> en_cr.EnglishCR:
        """The edition the Chinese CR translates (its known plaintext)."""
        return self.english_editions[CR_2019]


CR_DIR = "en-cr"
CR_GLOB = "MagicCompRules_*.txt"
EN_2019 = "en-cr/MagicCompRules_20191004.txt"
