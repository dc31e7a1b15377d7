"""A build sets each source's heavy parts (raw text, cleaned text, edit log and
per-source exports) aside in a folder of its own inside its output folder, keeps
only light trees, and removes that folder however it ends; the output is byte
for byte the one of a build that keeps everything in memory."""

from __future__ import annotations

import signal
import subprocess
import time
from pathlib import Path

import pytest

from kodeks_testing import CORPUS, SEEDS
from pipeline import render
from pipeline.run import run
from pipeline.spill import PREFIX


def files(out: Path) -> dict[str, bytes]:
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


def spills(root: Path) -> list[Path]:
    """Every spill folder anywhere under ``root``."""
    return sorted(p for p in root.rglob(f"{PREFIX}*"))


class Watch:
    """A progress callback that notes, at each stage, the spill folders in ``out``
    and what they hold; and raises ``error`` when stage ``at`` begins."""

    def __init__(self, out: Path, at: str | None = None, error: BaseException | None = None):
        self.out, self.at, self.error = out, at, error
        self.seen: dict[str, list[str]] = {}

    def __call__(self, stage: str) -> None:
        found = spills(self.out) if self.out.exists() else []
        self.seen[stage] = sorted(p.name for s in found for p in s.iterdir())
        if stage == self.at and self.error is not None:
            raise self.error


def test_a_build_keeps_light_trees_and_removes_its_spill_folder(tmp_path):
    out = tmp_path / "out"
    watch = Watch(out)
    b = run(CORPUS, out, pdf=False, progress=watch)
    # from the end of read, every source's text was on disk, not in memory
    read = watch.seen["profile → clean → segment → refs"]
    assert len([n for n in read if n.endswith(".raw")]) == len(SEEDS)
    # while merge ran, every source's heavy parts were on disk, in the output folder
    aside = watch.seen["merge"]
    assert len([n for n in aside if n.endswith(".pickle")]) == len(SEEDS)
    assert len([n for n in aside if n.endswith(".source.json")]) == len(SEEDS)
    # the build held light trees: no raw or cleaned text in memory
    assert all(t.source.text == "" and t.cleaned.text == "" for t in b.trees)
    assert all(s.text == "" and s.chars > 1000 for s in b.sources)
    assert spills(tmp_path) == []
    assert (out / "sources" / f"{SEEDS[0].stem}.json").is_file()


def test_the_language_model_is_let_go_once_the_per_source_stages_are_done(tmp_path):
    """Some 85 MB once a page in another language loaded it: nothing after the
    per-source stages measures a language, so a build lets it go."""
    from pipeline import language

    language._identifier()  # as a foreign page would have
    loaded: list[int] = []

    def progress(stage: str) -> None:
        loaded.append(language._identifier.cache_info().currsize)

    run(CORPUS, tmp_path / "out", pdf=False, progress=progress)
    # loaded during the per-source stages, gone from the merge on
    assert loaded[:2] == [1, 1] and loaded[2:] == [0] * (len(loaded) - 2)
    assert language.measure("Правила игры в бридж. " * 10).code == "ru"


def test_the_output_is_the_same_with_and_without_the_spill(tmp_path):
    run(CORPUS, tmp_path / "spilled", pdf=False)
    run(CORPUS, tmp_path / "memory", pdf=False, spill=False)
    one, other = files(tmp_path / "spilled"), files(tmp_path / "memory")
    assert one.keys() == other.keys() and len(one) > 20
    assert [k for k in one if one[k] != other[k]] == []


def test_the_diagnostics_wait_on_disk_and_come_back_as_a_list(tmp_path, monkeypatch):
    """From the merge on, a build that sets its sources aside holds its diagnostics
    in a file, not in memory; the build it returns lists the same ones, in the
    same order, as a build that kept everything in memory."""
    from pipeline import run as run_mod
    from pipeline.spill import Diagnostics

    seen: list[tuple[object, int]] = []

    def check(b):
        seen.append((b.diagnostics, len(b.diagnostics)))
        return run_mod.stage_check(b)

    stages = tuple((n, check if n == "check" else f) for n, f in run_mod.STAGES)
    monkeypatch.setattr(run_mod, "STAGES", stages)
    spilled = run(CORPUS, tmp_path / "spilled", pdf=False)
    memory = run(CORPUS, tmp_path / "memory", pdf=False, spill=False)
    (held, count), (held_memory, _count) = seen
    assert isinstance(held, Diagnostics) and type(held_memory) is list
    assert count > 10 and type(spilled.diagnostics) is list
    assert spilled.diagnostics == memory.diagnostics


