"""The code follows the project's lint rules (ruff, configured in pyproject.toml)."""

from __future__ import annotations

import shutil
import subprocess
import sys

from judgebot import corpus


def test_ruff_finds_nothing():
    ruff = shutil.which("ruff")
    cmd = [ruff] if ruff else [sys.executable, "-m", "ruff"]
    result = subprocess.run([*cmd, "check", "--no-cache", str(corpus.ROOT)], capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
