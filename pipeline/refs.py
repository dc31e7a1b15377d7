"""Stage 5, refs: the cross-reference detector ("см. правило 50", "по правилу 64А1",
"п. 64.8", "этому правилу") and the stage that runs it over every source's tree.

:func:`refs` is the stage: it fills each node's ``refs`` (and its
footnotes' refs) from its title and text, in order; on a page whose profile says
it is not law text (:data:`NOT_LAW_KINDS`) it links nothing and says so (K503). Self-references resolve to
the law that contains them; inside an unplaced fragment they give nothing.

Two entry points share one matching routine (:func:`scan`):

- :func:`find_references` (``text`` → list of :class:`pipeline.model.Reference`
  with their offsets in the text): the build's hot path, plain ``regex`` passes,
  no spaCy ``Doc``;
- the spaCy component ``kodeks_refs`` (``nlp.add_pipe("kodeks_refs")`` after
  ``import spacy, pipeline.refs``, or through the ``spacy_factories`` entry point
  Kodeks installs; it lives in :mod:`pipeline.refs_spacy`, so a build, which
  calls :func:`scan` alone, never imports spaCy): runs the same routine on ``doc.text`` and puts
  the references in ``doc.spans["kodeks_refs"]``, each with ``span._.target``
  (canonical address, also ``span.kb_id_``) and ``span._.ref_kind`` (also
  ``span.label_``); it also writes :func:`pipeline.morph.lemma` into
  ``token.lemma_`` for the components after it.

How a reference is found (the patterns are the named entries of :data:`FORMS`):

1. One pass of :data:`HEAD` finds the *heads*: any case form of "правило" and
   "пункт" (a closed list, :data:`NOUN_FORMS`), the abbreviations "п." / "п.п." /
   "пп.", a singular demonstrative before the noun ("этому правилу", "настоящего
   правила") and the footnote frame "сноску (*) к правилу". Glued forms
   ("(см.правило 23A") are heads too: only a letter or digit right before the
   head stops it.
2. From the end of each head a character regex reads the address:
   ``64``, ``64А1`` (Cyrillic look-alikes allowed), ``64 A1`` (blank before the
   section letter), ``67B1(A)``, ``64.8``, ``77.3.(iii)``; then ranges (``62–64``)
   and lists (``13 и 14``, ``64,65``, ``62.6. и 63.3.``).
3. Targets are canonical (:func:`pipeline.addresses.compose`, which maps
   look-alike letters and digits, checked with :func:`pipeline.addresses.is_canonical`).

Not references: law headings at a line start ("Правило 63. Выявление …"),
"настоящими правилами" (plural), a bare noun ("предписываемой Правилом"), a noun
whose number is cut off by the end of the text, ordinals ("12-й", "4-х"), and a
"пункт" / "п." with a bare number ("предыдущему пункту 1", "пункт 2 настоящего
правила"): a clause of the text at hand, not a law.
See ``docs/refs.md`` for the full list of forms.
"""

from __future__ import annotations

import bisect
import itertools
import sys
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import regex

from pipeline import editions
from pipeline.addresses import (
    CYRILLIC_ONLY,
    DIGIT_LOOKALIKES,
    by_place,
    compose,
    digits,
    law_of,
    section_of,
)
from pipeline.errors import diag
from pipeline.model import (
    REF_KINDS,
    Diagnostic,
    Footnote,
    Node,
    Reference,
    RefField,
    RefKind,
    Tree,
    edits_of_kind,
)
from pipeline.model import Span as SourceSpan

__all__ = [
    "FORMS",
    "HEAD",
    "KINDS",
    "MAX_LAW",
    "SPANS_KEY",
    "find_references",
    "heads",
    "scan",
]

KINDS = REF_KINDS
"""Every value of :attr:`pipeline.model.Reference.kind`."""

SPANS_KEY = "kodeks_refs"
"""Default ``doc.spans`` key of the component."""

MAX_LAW = editions.DEFAULT.laws
"""The number of laws of the edition (``pipeline/editions.toml``): a larger number
after "правило" is not a law."""

MAX_RANGE = 12
"""Longest range expanded (``правила 62–64`` → 3 refs); longer ones are not ranges."""


def _found(start: int, end: int, text: str, target: str, kind: RefKind) -> Reference:
    """A reference found at ``start:end`` of a text, not yet placed in a node."""
    return Reference(text=text, target=target, kind=kind, start=start, end=end)


