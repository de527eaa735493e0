"""The compact form a scenario takes inside a link: raw DEFLATE, then URL-safe
base64 without padding; unpacked with its size bounded (no zip bombs)."""

from __future__ import annotations

import base64
import binascii
import re
import zlib

from judgebot.web.simulate.limits import MAX_BYTES, Problem, decode_bytes, kb

# The encoded scenario in a link: the app refuses query strings over 8192 bytes.
MAX_LINK_CHARS = 7000
LINK_CODE = re.compile(r"[A-Za-z0-9_-]*")


def encode_link(text: str) -> str:
    """The scenario as a link parameter: raw DEFLATE, then URL-safe base64 without padding."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(text.encode("utf-8")) + packer.flush()
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def permalink(text: str) -> str | None:
    """The simulation page's address for a scenario (what other pages link to),
    or None when the scenario is too long to travel in a link."""
    code = encode_link(text)
    return f"/simulate?s={code}" if len(code) <= MAX_LINK_CHARS else None


def decode_link(code: str) -> str:
    """The inverse of :func:`encode_link`; a damaged or oversized code is a :class:`Problem`
    (inflating stops as soon as the text passes the size limit: no zip bombs)."""
    damaged = Problem("The link's scenario is damaged (it was perhaps cut short when copied).",
                      "链接中的情景已损坏（可能复制时被截断）。", kind="bad-input")
    if len(code) > MAX_LINK_CHARS:
        raise Problem(f"The link's scenario is too long ({len(code):,} characters; at most "
                      f"{MAX_LINK_CHARS:,}).",
                      f"链接中的情景过长（{len(code):,} 个字符；上限 {MAX_LINK_CHARS:,}）。",
                      status=414)
    if not LINK_CODE.fullmatch(code):
        raise damaged
    try:
        packed = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
        unpacker = zlib.decompressobj(-15)
        data = unpacker.decompress(packed, MAX_BYTES + 1)
        if len(data) > MAX_BYTES or unpacker.unconsumed_tail:
            raise Problem(f"The link's scenario is too long (over {kb(MAX_BYTES)} once "
                          "unpacked).", f"链接中的情景过长（解压后超过 {kb(MAX_BYTES)}）。",
                          status=413)
        if not unpacker.eof:
            raise damaged
    except (binascii.Error, zlib.error, ValueError):
        raise damaged from None
    return decode_bytes(data)
