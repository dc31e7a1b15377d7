"""Stage 6, link, on small hand-made codices: statuses, backlinks, the K501
diagnostic and the rows of links.json."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pipeline import link
from pipeline.model import (
    Cleaned,
    Codex,
    Entry,
    Footnote,
    Node,
    Reference,
    Source,
    Span,
    Tree,
    Witness,
)


def span(line: int = 1) -> Span:
    return Span(source="t.txt", start=0, end=1, line=line, end_line=line)


def ref(target: str, owner: str, text: str = "правило", line: int = 1) -> Reference:
    return Reference(text=f"{text} {target}", target=target, owner=owner, span=span(line))


def entry(addr: str, kind: str = "clause", refs: tuple[Reference, ...] = (), footnotes=()) -> Entry:
    w = Witness(source="t.txt", title=None, text="x", span=span(), edits=0, truncated=False)
    return Entry(
        id=addr,
        kind=kind,
        label=None,
        title=None,
        text="x",
        parent=None,
        children=(),
        chosen="t.txt",
        why="only witness",
        witnesses=(w,),
        refs=refs,
        footnotes=footnotes,
    )


def codex(*entries: Entry, trees: tuple[Tree, ...] = ()) -> Codex:
    return Codex(
        sources=(), trees=trees, entries={e.id: e for e in entries}, roots=(), fragments=()
    )


@pytest.mark.parametrize(
    "target, status, resolved",
    [
        ("64A1", "exact", "64A1"),
        ("64A9", "ancestor", "64A"),  # the clause is missing, its section is there
        ("64.10(iv)", "ancestor", "64"),  # commentary item → the law
        ("12", "dangling", None),
    ],
)
def test_status_of(target, status, resolved):
    assert link.status_of(target, {"64", "64A", "64A1"}) == (status, resolved)


def test_resolve_sets_statuses_backlinks_and_reports_dangling():
    c = codex(
        entry("64", "law"),
        entry("64A", "section"),
        entry("64A1"),
        entry("64.10", "commentary", refs=(ref("64A1", "64.10"), ref("64A9", "64.10", line=7))),
        entry(
            "63A",
            "section",
            refs=(ref("12", "63A", line=3),),
            footnotes=(
                Footnote(
                    mark="(*)",
                    text="см. правило 64",
                    span=span(9),
                    refs=(ref("64", "63A", line=9),),
                ),
            ),
        ),
    )
    resolved, diags = link.link(c)
    e = resolved.entries
    assert [(r.status, r.resolved) for r in e["64.10"].refs] == [
        ("exact", "64A1"),
        ("ancestor", "64A"),
    ]
    assert e["63A"].refs[0].status == "dangling" and e["63A"].refs[0].resolved is None
    assert e["63A"].footnotes[0].refs[0].status == "exact"
    # every citing entry once, in document order; footnote references count too
    assert e["64A1"].backlinks == ("64.10",)
    assert e["64A"].backlinks == ("64.10",)
    assert e["64"].backlinks == ("63A",)
    # 64.10 cites 64A9, which the codex lacks: linked to its section, and said so
    assert [d.code for d in diags] == ["K502", "K501"]
    assert "t.txt:7" in diags[0].message and "linked to 64A" in diags[0].message
    assert "t.txt:3" in diags[1].message and "12" in diags[1].message


def test_resolve_cites_once_per_entry():
    c = codex(entry("64"), entry("65", refs=(ref("64", "65"), ref("64", "65", text="правилу"))))
    resolved, _ = link.link(c)
    assert resolved.entries["64"].backlinks == ("65",)


def test_links_rows_cover_every_witness_with_status():
    src = Source(path="t.txt", name="t.txt", stem="t", kind="laws", text="x", encoding="utf-8")
    cleaned = Cleaned(source=src, text="x", edits=(), breaks=())
    law = Node(
        kind="law",
        id="65",
        label="65",
        title=None,
        text="см. правило 64 и правило 12",
        span=span(),
        refs=(replace(ref("64", "65"), field="text"), ref("12", "65", line=2)),
    )
    frag = Node(
        kind="fragment",
        id=None,
        label=None,
        title=None,
        text="правило 64",
        span=span(5),
        refs=(replace(ref("64", None), owner=None),),
    )
    tree = Tree(
        source=src, cleaned=cleaned, nodes=(law, frag), truncated_start=False, truncated_end=False
    )
    rows = link.all_links(codex(entry("64", "law"), entry("65", "law"), trees=(tree,)))
    assert [
        (r["owner"], r["owner_kind"], r["target"], r["status"], r["resolved"]) for r in rows
    ] == [
        ("65", "law", "64", "exact", "64"),
        ("65", "law", "12", "dangling", None),
        (None, "fragment", "64", "exact", "64"),
    ]
    assert set(rows[0]) == {
        "source",
        "owner",
        "owner_kind",
        "field",
        "text",
        "target",
        "kind",
        "status",
        "resolved",
        "span",
    }
    assert rows[1]["span"]["line"] == 2