# --- the grammar of reference forms: one table, one place ---------------------------
#
# Every pattern the detector uses is a named entry of FORMS. HEAD (the heads: noun,
# abbreviation, demonstrative + noun, footnote frame + noun) and the address readers
# below are compiled from it; the hot path (find_references) and the spaCy
# component run the same compiled patterns, so they cannot disagree.

NOUN_FORMS = {
    "правило": frozenset(
        "правило правила правилу правилом правиле правил правилам правилами правилах".split()
    ),
    "пункт": frozenset(
        "пункт пункта пункту пунктом пункте пункты пунктов пунктам пунктами пунктах".split()
    ),
}
"""Every case form of the two head nouns (a closed set, so the hot path needs no
morphology; ``tests/test_refs.py`` checks it against pymorphy3's lexemes)."""
SG_NOUN_FORMS = frozenset(
    "правило правила правилу правилом правиле пункт пункта пункту пунктом пункте".split()
)
"""Singular forms: a demonstrative before a plural («этим правилам», «настоящими
правилами») is no self-reference."""
SG_DEM_FORMS = frozenset(
    """этот это этого этому этим этом
    настоящий настоящее настоящего настоящему настоящим настоящем
    данный данное данного данному данным данном""".split()
)

_SEC_LOOKALIKE = "АВСЕН"
"""Cyrillic look-alikes of section letters (``А`` for A, ``В`` for B)."""
_SEC_BY_PLACE = "БГДЖ"
"""Section letters of a copy lettered in the Russian alphabet's order that have no Latin
look-alike, read by their place (``Б`` B, ``Г`` D: ``addresses.marker_letter``); not
``З``, which OCR reads for a 3 (``2З``)."""
_SEC_UP = "A-H" + _SEC_LOOKALIKE + _SEC_BY_PLACE
_SEC_BARE = "A-H" + _SEC_LOOKALIKE
"""Section letters of an address with no head noun before it (``(14А)``, ``8В и 8С …``):
no letter read by its place, which a bid in Russian notation writes too (``(1Б)``, one
diamond)."""
_SEC_LOW = "a-hавсен"
_DIG = r"[\d" + "".join(DIGIT_LOOKALIKES) + "]"
"""A digit, or a letter OCR reads for one (``addresses.DIGIT_LOOKALIKES``: З 3, О 0)."""


_SP = editions.BLANK
"""A blank inside a line (``editions.BLANK``): «правило\u00a064», «п.\u00a064.8»."""
_BLANK = rf"(?:{_SP}+\n?|\n){_SP}*"  # blanks with at most one line break


def _alt(words) -> str:
    return "|".join(sorted(words, key=lambda w: (-len(w), w)))


def _tail(forms) -> str:
    """The forms of one noun after their first letter, factored on their common stem
    (``равил(?:ами|ам|…)?``), so a scan for the first letter is all the pass costs."""
    stem = min(forms, key=len)
    while not all(f.startswith(stem) for f in forms):
        stem = stem[:-1]
    endings = [f[len(stem) :] for f in forms if f != stem]
    opt = "?" if stem in forms else ""
    return f"{stem[1:]}(?:{_alt(endings)}){opt}"


