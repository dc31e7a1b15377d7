"""Stage 5, refs: the cross-reference detector ("см. правило 50", "по правилу 64А1",
"п. 64.8", "этому правилу") and the stage that runs it over every source's tree.

:func:`refs` is the stage: it fills each node's ``refs`` (and its
footnotes' refs) from its title and text, in order. Self-references resolve to
the law that contains them; inside an unplaced fragment they give nothing.

Two entry points share one matching routine (:meth:`RefDetector.find`):

- :func:`find_references` (``text`` → list of :class:`pipeline.model.Reference`
  with their offsets in the text): a cheap character
  prefilter finds the places that can hold a reference (a form of "правило",
  "пункт", or "п." followed by a number); only windows around them go through
  spaCy, so large texts cost little more than one regex scan;
- the spaCy component ``kodeks_refs`` (``nlp.add_pipe("kodeks_refs")`` after
  ``import pipeline.refs``): runs the same routine on the whole ``Doc`` and puts
  the references in ``doc.spans["kodeks_refs"]``, each with ``span._.target``
  (canonical address, also ``span.kb_id_``) and ``span._.ref_kind`` (also
  ``span.label_``).

How a reference is found:

1. spaCy ``Matcher`` patterns on lemmas find the *heads*: any case form of
   "правило" and "пункт", the abbreviations "п." / "п.п." / "пп.", a singular
   demonstrative before the noun ("этому правилу", "настоящего правила") and
   the footnote frame "сноску (*) к правилу". Lemmas come from
   :func:`pipeline.morph.lemma` (one pymorphy3 analyzer, cached by form), which the
   component writes into ``token.lemma_``: spaCy's own pymorphy3 lemmatizer
   without a tagger is inconsistent ("Правила" → "Правила").
2. From the end of each head a character regex (``regex``) reads the address:
   ``64``, ``64А1`` (Cyrillic look-alikes allowed), ``67B1(A)``, ``64.8``,
   ``77.3.(iii)``; then ranges (``62–64``) and lists (``13 и 14``, ``62.6. и 63.3.``).
   Characters, not tokens, because spaCy cuts ``45E(5-я`` or ``п.64.8`` as one token.
3. Targets are canonical (:func:`pipeline.addresses.latin`, checked with
   :func:`pipeline.addresses.is_canonical`).

Not references: law headings at a line start ("Правило 63. Выявление …"),
"настоящими правилами" (plural), a bare noun ("предписываемой Правилом"), a noun
whose number is cut off by the end of the text, ordinals ("12-й", "4-х").
See ``docs/refs.md`` for the full list of forms.
"""

from __future__ import annotations

import itertools
from dataclasses import replace
from functools import lru_cache

import regex
from spacy.language import Language
from spacy.matcher import Matcher
from spacy.tokens import Doc, Span, Token

from pipeline import editions
from pipeline.addresses import compose, law_of, section_of
from pipeline.model import REF_KINDS, Node, Reference, RefField, RefKind, Tree
from pipeline.model import Span as SourceSpan
from pipeline.morph import lemma

__all__ = ["KINDS", "MAX_LAW", "SPANS_KEY", "RefDetector", "detector", "find_references", "windows"]

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


# --- character patterns --------------------------------------------------------

_SEC_UP = "A-HАВСЕН"  # Latin A-H and Cyrillic look-alikes А В С Е Н
_SEC_LOW = "a-hавсен"
_SUB = rf"\((?:[A-Z{_SEC_UP[3:]}КМОРТХ]|\d{{1,2}})\)"  # (A), (1); Cyrillic look-alikes too
_ITEMS = r"(?:\([ivx]+\))+"
_END = r"(?![\p{L}\p{N}]|-\p{L})"  # not "12-й", "4-х", "64Ав"

# An address as written after a noun. Commentary paragraphs first: "64.8", "77.3.(iii)".
_ADDR = rf"""
    (?P<num>\d{{1,3}})
    (?:
        \.(?P<para>\d{{1,2}})(?!\d)(?:\.?(?P<citems>{_ITEMS}))?
      | (?P<sec>[{_SEC_UP}]|[{_SEC_LOW}](?!\p{{L}}))
        (?:(?P<cl>\d{{1,2}})(?P<subs>(?:{_SUB})*)(?P<items>(?:{_ITEMS})?))?
    )?
    {_END}
"""
# A section-relative address: "пункте A" → law + "A".
_REL = rf"""
    (?P<sec>[{_SEC_UP}])
    (?:(?P<cl>\d{{1,2}})(?P<subs>(?:{_SUB})*)(?P<items>(?:{_ITEMS})?))?
    {_END}
"""
_GAP = r"[ \t]*(?:\n[ \t]*)?"  # between noun and address: at most one line break

