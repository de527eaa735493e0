"""The `judgebot` command never ends in a traceback: a full disk, an overlong
term, a port in use or a bad option each get a clear message and exit code."""

from __future__ import annotations

import socket
import sys

import pytest

from judgebot import cli
from judgebot.search import cli as search_cli


@pytest.fixture
def run(search_service, monkeypatch, capsys):
    from judgebot import services

    monkeypatch.setattr(search_cli, "_service", lambda: search_service)
    monkeypatch.setattr(services, "open_search", lambda *a, **kw: search_service)

    def _run(*argv: str) -> tuple[int, str, str]:
        code = cli.main(list(argv))
        out, err = capsys.readouterr()
        return code, out, err

    return _run


@pytest.mark.parametrize("argv", [("search", "trample"), ("glossary", "trample"),
                                  ("rule", "702.19b"), ("ask", "does trample work?"),
                                  ("search", "--json", "践踏")])
def test_a_full_disk_is_a_message_not_a_traceback(run, argv):
    saved, sys.stdout = sys.stdout, open("/dev/full", "w")  # noqa: SIM115
    try:
        code, _, err = run(*argv)
    finally:
        sys.stdout.close()
        sys.stdout = saved
    assert code == 1
    assert err.strip() == "judgebot: No space left on device"


def test_a_closed_pipe_ends_quietly(run):
    class Closed:
        def write(self, text):
            raise BrokenPipeError(32, "Broken pipe")

        def flush(self):
            raise BrokenPipeError(32, "Broken pipe")

        def fileno(self):
            raise ValueError("no file")

    saved, sys.stdout = sys.stdout, Closed()
    try:
        code, _, err = run("search", "trample")
    finally:
        sys.stdout = saved
    assert code == 0 and err == ""


def test_an_overlong_glossary_term_is_refused(run):
    code, out, err = run("glossary", "a" * 60_000)
    assert code == 2 and out == ""
    assert err.strip() == "judgebot: the term is too long (60000 characters; at most 200)"


def test_messages_quote_only_the_beginning_of_long_input(run):
    code, _, err = run("rule", "x" * 60_000)
    assert code == 2 and len(err) < 200 and "…" in err


def test_long_searches_and_questions_are_read_by_their_beginning(run):
    code, out, _ = run("search", "trample " * 10_000)
    assert code == 0 and "only its beginning was searched" in out
    code, out, _ = run("ask", "trample " * 10_000)
    assert code == 0 and "only its first 2000 characters were read" in out


def test_corpus_build_into_a_file_is_refused(run, tmp_path):
    target = tmp_path / "a-file"
    target.write_text("keep me")
    code, _, err = run("corpus", "build", "--out", str(target))
    assert code == 2 and "is a file" in err
    assert target.read_text() == "keep me"


def test_corpus_build_from_a_missing_folder_is_refused(run, tmp_path):
    code, _, err = run("corpus", "build", "--sources", str(tmp_path / "none"),
                       "--out", str(tmp_path / "out"))
    assert code == 2 and "not a folder" in err
    assert not (tmp_path / "out").exists()


# --- serve ---------------------------------------------------------------------------------

def test_serve_on_a_port_in_use_says_so(run):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        code, _, err = run("serve", "--port", str(port))
    assert code == 1
    assert f"port {port} on 127.0.0.1 is already in use" in err


@pytest.mark.parametrize(("host", "words"), [
    ("no-such-host.invalid", "cannot listen on host 'no-such-host.invalid'"),
    ("bad host", "cannot listen on host 'bad host'"),
    ("192.0.2.1", "is not an address of this machine"),
])
def test_serve_on_a_host_it_cannot_listen_on_says_so(run, host, words):
    code, _, err = run("serve", "--host", host, "--port", "0")
    assert code == 1 and words in err and "Traceback" not in err


@pytest.mark.parametrize(("option", "value", "words"), [
    ("--port", "99999", "the port must be between 0 and 65535, not 99999"),
    ("--port", "-1", "the port must be between 0 and 65535"),
    ("--port", "http", "the port must be a whole number, not 'http'"),
    ("--threads", "0", "the number of threads must be between 1 and 256, not 0"),
    ("--workers", "0", "the number of workers must be between 1 and 64, not 0"),
    ("--server", "twisted", "invalid choice: 'twisted'"),
    ("--search-cache", "-1", "the search cache must be between 0 and 10000000, not -1"),
    ("--search-cache", "lots", "the search cache must be a whole number, not 'lots'"),
    ("--page-cache", "5000", "the page cache must be between 0 and 4096, not 5000"),
])
def test_serve_refuses_impossible_options(run, capsys, option, value, words):
    with pytest.raises(SystemExit) as exc:
        run("serve", option, value)
    assert exc.value.code == 2
    assert words in capsys.readouterr().err


def test_serve_answers_to_its_own_address_and_the_names_given():
    from judgebot.web.cli import allowed_hosts

    assert allowed_hosts("127.0.0.1", []) == ["localhost", "127.0.0.1", "[::1]"]
    assert allowed_hosts("0.0.0.0", ["Judge.Example.org"]) == [
        "localhost", "127.0.0.1", "[::1]", "judge.example.org"]
    assert allowed_hosts("192.168.1.5", []) == ["localhost", "127.0.0.1", "[::1]", "192.168.1.5"]
    assert allowed_hosts("::", ["fe80::1"])[-1] == "[fe80::1]"
