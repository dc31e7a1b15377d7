"""The build products: one table (``pipeline.render.PRODUCTS``) says what a build
writes, and the build, the Python API and the tests all write through it."""

from __future__ import annotations

from kodeks_testing import CORPUS, write_lookup_output
from pipeline.render import PRODUCTS
from pipeline.run import STAGES, run


def test_a_build_writes_exactly_the_products(built):
    written = {p.name for p in built.iterdir()}
    expected = {
        p.path.rstrip("/") for p in PRODUCTS if p.path != "codex.pdf"
    }  # built with --no-pdf
    assert written == expected


def test_lookup_products_are_the_lookup_part(tmp_path):
    b = run(CORPUS)
    write_lookup_output(b.codex, tmp_path)
    assert {p.name for p in tmp_path.iterdir()} == {p.path for p in PRODUCTS if p.lookup}
    # the index is written after the codex.json whose hash it records
    order = [p.path for p in PRODUCTS]
    assert order.index("codex.sqlite") > order.index("codex.json")


def test_the_ruling_check_is_a_stage_of_its_own():
    names = [name for name, _fn in STAGES]
    assert names == [
        "read",
        "profile",
        "clean",
        "segment",
        "refs",
        "merge",
        "link",
        "check",
        "render",
    ]


def test_every_stage_has_one_entry_point_named_after_it_and_its_number():
    """Stage ``name`` is ``run.stage_<name>``; its module ``pipeline/<name>.py``
    has the public function ``<name>`` (``read.read``, ``refs.refs``,
    ``link.link`` …), and a docstring that opens with ``Stage N, name:`` where N
    is its place in ``STAGES``."""
    import importlib
    import inspect

    from pipeline import run as run_mod

    for number, (name, fn) in enumerate(STAGES, 1):
        module = importlib.import_module(f"pipeline.{name}")
        assert fn is getattr(run_mod, f"stage_{name}")
        entry = getattr(module, name, None)
        assert inspect.isfunction(entry) and entry.__module__ == module.__name__, name
        assert (module.__doc__ or "").startswith(f"Stage {number}, {name}:"), name


def test_render_never_imports_the_runner():
    """``run`` calls ``render``; ``render`` needs nothing of ``run`` but the type
    of ``Build`` (``kodeks export`` is ``run.export``), so there is no cycle."""
    import ast
    import inspect

    from pipeline import render

    runtime = [
        node.lineno
        for node in ast.walk(ast.parse(inspect.getsource(render)))
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module == "run"
    ]
    typing_only = [
        inner.lineno
        for node in ast.walk(ast.parse(inspect.getsource(render)))
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING"
        for inner in node.body
        if isinstance(inner, ast.ImportFrom) and inner.module == "run"
    ]
    assert runtime == typing_only
