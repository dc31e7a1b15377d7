"""A merged commentary paragraph («12.4,5.») is one node, 12.4; every way a reader
looks up 12.5 finds it: ``kodeks show``, the API, ``kodeks search``, the site's
jump box (``addresses.jump_table``) and references to 12.5. Our own sentences."""

from __future__ import annotations

import json
import re

import pytest

from kodeks_testing import kodeks
from pipeline.api import CodexReader

LAWS = (
    "Правило 12. Права судьи\n"
    "A. Право назначить исправленный результат\n"
    "1. Судья может назначить исправленный результат, если правила не дают исправления.\n"
)
COMMENTARY = (
    "Правило 12. Права судьи\n"
    "12.3. Судья назначает результат только после того, как выслушал обе стороны.\n"
    "12.4,5. Искусственный результат назначают, когда сдачу нельзя доиграть; обычный "
    "исправленный результат назначают по вероятному исходу сдачи.\n"
    "12.6. Об искусственном результате см. п. 12.5 выше.\n"
)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = tmp_path_factory.mktemp("merged")
    corpus = root / "corpus"
    corpus.mkdir()
    (corpus / "laws.txt").write_text(LAWS, encoding="utf-8")
    (corpus / "comm.txt").write_text(COMMENTARY, encoding="utf-8")
    out = root / "out"
    kodeks("build", str(corpus), "-o", str(out), "--no-pdf", "--no-epub", "--no-akn", check=True)
    return out


def test_show_and_the_api_find_the_merged_node(built):
    shown = kodeks("show", "12.5", "--codex", str(built))
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.splitlines()[0].startswith("12.4")
    codex = CodexReader.load(built, index=False)
    assert codex["12.5"].id == "12.4" and codex["п. 12.5"].label == "12.4,5"


def test_search_puts_the_merged_node_first(built):
    found = kodeks("search", "12.5", "--codex", str(built), "--format", "json")
    assert found.returncode == 0, found.stderr
    assert json.loads(found.stdout)["hits"][0]["address"] == "12.4"


def test_a_reference_to_the_second_key_links_exactly(built):
    links = json.loads((built / "links.json").read_text(encoding="utf-8"))
    (row,) = [r for r in links if r["target"] == "12.5"]
    assert (row["status"], row["resolved"]) == ("exact", "12.4")
    refs = kodeks("refs", "12.4", "--codex", str(built), "--format", "json")
    assert "12.6" in refs.stdout


def test_the_sites_jump_box_goes_to_the_merged_node(built):
    script = next(built.glob("html/**/search-index.js")).read_text(encoding="utf-8")
    table = json.loads(re.search(r"KODEKS_ADDRESSES\s*=\s*(\{.*?\});", script, re.S)[1])
    assert table["12.5"] == table["12.4"] and table["12.5"].endswith("#12.4")
