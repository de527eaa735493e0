"""judgebot's glossary of Chinese judge terms (``policy/judge-terms-zh.tsv``).

The tournament documents are English; this glossary names their structure
in Chinese: documents, sections, infractions, categories and penalties, each
with the other names people call it by. See the file's header for the
columns and where the terms come from.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from judgebot.ingest.en_cr import read_lines
from judgebot.ingest.rulebook import SourceError
from judgebot.policynumbers import DOCUMENTS, JUDGE_TERMS, is_key

FILE = JUDGE_TERMS
REF = re.compile(r"^(?:doc|category|penalty|mtr|ipg):[a-z0-9.-]{1,40}$")
HAN = re.compile(r"[\u3400-\u9fff]")


@dataclass(frozen=True)
class Term:
    ref: str
    en: str
    zh: str
    line: int
    zh_aliases: tuple[str, ...] = ()
    en_aliases: tuple[str, ...] = ()


@dataclass
class JudgeTerms:
    file: str
    terms: dict[str, Term] = field(default_factory=dict)

    def get(self, ref: str) -> Term | None:
        return self.terms.get(ref)

    def named(self, kind: str, en: str) -> Term | None:
        """The ``category:``/``penalty:`` term with this English name."""
        wanted = _fold(en)
        for term in self.terms.values():
            if term.ref.startswith(kind + ":") and _fold(term.en) == wanted:
                return term
        return None


def _fold(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("–", "—")).strip().lower()


def parse(path: Path, name: str = FILE) -> JudgeTerms:
    """Every term of the file; a malformed line stops the build, named."""
    glossary = JudgeTerms(name)
    for lineno, raw in enumerate(read_lines(path, name), 1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        cells = raw.split("\t")
        if not 3 <= len(cells) <= 5:
            raise SourceError(name, f"expected 3 to 5 tab-separated columns, found {len(cells)}",
                              lineno)
        ref, en, zh = (c.strip() for c in cells[:3])
        if not REF.match(ref):
            raise SourceError(name, f"malformed reference {ref!r}", lineno)
        doc, _, key = ref.partition(":")
        if doc in DOCUMENTS and not is_key(key):
            raise SourceError(name, f"{key!r} is not a section of the {doc.upper()}", lineno)
        if doc == "doc" and key not in DOCUMENTS:
            raise SourceError(name, f"unknown document {key!r}", lineno)
        if not en or not HAN.search(zh):
            raise SourceError(name, "a term needs its English and its Chinese name", lineno)
        if ref in glossary.terms:
            raise SourceError(name, f"{ref} is listed twice (first on line "
                                    f"{glossary.terms[ref].line})", lineno)
        zh_aliases = _aliases(cells, 3)
        en_aliases = _aliases(cells, 4)
        if any(not HAN.search(a) for a in zh_aliases):
            raise SourceError(name, "a Chinese alias without Chinese characters", lineno)
        glossary.terms[ref] = Term(ref, en, zh, lineno, zh_aliases, en_aliases)
    if not glossary.terms:
        raise SourceError(name, "the glossary lists no terms")
    return glossary


def _aliases(cells: list[str], index: int) -> tuple[str, ...]:
    if len(cells) <= index:
        return ()
    return tuple(dict.fromkeys(a.strip() for a in cells[index].split("|") if a.strip()))