FORMS: dict[str, str] = {
    # heads
    # after the head's first letter «п»/«П» (any case after it: «ПРАВИЛАМ»)
    "noun": rf"(?i:{_tail(NOUN_FORMS['правило'])}|{_tail(NOUN_FORMS['пункт'])})",
    "p_abbr": rf"(?:\.{_SP}*[пП]\.|[пП]\.|\.)",
    # read backwards from the noun: «этому (же) правилу», «сноску (*) к правилу»
    # (words apart by blanks and at most one line break: never across a paragraph)
    "dem": rf"(?i:{_alt(SG_DEM_FORMS)})(?:{_BLANK}(?i:же))?{_BLANK}",
    "foot": rf"(?i:сноск(?:ами|ам|ах|ой|ою|а|и|е|у)|сносок)(?:{_SP}*[()\[\]*\d]+)*{_BLANK}к{_BLANK}",
    # addresses
    # (A), (1); Cyrillic look-alikes too; the later editions' small letters «(b)» (not
    # «(i)»: a Roman item), the codex's «(B)» (``addresses.compose``)
    "sub": rf"\((?:[A-Z{_SEC_LOOKALIKE}КМОРТХ]|[a-hас]|\d{{1,2}})\)",
    "items": r"(?:\([ivx]+\))+",
    "end": r"(?![\p{L}\p{N}]|-\p{L})",  # not "12-й", "4-х", "64Ав"
    # after a section letter set apart by a blank: a comma, a bracket, or a stop that
    # ends the sentence (no name's initial: «40 А. Смирнов»)
    "sec_end": rf"(?:[,;)]|\.(?!{_SP}*\p{{Lu}}\p{{Ll}}))",
    "gap": rf"{_SP}*(?:\n{_SP}*)?",  # between noun and address: at most one line break
    # the number sign some write before a law's number («по правилу № 64»)
    "number_sign": rf"(?:№{_SP}*)?",
    "sep": rf"(?:{_SP}*,{_SP}*\n?{_SP}*|\s+(?i:и|или|либо|а\s+также)\s+)",  # list separator
    # heads without a noun: «См. также 10.4.» names a commentary paragraph by its number
    # (found from its «м.», checked backwards: a scan for a literal costs a fifth of one
    # for «с», the commonest letter)
    "see": rf"м\.(?<=(?<![\p{{L}}\p{{N}}])[сС]м\.){_SP}*(?:(?i:также){_SP}*)?(?=\d)",
    # … and ends the sentence there (or the bracket): not a date «10.04.2001», not
    # «3.8.2.», not a price or a score going on «4.2 очка»
    "see_end": rf"(?!\.?\d)(?:\.?(?={_SP}*(?:\n|$)|{_SP}+[\p{{Lu}}«(])|(?={_SP}*[);]))",
    # the commentary's word for a law's section: «Раздел 13С не оставляет …», «в разделе
    # 64A» (an address with its section letter after it: «Раздел I» is a division heading)
    "section_noun": r"(?<![\p{L}\p{N}])(?i:раздел(?:ами|ам|ах|ом|ов|а|у|е|ы)?)(?!\p{L})",
    # … or a law's part of the commentary, its bare number then the commentary named:
    # «раздел 16 данного Комментария» (the commentary on law 16)
    "of_commentary": rf"{_SP}+(?:(?i:данного|настоящего|этого){_SP}+)?(?i:комментари)",
    # a law and its section alone in brackets: «… карта первого хода (14А) или ещё нет (14В)»
    "bracket": rf"\((?=\d{{1,2}}[{_SEC_BARE}]\d?\))",
    # a paragraph that opens with laws and sections joined by «и»: «8В и 8С отвечают …»
    "lead": rf"{_SP}*(?=\d{{1,2}}[{_SEC_BARE}](?!\p{{L}}))",  # at a line start
    "lead_end": rf"(?={_SP}+\p{{Ll}})",  # … and goes on with a lower-case word
}
_F = FORMS

# An address as written after a noun. Commentary paragraphs first: "64.8", "77.3.(iii)".
# A section letter may stand after a blank (a scan's or a typesetter's) when a clause
# number follows ("64 A1"), when a comma, a semicolon, a bracket or a stop that ends the
# sentence follows it ("64 В.", "45 E, где"; not "40 А. Смирнов", a name's initial), or,
# a Latin one, the line's end or «и» ("45 C и 46 B"): alone so, no word ends there.
_ADDR = rf"""
    (?P<num>\d{_DIG}{{0,2}})
    (?:
        \.(?P<para>\d{{1,2}})(?!\d)(?:\.?(?P<citems>{_F["items"]}))?
      | (?:{_SP}(?=[{_SEC_UP}]\d|[A-H]{_SP}*(?:\n|$|(?:и|или){_SP})|[{_SEC_UP}]{_SP}*{_F["sec_end"]}))?
        (?P<sec>[{_SEC_UP}]|[{_SEC_LOW}](?!\p{{L}}))
        (?:(?P<cl>\d{_DIG}?)(?P<subs>(?:{_F["sub"]})*)(?P<items>(?:{_F["items"]})?))?
    )?
    {_F["end"]}
"""
# A section-relative address: "пункте A" → law + "A".
_REL = rf"""
    (?P<sec>[{_SEC_UP}])
    (?:(?P<cl>\d{_DIG}?)(?P<subs>(?:{_F["sub"]})*)(?P<items>(?:{_F["items"]})?))?
    {_F["end"]}
"""
FORMS["addr"] = _ADDR
FORMS["rel"] = _REL

