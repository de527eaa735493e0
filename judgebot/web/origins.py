"""Which names the server answers to, and which other sites may call its API.

A page on any site can make a visitor's browser send requests to
``http://127.0.0.1:8000``, and with DNS rebinding it can make them look
same-origin (``evil.example`` resolving to 127.0.0.1): the browser then sends
``Host: evil.example``. So the server answers only to the host names it is
configured with (by default the loopback names; ``judgebot serve
--allowed-host NAME`` adds more), and sends no CORS header unless an origin
was allowed with ``--cors-origin``.
"""

from __future__ import annotations

from collections.abc import Collection

DEFAULT_ALLOWED_HOSTS = ("localhost", "127.0.0.1", "[::1]")


def host_name(host_header: str) -> str:
    """The name in a ``Host`` header, without its port, lower case, brackets kept
    around an IPv6 address (``[::1]:8000`` → ``[::1]``)."""
    host = host_header.strip().lower()
    if host.startswith("["):
        end = host.find("]")
        return host[: end + 1] if end > 0 else host
    return host.partition(":")[0].rstrip(".")


def normalise(pattern: str) -> str:
    """A configured name in the form :func:`host_name` gives (``::1`` → ``[::1]``)."""
    pattern = pattern.strip().lower()
    if ":" in pattern and not pattern.startswith("["):
        return f"[{pattern}]"
    return pattern.rstrip(".") if pattern != "." else pattern


def host_allowed(host_header: str | None, allowed: Collection[str]) -> bool:
    """Whether a request with this ``Host`` header is for us. ``allowed`` holds
    names (``judge.example.org``), suffixes (``.example.org``: the domain and any
    name under it) or ``*`` (any name: a proxy in front checks it)."""
    if not host_header:  # HTTP/1.0 without Host: not a browser, nothing to rebind
        return True
    name = host_name(host_header)
    for pattern in allowed:
        pattern = normalise(pattern)
        if pattern == "*" or pattern == name:
            return True
        if pattern.startswith(".") and (name == pattern[1:] or name.endswith(pattern)):
            return True
    return False


def cors_headers(origin: str | None, allowed: Collection[str], preflight: bool
                 ) -> dict[str, str]:
    """The CORS headers for a request from ``origin``: none unless it is allowed."""
    if not origin or not allowed:
        return {}
    if "*" in allowed:
        headers = {"Access-Control-Allow-Origin": "*"}
    elif origin.rstrip("/").lower() in {o.rstrip("/").lower() for o in allowed}:
        headers = {"Access-Control-Allow-Origin": origin}
    else:
        return {}
    if preflight:
        headers.update({"Access-Control-Allow-Methods": "GET, POST",
                        "Access-Control-Allow-Headers": "Content-Type",
                        "Access-Control-Max-Age": "600"})
    return headers