def test_diagnostics_set_aside_read_back_in_order_while_more_are_added(tmp_path, monkeypatch):
    from pipeline.errors import diag
    from pipeline.spill import Diagnostics

    monkeypatch.setattr(Diagnostics, "BATCH", 2)  # read back a batch at a time

    made = [diag("K401", f"{n}: sources give different titles") for n in range(5)]
    log = Diagnostics(tmp_path, made[:2])
    assert len(log) == 2 and list(tmp_path.iterdir()) == []  # the file has no name
    seen = []
    for d in log:
        seen.append(d)
        if len(log) < 5:
            log.extend(made[len(log) :])  # added while read: read after the rest
    assert seen == made and log[3] == made[3] and len(log) == 5
    log.append(made[0])
    assert list(log) == [*made, made[0]]
    log.close()


def test_the_merge_gets_trees_set_aside_whose_parts_read_back_whole(tmp_path, monkeypatch):
    from pipeline import merge
    from pipeline.model import SpilledEdits
    from pipeline.spill import Trees, held, restore

    kept = run(CORPUS, until="refs")
    seen: list = []
    original = merge.merge

    def watched(trees, aside=None):
        # the build holds stubs: no tree's nodes, tables or index in memory
        assert isinstance(trees, Trees) and aside is not None
        assert all(t.set_aside and not (t.nodes or t.toc or t.index) for t in held(trees))
        for tree in trees:  # each read back when it is read
            assert tree.set_aside is None and isinstance(tree.cleaned.edits, SpilledEdits)
            seen.append((tree, restore(tree.cleaned)))
        return original(trees, aside=aside)

    monkeypatch.setattr(merge, "merge", watched)
    run(CORPUS, tmp_path / "out", pdf=False)
    assert len(seen) == len(kept.trees)
    for (back, full), tree in zip(seen, kept.trees, strict=True):
        assert (back.nodes, back.toc, back.index) == (tree.nodes, tree.toc, tree.index)
        assert back.truncated_start == tree.truncated_start
        assert back.truncated_end == tree.truncated_end
        assert full.text == tree.cleaned.text
        assert full.source.text == tree.source.text
        assert full.edits == tree.cleaned.edits


@pytest.mark.parametrize(
    "at, error",
    [("render", RuntimeError("a product failed")), ("link", KeyboardInterrupt())],
)
def test_a_failed_or_interrupted_run_removes_its_spill_folder(tmp_path, at, error):
    out = tmp_path / "out"
    watch = Watch(out, at, error)
    with pytest.raises(type(error)):
        run(CORPUS, out, pdf=False, progress=watch)
    assert watch.seen[at], "the spill folder existed when the run stopped"
    assert spills(tmp_path) == []


def test_a_product_that_fails_midway_leaves_no_spill(tmp_path, monkeypatch):
    out = tmp_path / "out"
    watch = Watch(out)

    def broken(b, path):
        raise OSError(28, "No space left on device")

    products = tuple(
        p if p.path != "codex.sqlite" else render.Product(p.path, broken, p.lookup)
        for p in render.PRODUCTS
    )
    monkeypatch.setattr(render, "PRODUCTS", products)
    with pytest.raises(OSError):
        run(CORPUS, out, pdf=False, progress=watch)
    assert watch.seen["render"]
    assert spills(tmp_path) == []


