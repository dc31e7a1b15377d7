"""The JSON exports on small hand-made values: the gold shape, what ``removed``
keeps, the report's counts, and the one writer every product uses."""

from __future__ import annotations

import json
from pathlib import Path

from kodeks_testing import GOLD_NODE_KEYS
from pipeline import export
from pipeline.model import Cleaned, Diagnostic, Edit, Footnote, Node, Reference, Source, Span, Tree
from pipeline.run import Build


def span(start: int = 0, end: int = 1, line: int = 1) -> Span:
    return Span(source="t.txt", start=start, end=end, line=line, end_line=line)


def edit(kind: tuple[str, ...], before: str, after: str = "") -> Edit:
    return Edit(kind=kind, span=span(), before=before, after=after, clean_start=0)


SRC = Source(
    path="t.txt", name="t.txt", stem="t", kind="laws", text="– 87\nтекст", encoding="cp1251"
)


def tree(*edits: Edit, nodes: tuple[Node, ...] = ()) -> Tree:
    return Tree(
        source=SRC,
        cleaned=Cleaned(source=SRC, text="текст", edits=edits, breaks=()),
        nodes=nodes,
        truncated_start=False,
        truncated_end=True,
    )


def test_node_json_has_the_gold_shape_and_full_adds_places():
    r = Reference(
        text="правилу 64", target="64", owner="67B1(B)", span=span(5, 15, 2), kind="plain"
    )
    n = Node(
        kind="subclause",
        id="67B1(B)",
        label="(B)",
        title=None,
        text="по правилу 64",
        span=span(),
        tags=("DC4",),
        refs=(r,),
        footnotes=(Footnote(mark="(*)", text="сноска", span=span(20, 26, 3)),),
    )
    gold = export.node_json(n)
    assert set(gold) == GOLD_NODE_KEYS
    assert gold["refs"] == [{"text": "правилу 64", "target": "64"}] and gold["tags"] == ["DC4"]
    assert gold["footnotes"] == [{"mark": "(*)", "text": "сноска", "refs": []}]
    full = export.node_json(n, full=True)
    assert full["span"]["line"] == 1 and full["footnotes"][0]["span"]["line"] == 3
    assert full["refs"][0] == {
        "text": "правилу 64",
        "target": "64",
        "owner": "67B1(B)",
        "field": "text",
        "kind": "plain",
        "status": "unresolved",
        "resolved": None,
        "span": span(5, 15, 2).to_json(),
    }


def test_removed_lists_artefacts_not_repairs():
    t = tree(
        edit(("page-number",), "– 87\n"),
        edit(("dehyphenate", "unwrap"), "-\n"),
        edit(("unwrap", "duplicate"), " картой,\n"),
        edit(("site-chrome",), "   "),
    )
    assert export.removed(t) == [
        {"text": "– 87", "why": "page-number"},
        {"text": "картой,", "why": "duplicate"},
    ]


def test_source_json_full_adds_encoding_and_truncation():
    out = export.source_json(tree(), full=True)
    assert (
        out["source"] == "t.txt"
        and out["kind"] == "laws"
        and out["nodes"] == []
        and out["removed"] == []
    )
    assert (out["encoding"], out["truncated_start"], out["truncated_end"]) == (
        "cp1251",
        False,
        True,
    )
    assert "encoding" not in export.source_json(tree())


def test_report_counts_each_kind_of_a_joint_edit():
    t = tree(
        edit(("page-number",), "– 87"),
        edit(("dehyphenate", "unwrap"), "-\n"),
        edit(("unwrap",), "\n"),
    )
    b = Build(
        corpus=Path("corpus"),
        sources=[SRC],
        cleaned=[t.cleaned],
        diagnostics=[Diagnostic(code="K301", level="warning", message="m")],
    )
    rep = export.report_json(b)
    assert rep["summary"] == {
        "sources": 1,
        "entries": 0,
        "diagnostics": {"error": 0, "warning": 1, "info": 0},
    }
    src = rep["sources"]["t.txt"]
    assert src["edits"] == {"dehyphenate": 1, "page-number": 1, "unwrap": 2}
    assert [e["kind"] for e in src["edit_log"]] == ["page-number", "dehyphenate+unwrap", "unwrap"]


def test_dump_writes_stable_utf8_json(tmp_path):
    data = {"б": [1, {"a": None}], "a": "ё"}
    path = tmp_path / "deep" / "x.json"
    export.dump(path, data)
    raw = path.read_bytes()
    assert raw == export.json_bytes(data) and raw.endswith(b"\n")
    assert "ё".encode() in raw and list(json.loads(raw)) == [
        "б",
        "a",
    ]  # UTF-8, keys in the order given
    assert raw.startswith(b'{\n "\xd0\xb1": [\n  1,')  # indentation 1
