"""The code pages Russian text is written in, and those it is mis-read through.

One table each, read by the cleaner (which decodes a mis-read line back,
``clean.mojibake``) and by the language measure (which tells a page that no
decoding can bring back from a page in another language, ``language.measure``).
"""

from __future__ import annotations

import re
from functools import lru_cache

CYRILLIC = ("cp1251", "koi8_r", "cp866", "utf_8", "mac_cyrillic")
"""The encodings Russian text comes in: the candidates charset-normalizer may choose."""

RARE_CYRILLIC = ("mac_cyrillic", "iso8859_5")
"""Cyrillic code pages a file is seldom in: a whole file may be read in one of them,
never a few lines of a UTF-8 file (a line or two in a common one, ``read.LEGACY``,
reads as well in these, its capitals aside)."""

WRONG = ("latin_1", "cp1252", "cp1251", "koi8_r", "cp866", "mac_roman", "iso8859_7")
"""The decodings a Russian text may have been given by mistake before it reached us
(ftfy's ``fix_encoding`` undoes the other code pages of ``UTF8_READ_AS`` itself)."""

UTF8_READ_AS = (
    "latin_1",
    "sloppy-windows-1252",
    "sloppy-windows-1250",
    "sloppy-windows-1253",
    "sloppy-windows-1254",
    "sloppy-windows-1257",
    "iso8859_2",
    "iso8859_7",
    "mac_roman",
    "cp437",
)
"""The single-byte code pages of other scripts that UTF-8 Russian text is read
through on the web (Western, Central European, Greek, Turkish, Baltic, the Mac's,
DOS's); UTF-8 read as a Cyrillic code page has signs of its own (``clean._SUSPECT``)."""


@lru_cache(maxsize=1)
def utf8_leads() -> str:
    """The characters the first byte of a Russian letter in UTF-8 (``0xD0``,
    ``0xD1``) becomes in the code pages of ``UTF8_READ_AS``: every letter of such a
    text is one of them and one more character."""
    import ftfy.bad_codecs  # noqa: F401  (registers the sloppy-windows-* codecs)

    return "".join(sorted({bytes([b]).decode(c) for b in (0xD0, 0xD1) for c in UTF8_READ_AS}))


def sloppy(codec: str) -> str:
    """The codec that encodes what ``codec`` decodes as a browser does: ftfy's
    ``sloppy-`` Windows code page keeps a byte the page's table leaves undefined as the
    control character a browser shows for it (UTF-8 «И» read as CP1251 is ``Р`` and
    U+0098, which ``cp1251`` itself cannot encode back)."""
    if codec != "cp1251":
        return codec
    import ftfy.bad_codecs  # noqa: F401  (registers the sloppy-windows-* codecs)

    return "sloppy-windows-1251"


@lru_cache(maxsize=1)
def _utf8_letter_as_cp1251() -> re.Pattern[str]:
    """A Russian letter of UTF-8 as CP1251 reads it: ``Р`` or ``С`` (its first byte,
    ``0xD0``, ``0xD1``) and what CP1251 makes of a byte ``0x80``–``0xBF``."""
    tail = "".join(sorted(set(bytes(range(0x80, 0xC0)).decode(sloppy("cp1251")))))
    return re.compile(f"[РС][{re.escape(tail)}]")


UTF8_LETTERS = 4
"""Russian letters a line's reading back as UTF-8 holds at least to vouch for itself."""


def utf8_read_as_cp1251(line: str) -> str | None:
    """``line`` read back as the UTF-8 it was before CP1251 read it (``РџСЂР°РІРёР»Рѕ``
    is «Правило»), when its characters' CP1251 bytes are UTF-8 throughout and make
    ``UTF8_LETTERS`` Russian letters or more (a Russian line in CP1251 never does: its
    letters are lead bytes with no byte after them that continues one); ``None``
    otherwise. The byte test alone decides: no dictionary is asked."""
    if _utf8_letter_as_cp1251().search(line) is None:
        return None
    try:
        back = line.encode(sloppy("cp1251")).decode("utf-8")
    except (UnicodeEncodeError, UnicodeDecodeError):
        return None
    russian = sum(1 for c in back if "\u0410" <= c <= "\u044f" or c in "Ёё")
    return back if russian >= UTF8_LETTERS else None


def may_hold_utf8_as_cp1251(text: str) -> bool:
    """``text`` holds a Russian letter of UTF-8 as CP1251 reads it (a cheap test of a
    whole text before ``utf8_read_as_cp1251`` is asked of its lines)."""
    return _utf8_letter_as_cp1251().search(text) is not None
