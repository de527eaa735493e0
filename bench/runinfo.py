"""Where a benchmark ran: the code it measured, for the header of a report; and
what CPU time the server it measured used."""

from __future__ import annotations

import os
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


class ServerTree:
    """CPU time used by the server's processes (the web processes, and the simulation
    workers, told apart by their niceness), read from /proc: the API's cost in CPU,
    which other work on a shared machine does not inflate as it does wall time."""

    def __init__(self, pid: int) -> None:
        parents: dict[int, list[int]] = {}
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                stat = self._stat(int(entry.name))
                if stat:
                    parents.setdefault(int(stat[1]), []).append(int(entry.name))
        self.pids, todo = [], [pid]
        while todo:
            current = todo.pop()
            self.pids.append(current)
            todo.extend(parents.get(current, []))
        self.tick = os.sysconf("SC_CLK_TCK")

    @staticmethod
    def _stat(pid: int) -> list[str] | None:
        try:
            raw = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            return None
        return raw[raw.rindex(")") + 2:].split()  # from the state on (field 3)

    def cpu(self) -> tuple[float, float]:
        """(seconds of CPU of the processes at nice 0, of the niced ones) so far."""
        web = workers = 0.0
        for pid in self.pids:
            stat = self._stat(pid)
            if stat is None:
                continue
            seconds = (int(stat[11]) + int(stat[12])) / self.tick  # utime + stime
            if int(stat[16]) > 0:  # nice
                workers += seconds
            else:
                web += seconds
        return web, workers
