"""Russian morphology shared by every stage: one pymorphy3 analyzer, cached.

- ``is_known(word)``: the dictionary knows this form (the cleaner uses it to
  decide joins of split words); ``unknown(words)``: those of a set of forms it
  does not know;
- ``is_common(word)``: the dictionary knows it as an ordinary word (no name, no
  distorted or archaic form);
- ``is_surname(word)``: every reading is a person's name (an initial before it is
  no section letter);
- ``fill(pattern, classes)``: the forms a word with gaps may be (each gap one of a
  class of letters);
- ``frequency(word)``: how common a form is (wordfreq's Zipf scale);
- ``lemma(word)``: the normal form of the most probable parse, lower case (the
  reference detector and the search index use it, so documents and queries go
  through the same analysis);
- ``nlp()``: a ``spacy.blank("ru")`` pipeline whose lemmatizer is pymorphy3.
  Nothing is downloaded: pymorphy3-dicts-ru ships the dictionary.

Results are cached by word form: the corpus repeats a small vocabulary, so the
analyzer runs once per distinct form.
"""

from __future__ import annotations

from functools import lru_cache

import regex

WORD = regex.compile(r"[\p{L}\p{M}]+(?:-[\p{L}\p{M}]+)*")
"""A word: letters, possibly hyphenated (``из-за``, ``какие-либо``)."""


@lru_cache(maxsize=1)
def analyzer():
    """The process-wide pymorphy3 analyzer (loading it takes ~0.3 s)."""
    import pymorphy3

    return pymorphy3.MorphAnalyzer(lang="ru")


_CYRILLIC_WORD = regex.compile(r"[\p{Cyrillic}-]+")
_HAS_CYRILLIC = regex.compile(r"\p{Cyrillic}")


@lru_cache(maxsize=1)
def _forms():
    """The dictionary's word forms as they are written (pymorphy3's DAWG)."""
    return analyzer().dictionary.words


@lru_cache(maxsize=200_000)
def is_known(word: str) -> bool:
    """True when the dictionary holds this exact form (case-insensitive, ё = е)."""
    w = word.lower()
    return bool(w) and _CYRILLIC_WORD.fullmatch(w) is not None and _in_dictionary(w)


_CYRILLIC_LINES = regex.compile(rf"^{_CYRILLIC_WORD.pattern}$", regex.M)
"""``_CYRILLIC_WORD``, each line of a text whole (``unknown``)."""


def _in_dictionary(w: str) -> bool:
    """``is_known`` of a lower-case form of ``_CYRILLIC_WORD``."""
    # a form the DAWG holds as written is known; ``word_is_known`` also tries ё for
    # е, at several times the cost, so it is asked only about the rest
    return w in _forms() or analyzer().word_is_known(w)


@lru_cache(maxsize=8)
def _replaces(classes: tuple[tuple[str, str], ...]):
    """``classes`` compiled as the dictionary's DAWG (the C reader or the pure one)
    reads replacements."""
    return type(_forms()).compile_replaces({mark: list(letters) for mark, letters in classes})


@lru_cache(maxsize=65_536)
def fill(pattern: str, classes: tuple[tuple[str, str], ...]) -> tuple[str, ...]:
    """The forms the dictionary holds that ``pattern`` (small letters) may stand for,
    each mark of ``classes`` (``(mark, letters)``) one of its letters: one walk of the
    dictionary's DAWG (``ΠΡавило``-style gaps filled: ``fill("\ue001ед", …)``)."""
    return tuple(_forms().similar_keys(pattern, _replaces(classes)))


@lru_cache(maxsize=65_536)
def frequency(word: str) -> float:
    """How common ``word`` is in Russian, on the Zipf scale (0 for a word wordfreq has
    not seen; 6 for the commonest): of two readings the dictionary holds, the likelier.
    wordfreq's tables ship in its wheel; the first call loads them (about a second)."""
    import wordfreq

    return wordfreq.zipf_frequency(word, "ru")


_KNOWN: set[str] = set()
"""Forms ``is_known`` found known, as one set (``unknown`` takes them from a
text's words with one set difference); at most ``_KNOWN_MAX``, as the cache of
``is_known`` holds a bounded number."""
_KNOWN_MAX = 200_000


