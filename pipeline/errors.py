"""The catalogue of diagnostics and the one exception for misuse.

Content problems never raise: a stage reports a ``Diagnostic`` with a code from
this catalogue and goes on. ``KodeksError`` is for what cannot be worked around
(a corpus folder that does not exist, an output folder that cannot be written);
its message says what to do.
"""

from __future__ import annotations

from .model import Diagnostic, Level, Span

CATALOGUE: dict[str, tuple[Level, str]] = {
    # reading
    "K101": ("error", "empty source"),
    "K102": ("error", "binary data, not text"),
    "K103": ("warning", "not UTF-8; decoded with a legacy Cyrillic encoding"),
    "K104": ("error", "undecodable bytes"),
    "K105": ("warning", "truncated multi-byte character at the end of the file"),
    "K106": ("warning", "kind of source detected, not declared"),
    "K107": ("warning", "manifest entry without a file"),
    "K108": ("info", "edition detected, not declared"),
    "K109": ("warning", "some lines of a UTF-8 file are in a legacy encoding; read line by line"),
    "K110": (
        "info",
        "line ends are carriage returns, line or paragraph separators or vertical tabs only; "
        "read as newlines",
    ),
    "K111": ("error", "a symlink leads outside the corpus; not read"),
    "K112": ("error", "a symlink loop or a dangling symlink; not read"),
    "K113": ("info", "two sources share a file stem; their exports carry the full file name"),
    "K114": ("warning", "edition not told with confidence: kept apart as edition unknown"),
    "K115": ("warning", "manifest edition contradicted by strong evidence in the text"),
    "K116": ("info", "commentary takes the edition of the laws it comments on"),
    "K117": (
        "info",
        "weak edition evidence agrees with the corpus's one edition: read as that edition",
    ),
    "K118": (
        "error",
        "the manifest names an edition the editions table does not have; the text decides",
    ),
    "K119": (
        "warning",
        "replacement characters (U+FFFD): characters lost before the file reached the corpus",
    ),
    "K120": (
        "info",
        "a text in Latin letters that is Russian transliterated: read back into Cyrillic",
    ),
    "K131": (
        "error",
        "an e-book, document or scan file that cannot be read (broken, truncated, hostile, "
        "encrypted, or a scan without a text layer): not read",
    ),
    "K132": ("warning", "pages of a scan without a text layer: their text is missing"),
    "K133": ("info", "a file holds another format than its name says: read as what it holds"),
    "K134": (
        "warning",
        "a book or document format Kodeks does not read, or a zip without a book: not read",
    ),
    # cleaning: no codes; every repair is a logged, reversible edit (report.json)
    # segmentation
    "K301": ("warning", "text whose law cannot be told: kept as an unplaced fragment"),
    "K302": ("warning", "footnote mark with no body in the source"),
    "K303": ("warning", "footnote body with no mark on its page"),
    "K304": ("warning", "duplicate address inside one source"),
    "K305": ("warning", "numbering goes backwards"),
    "K306": ("info", "address inferred from context"),
    "K307": ("info", "source ends mid-unit"),
    "K308": ("warning", "no law text in the source: it yields no nodes"),
    "K309": ("info", "text in another language kept out of the codex"),
    "K310": ("warning", "a law heading with a number no law has: kept as an unplaced fragment"),
    "K311": (
        "warning",
        "a source in another language than Russian: it yields no nodes of the Russian codex",
    ),
    "K312": ("info", "the book's title above the first heading kept out of the codex"),
    "K313": ("info", "front matter above the first heading kept out of the codex"),
    # merging
    "K401": ("warning", "witnesses give different titles for one address"),
    "K402": ("info", "fragment placed by alignment with another witness"),
    "K403": ("info", "source of another edition kept apart, not merged"),
    "K404": (
        "warning",
        "no source's edition is known: the codex reads them as the default edition",
    ),
    "K405": ("info", "sources of an edition with no law text: no codex of that edition is made"),
    # linking
    "K501": ("warning", "reference to a law that is not in the corpus"),
    "K502": ("info", "reference resolved to an ancestor"),
    "K503": ("warning", "references on a page that is not law text: not linked into the codex"),
    "K504": ("info", "a reference cut off by the end of the source: not linked"),
    # rulings
    "K601": ("error", "rulings declare clauses that a law of the corpus lacks"),
    "K602": ("info", "a ruling's law is not in this corpus"),
    # standard formats
    "K701": ("info", "an unplaced fragment written to a format's fallback structure"),
    "K702": (
        "warning",
        "an entry or reference a format cannot place, written to its fallback structure",
    ),
    "K709": ("error", "a written document does not validate against its format's schema"),
}


def diag(
    code: str, message: str, span: Span | None = None, level: Level | None = None
) -> Diagnostic:
    """Build a diagnostic with the catalogue's level for ``code``."""
    default_level, _ = CATALOGUE[code]
    return Diagnostic(code=code, level=level or default_level, message=message, span=span)


class KodeksError(Exception):
    """Misuse or unusable input as a whole; the message says what to do."""

    exit_code = 2