ADDR_AFTER = regex.compile(rf"(?P<gap>{_GAP}){_ADDR}", regex.X)
REL_AFTER = regex.compile(rf"{_GAP}{_REL}", regex.X)
# Range end: "62–64", "62 - 64" (same line); not a page number "- 41 -".
RANGE = regex.compile(r"[ \t]*[-–—][ \t]*(?P<num>\d{1,3})" + _END + r"(?![ \t]*[-–—])")
# List separator, then the next address. A commentary address may keep its dot ("62.6. и 63.3.").
LIST_SEP = regex.compile(
    r"(?:\.(?=[ \t]*(?:,|и\b|или\b)))?(?:[ \t]*,[ \t]*\n?[ \t]*|\s+(?:и|или|либо|а\s+также)\s+)"
)
ADDR_AT = regex.compile(_ADDR, regex.X)
HEADING_TAIL = regex.compile(r"[ \t]*(?:\.|\n|$)")
LONE_LINE = regex.compile(r"[ \t]*(?:\n|$)")
# The abbreviation head "п.", "п.п.", "пп." as characters (spaCy cuts "п.п" + "." or "п.64.8").
P_ABBR = regex.compile(r"[пП](?:\.[ \t]*[пП]\.|[пП]\.|\.)")
SEP_ONLY = regex.compile(r"\.?(?:[ \t]*,[ \t]*\n?[ \t]*|\s+(?:и|или|либо|а\s+также)\s+)")

# Prefilter: a noun form, or "п." before something that can start an address.
PREFILTER = regex.compile(
    r"(?<!\p{L})(?:[Пп]равил(?:о|а|у|ом|е|ам|ами|ах)?|ПРАВИЛ\p{Lu}{0,3}|[Пп]ункт\p{Ll}{0,3}|ПУНКТ\p{Lu}{0,3})(?!\p{L})"
    r"|(?<!\p{L})[пП](?:\.[ \t]*[пП]\.|[пП]\.|\.)(?=" + _GAP + r"[\d" + _SEC_UP + r"])"
)

# --- token-level vocabulary ------------------------------------------------------

_NOUNS = ("правило", "пункт")
_DEMS = ("этот", "это", "настоящий", "данный")
# Singular forms only: "этим правилам" / "настоящими правилами" are plural, not self-references.
_SG_DEM = frozenset(
    """этот это этого этому этим этом
    настоящий настоящее настоящего настоящему настоящим настоящем
    данный данное данного данному данным данном""".split()
)
_SG_NOUN = frozenset(
    "правило правила правилу правилом правиле пункт пункта пункту пунктом пункте".split()
)
_P_TOKEN = r"^[пП](?:\.|[пП]\.?|\.[пП]\.?)?(?:\d.*)?$"
# OCR glue: "см.правило", "см.п.64.8", "(см.п" as one token; the head starts after the dots.
_GLUED_TOKEN = r"^(?:[^\W\d_]{1,4}\.)+(?:[Пп]равил|ПРАВИЛ|[Пп]ункт|ПУНКТ|[пП](?:\.|$))"
GLUED = regex.compile(r"(?:[^\W\d_]{1,4}\.)+(?=[Пп]равил|ПРАВИЛ|[Пп]ункт|ПУНКТ|[пП](?:\.|$))")


def _ensure_extensions() -> None:
    if not Span.has_extension("target"):
        Span.set_extension("target", getter=lambda span: span.kb_id_ or None)
    if not Span.has_extension("ref_kind"):
        Span.set_extension("ref_kind", getter=lambda span: span.label_ or None)


_ensure_extensions()


def _target(m, law_override: str | None = None) -> str | None:
    """Canonical address from an ``_ADDR`` / ``_REL`` match, or None."""
    g = m.groupdict()
    if law_override is not None:
        law = law_override
    else:
        num = int(m["num"])
        if not 1 <= num <= MAX_LAW:
            return None
        law = str(num)
        if g.get("para"):
            return compose(law, para=m["para"], para_items=m["citems"] or "")
    return compose(law, m["sec"], m["cl"], m["subs"] or "", m["items"] or "")