def unknown(words: set[str]) -> set[str]:
    """The forms among ``words`` that ``is_known`` does not know. A text's
    distinct words are mostly known and mostly met before in the build: the
    forms found known are taken away in one set difference, and only the rest
    are looked up (``is_known``'s tests)."""
    rest = [(w, w.lower()) for w in words - _KNOWN]
    # which of them are Cyrillic words (``is_known``'s first test) is read in one
    # pass over them, a line each (a form with a line break in it is none: only its
    # pieces can match): a pattern's call for each cost as much as the lookup
    lines = "\n".join(low for _w, low in rest)
    cyrillic = set(_CYRILLIC_LINES.findall(lines, concurrent=False))
    out = set()
    for w, low in rest:
        if low in cyrillic and _in_dictionary(low):
            if len(_KNOWN) >= _KNOWN_MAX:
                _KNOWN.clear()
            _KNOWN.add(w)
        else:
            out.add(w)
    return out


_PERSONAL = frozenset(("Surn", "Name", "Patr"))
_PROPER = _PERSONAL | {"Geox", "Orgn"}


@lru_cache(maxsize=65_536)
def is_surname(word: str) -> bool:
    """True when every reading of ``word`` is a person's name (``Смирнов``,
    ``Коваленко``) or the adjective such names also read as: what follows an
    initial (``В. Смирнов``), never a word a title opens with (``Наказание``)."""
    if not regex.fullmatch(r"\p{Lu}\p{Ll}+", word or "") or not regex.match(r"\p{Cyrillic}", word):
        return False
    parses = analyzer().parse(word)
    if not any(_PERSONAL & p.tag.grammemes for p in parses):
        return False
    return all(_PROPER & p.tag.grammemes or p.tag.POS in ("ADJF", "ADJS") for p in parses)


_UNCOMMON = _PROPER | {"Dist", "Infr", "Slng", "Arch", "Litr", "Erro", "Abbr", "Init"}
"""Grammemes of a form ordinary text seldom holds: names, distorted, informal, slang,
archaic, literary, misspelt forms, abbreviations and initials."""


@lru_cache(maxsize=65_536)
def is_common(word: str) -> bool:
    """True when the dictionary knows ``word`` as an ordinary word: some reading of it
    is no name and no distorted, informal, archaic or misspelt form (``_UNCOMMON``;
    ``етот`` is known only as a distorted ``этот``, ``которе`` only as a place)."""
    if not is_known(word):
        return False
    return any(not _UNCOMMON & p.tag.grammemes for p in analyzer().parse(word.lower()))


_FUNCTION = frozenset({"PREP", "CONJ", "PRCL"})
"""Parts of speech of the words that join others: a preposition, a conjunction, a
particle."""


@lru_cache(maxsize=65_536)
def is_function_word(word: str) -> bool:
    """True when the most probable reading of ``word`` is a preposition, a conjunction
    or a particle (``во``, ``так``, ``то``; not the pronoun ``вы`` of ``вы|игранная``):
    such a word and the next may be two words or one (``во время`` and ``вовремя``,
    ``так же`` and ``также``), which no dictionary can tell apart."""
    parses = analyzer().parse(word.lower())
    return bool(parses) and parses[0].tag.POS in _FUNCTION


@lru_cache(maxsize=200_000)
def lemma(word: str) -> str:
    """Normal form of the most probable parse, lower case, ``ё`` folded to ``е``.

    Non-Cyrillic tokens (numbers, Latin addresses) are returned lower-cased."""
    w = word.lower().replace("ё", "е")
    if not _HAS_CYRILLIC.search(w):
        return w
    return analyzer().parse(w)[0].normal_form.replace("ё", "е")


def clear_caches() -> None:
    """Forget the word look-ups (``is_known``, ``is_surname``, ``lemma``), not the
    dictionary. Full, the caches hold some 40 MB; a build clears them when its
    per-source stages are done and after its search index, so that what it
    renders next does not stand on them."""
    for fn in (is_known, is_common, is_surname, lemma):
        fn.cache_clear()
    _KNOWN.clear()


@lru_cache(maxsize=1)
def nlp():
    """``spacy.blank("ru")`` with the pymorphy3 lemmatizer; no model download."""
    import spacy

    pipe = spacy.blank("ru")
    pipe.add_pipe("lemmatizer", config={"mode": "pymorphy3", "overwrite": True})
    pipe.initialize()
    return pipe
