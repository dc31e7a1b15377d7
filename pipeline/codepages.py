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


# -- UTF-8 read through a code page that has no character for some bytes ------------

LOST_CAPITAL = "\ue000"
"""Where a lost byte took a capital Russian letter (``0xD0`` and a byte ``0x90``–``0x9F``:
А–П; ``0x81`` Ё, ``0xAE`` Ю): the code page had no character for its second byte."""
LOST_SMALL = "\ue001"
"""Where a lost byte took a small Russian letter (``0xD1`` and ``0x80``–``0x8F``: р–я;
``0x91`` ё)."""
LOST_LETTERS = {
    LOST_CAPITAL: "абвгдежзийклмнопёю",
    LOST_SMALL: "рстуфхцчшщъыьэюяё",
}
"""The letters each mark of a lost byte may stand for (as the dictionary writes them,
in small letters)."""
LOSSY_CODECS = ("iso8859_7", "cp1253")
"""Code pages UTF-8 Russian text is read through that leave some bytes with no
character (Greek: ``0x80``–``0x9F`` in ISO 8859-7, a few in CP1253, and ``0xAE``), which
a copy then drops: «Правило» reaches the reader as ``ΠΡΠ°Π²ΠΈΠ»ΠΎ``, its «П» and «р» a
lead byte alone."""
LOSSY_LEADS = "\u03a0\u03a1"
"""``Π`` and ``Ρ``: the bytes ``0xD0`` and ``0xD1`` in both ``LOSSY_CODECS``."""
_PUNCTUATION_LEADS = {b"\xe2\x80\xa6": "…", b"\xe2\x80\xa2": "•", b"\xe2": "—", b"\xe2\x84": "№"}
"""What a three-byte character whose other bytes were lost most likely was: ``0xE2``
alone is a dash (the text's commonest), with ``0xA6`` an ellipsis, with ``0xA2`` a
bullet."""


def may_hold_lossy_utf8(line: str) -> bool:
    """``line`` may be UTF-8 Russian read through a ``LOSSY_CODECS`` page: its leads
    (``Π``, ``Ρ``) are a quarter of its letters or more, three at least."""
    leads = sum(line.count(c) for c in LOSSY_LEADS)
    return leads >= 3 and 4 * leads >= sum(c.isalpha() for c in line)


def lossy_utf8(line: str) -> str | None:
    """``line`` read back as the UTF-8 it was before a ``LOSSY_CODECS`` page read it
    and its characterless bytes were dropped: each Russian letter whose second byte was
    lost is ``LOST_CAPITAL`` or ``LOST_SMALL``, for the dictionary to fill. ``None``
    where a character of the line is in neither code page, or what its bytes make is
    not mostly Russian letters (a Greek text)."""
    for codec in LOSSY_CODECS:
        try:
            data = line.encode(codec)
        except UnicodeEncodeError:
            continue
        out = _read_lossy(data)
        if out is not None:
            return out
    return None


def _read_lossy(data: bytes) -> str | None:
    out: list[str] = []
    russian = other = 0
    i, n = 0, len(data)
    while i < n:
        b = data[i]
        if b < 0x80:
            out.append(chr(b))
            i += 1
            continue
        size = 2 if 0xC2 <= b <= 0xDF else 3 if 0xE0 <= b <= 0xEF else 0
        j = i + 1
        while j < n and j - i < size and 0x80 <= data[j] <= 0xBF:
            j += 1
        whole = data[i:j]
        if size and j - i == size:
            char = whole.decode("utf-8", errors="replace")
            out.append(char)
            russian += "\u0400" <= char <= "\u04ff"
        elif b in (0xD0, 0xD1) and j == i + 1:
            out.append(LOST_CAPITAL if b == 0xD0 else LOST_SMALL)
            russian += 1
        elif whole in _PUNCTUATION_LEADS:
            out.append(_PUNCTUATION_LEADS[whole])
        else:
            out.append("\ufffd")
            other += 1
        i = j
    if russian < 3 or other * 10 > russian:
        return None
    return "".join(out)


_CP1251_LETTER_AS_LATIN1 = re.compile("[\u00a8\u00b8\u00c0-\u00ff]")
"""A Russian letter of CP1251 as Latin-1 (or CP1252) reads it: its byte ``0xC0``–``0xFF``
(«а» is ``à``, «ч» is ``÷``), ``0xA8``, ``0xB8`` («Ё», «ё»)."""
_RUSSIAN_CASE = re.compile(r"[А-ЯЁ]?[а-яё]+|[А-ЯЁ]+")


def cp1251_read_as_latin1(line: str) -> str | None:
    """``line`` read back as the CP1251 it was before Latin-1 read it (``ïðàâèëî`` is
    «правило»), when none of its characters is an ASCII letter or a character of
    another script, ``UTF8_LETTERS`` of them or more are such bytes, and the words so
    read are written as Russian words are (small letters after a capital or none, or all
    capitals: the same bytes of KOI8-R or CP866 read so give words in mixed case);
    ``None`` otherwise. The bytes and the letters' case alone decide: no dictionary is
    asked (a line of a broken word's end and a short word, ``ôíóþ (ñì.``, holds no word
    to ask it of)."""
    if len(_CP1251_LETTER_AS_LATIN1.findall(line)) < UTF8_LETTERS:
        return None
    if any(c.isalpha() and (c.isascii() or not _CP1251_LETTER_AS_LATIN1.match(c)) for c in line):
        return None
    try:
        back = line.encode("latin_1").decode("cp1251")
    except (UnicodeEncodeError, UnicodeDecodeError):
        return None
    words = re.findall(r"\w+", back)
    if not words or not all(w.isdigit() or _RUSSIAN_CASE.fullmatch(w) for w in words):
        return None
    return back