class RefDetector:
    """The matcher behind both :func:`find_references` and the ``kodeks_refs`` component."""

    def __init__(
        self,
        vocab,
        *,
        law: str | None = None,
        section: str | None = None,
        overwrite_lemmas: bool = True,
        spans_key: str = SPANS_KEY,
    ):
        self.law, self.section = law, section
        self.overwrite_lemmas = overwrite_lemmas
        self.spans_key = spans_key
        self.matcher = Matcher(vocab)
        self.matcher.add("NOUN", [[{"LEMMA": {"IN": list(_NOUNS)}}]])
        self.matcher.add("PABBR", [[{"TEXT": {"REGEX": _P_TOKEN}}]])
        self.matcher.add("GLUED", [[{"TEXT": {"REGEX": _GLUED_TOKEN}}]])
        self.matcher.add(
            "DEM",
            [
                [
                    {"LEMMA": {"IN": list(_DEMS)}},
                    {"LOWER": "же", "OP": "?"},
                    {"LEMMA": {"IN": list(_NOUNS)}},
                ]
            ],
        )
        self.matcher.add(
            "FOOT",
            [
                [
                    {"LEMMA": "сноска"},
                    {"TEXT": {"REGEX": r"^[()\[\]*\d]+$"}, "OP": "*"},
                    {"LOWER": "к"},
                    {"LEMMA": "правило"},
                ]
            ],
        )
        s = vocab.strings
        self._ids = {s[k]: k for k in ("NOUN", "PABBR", "GLUED", "DEM", "FOOT")}

    # -- lemmas ---------------------------------------------------------------
    def set_lemmas(self, doc: Doc) -> None:
        """Write :func:`pipeline.morph.lemma` into ``token.lemma_`` (all tokens, or only
        the empty ones when ``overwrite_lemmas`` is false)."""
        for tok in doc:
            if self.overwrite_lemmas or not tok.lemma_:
                tok.lemma_ = lemma(tok.text)

    # -- the matching routine -----------------------------------------------------
    def find(
        self, doc: Doc, law: str | None = None, section: str | None = None, bol: bool = True
    ) -> list[Reference]:
        """Every reference in ``doc`` (offsets in ``doc.text``). ``bol``: the doc starts
        at a line start (so a heading at its very beginning is recognised)."""
        self.set_lemmas(doc)
        heads: dict[int, str] = {}
        dem_of: dict[int, int] = {}
        foot: set[int] = set()
        for match_id, s, e in self.matcher(doc):
            label = self._ids[match_id]
            if label in ("NOUN", "PABBR", "GLUED"):
                heads.setdefault(s, label)
            elif label == "DEM":
                noun = e - 1
                if doc[s].lower_ in _SG_DEM and doc[noun].lower_ in _SG_NOUN:
                    if doc[s].lower_ == "этим" and not doc[noun].lower_.endswith("ом"):
                        continue  # "этим правилам" is plural
                    dem_of[noun] = min(s, dem_of.get(noun, s))
            else:
                foot.add(e - 1)
        text = doc.text
        out: list[Reference] = []
        for i in sorted(heads):
            tok = doc[i]
            start, head, word = tok.idx, heads[i], tok.text
            if head == "GLUED":  # "см.правило" / "см.п.64.8" cut as one token
                g = GLUED.match(word)
                if not g:
                    continue
                start += g.end()
                word = regex.match(r"\p{L}*", word, pos=g.end()).group()
                head = "PABBR" if word in ("п", "П") else "NOUN"
                if head == "NOUN" and lemma(word) not in _NOUNS:
                    continue
            if head == "PABBR":
                pm = P_ABBR.match(text, start)
                if not pm:
                    continue
                noun_end = pm.end()
            else:
                noun_end = start + len(word)
            refs = self._addressed(text, start, noun_end, word, head, bol)
            if refs is None:  # no address after the noun: self / relative?
                refs = self._relative(
                    text, doc, i, start, noun_end, head, lemma(word), dem_of, law, section
                )
            elif i in foot:
                refs = [_found(f.start, f.end, f.text, f.target, "footnote") for f in refs]
            out.extend(refs)
        out.sort(key=lambda f: f.start)  # stable: range items keep their order
        return _mark_lists(text, out)

    def _addressed(self, text, start, noun_end, word, head, bol) -> list[Reference] | None:
        m = ADDR_AFTER.match(text, noun_end)
        if not m:
            return None
        target = _target(m)
        if target is None:
            return None
        bare = not (m["para"] or m["sec"])
        if bare and head == "PABBR":
            return None  # "п. 5": which paragraph of which law is not said
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
                    lo, hi = int(m["num"]), int(r["num"])
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
            if t is None or (head == "PABBR" and not (nxt["para"] or nxt["sec"])):
                break
            m, first_start = nxt, nxt.start()
            refs.append(
                _found(
                    nxt.start(), nxt.end(), nxt.group(), t, "commentary" if nxt["para"] else "list"
                )
            )
            pos = nxt.end()
            continued = True
        if continued and refs[0].kind == "plain":
            refs[0] = _found(refs[0].start, refs[0].end, refs[0].text, refs[0].target, "list")
        return refs

    def _relative(
        self, text, doc, i, start, noun_end, head, lemma_, dem_of, law, section
    ) -> list[Reference]:
        if law is None:
            return []  # inside an unplaced fragment: no self-references
        if head == "PABBR" or lemma_ == "пункт":
            rel = REL_AFTER.match(text, noun_end)
            if rel:
                t = _target(rel, law_override=law)
                if t:
                    return [_found(start, rel.end(), text[start : rel.end()], t, "self")]
        if i in dem_of and head == "NOUN":
            s = doc[dem_of[i]].idx
            t = law if lemma_ == "правило" else (section or law)
            return [_found(s, noun_end, text[s:noun_end], t, "self")]
        return []

    # -- the spaCy component -----------------------------------------------------
    def __call__(self, doc: Doc) -> Doc:
        ud = doc.user_data
        found = self.find(
            doc,
            ud.get("kodeks_law", self.law),
            ud.get("kodeks_section", self.section),
            ud.get("kodeks_bol", True),
        )
        _split_at(doc, {b for f in found for b in (f.start, f.end)})
        spans: list[Span] = []
        for f in found:
            span = doc.char_span(f.start, f.end, label=f.kind, kb_id=f.target)
            if span is None:  # cannot happen after _split_at; never lose a reference
                span = doc.char_span(
                    f.start, f.end, label=f.kind, kb_id=f.target, alignment_mode="expand"
                )
            assert span is not None, "expand covers any offsets inside the text"
            spans.append(span)
        doc.spans[self.spans_key] = spans
        return doc


