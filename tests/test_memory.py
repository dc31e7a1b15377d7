"""What a build keeps in memory: no spaCy in a build (its import alone costs a
process some 70 MB, and the build's reference finder makes no ``Doc``), while
the ``kodeks_refs`` component stays one import or one ``add_pipe`` away."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

from kodeks_testing import ROOT, SEEDS


def _python(code: str, *args: str) -> dict:
    proc = subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


BUILD = """
import json, sys
from pipeline.run import build
b = build(sys.argv[1], sys.argv[2], pdf=False, epub=False, akn=False, jobs=1)
print(json.dumps({"entries": len(b.codex.entries),
                  "refs": sum(len(e.refs) for e in b.codex.entries.values()),
                  "spacy": sorted(m for m in sys.modules if m == "spacy" or m.startswith("spacy."))}))
"""


def test_a_build_does_not_import_spacy(tmp_path):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    shutil.copy(SEEDS[0], corpus / SEEDS[0].name)
    done = _python(BUILD, str(corpus), str(tmp_path / "out"))
    assert done["entries"] > 10 and done["refs"] > 0  # references were found, without spaCy
    assert done["spacy"] == []


COMPONENT = """
import json, sys
import pipeline.refs  # before spaCy: the factory is found through the entry point
import spacy
nlp = spacy.blank("ru")
nlp.add_pipe("kodeks_refs", config={"law": "64"})
doc = nlp("см. Правило 12 и этому правилу")
print(json.dumps([[s.text, s._.target] for s in doc.spans["kodeks_refs"]]))
"""


def test_the_spacy_component_is_found_when_refs_was_imported_before_spacy():
    assert _python(COMPONENT) == [["Правило 12", "12"], ["этому правилу", "64"]]
