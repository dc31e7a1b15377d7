"""Lookup commands of the ``kodeks`` CLI: ``show``, ``search``, ``refs``, ``diff``, ``coverage``.

``register(subparsers)`` adds them to an ``argparse`` sub-parser set; each sets
``func=handler`` where ``handler(args) -> int`` is the exit code:

- 0: an answer was printed (possibly "no matches");
- 1: the address is well formed but not in the corpus (a hint goes to stderr);
- 2: unusable input: an unreadable address, an empty query, a missing or stale
  build output (the message says what to do).

Run them stand-alone with ``python -m pipeline.lookup_cli show 64A1``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from .api import BadAddress, CodexReader, Entry, UnknownAddress
from .errors import KodeksError
from .model import NODE_KINDS, Part
from .styled import Console, Table, Text, rich_console


def _console(stderr: bool = False):
    return rich_console(file=sys.stderr if stderr else sys.stdout, highlight=False, soft_wrap=False)


def _json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=1) + "\n")


def _fail(message: str, code: int) -> int:
    sys.stderr.write(message.rstrip() + "\n")
    return code


def _guarded(handler: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        try:
            return handler(args)
        except UnknownAddress as exc:
            return _fail(exc.message, 1)
        except BadAddress as exc:
            return _fail(exc.message, 2)
        except KodeksError as exc:
            return _fail(str(exc), getattr(exc, "exit_code", 2))
        except (KeyError, TypeError, AttributeError, ValueError, IndexError) as exc:
            # a build folder edited by hand or by another tool: its JSON has the wrong shape
            return _fail(
                f"{args.codex}: the build output does not have the shape Kodeks writes "
                f"({type(exc).__name__}: {exc}); run `kodeks build` again",
                2,
            )

    run.__name__ = handler.__name__
    run.__doc__ = handler.__doc__
    return run


# --- show ---------------------------------------------------------------------


def _heading(e: Entry) -> Text:
    t = Text()
    t.append(e.address, style="bold cyan")
    if e.title:
        t.append("  " + e.title, style="bold")
    t.append(
        f"  ({e.kind}{', penalty' if e.penalty else ''}{', inferred' if e.inferred else ''})",
        style="dim",
    )
    return t


def _body(e: Entry, indent: str = "  ") -> list[Text]:
    return [Text(indent + p) for p in e.paragraphs]


def _in_edition(codex: CodexReader, address: str, edition: str | None) -> tuple[CodexReader, str]:
    """The codex of the edition asked for (``--edition`` or an ``1997:64A1`` prefix)
    and the address without its prefix; exit 2 (``KodeksError``) for an edition the
    corpus does not hold, or for a prefix that contradicts ``--edition``."""
    from .addresses import split_edition

    prefix, rest = split_edition(address) if address else (None, address)
    if prefix and edition and prefix != edition.strip().lower():
        raise KodeksError(
            f"{address!r} names edition {prefix}, but --edition says {edition}; give one of them"
        )
    return codex.edition(prefix or edition), rest


def show(args: argparse.Namespace) -> int:
    """Print one entry: title, text, footnotes, commentary, references, backlinks, provenance."""
    codex, address = _in_edition(
        CodexReader.load(args.codex, index=False), args.address, args.edition
    )
    e = codex[address]
    if args.format == "json":
        out = {"edition": codex.edition_id, **e.to_json()}
        out["cited_by"] = [{"owner": o, **r.to_json()} for o, r in codex.cited_by(e.address)]
        _json(out)
        return 0
    # written by ``styled`` (the same bytes as rich, without importing it)
    con = Console()
    con.print(_heading(e))
    if len(codex.editions) > 1:
        con.print(Text(f"  edition {codex.edition_id}", style="dim"))
    if e.parent:
        con.print(
            Text(
                f"  in {e.parent}"
                + (
                    f" — {codex.entries[e.parent].title}"
                    if e.parent in codex.entries and codex.entries[e.parent].title
                    else ""
                ),
                style="dim",
            )
        )
    for line in _body(e):
        con.print(line)
    kids = [c for c in e.child_entries if c not in e.commentary]
    if kids:
        con.print(Text("Subdivisions", style="bold underline"))
        for c in kids:
            con.print(
                Text(f"  {c.address}  {c.title or (c.paragraphs[0][:80] if c.paragraphs else '')}")
            )
    if e.footnotes:
        con.print(Text("Footnotes", style="bold underline"))
        for f in e.footnotes:
            con.print(Text(f"  {f.mark} {f.text}"))
    if e.commentary:
        con.print(Text("Commentary", style="bold underline"))
        for c in e.commentary:
            con.print(_heading(c))
            for line in _body(c, "    "):
                con.print(line)
            for item in c.commentary:
                con.print(
                    Text(f"    {item.label or item.address} ", style="bold") + Text(item.text)
                )
    refs = e.all_refs
    if refs:
        con.print(Text("References", style="bold underline"))
        for r in refs:
            where = r.resolved if r.status == "ancestor" else ""
            line = Text(f"  «{r.text}» → {r.target}")
            line.append(
                f"  [{r.status}{' → ' + where if where else ''}]",
                style="red" if r.status == "dangling" else "dim",
            )
            if r.field != "text":
                line.append(f" ({r.field})", style="dim")
            con.print(line)
    cited = codex.cited_by(e.address)
    if cited or e.backlinks:
        con.print(Text("Cited by", style="bold underline"))
        shown = set()
        for owner, r in cited:
            shown.add(owner)
            con.print(Text(f"  {owner}  «{r.text}»"))
        for b in e.backlinks:
            if b not in shown:
                con.print(Text(f"  {b}"))
    con.print(Text("Provenance", style="bold underline"))
    con.print(Text(f"  chosen: {e.chosen} — {e.why}"))
    table = Table("source", "lines", "edits", "placed by", "truncated", "", header_style="bold")
    # a container's lines are those of its extracted text: say which part of the file
    parts = {
        s["name"]: [Part.from_json(p) for p in s.get("parts", ())]
        for s in codex.data.get("sources", ())
    }
    for w in e.witnesses:
        lines = f"{w.line}" if w.line == w.end_line else f"{w.line}–{w.end_line}"
        part = Part.at(parts.get(w.source, ()), w.line)
        if part is not None:
            lines += f" ({part.name})"
        table.add_row(
            w.source,
            lines,
            str(w.edits),
            w.placed_by,
            "yes" if w.truncated else "",
            "chosen" if w.chosen else "",
        )
    con.print(table)
    return 0


# --- search ---------------------------------------------------------------------

VIA = {
    "synonym": "по синониму",
    "part": "часть слова",
    "stem": "однокоренное",
    "index": "по предметному указателю",
}
"""How a hit answered a query word it does not contain (``Hit.via``)."""


def search(args: argparse.Namespace) -> int:
    """Morphological full-text search, ranked."""
    query = " ".join(args.query) if isinstance(args.query, list) else args.query
    from .search import is_empty_query

    if is_empty_query(query):
        return _fail(
            "the query has no words to search for; try e.g. "
            "kodeks search 'выявленный фальшренонс' or a \"phrase in quotes\"",
            2,
        )
    codex = CodexReader.load(args.codex).edition(args.edition)
    hits = codex.search(query, law=args.law, kind=args.kind, limit=args.limit)
    if args.format == "json":
        _json(
            {
                "query": query,
                "truncated": hits.truncated,
                "law": args.law,
                "kind": args.kind,
                **hits.to_json(),
            }
        )
        return 0
    con = Console()
    if hits.truncated:
        sys.stderr.write("note: the query was long; only its first words were used\n")
    if hits.suggestion:
        con.print(Text(f"возможно, вы имели в виду: {hits.suggestion}", style="yellow"))
    if hits.ignored:
        con.print(Text("no entry contains: " + ", ".join(hits.ignored), style="dim"))
    if not hits:
        con.print("no entries match" + (" (with these filters)" if args.law or args.kind else ""))
        return 0
    if hits.partial:
        con.print(Text("no entry has every word; entries with some of them:", style="yellow"))
    for h in hits:
        head = Text()
        head.append(h.address, style="bold cyan")
        if h.title:
            head.append("  " + h.title, style="bold")
        head.append(f"  ({h.kind}, {h.score:.2f})", style="dim")
        con.print(head)
        if h.via:
            con.print(
                Text("  " + "; ".join(f"{VIA[how]}: {w} → {t}" for how, w, t in h.via), style="dim")
            )
        snip = Text("  " + h.plain)
        for a, b in h.marks:
            snip.stylize("bold yellow", a + 2, b + 2)
        con.print(snip)
    return 0


# --- refs --------------------------------------------------------------------------


def refs(args: argparse.Namespace) -> int:
    """What cites ADDR and what ADDR cites; ``--dangling``: unresolved references."""
    codex, address = _in_edition(
        CodexReader.load(args.codex, index=False), args.address, args.edition
    )
    args.address = address
    if args.dangling:
        # links.json holds every source's references; keep those of this codex's sources
        names = codex.own_sources()
        rows = [r for r in codex.dangling() if r.get("source") in names]
        if args.address:
            key = _law_or_address(codex, args.address)
            rows = [
                r for r in rows if _within(r.get("owner"), key) or _within(r.get("target"), key)
            ]
        if args.format == "json":
            _json(rows)
            return 0
        con = _console()
        if not rows:
            con.print("no dangling references")
            return 0
        from rich.table import Table as RichTable

        table = RichTable("source:line", "owner", "text", "target", box=None, header_style="bold")
        for row in rows:
            table.add_row(
                f"{row['source']}:{row['span']['line']}",
                str(row.get("owner")),
                row["text"],
                row["target"],
            )
        con.print(table)
        return 0
    if args.address:
        e = codex[args.address]
        cited = codex.cited_by(e.address)
        out = {
            "address": e.address,
            "edition": codex.edition_id,
            "title": e.title,
            "cites": [r.to_json() for r in e.all_refs],
            "cited_by": [{"owner": o, **r.to_json()} for o, r in cited],
            "backlinks": list(e.backlinks),
        }
        if args.format == "json":
            _json(out)
            return 0
        con = Console()
        con.print(_heading(e))
        con.print(Text(f"Cites ({len(e.all_refs)})", style="bold underline"))
        for r in e.all_refs:
            con.print(
                Text(
                    f"  «{r.text}» → {r.target} [{r.status}"
                    + (f" → {r.resolved}" if r.status == "ancestor" else "")
                    + "]"
                )
            )
        con.print(Text(f"Cited by ({len(cited)})", style="bold underline"))
        for o, r in cited:
            con.print(
                Text(
                    f"  {o}  «{r.text}»" + (f" (names {r.target})" if r.target != e.address else "")
                )
            )
        return 0
    rows = [{"owner": e.address, **r.to_json()} for e in codex for r in e.all_refs]
    if args.format == "json":
        _json(rows)
        return 0
    from rich.table import Table as RichTable

    table = RichTable("owner", "text", "target", "status", box=None, header_style="bold")
    for row in rows:
        table.add_row(
            row["owner"],
            row["text"],
            row["target"],
            row["status"] + (f" → {row['resolved']}" if row["status"] == "ancestor" else ""),
        )
    _console().print(table)
    return 0


def _law_or_address(codex: CodexReader, text: str) -> str:
    from .addresses import lenient

    key = lenient(text)
    if key is None:
        raise BadAddress(text)
    return key


def _within(address: str | None, key: str) -> bool:
    from .addresses import ancestors

    return address is not None and address != "" and (address == key or key in ancestors(address))


# --- diff --------------------------------------------------------------------------


def diff(args: argparse.Namespace) -> int:
    """Word-level diff of a clause and its subtree between two editions."""
    from .addresses import split_edition
    from .compare import diff as compare

    codex = CodexReader.load(args.codex, index=False)
    prefix, address = split_edition(args.address)
    if prefix and prefix != args.from_edition:
        raise KodeksError(
            f"{args.address!r} names edition {prefix}, but --from says {args.from_edition}"
        )
    out = compare(codex, address, args.from_edition, args.to_edition)
    if args.format == "json":
        _json(out)
        return 0
    con = Console()
    head = f"{out['address']}: {out['from']} → {out['to']}"
    if "to_address" in out:
        head += f" (now {out['to_address']})"
    con.print(Text(head, style="bold"))
    line = Text()
    for c in out["changes"]:
        if c["op"] == "equal":
            line.append(c["from_text"] + " ")
        if c["op"] in ("delete", "replace"):
            line.append("[-" + c["from_text"] + "-]", style="red strike")
            line.append(" ")
        if c["op"] in ("insert", "replace"):
            line.append("{+" + c["to_text"] + "+}", style="green")
            line.append(" ")
    con.print(line)
    return 0


# --- coverage ----------------------------------------------------------------------


def coverage(args: argparse.Namespace) -> int:
    """Per law: sources, addresses present, missing, truncated; unplaced fragments."""
    codex = CodexReader.load(args.codex, index=False)
    data = codex.coverage
    if args.format == "json":
        _json(data)
        return 0
    from rich.table import Table as RichTable

    table = RichTable(
        "law",
        "title",
        "sources",
        "present",
        "missing",
        "truncated",
        "inferred",
        box=None,
        header_style="bold",
        title="Coverage",
    )
    for law in data.get("laws", ()):
        table.add_row(
            str(law.get("law")),
            law.get("title") or "—",
            str(len(law.get("sources", ()))),
            str(len(law.get("present", ()))),
            ", ".join(law.get("missing", ())) or "",
            ", ".join(law.get("truncated", ())) or "",
            "yes" if law.get("inferred") else "",
        )
    con = _console()
    con.print(table)
    unplaced = data.get("unplaced", ())
    if unplaced:
        t2 = RichTable(
            "source:lines",
            "between",
            "probably",
            "first words",
            box=None,
            header_style="bold",
            title="Unplaced fragments",
        )
        for u in unplaced:
            before, after = u.get("between") or (None, None)
            t2.add_row(
                f"{u.get('source')}:{u.get('line')}–{u.get('end_line')}",
                f"{before or '…'} – {after or '…'}",
                u.get("probable") or "",
                u.get("first_words", ""),
            )
        con.print(t2)
    return 0


# --- registration -------------------------------------------------------------------


def _limit(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--limit wants a whole number, not {text!r}") from None
    if not 1 <= n <= 1000:
        raise argparse.ArgumentTypeError("--limit must be between 1 and 1000")
    return n


def register(subparsers, only: str | None = None) -> None:
    """Add ``show``, ``search``, ``refs``, ``diff`` and ``coverage`` to ``subparsers``
    (the result of ``ArgumentParser.add_subparsers()``); ``only``: that one alone
    (none when it names another command)."""

    def wanted(name: str) -> bool:
        return only is None or only == name

    def edition(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--edition",
            metavar="E",
            help="the edition to look in (default: the corpus's default edition); also 1997:ADDR",
        )

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--codex",
            default="output",
            metavar="DIR",
            help="build output folder holding codex.json (default: output)",
        )
        p.add_argument("--format", choices=("text", "json"), default="text", help="output format")

    if wanted("show"):
        p = subparsers.add_parser(
            "show",
            help="show one entry with its commentary, links and provenance",
            description="Show one entry. ADDR may be typed loosely: 64A1, '64 A 1', "
            "64а1, 'правило 64А1', 67B1a, 'п. 64.10', 64.10(i).",
        )
        p.add_argument("address", metavar="ADDR")
        edition(p)
        common(p)
        p.set_defaults(func=_guarded(show))

    if wanted("search"):
        p = subparsers.add_parser(
            "search",
            help="morphological full-text search",
            description="Search the codex. Words match any form "
            '(выявленный ~ выявлен ~ выявления); "quoted words" '
            "must be consecutive.",
        )
        p.add_argument("query", metavar="QUERY", nargs="+")
        p.add_argument("--law", metavar="N", help="only entries of law N")
        p.add_argument("--kind", choices=NODE_KINDS, help="only entries of this kind")
        p.add_argument(
            "--limit", type=_limit, default=20, metavar="N", help="at most N hits (default 20)"
        )
        edition(p)
        common(p)
        p.set_defaults(func=_guarded(search))

    if wanted("refs"):
        p = subparsers.add_parser(
            "refs",
            help="what cites an entry and what it cites; --dangling: unresolved",
            description="Without ADDR: every reference. With ADDR: what it cites and "
            "what cites it. --dangling: references to addresses that are "
            "not in the corpus (from links.json), optionally within ADDR.",
        )
        p.add_argument("address", metavar="ADDR", nargs="?")
        p.add_argument("--dangling", action="store_true", help="list unresolved references")
        edition(p)
        common(p)
        p.set_defaults(func=_guarded(refs))

    if wanted("diff"):
        p = subparsers.add_parser(
            "diff",
            help="word-level diff of a clause between two editions",
            description="Compare a clause and its subdivisions between two editions of "
            "the corpus, word by word (ADDR names the clause in the first "
            "edition; a clause renumbered since is followed).",
        )
        p.add_argument("address", metavar="ADDR")
        p.add_argument(
            "--from",
            dest="from_edition",
            required=True,
            metavar="E1",
            help="edition to compare from",
        )
        p.add_argument(
            "--to", dest="to_edition", required=True, metavar="E2", help="edition to compare to"
        )
        common(p)
        p.set_defaults(func=_guarded(diff))

    if wanted("coverage"):
        p = subparsers.add_parser("coverage", help="what the corpus holds per law")
        common(p)
        p.set_defaults(func=_guarded(coverage))


def main(argv: list[str] | None = None) -> int:
    """Stand-alone entry point: ``python -m pipeline.lookup_cli show 64A1`` is ``kodeks show 64A1``."""
    from .cli import main as kodeks

    return kodeks(argv)


if __name__ == "__main__":
    sys.exit(main())
