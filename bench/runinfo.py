"""Where a benchmark ran: the code it measured, for the header of a report."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def git_state() -> str:
    """The commit measured, and whether judgebot/ had uncommitted changes."""

    def git(*args: str) -> str:
        try:
            return subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True,
                                  text=True, timeout=10, check=True).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            return ""

    head = git("rev-parse", "--short", "HEAD") or "unknown"
    dirty = git("status", "--porcelain", "--", "judgebot")
    return head + (" with uncommitted changes in judgebot/" if dirty else "")
