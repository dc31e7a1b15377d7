"""``kodeks show`` and ``kodeks search`` start without loading what they do not
use: the rulings are imported only for ``kodeks rule`` (or when the command is
unknown, so that help and errors still list every command); ``show`` loads no
search code, and a search for words the index knows loads no dictionary (the
index stores their lemmas)."""

from __future__ import annotations

import json
import subprocess
import sys

from kodeks_testing import ROOT, kodeks

PROBE = """
import contextlib, io, json, sys
from pipeline.cli import main
with contextlib.redirect_stdout(io.StringIO()) as out, contextlib.redirect_stderr(io.StringIO()):
    rc = main(sys.argv[1:])
print(json.dumps({"rc": rc, "out": out.getvalue(), "rulings": "pipeline.rulings" in sys.modules,
                  "modules": sorted(sys.modules)}))
"""


def probe(*args: str) -> dict:
    proc = subprocess.run(
        [sys.executable, "-c", PROBE, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_show_and_search_do_not_import_the_rulings(built):
    shown = probe("show", "64", "--codex", str(built))
    assert shown["rc"] == 0 and "64" in shown["out"]
    assert not shown["rulings"]
    found = probe("search", "ревок", "--codex", str(built), "--format", "json")
    assert found["rc"] == 0 and json.loads(found["out"])
    assert not found["rulings"]


def test_rule_and_unknown_commands_still_get_the_rulings():
    listed = probe("rule", "list")
    assert listed["rc"] == 0 and listed["rulings"] and "revoke" in listed["out"]
    assert probe("nonsense")["rulings"]


def test_show_loads_no_search_code(built):
    shown = probe("show", "64", "--codex", str(built))
    assert shown["rc"] == 0
    loaded = set(shown["modules"])
    assert not loaded & {"pipeline.search", "pipeline.morph", "pymorphy3", "sqlite3", "tempfile"}


def test_search_of_known_words_loads_no_dictionary(built):
    found = probe("search", "выявленный", "фальшренонс", "--codex", str(built), "--format", "json")
    assert found["rc"] == 0 and json.loads(found["out"])["hits"]
    assert "pymorphy3" not in found["modules"]
    assert "pipeline.toc" not in found["modules"]


def test_an_empty_query_is_refused_before_the_codex_is_read(tmp_path):
    refused = probe("search", "«»", "--codex", str(tmp_path))
    assert refused["rc"] == 2 and "pymorphy3" not in refused["modules"]


def test_a_lookup_command_keeps_its_help_and_errors():
    helped = kodeks("show", "--help")
    assert helped.returncode == 0 and "usage: kodeks show" in helped.stdout
    bad = kodeks("search", "x", "--kind", "nonsense")
    assert bad.returncode == 2 and "usage: kodeks search" in bad.stderr
    whole = kodeks("--help")
    assert all(c in whole.stdout for c in ("build", "show", "search", "rule"))


def test_lookups_compile_no_grammar_and_json_needs_no_rich(built):
    """The structural grammar (dozens of patterns, compiled at import) is the
    build's; parsing an address needs only the division words of the table of
    editions. Rich is for text meant for a terminal: JSON output does without."""
    shown = probe("show", "64", "--codex", str(built), "--format", "json")
    assert shown["rc"] == 0 and json.loads(shown["out"])["address"]
    assert "pipeline.grammar" not in shown["modules"]
    assert not any(m == "rich" or m.startswith("rich.") for m in shown["modules"])
    found = probe("search", "ревок", "--codex", str(built))
    assert found["rc"] == 0 and found["out"]
    assert "pipeline.grammar" not in found["modules"]


def test_show_of_an_address_as_stored_imports_no_regex_and_compiles_no_pattern(built):
    """The address patterns and the table's signal patterns are compiled when first
    used: ``kodeks show 64`` parses no address (64 is a key of the codex as it is),
    so it neither compiles them nor imports ``regex``."""
    shown = probe("show", "64", "--codex", str(built))
    assert shown["rc"] == 0 and "64" in shown["out"]
    assert "regex" not in shown["modules"]


def test_a_bad_signal_pattern_of_the_table_is_still_a_clear_error(tmp_path):
    """Checked when detection first needs the patterns, not at import."""
    import pytest

    from pipeline import editions

    table = tmp_path / "editions.toml"
    table.write_text(
        'default = "2030"\n[[edition]]\nid = "2030"\nyear = 2030\ntitle = "Законы"\nlaws = 95\n'
        'signals = [["(", 1, "x", "wording"]]\n',
        encoding="utf-8",
    )
    assert editions._load(table, patterns=False).default == "2030"
    with pytest.raises(editions.TableError, match="signals"):
        editions._load(table)
    editions._check_patterns()  # the shipped table's patterns compile


def test_text_lookups_import_neither_rich_nor_the_heavy_libraries(built):
    """``styled`` writes what rich wrote for ``show`` and ``search`` (tests/test_styled.py
    compares the bytes): a lookup on a terminal or a pipe imports no rich, and an
    id lookup no morphology, NLP, PDF or search index."""
    heavy = ("rich", "spacy", "weasyprint", "pymorphy3", "regex", "sqlite3", "jinja2")

    def imported(modules: list[str]) -> set[str]:
        return {m.split(".")[0] for m in modules} & set(heavy)

    shown = probe("show", "64", "--codex", str(built))
    assert shown["rc"] == 0 and "Provenance" in shown["out"]
    assert imported(shown["modules"]) == set()
    found = probe("search", "ревок", "--codex", str(built))
    assert found["rc"] == 0 and "64" in found["out"]
    assert imported(found["modules"]) <= {"regex", "sqlite3"}


def test_show_of_an_address_as_stored_reads_no_table_of_editions(built):
    """The model's default edition and the division words are read from
    ``editions.toml`` when first needed: ``kodeks show 64`` needs neither."""
    shown = probe("show", "64", "--codex", str(built))
    assert shown["rc"] == 0 and "Provenance" in shown["out"]
    assert not {"pipeline.editions", "tomllib"} & set(shown["modules"])
    typed = probe("show", "правило 64", "--codex", str(built))  # parsed: the table is read
    assert typed["out"] == shown["out"] and "pipeline.editions" in typed["modules"]