HEAD = regex.compile(
    rf"""
    [пП](?<![\p{{L}}\p{{N}}].)
    (?:
        (?P<noun>{_F["noun"]})(?!\p{{L}})
      | (?P<pabbr>{_F["p_abbr"]})(?={_F["gap"]}[\d{_SEC_UP}])
    )
    """,
    regex.X,
)
"""Where a reference can start: a head noun, or the abbreviation «п.» / «п.п.» /
«пп.» before something that can start an address; one forward pass finds them all.
The match starts at the head's first letter; ``noun``/``pabbr`` hold the rest."""
HEAD_AT_END = regex.compile(
    rf"[пП](?<![\p{{L}}\p{{N}}].)(?:{_F['noun']}(?!\p{{L}})|{_F['p_abbr']}){_SP}*$"
)
"""A head (noun or abbreviation) that ends a line: the address it names, if any, is
on the next line (``… (см. п.`` | ``64.8. выше)``), however much that line looks like
a paragraph of its own."""
DEM_BEFORE = regex.compile(rf"(?<![\p{{L}}\p{{N}}]){_F['dem']}", regex.REVERSE)
"""A singular demonstrative ending where a noun starts (matched backwards)."""
FOOT_BEFORE = regex.compile(rf"(?<![\p{{L}}\p{{N}}]){_F['foot']}", regex.REVERSE)
"""The footnote frame «сноску (*) к» ending where a noun starts (matched backwards)."""
BLANKS_BEFORE = regex.compile(r"[^\S\n]*", regex.REVERSE)


def heads(text: str):
    """``(start, noun_end, word, kind, before)`` of every head in ``text``: ``kind``
    is ``NOUN`` or ``PABBR``; ``before`` is ``dem`` / ``foot`` / ``None``, and for a
    ``dem`` the reference starts at ``start`` (the demonstrative), else at the head."""
    for h in HEAD.finditer(text):
        start = h.start()
        if h["pabbr"] is not None:
            yield start, h.end(), text[start : h.end()], "PABBR", None, start
            continue
        word = text[start : h.end()]
        low = word.lower()
        if low in SG_NOUN_FORMS:
            d = DEM_BEFORE.match(text, max(0, start - 40), start)
            if d:
                yield start, h.end(), word, "NOUN", "dem", d.start()
                continue
        if low in NOUN_FORMS["правило"]:
            f = FOOT_BEFORE.match(text, max(0, start - 80), start)
            if f:
                yield start, h.end(), word, "NOUN", "foot", f.start()
                continue
        yield start, h.end(), word, "NOUN", None, start


SEE = regex.compile(_F["see"])
"""«См.» / «см. также» right before a number: the head of a commentary paragraph
named without «п.»."""
SEE_END = regex.compile(_F["see_end"])
LEAD_AT = regex.compile(_F["lead"])
LEAD = regex.compile(r"\n" + _F["lead"])
"""A line that opens with a law and section («8В …»), found after its line break:
a scan for «\n» costs a quarter of a multiline ``^`` (``LEAD_AT`` reads the text's
first line)."""
LEAD_END = regex.compile(_F["lead_end"])
SECTION_NOUN = regex.compile(_F["section_noun"] + _F["gap"])
OF_COMMENTARY = regex.compile(_F["of_commentary"])
BRACKET = regex.compile(_F["bracket"])
BIDS = frozenset("CDHСН")
"""Letters a bid is written with after its level 1–7 («1С и 1Н»): such a pair at a
paragraph's start is bidding, not laws and sections."""
ADDR_AFTER = regex.compile(rf"(?P<gap>{_F['gap']}{_F['number_sign']}){_ADDR}", regex.X)
REL_AFTER = regex.compile(rf"{_F['gap']}{_REL}", regex.X)
# Range end: "62–64", "62 - 64" (same line), "36...39" or "36…39" (an ellipsis between the
# numbers with no blank: after a blank it ends a sentence, «правило 12... 15 минут»);
# not a page number "- 41 -".
RANGE = regex.compile(
    rf"(?:{_SP}*[-–—]{_SP}*|\.{{2,3}}|…)(?P<num>\d{_DIG}{{0,2}}){_F['end']}(?!{_SP}*[-–—])"
)
# List separator, then the next address. A commentary address may keep its dot ("62.6. и 63.3.").
LIST_SEP = regex.compile(rf"(?:\.(?={_SP}*(?:,|(?i:и|или)\b)))?" + _F["sep"])
ADDR_AT = regex.compile(_ADDR, regex.X)
HEADING_TAIL = regex.compile(rf"{_SP}*(?:\.|\n|$|{editions.TITLE_AFTER_NUMBER})")
"""What follows a law heading's number (a reference's never does)."""
LONE_LINE = regex.compile(rf"{_SP}*(?:\n|$)")
SEP_ONLY = regex.compile(r"\.?" + _F["sep"])


