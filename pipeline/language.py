"""The language a text is written in, measured from its letters.

Kodeks reads Russian law text. A page of the laws in another language (a Polish or
English translation of a later code, a Ukrainian page) holds none of the Russian
codex's units, whatever numbers and letters it shares with them: the segmenter
makes no nodes of it and says so (K311), and its text stays in the source export.

The measure, in order:

1. the letters of the text (``\\p{L}``); fewer than ``MIN_LETTERS`` tell nothing
   (``""``: no language, read as Russian);
2. the share of Cyrillic letters among them. At least ``CYRILLIC`` is a Cyrillic
   text; below ``FOREIGN`` a text in another script; in between a Russian text
   with blocks in another language (the block rules keep those out, K309);
3. a text mostly in Latin letters most of whose Latin words read back into Russian
   words is Russian transliterated (``TRANSLIT``: the cleaner reads it back into Cyrillic,
   ``clean.transliteration``, and the cleaned text is measured again);
4. a Cyrillic text is Russian unless letters that the Russian alphabet lacks
   (``і ї є ґ ў`` …) make up ``OTHER_CYRILLIC`` of its Cyrillic letters; then,
   and for a text in another script, ``py3langid`` (its model ships in the
   wheel) names the language. The model is loaded only then: a Russian build
   never pays for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal, NamedTuple

import regex

from . import codepages

RUSSIAN = "ru"

MISREAD = "x-misread"
"""The code of a text that is Russian in UTF-8 read through a code page of another
script (``codepages.UTF8_READ_AS``) and left so: the cleaner decodes such a line
back, so a text still measured so lost bytes on the way (a page that dropped the
characters its code page lacks) and no decoding brings it back."""

MISREAD_SHARE = 0.3
"""Least share, among the letters and lead characters of a text, of the characters
a Russian letter's first UTF-8 byte becomes in those code pages (about one half in
such a text; a capital or two in a hundred letters of Greek or Polish)."""

TRANSLIT = "x-translit"
"""The code of a text that is Russian written in Latin letters (``Pravilo 64.
Protsedura …``), as some online libraries serve every book on request: most of its
Latin words read back into words the Russian dictionary knows
(``pipeline.translit``)."""

TRANSLIT_SHARE = 0.8
"""Least share of a text's distinct Latin words (three letters or more) that read
back into Russian words (``translit.share_read_back``) for the text to be Russian in
Latin letters. An English page reads back a quarter of its words or fewer (``most``,
``past``), a page in a Slavic language in Latin script up to two thirds (Serbian
written without its accents: ``pravilo``, ``igra``, ``posle``), Russian 0.87 and more."""

TRANSLIT_LEAST = 10
"""Fewest distinct Latin words that tell a text is Russian in Latin letters."""

NOT_READ = {
    MISREAD: "the text is Russian in UTF-8 read through a code page of another script, and "
    "bytes were lost on the way (no decoding brings it back)",
    TRANSLIT: "the text is Russian written in Latin letters (transliterated), and too "
    "little of it reads back into Cyrillic words: give Kodeks a copy in Cyrillic (a library "
    "that serves the book transliterated serves it in Cyrillic too)",
}
"""What a message says of a Russian text measured as no Russian (K311), by its code."""

UNNAMED = "?"
"""The code ``measure(text, identify=False)`` gives where only the model can name the
language: letters of another script, or Cyrillic letters the Russian alphabet lacks
(which a wrong code page writes too, so the profile lets the cleaned text speak first:
``profile.settle``)."""

MIN_LETTERS = 40
"""Fewer letters than this tell no language (a page of numbers, a short line)."""

CYRILLIC = 0.5
"""Least share of Cyrillic letters among the letters of a Cyrillic text."""

FOREIGN = 0.2
"""A text with a smaller share of Cyrillic letters is in another script's language;
between this and ``CYRILLIC`` it is Russian with blocks in another language."""

OTHER_CYRILLIC = 0.01
"""Least share, among the Cyrillic letters, of letters the Russian alphabet lacks
for a Cyrillic text to be asked whether it is another language."""

SAMPLE = 20_000
"""Characters of a text the model reads (the start of a long book tells its language)."""

_LETTERS = regex.compile(r"\p{L}+")
_CYRILLIC_WORD = regex.compile(r"\p{Script=Cyrillic}+")
_NOT_RUSSIAN = regex.compile(r"[іїєґўђјљњћџѓќѕІЇЄҐЎЂЈЉЊЋЏЃЌЅ]")

NAMES = {
    "ru": "Russian",
    "uk": "Ukrainian",
    "be": "Belarusian",
    "bg": "Bulgarian",
    "sr": "Serbian",
    "mk": "Macedonian",
    "pl": "Polish",
    "en": "English",
    "de": "German",
    "fr": "French",
    "it": "Italian",
    "es": "Spanish",
    "nl": "Dutch",
    "cs": "Czech",
    "sk": "Slovak",
    "lt": "Lithuanian",
    "lv": "Latvian",
    "et": "Estonian",
    "el": "Greek",
    MISREAD: "Russian read through a wrong code page, beyond repair",
}
"""English names of the languages a report names most often; others by their code."""

_CYRILLIC_LANGUAGES = ["ru", "uk", "be", "bg", "sr", "mk"]


@dataclass(frozen=True, slots=True)
class Language:
    """What ``measure`` found: the language's ISO 639-1 code (``""``: too few
    letters to tell), the share of Cyrillic letters among the letters, and the
    number of letters read."""

    code: str
    cyrillic: float
    letters: int

    @property
    def foreign(self) -> bool:
        """Written in a language other than Russian (a text too short to tell is not)."""
        return self.code not in ("", RUSSIAN)

    @property
    def name(self) -> str:
        return name(self.code)


def name(code: str) -> str:
    """The English name of a language code (the code itself when not listed)."""
    return NAMES.get(code, code or "unknown")


def described(code: str) -> str:
    """A language for a message: its name and code («Polish (pl)»), or the code
    alone when ``NAMES`` does not list it («the language coded no»)."""
    return f"{NAMES[code]} ({code})" if code in NAMES else f"the language coded {code or '?'}"


@lru_cache(maxsize=1)
def _identifier() -> Any:
    """py3langid's identifier over its model's two large tables (the DFA's rows
    and the per-feature probabilities, some 70 of the model's 75 MB) mapped
    from an unnamed temporary file rather than read into memory: a text touches
    only the rows its bytes visit, so a build that meets a page in another
    language holds a few MB of the model, not all of it (``_mapped``)."""
    from py3langid.langid import MODEL_DIR, MODEL_FILE, LanguageIdentifier

    arrays = _mapped(MODEL_DIR / MODEL_FILE)
    if arrays is None:  # a model of another layout: the library reads it whole
        return LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)
    return LanguageIdentifier(
        arrays["ptc"],
        arrays["pc"],
        arrays["classes"].tolist(),
        arrays["nextmove"],
        arrays["out_feat"].tolist(),
        norm_probs=True,
        tk_row=arrays["nextmove_row"],
    )


_MAPPED = frozenset({"ptc", "nextmove"})
"""The model's arrays that ``_mapped`` leaves on disk (the rest are small)."""

_LAYOUT = frozenset({"ptc", "pc", "classes", "nextmove", "nextmove_row", "out_feat"})
"""The arrays of py3langid's model file (``modelio.save_model``)."""


def _mapped(path: Path) -> dict[str, Any] | None:
    """The arrays of py3langid's model (an ``.npz`` compressed with LZMA) by name,
    the large ones (``_MAPPED``) as read-only views of a memory map, the DFA's
    tables as the flat integer buffers the library indexes; None when the file
    does not hold the layout this reads (``_LAYOUT``).

    The archive is unpacked, a piece at a time, into an unnamed temporary file
    (it has no name to leave behind: the system frees it when the map goes, with
    the identifier, or the process ends), each array's bytes at an aligned
    offset. The small arrays are read into memory."""
    import lzma
    import math
    import mmap
    import shutil
    import tempfile
    import zipfile

    import numpy as np
    from numpy.lib import format as npy

    with tempfile.TemporaryFile() as archive, tempfile.TemporaryFile() as tables:
        with lzma.open(path) as packed:
            shutil.copyfileobj(packed, archive, _PIECE)
        archive.seek(0)
        small: dict[str, Any] = {}
        placed: dict[str, tuple[int, Any, tuple[int, ...]]] = {}
        with zipfile.ZipFile(archive) as npz:
            names = {name.removesuffix(".npy"): name for name in npz.namelist()}
            if set(names) != _LAYOUT:
                return None
            for key, name in names.items():
                with npz.open(name) as member:
                    if key not in _MAPPED:
                        small[key] = npy.read_array(member, allow_pickle=False)
                        continue
                    version = npy.read_magic(member)
                    read_header = (
                        npy.read_array_header_1_0
                        if version == (1, 0)
                        else npy.read_array_header_2_0
                    )
                    shape, fortran, dtype = read_header(member)
                    if fortran or dtype.hasobject:
                        return None
                    end = tables.seek(0, 2)
                    start = tables.seek(end + -end % _ALIGN)
                    shutil.copyfileobj(member, tables, _PIECE)
                    placed[key] = (start, dtype, shape)
        tables.flush()
        view = mmap.mmap(tables.fileno(), 0, access=mmap.ACCESS_READ)
    arrays: dict[str, Any] = {
        key: np.frombuffer(view, dtype=dtype, count=math.prod(shape), offset=start).reshape(shape)
        for key, (start, dtype, shape) in placed.items()
    }
    # the DFA is walked a byte at a time: Python indexes a buffer of plain
    # integers far faster than an array's elements (the library's loader makes
    # both of its tables such buffers too)
    arrays["nextmove"] = _integers(arrays["nextmove"])
    arrays["nextmove_row"] = _integers(small.pop("nextmove_row"))
    return {**small, **arrays}


def _integers(a: Any) -> memoryview:
    """A flat array of unsigned integers as a buffer whose items are Python ints."""
    return a.data.cast("B").cast(_TYPECODE[a.dtype.itemsize])


_TYPECODE: dict[int, Literal["H", "I", "L"]] = {2: "H", 4: "I", 8: "L"}
"""The buffer format of an unsigned integer of each size (the library's own)."""

_PIECE = 1 << 20
"""Bytes copied at a time while the model is unpacked."""

_ALIGN = 64
"""Each mapped array starts at a multiple of this many bytes."""


def clear_cache() -> None:
    """Let the language model go (the few MB a text touched of it, once loaded,
    by one page in another language); the next text that needs it loads it again.
    A build lets it go when its per-source stages are done (``spill.release``), as
    nothing after them measures a language."""
    _identifier.cache_clear()


def measure(text: str, identify: bool = True) -> Language:
    """The language of ``text`` (see the module's docstring); without ``identify``,
    ``UNNAMED`` where the model would be asked (it is not loaded)."""
    letters, cyr, not_russian, leads, lead_marks = _tally(text)
    if letters < MIN_LETTERS:
        return Language("", 0.0, letters)
    share = cyr / letters
    # lead letters (``Π``, ``Ð``) so many that a third of the letters are misread ones,
    # whatever Cyrillic letters the rest of the page kept; the leads that are no
    # letters (the dashes a Mac code page makes of them) count only below, where no
    # share of Cyrillic letters says Russian (a contents page's dash leaders)
    if leads - lead_marks >= MISREAD_SHARE * letters:
        return Language(MISREAD, share, letters)
    # Russian in Latin letters, maybe under a site's menus in Cyrillic
    if share < CYRILLIC and transliterated(text[:SAMPLE]):
        return Language(TRANSLIT, share, letters)
    if share >= FOREIGN and (share < CYRILLIC or not_russian < OTHER_CYRILLIC * cyr):
        return Language(RUSSIAN, share, letters)
    if leads >= MISREAD_SHARE * (letters + lead_marks):
        return Language(MISREAD, share, letters)
    if not identify:
        return Language(UNNAMED, share, letters)
    if share >= CYRILLIC:
        ranked = _identifier().rank(_cyrillic_words(text)[:SAMPLE])
        code = next((c for c, _p in ranked if c in _CYRILLIC_LANGUAGES), RUSSIAN)
    else:
        code = _identifier().classify(text[:SAMPLE])[0]
    return Language(str(code), share, letters)


def transliterated_page(text: str) -> bool:
    """Whether ``text`` is Russian written in Latin letters, measured on its first
    ``SAMPLE`` characters (``measure``: a text in Latin letters most of whose words
    read back into Russian ones). What measures a raw text reads such a page back
    (``markup.visible``), and the cleaner writes it back (``clean.transliteration``)."""
    return measure(text[:SAMPLE], identify=False).code == TRANSLIT


def transliterated(text: str) -> bool:
    """Whether ``text``, written in Latin letters, is Russian transliterated: at least
    ``TRANSLIT_SHARE`` of its distinct Latin words read back into words the Russian
    dictionary knows (``translit.share_read_back``)."""
    from . import translit

    share, words = translit.share_read_back(text)
    return words >= TRANSLIT_LEAST and share >= TRANSLIT_SHARE


class Tally(NamedTuple):
    """What ``_tally`` counts in a text."""

    letters: int
    """Letters (``_LETTERS``)."""
    cyrillic: int
    """Cyrillic letters (``_CYRILLIC_WORD``)."""
    not_russian: int
    """Letters the Russian alphabet lacks (``_NOT_RUSSIAN``)."""
    leads: int
    """Lead characters of UTF-8 read through another script's code page
    (``codepages.utf8_leads``), letters or not."""
    lead_marks: int
    """Those of them that are no letters (``–``, ``╨``)."""


def _tally(text: str) -> Tally:
    """The counts of ``Tally``: each is a class of single characters, so they come
    from one histogram of the text's code points (numpy counts an 8 MB book in a
    few hundredths of a second; a pattern's runs cost one string per word), each
    distinct character classified once."""
    if not text:
        return Tally(0, 0, 0, 0, 0)
    import numpy as np

    # surrogatepass: a lone surrogate (``surrogateescape`` bytes) is a character too
    points = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype="<u4")
    counts = np.bincount(points)
    present = np.flatnonzero(counts)
    tally = [0, 0, 0, 0, 0]
    for point, n in zip(present.tolist(), counts[present].tolist(), strict=True):
        letter, cyrillic, other, lead = _classes(point)
        tally[0] += n if letter else 0
        tally[1] += n if cyrillic else 0
        tally[2] += n if other else 0
        tally[3] += n if lead else 0
        tally[4] += n if lead and not letter else 0
    return Tally(*tally)


@lru_cache(maxsize=65_536)
def _classes(point: int) -> tuple[bool, bool, bool, bool]:
    """Whether one code point is a letter, Cyrillic, a letter Russian lacks, a lead
    character of UTF-8 misread (``_tally``)."""
    ch = chr(point)
    return (
        _LETTERS.match(ch) is not None,
        _CYRILLIC_WORD.match(ch) is not None,
        _NOT_RUSSIAN.match(ch) is not None,
        ch in codepages.utf8_leads(),
    )


def _cyrillic_words(text: str) -> str:
    """The Cyrillic words of a text, one space between them: Latin chrome and
    numbers around them do not sway the choice among Cyrillic languages."""
    return " ".join(_CYRILLIC_WORD.findall(text))
