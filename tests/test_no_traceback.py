"""End to end: the CLI over a table of bad inputs. Every row ends with a message
and the documented exit code, and stderr never holds a traceback."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from kodeks_testing import kodeks

LAW = (
    "Правило 64. Процедура после выявления фальшренонса\n"
    "A.Наказание назначается\n"
    "Когда фальшренонс выявлен, взятка переходит к ненарушившей стороне.\n"
)

WRONG_CODEX = {
    "list": [],
    "entries-number": {"entries": 5},
    "entry-without-id": {"entries": [{"kind": "law"}]},
    "entry-a-string": {"entries": ["64A1"]},
    "title-a-number": {
        "entries": [
            {
                "id": "64",
                "kind": "law",
                "title": 5,
                "text": ["x"],
                "children": 3,
                "witnesses": [{"source": "a", "span": 7}],
            }
        ]
    },
}

WRONG_GOLD = {
    "array": "[1, 2]",
    "no-nodes": '{"source": "law.txt", "kind": "laws", "children": []}',
    "nodes-number": '{"source": "law.txt", "nodes": 5}',
    "broken": '{"id": "64",\n "kind": ',
    "nodes-strings": '{"nodes": ["64", "65"]}',
    "children-number": '{"nodes": [{"id": "64", "kind": "law", "children": 5}]}',
}


@pytest.fixture(scope="module")
def setting(tmp_path_factory, built):
    base = tmp_path_factory.mktemp("bad")
    corpus = base / "corpus"
    corpus.mkdir()
    (corpus / "law.txt").write_text(LAW, encoding="utf-8")
    for name, data in WRONG_CODEX.items():
        folder = base / f"codex-{name}"
        shutil.copytree(built, folder)
        (folder / "codex.json").write_text(json.dumps(data), encoding="utf-8")
    (base / "links-object").mkdir()
    shutil.copy(built / "codex.json", base / "links-object" / "codex.json")
    (base / "links-object" / "links.json").write_text('{"a": 1}')
    for name, text in WRONG_GOLD.items():
        (base / f"gold-{name}").mkdir()
        (base / f"gold-{name}" / "law.json").write_text(text, encoding="utf-8")
    for name, manifest in {
        "priority": '[[source]]\nfile = "law.txt"\npriority = "high"\n',
        "file": "[[source]]\nfile = 5\n",
        "source": "source = 5\n",
        "toml": "[[source]\n",
    }.items():
        c = base / f"manifest-{name}"
        shutil.copytree(corpus, c)
        (c / "sources.toml").write_text(manifest, encoding="utf-8")
    (base / "empty").mkdir()
    (base / "binary.txt").write_bytes(bytes(range(256)) * 8)
    (base / "mine").mkdir()
    (base / "mine" / "notes.txt").write_text("x")
    (base / "latin1.pbn").write_bytes(
        '[Event "Kl\xfcb"]\n[Deal "N:AKQ.J.T.9 - - -"]\n'.encode("latin-1")
    )
    (base / "facts.json").write_text(
        json.dumps({"offender": {"seat": "N"}, "revoke_trick": {"n": 3}})
    )
    return base


ROWS = [
    # (arguments with {b} for the setting folder, allowed exit codes)
    *[(["show", "64A1", "--codex", f"{{b}}/codex-{n}"], {2}) for n in WRONG_CODEX],
    *[(["refs", "64", "--codex", f"{{b}}/codex-{n}"], {2}) for n in WRONG_CODEX],
    *[(["coverage", "--codex", f"{{b}}/codex-{n}"], {2}) for n in WRONG_CODEX],
    (["refs", "--dangling", "--codex", "{b}/links-object"], {2}),
    (["search", "фальшренонс", "--codex", "{b}/codex-list"], {2}),
    *[(["eval", "{b}/codex-list", "--gold", f"{{b}}/gold-{n}"], {2}) for n in WRONG_GOLD],
    *[
        (["build", f"{{b}}/manifest-{n}", "-o", "{b}/out", "--no-pdf"], {2})
        for n in ("priority", "file", "source", "toml")
    ],
    (["build", "{b}/empty", "-o", "{b}/out", "--no-pdf"], {2}),
    (["build", "{b}/nowhere", "-o", "{b}/out", "--no-pdf"], {2}),
    (["build", "{b}/corpus", "-o", "{b}/mine", "--no-pdf"], {2}),
    (["build", "{b}/corpus", "-o", "{b}/corpus", "--no-pdf"], {2}),
    (["build", "{b}/corpus", "-o", "/dev/null", "--no-pdf"], {2}),
    (["build", "{b}/corpus", "-o", "", "--no-pdf"], {2}),
    (["clean", "{b}/missing.txt"], {2}),
    (["clean", "{b}/binary.txt"], {2}),
    (["clean", "{b}/empty"], {2}),
    # PBN decoding and the facts' types belong to the rulings; whatever they answer, no traceback
    (["rule", "revoke", "--pbn", "{b}/latin1.pbn"], {0, 1, 2, 70}),
    (["rule", "revoke", "--facts", "{b}/facts.json"], {2}),
    (["rule", "revoke", "--facts", "{b}/missing.json"], {2}),
]


@pytest.mark.parametrize("args,codes", ROWS, ids=[" ".join(a).replace("{b}/", "") for a, _ in ROWS])
def test_bad_input_gives_a_message_not_a_traceback(setting, args, codes):
    proc = kodeks(*[a.format(b=setting) for a in args])
    assert "Traceback" not in proc.stderr and "Traceback" not in proc.stdout, proc.stderr
    assert proc.returncode in codes, (proc.returncode, proc.stderr)
    assert proc.returncode == 0 or proc.stderr.strip(), "a failure says why"
    assert not (setting / "out").exists()
    assert (setting / "mine" / "notes.txt").read_text() == "x"


def test_quiet_build_prints_the_errors_and_nothing_else(tmp_path):
    """``--quiet`` is "nothing but errors": a source that cannot be read is still named
    on stderr (with its code and file), while progress and the summary line are gone."""
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "law.txt").write_text(LAW, encoding="utf-8")
    (corpus / "empty.txt").write_bytes(b"")
    loud = kodeks("build", str(corpus), "-o", str(tmp_path / "loud"), "--no-pdf")
    quiet = kodeks("build", str(corpus), "-o", str(tmp_path / "quiet"), "--no-pdf", "--quiet")
    assert loud.returncode == quiet.returncode == 1
    assert "built" in loud.stderr
    summary = " ".join(loud.stderr.split())  # the console may wrap the line
    assert "built 1 source, " in summary and "(1 error, " in summary, summary
    lines = [line for line in quiet.stderr.splitlines() if line.strip()]
    assert lines, "the error was not printed"
    assert all(line.startswith("error K") for line in lines[:1])
    assert any("K101" in line and "empty.txt" in line for line in lines)
    assert "built" not in quiet.stderr and "warning" not in quiet.stderr
    assert quiet.stdout == ""


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs Linux's /dev/full")
@pytest.mark.parametrize(
    "args",
    [
        ["show", "64", "--codex", "{c}"],
        ["search", "фальшренонс", "--codex", "{c}"],
        ["clean", "{law}"],
    ],
    ids=["show", "search", "clean"],
)
def test_a_full_disk_under_the_output_is_named_not_called_a_bug(built, tmp_path, args):
    """Output sent to a device that is full (a redirect to a full disk) is the
    environment's failure, not Kodeks's: the message says what failed, with the
    I/O exit status, and never calls it an internal error."""
    import subprocess

    from pipeline.cli import command

    law = tmp_path / "law.txt"
    law.write_text(LAW, encoding="utf-8")
    argv = command(*[a.format(c=built, law=law) for a in args])
    with open("/dev/full", "w") as full:
        proc = subprocess.run(argv, stdout=full, stderr=subprocess.PIPE, text=True, timeout=300)
    assert proc.returncode == 74, proc.stderr
    assert "No space left on device" in proc.stderr
    assert "internal error" not in proc.stderr and "Traceback" not in proc.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["coverage", "--codex", "{c}"],
        ["search", "фальшренонс", "--codex", "{c}"],
        ["show", "64", "--codex", "{c}", "--format", "json"],
        ["eval", "{c}", "--gold", "{gold}"],
        ["clean", "{law}"],
        ["rule", "revoke", "--pbn", "{pbn}"],
    ],
    ids=["coverage", "search", "show-json", "eval", "clean", "rule"],
)
def test_a_reader_who_stops_reading_ends_the_command_quietly(built, tmp_path, args):
    """`kodeks coverage | head`: when the reader of the output has gone, the command
    ends with 0 and prints nothing, whichever way it writes (rich's tables, which
    would exit with 1, the lookups' own lines, JSON, a cleaned text)."""
    import os
    import subprocess

    from kodeks_testing import GOLD, ROOT
    from pipeline.cli import command

    law = tmp_path / "law.txt"
    law.write_text(LAW, encoding="utf-8")
    pbn = ROOT / "tests" / "fixtures" / "pbn" / "r03_dummy_revokes.pbn"
    argv = command(*[a.format(c=built, law=law, gold=GOLD, pbn=pbn) for a in args])
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the command writes a byte
    try:
        proc = subprocess.run(
            argv, stdout=write_end, stderr=subprocess.PIPE, text=True, timeout=300
        )
    finally:
        os.close(write_end)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""


@pytest.mark.parametrize(
    ("args", "status"),
    [
        (["build", "{corpus}", "-o", "{out}", "--no-pdf", "--strict", "-vv"], 1),
        (["show", "999Z", "--codex", "{c}"], 2),
        (["show", "99", "--codex", "{c}"], 1),
    ],
    ids=["strict-build", "bad-address", "unknown-address"],
)
@pytest.mark.parametrize("streams", ["stderr", "both"])
def test_a_reader_of_the_messages_who_has_gone_never_turns_a_failure_into_success(
    built, tmp_path, args, status, streams
):
    """`kodeks build --strict 2>&1 | head` under pipefail: when the reader of stderr
    (or of both streams) has gone, the command still ends with its own exit status."""
    import os
    import subprocess

    from kodeks_testing import CORPUS
    from pipeline.cli import command

    argv = command(*[a.format(c=built, corpus=CORPUS, out=tmp_path / "out") for a in args])
    assert subprocess.run(argv, capture_output=True, timeout=300).returncode == status
    read_end, write_end = os.pipe()
    os.close(read_end)
    stdout = write_end if streams == "both" else subprocess.DEVNULL
    try:
        proc = subprocess.run(argv, stdout=stdout, stderr=write_end, timeout=300)
    finally:
        os.close(write_end)
    assert proc.returncode == status