def _number(written: str) -> int:
    return int(digits(written))


def _target(m, law_override: str | None = None) -> str | None:
    """Canonical address from an ``_ADDR`` / ``_REL`` match, or None."""
    g = m.groupdict()
    if law_override is not None:
        law = law_override
    else:
        num = _number(m["num"])
        if not 1 <= num <= MAX_LAW:
            return None
        law = str(num)
        if g.get("para"):
            return compose(law, para=m["para"], para_items=m["citems"] or "")
    return compose(law, m["sec"], m["cl"], m["subs"] or "", m["items"] or "")


def scan(
    text: str, law: str | None = None, section: str | None = None, bol: bool = True
) -> list[Reference]:
    """Every reference in ``text`` (offsets in ``text``): one :data:`HEAD` pass, then
    the address readers from the end of each head. ``bol``: the text starts at a
    line start (so a heading at its very beginning is recognised)."""
    out: list[Reference] = []
    for start, noun_end, word, head, before, dem_start in heads(text):
        punkt = head == "NOUN" and word.lower() in NOUN_FORMS["пункт"]
        refs = _addressed(text, start, noun_end, word, head, punkt, bol)
        if refs is None:  # no address after the noun: self / relative?
            refs = _relative(text, before, dem_start, start, noun_end, head, punkt, law, section)
        elif before == "foot":
            refs = [_found(f.start, f.end, f.text, f.target, "footnote") for f in refs]
        out.extend(refs)
    out.extend(_seen(text))
    out.extend(_leading(text, bol))
    out.extend(_sectioned(text))
    out.extend(_bracketed(text))
    out.sort(key=lambda f: f.start)  # stable: range items keep their order
    return _mark_lists(text, out)


def _chain(text: str, pos: int) -> list:
    """The ``_ADDR`` matches of a list starting at ``pos`` («10.4 и 12.1», «8В и 8С»)."""
    found = []
    m = ADDR_AT.match(text, pos)
    while m:
        found.append(m)
        sep = LIST_SEP.match(text, m.end())
        m = ADDR_AT.match(text, sep.end()) if sep else None
    return found


def _chained(chain: list, kind: RefKind) -> list[Reference]:
    """The references of a list of ``_ADDR`` matches (each its own text), or none
    when one of them names no law (a number above the edition's laws)."""
    targets = [_target(m) for m in chain]
    if None in targets:
        return []
    return [
        _found(m.start(), m.end(), m.group(), str(t), kind)
        for m, t in zip(chain, targets, strict=True)
    ]


def _seen(text: str) -> list[Reference]:
    """«См. также 10.4.»: commentary paragraphs named by number alone after «см.»,
    the list ending the sentence (or the bracket); the references are the numbers."""
    out: list[Reference] = []
    for h in SEE.finditer(text):
        chain = _chain(text, h.end())
        while chain and not all(m["para"] and not m["para"].startswith("0") for m in chain):
            chain.pop()
        if chain and SEE_END.match(text, chain[-1].end()):
            out.extend(_chained(chain, "commentary"))
    return out


def _leading(text: str, bol: bool) -> list[Reference]:
    """«8В и 8С отвечают …»: a line that opens with two or more laws with their
    sections, joined by «и» / «или» / commas and no noun, its sentence going on in
    lower case. Not a bid pair («1С и 1Н»)."""
    out: list[Reference] = []
    first = LEAD_AT.match(text) if bol else None
    for h in itertools.chain([first] if first else [], LEAD.finditer(text)):
        chain = _chain(text, h.end())
        if len(chain) < 2 or not all(m["sec"] and not m["para"] for m in chain):
            continue
        if not LEAD_END.match(text, chain[-1].end()):
            continue
        if not all(_number(m["num"]) <= 7 and m["sec"].upper() in BIDS for m in chain):
            out.extend(_chained(chain, "list"))
    return out


def _sectioned(text: str) -> list[Reference]:
    """«Раздел 13С не оставляет судье выбора», «в разделах 64A и 64B»: the noun «раздел»
    before laws with their sections (the first reference keeps the noun); «раздел 16
    данного Комментария»: the commentary's part on law 16."""
    out: list[Reference] = []
    for h in SECTION_NOUN.finditer(text):
        chain = _chain(text, h.end())
        bare = chain[:1] if chain and not (chain[0]["sec"] or chain[0]["para"]) else []
        if bare and OF_COMMENTARY.match(text, bare[0].end()):
            chain = bare
        else:
            bare = []
        while chain and not all((m["sec"] or m in bare) and not m["para"] for m in chain):
            chain.pop()
        refs = _chained(chain, "list" if len(chain) > 1 else "plain")
        if refs:
            first = refs[0]
            noun = text[h.start() : first.end]
            refs[0] = _found(h.start(), first.end, noun, first.target, first.kind)
        out.extend(refs)
    return out


