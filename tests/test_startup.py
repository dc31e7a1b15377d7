"""``kodeks show`` and ``kodeks search`` start without loading what they do not
use: the rulings are imported only for ``kodeks rule`` (or when the command is
unknown, so that help and errors still list every command)."""

from __future__ import annotations

import json
import subprocess
import sys

from kodeks_testing import ROOT

PROBE = """
import contextlib, io, json, sys
from pipeline.cli import main
with contextlib.redirect_stdout(io.StringIO()) as out, contextlib.redirect_stderr(io.StringIO()):
    rc = main(sys.argv[1:])
print(json.dumps({"rc": rc, "out": out.getvalue(), "rulings": "pipeline.rulings" in sys.modules}))
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
