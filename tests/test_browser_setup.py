"""The browser tests find Chromium, or install it on a fresh Debian machine, or
say what to install: the README's test command needs nothing installed first.

Every case runs with a simulated PATH and a recorded installer, so nothing
on this machine is installed or removed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from browser_setup import PACKAGES, Unavailable, ensure_chromium, find_chromium


class Machine:
    """A PATH holding ``programs``; running apt-get 'installs' ``installs``."""

    def __init__(self, programs: dict[str, str], installs: dict[str, str] | None = None,
                 fail: str | None = None):
        self.programs = dict(programs)
        self.installs = installs or {}
        self.fail = fail
        self.ran: list[list[str]] = []
        self.said: list[str] = []

    def which(self, name: str) -> str | None:
        return self.programs.get(name)

    def run(self, command: list[str]) -> subprocess.CompletedProcess:
        self.ran.append(command)
        if self.fail and self.fail in command:
            return subprocess.CompletedProcess(command, 100, "", "E: Unable to locate package")
        if "install" in command:
            self.programs.update(self.installs)
        return subprocess.CompletedProcess(command, 0, "", "")

    def ensure(self, env: dict | None = None, is_root: bool = True) -> str:
        return ensure_chromium(env or {}, self.which, self.run, is_root, self.said.append)


APT = {"apt-get": "/usr/bin/apt-get"}


def test_chromium_on_the_path_is_used_without_installing():
    machine = Machine({"chromium": "/usr/bin/chromium", **APT})
    assert machine.ensure() == "/usr/bin/chromium"
    assert machine.ran == []


def test_chromium_browser_is_found_too():
    assert find_chromium({}, Machine({"chromium-browser": "/snap/bin/chromium-browser"}).which
                         ) == "/snap/bin/chromium-browser"


def test_missing_chromium_is_installed_by_root_with_apt_get():
    machine = Machine(APT, installs={"chromium": "/usr/bin/chromium"})
    assert machine.ensure() == "/usr/bin/chromium"
    assert machine.ran == [["apt-get", "update", "-qq"],
                           ["apt-get", "install", "-y", "-qq", "--no-install-recommends",
                            *PACKAGES]]
    assert "installing Debian's chromium" in machine.said[0]


def test_missing_chromium_without_root_is_a_clear_failure():
    machine = Machine(APT)
    with pytest.raises(Unavailable, match=r"cannot be installed here \(not root\).*"
                                          r"apt-get install chromium"):
        machine.ensure(is_root=False)
    assert machine.ran == []


def test_missing_chromium_without_apt_get_is_a_clear_failure():
    with pytest.raises(Unavailable, match=r"cannot be installed here \(no apt-get\)"):
        Machine({}).ensure()


def test_a_failed_install_says_what_failed():
    machine = Machine(APT, fail="install")
    with pytest.raises(Unavailable, match=r"`apt-get install .*` failed \(exit 100\): "
                                          r"E: Unable to locate package"):
        machine.ensure()


def test_an_install_that_brings_no_chromium_is_a_failure():
    with pytest.raises(Unavailable, match="no chromium is on the PATH"):
        Machine(APT).ensure()


def test_an_explicit_binary_that_is_missing_is_not_silently_replaced(tmp_path):
    machine = Machine({"chromium": "/usr/bin/chromium", **APT})
    missing = str(tmp_path / "no-chromium")
    with pytest.raises(Unavailable, match="JUDGEBOT_CHROMIUM=.*no-chromium is not a file"):
        machine.ensure({"JUDGEBOT_CHROMIUM": missing})
    assert machine.ran == []


def test_an_explicit_binary_is_used(tmp_path):
    binary = tmp_path / "chrome"
    binary.write_text("")
    assert Machine({}).ensure({"JUDGEBOT_CHROMIUM": str(binary)}) == str(binary)


def test_the_real_path_search_finds_nothing_on_an_empty_path(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv("JUDGEBOT_CHROMIUM", raising=False)
    import os

    assert find_chromium(os.environ) is None


def test_ci_runs_the_readme_test_command_and_installs_nothing_itself():
    root = Path(__file__).resolve().parents[1]
    readme = (root / "README.md").read_text(encoding="utf-8")
    command = "python3 -m pip install -e '.[test]' && python3 -m pytest"
    assert command in readme
    ci = (root / ".ci" / "run").read_text(encoding="utf-8")
    assert ci.rstrip().endswith(command)
    assert "apt-get" not in ci.replace("apt-get as root", "")


def test_the_browser_fixture_goes_through_this_setup():
    conftest = (Path(__file__).parent / "browser" / "conftest.py").read_text(encoding="utf-8")
    assert "ensure_chromium()" in conftest
    assert sys.modules.get("browser_setup") is not None