def _at_line_start(text: str, pos: int, bol: bool) -> bool:
    line = text.rfind("\n", 0, pos)
    before = text[line + 1 : pos]
    return before.strip() == "" and (line >= 0 or bol)


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


def _split_at(doc: Doc, bounds: set[int]) -> None:
    """Split tokens so every offset in ``bounds`` is a token boundary
    ("45E(5-я" → "45E" + "(5-я"), keeping the rest of the tokenisation."""
    cuts = []
    for tok in doc:
        inner = sorted(b - tok.idx for b in bounds if tok.idx < b < tok.idx + len(tok.text))
        if inner:
            cuts.append((tok, inner))
    if not cuts:
        return
    with doc.retokenize() as rt:
        for tok, inner in cuts:
            edges = [0, *inner, len(tok.text)]
            orths = [tok.text[a:b] for a, b in itertools.pairwise(edges)]
            heads: list[Token | tuple[Token, int]] = [(tok, 0)] * len(orths)
            rt.split(tok, orths, heads, attrs={"LEMMA": [lemma(o) for o in orths]})


@Language.factory(
    "kodeks_refs",
    default_config={"law": None, "section": None, "overwrite_lemmas": True, "spans_key": SPANS_KEY},
)
def make_kodeks_refs(
    nlp: Language,
    name: str,
    law: str | None,
    section: str | None,
    overwrite_lemmas: bool,
    spans_key: str,
) -> RefDetector:
    """spaCy factory: references → ``doc.spans[spans_key]`` (``span._.target``,
    ``span._.ref_kind``). ``law``/``section`` resolve self-references; per document,
    ``doc.user_data["kodeks_law"]`` / ``["kodeks_section"]`` override them."""
    return RefDetector(
        nlp.vocab, law=law, section=section, overwrite_lemmas=overwrite_lemmas, spans_key=spans_key
    )


# --- find_references: prefilter + windows -----------------------------------------

BACK = 40  # characters kept before a candidate (demonstrative, "сноску (*) к")
AHEAD = 160  # characters kept after it (address, lists, ranges)
_WS = regex.compile(r"\s")


@lru_cache(maxsize=1)
def _pipeline():
    import spacy

    nlp = spacy.blank("ru")
    nlp.add_pipe("kodeks_refs")
    return nlp


def detector() -> RefDetector:
    """The process-wide detector used by :func:`find_references`."""
    return _pipeline().get_pipe("kodeks_refs")