def _bracketed(text: str) -> list[Reference]:
    """«(14А)»: a law and its section alone in brackets (not a bid, «(1С)»); the
    reference is the address inside."""
    out: list[Reference] = []
    for h in BRACKET.finditer(text):
        m = ADDR_AT.match(text, h.end())
        if not (m and m["sec"] and text.startswith(")", m.end())):
            continue
        if _number(m["num"]) <= 7 and m["sec"].upper() in BIDS:
            continue
        out.extend(_chained([m], "plain"))
    return out


def _addressed(text, start, noun_end, word, head, punkt, bol) -> list[Reference] | None:
    m = ADDR_AFTER.match(text, noun_end)
    if not m:
        return None
    target = _target(m)
    if target is None:
        return None
    bare = not (m["para"] or m["sec"])
    if bare and (head == "PABBR" or punkt):
        # "п. 5", "предыдущему пункту 1", "пункт 2 настоящего правила": a clause of the
        # text at hand, not a law; which one is not said
        return None
    gap = m["gap"]
    if bare and "\n" in gap and LONE_LINE.match(text, m.end()):
        return None  # a number alone on the next line is a page number
    if (
        head == "NOUN"
        and bare
        and word in ("Правило", "ПРАВИЛО")
        and _at_line_start(text, start, bol)
        and HEADING_TAIL.match(text, m.end())
    ):
        return None  # law heading "Правило 63. Выявление фальшренонса"
    kind: RefKind = "commentary" if m["para"] else "plain"
    refs = [_found(start, m.end(), text[start : m.end()], target, kind)]
    pos = m.end()
    first_start = start
    continued = False
    while True:
        if not m["para"] and not m["sec"]:
            r = RANGE.match(text, pos)
            if r:
                lo, hi = _number(m["num"]), _number(r["num"])
                if lo < hi <= MAX_LAW and hi - lo <= MAX_RANGE:
                    whole = text[first_start : r.end()]
                    refs[-1] = _found(
                        refs[-1].start, refs[-1].end, refs[-1].text, refs[-1].target, "range"
                    )
                    refs.extend(
                        _found(first_start, r.end(), whole, str(n), "range")
                        for n in range(lo + 1, hi)
                    )
                    b = r.start("num")
                    refs.append(_found(b, r.end(), text[b : r.end()], str(hi), "range"))
                    pos = r.end()
        sep = LIST_SEP.match(text, pos)
        if not sep:
            break
        nxt = ADDR_AT.match(text, sep.end())
        if not nxt:
            break
        t = _target(nxt)
        if t is None or ((head == "PABBR" or punkt) and not (nxt["para"] or nxt["sec"])):
            break
        m, first_start = nxt, nxt.start()
        refs.append(
            _found(nxt.start(), nxt.end(), nxt.group(), t, "commentary" if nxt["para"] else "list")
        )
        pos = nxt.end()
        continued = True
    if continued and refs[0].kind == "plain":
        refs[0] = _found(refs[0].start, refs[0].end, refs[0].text, refs[0].target, "list")
    return refs


def _relative(
    text, before, dem_start, start, noun_end, head, punkt, law, section
) -> list[Reference]:
    if law is None:
        return []  # inside an unplaced fragment: no self-references
    if head == "PABBR" or punkt:
        rel = REL_AFTER.match(text, noun_end)
        if rel:
            t = _target(rel, law_override=law)
            if t:
                return [_found(start, rel.end(), text[start : rel.end()], t, "self")]
    if before == "dem":
        t = law if not punkt else (section or law)
        return [_found(dem_start, noun_end, text[dem_start:noun_end], t, "self")]
    return []


def _at_line_start(text: str, pos: int, bol: bool) -> bool:
    """Only blanks stand between the start of the line and ``pos`` (read backwards
    over the blanks only, so it costs nothing on a long line)."""
    i = BLANKS_BEFORE.match(text, 0, pos).start() - 1
    return text[i] == "\n" if i >= 0 else bol


