"""The shipped source documents and their checksums.

``corpus/sources/SOURCES.md`` lists the sha256 of every source file; a build
refuses a file that is missing or differs (altered, truncated) and names it.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from judgebot.ingest.rulebook import SourceError

MANIFEST = "SOURCES.md"
CHECKSUM_LINE = re.compile(r"^([0-9a-f]{64})\s+(\S+)$")


def checksums(sources_dir: Path) -> dict[str, str]:
    """``{relative path: sha256}`` as listed in SOURCES.md."""
    manifest = sources_dir / MANIFEST
    if not manifest.is_file():
        raise SourceError(MANIFEST, "source manifest is missing")
    sums = {}
    for line in manifest.read_text(encoding="utf-8").splitlines():
        m = CHECKSUM_LINE.match(line.strip())
        if m:
            sums[m.group(2)] = m.group(1)
    if not sums:
        raise SourceError(MANIFEST, "no sha256 checksums listed")
    return sums


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def verify(sources_dir: Path) -> dict[str, str]:
    """Check every listed source file; raise :class:`SourceError` on the first bad one."""
    sums = checksums(sources_dir)
    for name, expected in sorted(sums.items()):
        path = sources_dir / name
        if not path.is_file():
            raise SourceError(name, "source file is missing")
        actual = sha256(path)
        if actual != expected:
            size = path.stat().st_size
            raise SourceError(
                name,
                f"sha256 {actual[:12]}… differs from {expected[:12]}… in {MANIFEST} "
                f"({size} bytes): the file is altered or truncated",
            )
    return sums
