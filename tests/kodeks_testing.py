"""Helpers shared by the tests: paths, small sources cleaned or segmented in
memory, running the real CLI, writing the lookup part of an output folder."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from pipeline.clean import clean, vocabulary
from pipeline.cli import command
from pipeline.model import Source

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"
GOLD = Path(os.environ.get("KODEKS_GOLD", ROOT.parent / "shared" / "gold"))
SEEDS = sorted(CORPUS.glob("*.txt"))
VOCAB = vocabulary(p.read_text(encoding="utf-8") for p in SEEDS)
"""The vocabulary of the seed corpus, as the build computes it."""
GOLD_NODE_KEYS = frozenset(
    "id kind label title text inferred penalty tags footnotes refs children".split()
)
"""The keys of a node in the gold shape (``../shared/gold/README.md``), which
``sources/*.json`` holds (``export.node_json``)."""


COMMENTARY_AFTER_ITS_LAW = (
    "35.2. Право на наказание за заявку утрачено, когда следующий игрок заявил.\n"
    "35.3. Судья решает, было ли право на наказание утрачено по правилу 35.\n"
    "Правило 36. Заявки вне очереди\n36.1. Судья применяет это правило к заявкам.\n"
)
"""A page of the commentary that opens after its law's heading (law 35 is not on it)."""


def write_corpus(folder: Path, files: dict[str, str]) -> Path:
    """A corpus folder holding ``files`` (name → text, UTF-8)."""
    folder.mkdir(parents=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def declared(name: str, edition: str) -> str:
    """A ``sources.toml`` that declares the laws source ``name`` of ``edition``."""
    return f'[[source]]\nfile = "{name}"\nkind = "laws"\nedition = "{edition}"\n'


def built_page(tmp_path: Path, text: str):
    """The codex of a corpus of one page, ``text``, built in ``tmp_path``."""
    from pipeline.run import run

    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "page.txt").write_text(text, encoding="utf-8")
    return run(corpus).codex


def source(text: str, kind: str = "laws") -> Source:
    """A source made from ``text`` in memory."""
    return Source(path="t.txt", name="t.txt", stem="t", kind=kind, text=text, encoding="utf-8")


def seg(text: str, kind: str = "laws"):
    """``text`` cleaned with the seeds' vocabulary and segmented: ``(tree, diagnostics)``."""
    from pipeline.segment import segment

    return segment(clean(source(text, kind), VOCAB))


def kodeks(*args: str, cwd: Path | None = None, check: bool = False) -> subprocess.CompletedProcess:
    """Run the real CLI (the installed console script's module) as a user would."""
    proc = subprocess.run(
        command(*args),
        cwd=cwd or ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    if check and proc.returncode != 0:
        raise AssertionError(f"kodeks {' '.join(args)} failed ({proc.returncode}):\n{proc.stderr}")
    return proc


def write_lookup_output(codex, out: Path) -> Path:
    """The lookup part of a build output (what render writes), without HTML/PDF."""
    from pipeline.render import render
    from pipeline.run import Build

    build = Build(corpus=out, sources=list(codex.sources), trees=list(codex.trees), codex=codex)
    render(build, out, lookup_only=True)
    return out


# The address jump of the site (pipeline.addresses.jump_table): a codex of every
# address shape in two editions, and what a reader types.
JUMP_TARGETS = {
    **{
        a: f"law.html#{a}"
        for a in (
            "chapter:III",
            "chapter-part:II",
            "part:I",
            "part:IV",
            "64",
            "64A",
            "64A1",
            "64A1(i)",
            "67B1(A)",
            "9A2(B)(1)",
            "64.10",
            "64.10(i)",
        )
    },
    **{f"1997:{a}": f"1997/law.html#{a}" for a in ("part:I", "64", "64A1", "64.10", "64.10(ii)")},
}
TYPED = (
    *JUMP_TARGETS,
    "64 A 1",
    "64а1",
    "64А1",
    "правило 64А1",
    "Правило 64, A1",
    "Law 64A1",
    "п. 64А1.",
    "пункт 64 а 1",
    "67B1a",
    "67 B 1 (а)",
    "9 A 2 (B) (1)",
    "п. 64.10",
    "64 . 10 (i)",
    "Раздел I",
    "раздел iv",
    "part I",
    "Глава III",
    "глава iii",
    "chapter III",
    "Часть II",
    "часть ii",
    "1997:64а1",
    "1997: правило 64",
    "1997:Раздел I",
    "1997 : 64.10(ii)",
    # not on the site: another law, another edition's address, no address at all
    "65A1",
    "64.10(ii)",
    "1997:67B1(A)",
    "2001:64",
    "фальшренонс",
    "64Z",
)


def jump_expected(typed: str) -> str | None:
    """The page the address jump must open for ``typed``: as the Python API reads
    an address (``api.CodexReader.resolve``: a canonical address as it is, else
    ``addresses.lenient`` after ``split_edition``), looked up in ``JUMP_TARGETS``."""
    from pipeline import addresses

    if typed.strip() in JUMP_TARGETS:
        return JUMP_TARGETS[typed.strip()]
    edition, rest = addresses.split_edition(typed)
    address = addresses.lenient(rest)
    if address is None:
        return None
    return JUMP_TARGETS.get(addresses.with_edition(edition, address) if edition else address)


def gate_allows(words: list[str]) -> bool:
    """``profile._may_have_shape`` of the piece ``words`` joined by single spaces, its
    arguments made as ``profile.joined_template`` makes them word by word."""
    import functools
    import operator

    from pipeline import profile as P

    traits = functools.reduce(operator.or_, map(P._word_traits, words))
    short = sum(len(w) <= 3 for w in words)
    return P._may_have_shape(traits, len(words), len(" ".join(words)), short, P._opening(words[:4]))


# A page whose every printed line is a block of its own (a PDF converted to HTML, or a
# page's source saved as text with ``<p>`` a line), a menu of links above it and a footer
# below: each line is short and ends no sentence, as a menu's item does.
WRAPPED_LINES = [
    "Правило 90. Порядок за столом",
    "A.Место игрока",
    "1.Выбор места",
    "Игрок занимает место, которое ему указал распорядитель тур-",
    "нира, и не меняет его без разрешения судьи до конца",
    "сессии, даже если партнёр просит его об этом. Когда",
    "место занято другим игроком, он зовёт судью, и тот",
    "решает, кто из них сядет за этот стол, а кто перей-",
    "дёт за соседний.",
    "2.Смена места",
    "Если игрок пересел без разрешения, то судья может",
    "назначить ему предупреждение, а при повторном на-",
    "рушении снять очки с его пары по своему усмотре-",
    "нию.",
    "B.Карты на столе",
    "Каждый игрок держит свои карты так, чтобы сосе-",
    "ди их не видели, и кладёт сыгранную им карту лицом",
    "вверх перед собой до конца взятки.",
]