def _mark_lists(text: str, refs: list[Reference]) -> list[Reference]:
    """Two plain refs joined only by "и" / "или" / "," ("правиле 42 и правиле 43") form a list."""
    out = list(refs)
    for k in range(len(out) - 1):
        a, b = out[k], out[k + 1]
        if a.kind in ("plain", "list") and b.kind in ("plain", "list") and a.end <= b.start:
            gap = text[a.end : b.start]
            if SEP_ONLY.fullmatch(gap):
                out[k] = _found(a.start, a.end, a.text, a.target, "list")
                out[k + 1] = _found(b.start, b.end, b.text, b.target, "list")
    for k, f in enumerate(out):  # a head followed by its own continuations is a list head
        if (
            f.kind == "plain"
            and k + 1 < len(out)
            and out[k + 1].kind == "list"
            and SEP_ONLY.fullmatch(text[f.end : out[k + 1].start])
        ):
            out[k] = _found(f.start, f.end, f.text, f.target, "list")
    return out


# --- find_references -------------------------------------------------------------


def find_references(
    text: str, *, law: str | None = None, section: str | None = None
) -> list[Reference]:
    """Every reference in `text`, in order. `law`/`section` are the canonical addresses of the
    law / section that contains the text, used to resolve self-references; with law=None
    (text inside an unplaced fragment) self-references give nothing."""
    if not text:
        return []
    return scan(text, law, section)


# --- stage 5, refs: every node of a source's tree ------------------------------------


def _ref_span(tree: Tree, node_span: SourceSpan, text: str) -> SourceSpan:
    """Where a reference's text stands in the raw source: searched inside the
    node's raw span (the cleaner may have joined lines inside it)."""
    from .offsets import span_of

    raw = tree.source.text
    end = max(node_span.end, node_span.start + 1) + len(text)
    pos = raw.find(text, node_span.start, end)
    if pos >= 0:
        return span_of(tree.source, pos, pos + len(text))
    # a line break (or a wider space) the cleaner joined stands inside it in the
    # source: «по Правилу» | «55.»
    spaced = regex.compile(r"\s+".join(map(regex.escape, text.split())))
    m = spaced.search(raw, node_span.start, end + len(text))
    if m is None:
        return node_span
    return span_of(tree.source, m.start(), m.end())


def _refs(
    tree: Tree, node: Node, text: str, field: RefField, law: str | None, place: _ByPlace
) -> tuple[Reference, ...]:
    return tuple(
        replace(
            f,
            owner=node.id,
            field=field,
            span=_ref_span(tree, node.span, f.text),
            target=by_place(f.target, f.text) if place(law_of(f.target) or "") else f.target,
        )
        for f in find_references(text, law=law, section=section_of(node.id))
    )


_ByPlace = Callable[[str], bool]
"""Whether a source means a reference to a law by place (``lettered_by_place``)."""


def _nowhere(_law: str) -> bool:
    return False


def lettered_by_place(tree: Tree) -> _ByPlace:
    """Which laws' references a source means by place: the cleaner read a law's
    sections in the Russian alphabet's order (``clean.cyrillic_sections``,
    ``clean.restyled_markers``: a letter with no Latin look-alike among them, ``Б.``,
    ``Г)``), so a reference's Cyrillic section letter names that law's section by its
    place too (``addresses.by_place``); and a law the page does not hold, where every
    law it holds with sections is lettered so. Elsewhere a Cyrillic ``В`` is the
    look-alike of B (a scan's or a typist's, beside laws lettered as the book is)."""
    starts: list[tuple[int, str]] = []  # (raw offset, id) of each law, in order
    sectioned: set[str] = set()  # the laws with sections

    def laws(nodes: tuple[Node, ...]) -> None:
        for n in nodes:
            if n.kind == "law" and n.id:
                starts.append((n.span.start, n.id))
                if any(c.kind == "section" for c in n.children):
                    sectioned.add(n.id)
            elif n.kind in ("part", "fragment"):
                laws(n.children)

    laws(tree.nodes)
    offsets = [at for at, _id in starts]
    by_place = {
        starts[k - 1][1]
        for kind in ("cyrillic-section", "restyled-marker")
        for e in edits_of_kind(tree.cleaned.edits, kind)
        if e.why[:1] in CYRILLIC_ONLY and (k := bisect.bisect_right(offsets, e.span.start)) > 0
    }
    if not by_place:
        return _nowhere
    lettered = {i for _at, i in starts}
    every = by_place >= sectioned
    return lambda law: law in by_place or (every and law not in lettered)


