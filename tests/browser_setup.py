"""Finding Chromium for the browser tests, and installing it when it is missing.

The README's test command (``pip install -e '.[test]' && pytest``) must pass
on a fresh Debian machine, where Chromium is not installed. So the first
browser test asks for it: found on the PATH (or where ``JUDGEBOT_CHROMIUM``
says), it is used; missing, it is installed with ``apt-get`` when the tests
run as root on a system that has it (with a CJK font for legible
screenshots); otherwise the browser tests fail with a message saying what to
install. Every effect (the PATH, the environment, running a command, the
user) is a parameter, so the tests of this module run without touching the
machine.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

PACKAGES = ["chromium", "fonts-wqy-microhei"]
NAMES = ["chromium", "chromium-browser"]
INSTALL_HINT = ("install it as root with `apt-get install chromium fonts-wqy-microhei`, or point "
                "JUDGEBOT_CHROMIUM at a Chromium binary")


class Unavailable(Exception):
    """No Chromium, and none could be installed: the message says what to do."""


def find_chromium(env: Mapping[str, str] = os.environ,
                  which: Callable[[str], str | None] = shutil.which) -> str | None:
    """The Chromium to drive: ``JUDGEBOT_CHROMIUM`` when set (and only it), else the
    first of :data:`NAMES` on the PATH."""
    explicit = env.get("JUDGEBOT_CHROMIUM")
    if explicit:
        return explicit if Path(explicit).is_file() else None
    for name in NAMES:
        found = which(name)
        if found:
            return found
    return None


def can_install(is_root: bool, which: Callable[[str], str | None] = shutil.which) -> bool:
    return is_root and which("apt-get") is not None


def _run(command: list[str]) -> subprocess.CompletedProcess:
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=900)


def ensure_chromium(env: Mapping[str, str] = os.environ,
                    which: Callable[[str], str | None] = shutil.which,
                    run: Callable[[list[str]], subprocess.CompletedProcess] = _run,
                    is_root: bool | None = None,
                    log: Callable[[str], None] | None = None) -> str:
    """The path of a Chromium to drive, installing Debian's when it is missing."""
    found = find_chromium(env, which)
    if found:
        return found
    if env.get("JUDGEBOT_CHROMIUM"):
        raise Unavailable(f"JUDGEBOT_CHROMIUM={env['JUDGEBOT_CHROMIUM']} is not a file")
    if is_root is None:
        is_root = hasattr(os, "geteuid") and os.geteuid() == 0
    if not can_install(is_root, which):
        why = "not root" if not is_root else "no apt-get"
        raise Unavailable(f"Chromium is not installed and cannot be installed here ({why}): "
                          + INSTALL_HINT)
    log = log or (lambda m: print(m, file=sys.__stderr__, flush=True))  # past pytest's capture
    log("browser tests: Chromium is missing; installing Debian's chromium and "
        "fonts-wqy-microhei with apt-get (a minute or two, once) …")
    for command in (["apt-get", "update", "-qq"],
                    ["apt-get", "install", "-y", "-qq", "--no-install-recommends", *PACKAGES]):
        done = run(command)
        if done.returncode != 0:
            tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-5:])
            raise Unavailable(f"`{' '.join(command)}` failed (exit {done.returncode}): "
                              f"{tail}\n{INSTALL_HINT}")
    found = find_chromium(env, which)
    if not found:
        raise Unavailable("apt-get installed chromium, but no chromium is on the PATH: "
                          + INSTALL_HINT)
    return found