@pytest.mark.parametrize("how", ["Ctrl-C", "SIGKILL"])
def test_a_stopped_build_leaves_no_spill_behind(tmp_path, how):
    from pipeline.cli import build_command

    out = tmp_path / "out"
    proc = subprocess.Popen(
        build_command(CORPUS, out, "--jobs", "1"),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 300
        found: list[Path] = []
        while time.monotonic() < deadline and proc.poll() is None and not found:
            found = spills(tmp_path)
            time.sleep(0.01)
        assert found, "the build ended before it set anything aside"
        # inside the build's temporary output folder, nowhere else
        assert all(p.parent.name.startswith(".out.new-") for p in found)
        if how == "Ctrl-C":
            proc.send_signal(signal.SIGINT)
        else:
            proc.kill()
        _out, stderr = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    if how == "Ctrl-C":
        assert proc.returncode == 130
        assert "Traceback" not in stderr
    else:
        # the next build removes what the killed one left
        done = subprocess.run(build_command(CORPUS, out, "--jobs", "1"), capture_output=True)
        assert done.returncode == 0, done.stderr
        assert (out / "codex.json").is_file()
    assert spills(tmp_path) == []
    assert [p.name for p in tmp_path.iterdir() if p.name != "out"] == []


def _sharing_corpus(tmp_path: Path) -> Path:
    """The seeds, and a page template shared by three files and a line two of them share."""
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for p in SEEDS:
        (corpus / p.name).write_bytes(p.read_bytes())
    for i in range(3):
        (corpus / f"z{i}.txt").write_text(
            "Меню сайта\nПравило 1. Текст\nобщая строка\n" * (i + 1) + ("одна\n" if i else ""),
            encoding="utf-8",
        )
    return corpus


def test_the_summaries_give_the_shared_lines_and_the_vocabulary_of_the_texts(tmp_path):
    """Read's summaries travel as joined strings (the lines sorted) and are joined without a
    table of every line; what the per-source stages get is unchanged."""
    from pipeline.clean import vocabulary
    from pipeline.profile import TOP_KEY, edge_lines, shared_lines, shared_lines_of

    corpus = _sharing_corpus(tmp_path)
    b = run(corpus, until="read")
    texts = [s.text for s in b.sources]
    assert b.shared == shared_lines(texts) and 3 in b.shared.values()
    assert b.vocab == vocabulary(texts)
    # and the lines held outside the text, as the profile reads them
    assert (
        b.edges == shared_lines_of(map(edge_lines, texts)) and b.edges[TOP_KEY + "Меню сайта"] == 3
    )


@pytest.mark.parametrize("collide", [False, True])
def test_read_sets_each_text_aside_as_it_is_read_and_joins_the_same_summaries(
    tmp_path, monkeypatch, collide
):
    """A build that sets its sources aside holds no source's text after read (each
    went to the spill folder in the task that read it, with its summary), and the
    shared lines and the vocabulary are those of the texts, in the same order, even
    when every line's digest is the same (the digests only choose what to count)."""
    from pipeline import run as run_mod
    from pipeline.clean import vocabulary
    from pipeline.profile import TOP_KEY, edge_lines, shared_lines, shared_lines_of
    from pipeline.spill import Spill, key

    corpus = _sharing_corpus(tmp_path)
    texts = [s.text for s in run(corpus, until="read").sources]
    if collide:
        monkeypatch.setattr(run_mod, "_digest", lambda line: b"\0" * 8)
    out = tmp_path / "out"
    b = run_mod.Build(corpus=corpus, out=out)
    b.spill = Spill.create(out)
    run_mod.stage_read(b)
    assert [s.text for s in b.sources] == [""] * len(texts)
    assert [s.chars for s in b.sources] == [len(t) for t in texts]
    keys = [key(s.path) for s in b.sources]
    assert sorted(p.name for p in b.spill.folder.iterdir()) == sorted(f"{k}.raw" for k in keys)
    back = [b.spill.take_text(k, s).text for k, s in zip(keys, b.sources)]
    assert back == texts
    ref = shared_lines(texts)
    # in the order of the lines, as the sorted summaries were always joined
    assert list(b.shared.items()) == sorted(ref.items()) and 3 in ref.values()
    assert (
        b.edges == shared_lines_of(map(edge_lines, texts)) and b.edges[TOP_KEY + "Меню сайта"] == 3
    )
    assert b.vocab == vocabulary(texts) and list(b.vocab) == list(run(corpus, until="read").vocab)