def _with_refs(tree: Tree, node: Node, law: str | None, place: _ByPlace = _nowhere) -> Node:
    own_law = law_of(node.id) if node.id else law
    if node.kind == "fragment":
        own_law = None
    refs: list[Reference] = []
    if node.title:
        refs += _refs(tree, node, node.title, "title", own_law, place)
    if node.text:
        refs += _refs(tree, node, node.text, "text", own_law, place)
    footnotes = tuple(_footnote_refs(tree, node, fn, own_law, place) for fn in node.footnotes)
    children = tuple(_with_refs(tree, c, own_law, place) for c in node.children)
    if (
        not refs
        and not node.refs
        and all(a is b for a, b in zip(footnotes, node.footnotes, strict=True))
        and all(a is b for a, b in zip(children, node.children, strict=True))
    ):
        return node  # nothing found in it or under it: the node as it is, not a copy
    return replace(node, refs=tuple(refs), footnotes=footnotes, children=children)


def _footnote_refs(
    tree: Tree, node: Node, fn: Footnote, law: str | None, place: _ByPlace
) -> Footnote:
    refs = tuple(
        replace(r, field="footnote", span=_ref_span(tree, fn.span, r.text))
        for r in _refs(tree, node, fn.text, "footnote", law, place)
    )
    return fn if not refs and not fn.refs else replace(fn, refs=refs)


NOT_LAW_KINDS = frozenset({"toc", "index", "front", "chrome"})
"""Profile kinds (``pipeline.profile``) of a page that is not law text: a table of
contents, a subject index, front matter, a page of site template. Its references
are reported, never linked into the codex."""


def refs(tree: Tree) -> tuple[Tree, list[Diagnostic]]:
    """The stage: the tree with every node's references filled in, and its diagnostics.
    On a page whose profile says it is not law text the references found are
    dropped from the tree (no link into the codex) and listed in a K503 diagnostic."""
    place = lettered_by_place(tree)
    found = replace(tree, nodes=tuple(_with_refs(tree, n, None, place) for n in tree.nodes))
    found, cut = _cut_at_the_end(found)
    kind = tree.cleaned.profile.kind
    if kind not in NOT_LAW_KINDS:
        return found, cut
    dropped = [r for n in found.nodes for r in _all_refs(n)]
    if not dropped:
        return found, []
    listed = ", ".join(f"«{r.text}» → {r.target}" for r in dropped[:10])
    more = f" and {len(dropped) - 10} more" if len(dropped) > 10 else ""
    return tree, [
        diag(
            "K503",
            f"{tree.source.name}: the page is not law text (profile: {kind}); its "
            f"{len(dropped)} reference(s) are not linked into the codex: {listed}{more}",
            dropped[0].span,
        )
    ]


def _cut_at_the_end(tree: Tree) -> tuple[Tree, list[Diagnostic]]:
    """A source cut off mid-sentence whose last words are a reference («… как сказано
    в Правиле 73»): the address may go on past the cut (73D, 73.4), so the reference
    gives none (the gold's rule for a target cut off by the end of the source). The
    text stays; a K504 says what was not linked."""
    if not tree.truncated_end or not tree.nodes:
        return tree, []
    path = [tree.nodes[-1]]
    while path[-1].children:
        path.append(path[-1].children[-1])
    last = path[-1]
    field = "text" if last.text else "title"
    body = (last.text if last.text else last.title or "").rstrip()
    if not last.refs or last.refs[-1].field != field or not body.endswith(last.refs[-1].text):
        return tree, []
    ref = last.refs[-1]
    node: Node = replace(last, refs=last.refs[:-1])
    for parent in reversed(path[:-1]):
        node = replace(parent, children=(*parent.children[:-1], node))
    message = (
        f"{tree.source.name}: «{ref.text}» ends the source, which is cut off: "
        "its address may go on past the cut; not linked"
    )
    return replace(tree, nodes=(*tree.nodes[:-1], node)), [diag("K504", message, ref.span)]


def _all_refs(node: Node):
    yield from node.refs
    for fn in node.footnotes:
        yield from fn.refs
    for c in node.children:
        yield from _all_refs(c)


def __getattr__(name: str) -> Any:
    # the spaCy component's names, from the module that imports spaCy, on first use
    if name in ("RefDetector", "make_kodeks_refs"):
        from pipeline import refs_spacy

        return getattr(refs_spacy, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


if "spacy" in sys.modules:  # a spaCy user: register the "kodeks_refs" factory now
    from pipeline import refs_spacy  # noqa: F401
