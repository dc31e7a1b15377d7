"""The ``kodeks_refs`` spaCy component: :func:`pipeline.refs.scan` over
``doc.text``, the references as spans in ``doc.spans["kodeks_refs"]`` (each with
``span._.target``, also ``span.kb_id_``, and ``span._.ref_kind``, also
``span.label_``), and :func:`pipeline.morph.lemma` in ``token.lemma_`` for the
components after it.

Apart from :mod:`pipeline.refs` because only this part needs spaCy: importing
spaCy costs a process some 70 MB and a build never makes a ``Doc``. Importing
this module registers the factory; ``import spacy, pipeline.refs`` does too, and
the ``spacy_factories`` entry point in ``pyproject.toml`` lets
``nlp.add_pipe("kodeks_refs")`` find it without either.
"""

from __future__ import annotations

import itertools

from spacy.language import Language
from spacy.tokens import Doc, Span, Token

from pipeline.model import Reference
from pipeline.morph import lemma
from pipeline.refs import SPANS_KEY, scan


def _ensure_extensions() -> None:
    if not Span.has_extension("target"):
        Span.set_extension("target", getter=lambda span: span.kb_id_ or None)
    if not Span.has_extension("ref_kind"):
        Span.set_extension("ref_kind", getter=lambda span: span.label_ or None)


_ensure_extensions()


class RefDetector:
    """The ``kodeks_refs`` spaCy component: :func:`scan` over ``doc.text``, the
    references as spans."""

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

    def set_lemmas(self, doc: Doc) -> None:
        """Write :func:`pipeline.morph.lemma` into ``token.lemma_`` (all tokens, or only
        the empty ones when ``overwrite_lemmas`` is false), for the components after it."""
        for tok in doc:
            if self.overwrite_lemmas or not tok.lemma_:
                tok.lemma_ = lemma(tok.text)

    def find(
        self, doc: Doc, law: str | None = None, section: str | None = None, bol: bool = True
    ) -> list[Reference]:
        """Every reference in ``doc`` (offsets in ``doc.text``)."""
        return scan(doc.text, law, section, bol)

    def __call__(self, doc: Doc) -> Doc:
        ud = doc.user_data
        self.set_lemmas(doc)
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