def windows(text: str) -> list[tuple[int, int]]:
    """Disjoint ``(start, end)`` windows around every prefilter hit, cut at whitespace."""
    out: list[tuple[int, int]] = []
    n = len(text)
    for m in PREFILTER.finditer(text):
        p = m.start()
        if out and p < out[-1][1] - AHEAD // 2:
            continue  # well inside the current window already
        # every backward search is bounded, so a source that is one long line stays linear
        lo = max(0, p - 2 * BACK)
        nl = text.rfind("\n", lo, p)
        line = nl + 1 if nl >= 0 else lo
        ws = p - BACK
        if ws <= line:
            ws = line
        else:
            cut = max(text.rfind(" ", line, ws), text.rfind("\t", line, ws))
            ws = cut + 1 if cut >= 0 else line
        we = p + AHEAD
        if we >= n:
            we = n
        else:
            w = _WS.search(text, we)
            we = w.start() if w else n
        if out and ws <= out[-1][1]:
            out[-1] = (out[-1][0], max(we, out[-1][1]))
        else:
            out.append((ws, we))
    return out


def _blank_before(text: str, pos: int) -> bool:
    """Only blanks stand between the start of the line and ``pos`` (read backwards
    over the blanks only, so it costs nothing on a long line)."""
    i = pos - 1
    while i >= 0 and text[i] != "\n" and text[i].isspace():
        i -= 1
    return i < 0 or text[i] == "\n"


def find_references(
    text: str, *, law: str | None = None, section: str | None = None
) -> list[Reference]:
    """Every reference in `text`, in order. `law`/`section` are the canonical addresses of the
    law / section that contains the text, used to resolve self-references; with law=None
    (text inside an unplaced fragment) self-references give nothing."""
    if not text:
        return []
    spans = windows(text)
    if not spans:
        return []
    nlp = _pipeline()
    det = detector()
    out: list[Reference] = []
    n = len(text)
    covered = 0  # end of the last window actually read (after widening)
    for ws, we in spans:
        bol = _blank_before(text, ws)
        while True:
            found = det.find(nlp.make_doc(text[ws:we]), law, section, bol)
            if we >= n or not found or found[-1].end + AHEAD // 4 < we:
                break
            # a list or range may go on past the window: widen it and look again
            w = _WS.search(text, min(n, we + AHEAD))
            we = w.start() if w else n
        overlap = ws < covered  # a widened window ran into this one: drop repeats
        seen = set(out[-64:]) if overlap else ()
        for f in found:
            g = _found(f.start + ws, f.end + ws, f.text, f.target, f.kind)
            if not (overlap and g in seen):
                out.append(g)
        if overlap:
            out.sort(key=lambda f: f.start)
        covered = max(covered, we)
    return out


# --- stage 5, refs: every node of a source's tree ------------------------------------


def _ref_span(tree: Tree, node_span: SourceSpan, text: str) -> SourceSpan:
    """Where a reference's text stands in the raw source: searched inside the
    node's raw span (the cleaner may have joined lines inside it)."""
    from .offsets import span_of

    raw = tree.source.text
    pos = raw.find(text, node_span.start, max(node_span.end, node_span.start + 1) + len(text))
    if pos < 0:
        return node_span
    return span_of(tree.source, pos, pos + len(text))


def _refs(
    tree: Tree, node: Node, text: str, field: RefField, law: str | None
) -> tuple[Reference, ...]:
    return tuple(
        replace(f, owner=node.id, field=field, span=_ref_span(tree, node.span, f.text))
        for f in find_references(text, law=law, section=section_of(node.id))
    )


def _with_refs(tree: Tree, node: Node, law: str | None) -> Node:
    own_law = law_of(node.id) if node.id else law
    if node.kind == "fragment":
        own_law = None
    refs: list[Reference] = []
    if node.title:
        refs += _refs(tree, node, node.title, "title", own_law)
    if node.text:
        refs += _refs(tree, node, node.text, "text", own_law)
    footnotes = tuple(
        replace(
            fn,
            refs=tuple(
                replace(r, field="footnote", span=_ref_span(tree, fn.span, r.text))
                for r in _refs(tree, node, fn.text, "footnote", own_law)
            ),
        )
        for fn in node.footnotes
    )
    children = tuple(_with_refs(tree, c, own_law) for c in node.children)
    return replace(node, refs=tuple(refs), footnotes=footnotes, children=children)


def refs(tree: Tree) -> Tree:
    """The tree with every node's references filled in."""
    return replace(tree, nodes=tuple(_with_refs(tree, n, None) for n in tree.nodes))
