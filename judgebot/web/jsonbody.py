"""Reading a JSON request body within bounds: the one reader every POST route uses.

Python's ``json`` parser recurses once per ``[`` or ``{``, so 30,000 of them
end in a RecursionError; it accepts lone surrogates (``"\\ud800"``), which
then fail when the answer is encoded; and it reads integers of thousands of
digits. :func:`parse` refuses each before it can do harm, with a message
saying what was wrong and a 400 (or 413 for a body over the size limit):

    parse(b'{"question": "trample?"}')  →  {"question": "trample?"}
    parse(b"[" * 30000)                 →  BadParameter (400): nested too deeply

:func:`from_request` reads the current Flask request's body with the same
bounds. The application's JSON provider also parses through :func:`parse`, so
``request.get_json()`` anywhere is bounded too.
"""

from __future__ import annotations

import json
import re
from typing import Any

from judgebot.web.params import BadParameter

MAX_BYTES = 64 * 1024
MAX_DEPTH = 32  # every body the API takes is an object of a few fields
MAX_DIGITS = 100

# A JSON string (with its escapes), or one bracket outside strings.
_TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]', re.DOTALL)


def parse(body: bytes | str, *, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """The JSON value of ``body``, or :class:`BadParameter` saying why there is none."""
    if len(body) > max_bytes:
        raise BadParameter(f"The request body is too large ({len(body)} bytes; at most "
                           f"{max_bytes}).", status=413,
                           zh=f"请求体过大（{len(body)} 字节；最多 {max_bytes}）。")
    if isinstance(body, bytes):
        try:
            text = body.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise BadParameter(f"The request body is not UTF-8 text (byte {exc.start}).",
                               zh=f"请求体不是 UTF-8 文本（第 {exc.start} 字节）。") from None
    else:
        text = body
    if not text.strip():
        raise BadParameter("The request body is empty: send a JSON object.",
                           zh="请求体是空的：请发送一个 JSON 对象。")
    _check_depth(text, max_depth)
    try:
        value = json.loads(text, parse_int=_integer, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise BadParameter(f"The request body is not valid JSON: {exc.msg} (line {exc.lineno}, "
                           f"column {exc.colno}).",
                           zh=f"请求体不是有效的 JSON：第 {exc.lineno} 行第 {exc.colno} 列有误。"
                           ) from None
    _check_text(value)
    return value


def from_request(max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """The current request's body parsed by :func:`parse`, read no further than
    ``max_bytes`` (a declared or chunked body over it is refused unread)."""
    from flask import request

    if request.content_length is not None and request.content_length > max_bytes:
        raise BadParameter(f"The request body is too large ({request.content_length} bytes; "
                           f"at most {max_bytes}).", status=413,
                           zh=f"请求体过大（{request.content_length} 字节；最多 {max_bytes}）。")
    body = request.stream.read(max_bytes + 1)
    return parse(body, max_bytes=max_bytes, max_depth=max_depth)


def _check_depth(text: str, max_depth: int) -> None:
    depth = 0
    for match in _TOKENS.finditer(text):
        token = match.group()
        if token in ("[", "{"):
            depth += 1
            if depth > max_depth:
                raise BadParameter(f"The JSON in the request body is nested more than "
                                   f"{max_depth} levels deep.",
                                   zh=f"请求体中的 JSON 嵌套超过 {max_depth} 层。")
        elif token in ("]", "}"):
            depth -= 1


def _integer(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise BadParameter(f"A number in the request body has more than {MAX_DIGITS} digits.",
                           zh=f"请求体中有超过 {MAX_DIGITS} 位的数字。")
    return int(digits)


def _constant(name: str) -> float:
    raise BadParameter(f"{name} is not a JSON number.", zh=f"{name} 不是 JSON 数字。")


def _check_text(value: Any) -> None:
    """Refuse lone surrogates (``"\\ud800"``): JSON can spell them, but they are
    not characters, and no answer quoting them could be encoded."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError as exc:
                raise BadParameter(
                    f"The request body contains a lone surrogate (\\u{ord(item[exc.start]):04x}),"
                    " which is not a character.",
                    zh="请求体含有单独的代理码位（\\u"
                       f"{ord(item[exc.start]):04x}），它不是字符。") from None
