"""Reading request parameters defensively.

Anything a browser or script can put in a URL arrives here: overlong values,
bytes that are not UTF-8 (decoded by Werkzeug to U+FFFD), control characters,
numbers that are not numbers. Each is refused with a message saying what was
wrong and a 4xx status, never passed on.
"""

from __future__ import annotations

from flask import request

MAX_PARAM_CHARS = 1000  # the search service reads 500; more is not a question
MAX_QUERY_STRING = 8192
# A name in the path: the longest card name ever printed has 141 letters, the
# longest record id of the corpus 88 characters.
MAX_PATH_CHARS = 200
MAX_PAGE = 100
MAX_PER_PAGE = 50


class BadParameter(ValueError):
    """Input refused: ``str(exc)`` says why in English, ``zh`` in Chinese where
    given; ``status`` is the HTTP status to answer with."""

    def __init__(self, message: str, status: int = 400, zh: str = ""):
        super().__init__(message)
        self.status = status
        self.zh = zh


def text(name: str, default: str | None = None, limit: int = MAX_PARAM_CHARS) -> str | None:
    value = request.args.get(name)
    if value is None:
        return default
    if len(value) > limit:
        raise BadParameter(f"The parameter {name!r} is too long ({len(value)} characters; "
                           f"at most {limit}).")
    if "\ufffd" in value:
        raise BadParameter(f"The parameter {name!r} contains bytes that are not UTF-8 text.")
    if any(ord(ch) < 32 and ch not in "\t\n\r" or ord(ch) == 127 for ch in value):
        raise BadParameter(f"The parameter {name!r} contains control characters.")
    return value


def choice(name: str, allowed: list[str] | tuple[str, ...], default: str | None = None
           ) -> str | None:
    value = text(name, default, limit=100)
    if value in (None, ""):
        return default
    if value not in allowed:
        raise BadParameter(f"Unknown {name} {value!r}; known: {', '.join(allowed)}.")
    return value


def integer(name: str, default: int, low: int, high: int) -> int:
    value = text(name, None, limit=12)
    if value in (None, ""):
        return default
    try:
        number = int(value)
    except ValueError:
        raise BadParameter(
            f"The parameter {name!r} must be a whole number, not {value!r}.") from None
    if not low <= number <= high:
        raise BadParameter(f"The parameter {name!r} must be between {low} and {high}.")
    return number
