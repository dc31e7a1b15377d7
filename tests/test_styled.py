"""``styled.Console`` writes the bytes rich writes for what ``kodeks show`` and
``kodeks search`` print (word wrap, styles on a terminal, the provenance table),
and hands rich what it cannot write exactly."""

from __future__ import annotations

import io

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.cells import cell_len
from rich.console import Console as RichConsole

from pipeline import styled

STYLES = [
    "bold",
    "dim",
    "bold cyan",
    "bold underline",
    "red",
    "yellow",
    "bold yellow",
    "green",
    "red strike",
]
CHARS = "абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДabcXYZ0123456789 .,;:()«»—–→…№-"


def written(fast: styled.Console, item) -> str | None:
    """What ``fast`` writes for ``item`` itself, None where it leaves it to rich."""
    try:
        return fast._render(item)
    except styled.Unsupported:
        return None


def pair(terminal: bool, width: int, no_colour: bool = False):
    fast = styled.Console(io.StringIO())
    fast.fast, fast.terminal, fast.width, fast.no_colour = True, terminal, width, no_colour
    env = {"TERM": "xterm-256color"} | ({"NO_COLOR": "1"} if no_colour else {})
    rich = RichConsole(
        file=io.StringIO(),
        width=width,
        force_terminal=terminal,
        highlight=False,
        soft_wrap=False,
        _environ=env,
    )
    return fast, rich


words = st.text(alphabet=CHARS, min_size=0, max_size=30)
texts = st.lists(st.tuples(words, st.sampled_from(["", *STYLES])), min_size=1, max_size=6)


@settings(max_examples=300, deadline=None)
@given(
    pieces=texts,
    base=st.sampled_from(["", *STYLES]),
    marks=st.lists(st.tuples(st.integers(0, 80), st.integers(0, 20)), max_size=3),
    newline=st.booleans(),
    width=st.integers(20, 100),
    terminal=st.booleans(),
    no_colour=st.booleans(),
)
def test_text_is_written_as_rich_writes_it(
    pieces, base, marks, newline, width, terminal, no_colour
):
    text = styled.Text(pieces[0][0], style=base)
    for words_, style in pieces[1:]:
        text.append(words_, style)
    if newline:
        text = text + styled.Text("\n  " + pieces[0][0] * 5)
    for start, length in marks:
        text.stylize("bold yellow", start, start + length)
    fast, rich = pair(terminal, width, no_colour)
    rich.print(text.to_rich())
    assert written(fast, text) == rich.file.getvalue()


cells = st.text(alphabet=CHARS.replace(":", ""), max_size=30)


@settings(max_examples=150, deadline=None)
@given(
    rows=st.lists(st.lists(cells, min_size=4, max_size=4), max_size=4),
    width=st.integers(20, 120),
    terminal=st.booleans(),
)
def test_a_table_is_written_as_rich_writes_it(rows, width, terminal):
    table = styled.Table("source", "lines", "placed by", "", header_style="bold")
    for row in rows:
        table.add_row(*row)
    fast, rich = pair(terminal, width)
    rich.print(table.to_rich())
    out = written(fast, table)
    assert out is None or out == rich.file.getvalue()
    # a table that fits is written here; one wider than the console is left to rich
    fits = sum(len(max(col, key=len)) for col in zip(*table.rows, table.columns)) + 6
    assert (out is not None) == (fits <= width)


def test_what_rich_would_read_as_markup_is_left_to_rich():
    fast, rich = pair(False, 80)
    for item in ("[bold]x[/bold] and :smile:", "plain"):
        fast.print(item)
        rich.print(item)
    assert fast.file.getvalue() == rich.file.getvalue() == "x and 😄\nplain\n"


def test_the_characters_wrapped_by_length_are_one_cell_each_for_rich():
    assert all(cell_len(ch) == 1 for ch in styled._NARROW)
    assert not styled._NARROW & {"\t", "\u200b", "\u0301", "\ufe0f", "漢"}
