"""The ``kodeks`` command: a thin shell over the library.

Each subcommand calls one public function. Exit codes: 0 success; 1 a
diagnostic of level error was reported (or, with ``--strict``, a warning);
2 unusable arguments or input; 70 an internal error (a bug: reported in one
line, the traceback only with ``KODEKS_DEBUG=1``).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
from pathlib import Path
from types import CodeType

from .errors import KodeksError


def _console(quiet: bool = False):
    from .styled import rich_console

    return rich_console(stderr=True, quiet=quiet)


# -- build ---------------------------------------------------------------------


def cmd_build(args) -> int:
    from .run import build

    console = _console(args.quiet)
    shout = _console()  # errors are printed even with --quiet ("nothing but errors")
    corpus = Path(args.corpus)
    with console.status("building…") as status:

        def progress(stage: str) -> None:
            status.update(f"[bold]{stage}[/bold] {corpus}")

        b = build(
            corpus,
            args.output,
            pdf=not args.no_pdf,
            epub=not args.no_epub,
            akn=not args.no_akn,
            progress=progress if not args.quiet else None,
            jobs=args.jobs,
            executor=args.executor,
            scheduler=args.scheduler,
        )
    errors = [d for d in b.diagnostics if d.level == "error"]
    warnings = [d for d in b.diagnostics if d.level == "warning"]
    for d in b.diagnostics:
        if d.level == "error" or (args.verbose and d.level != "info") or args.verbose > 1:
            style = {"error": "red", "warning": "yellow"}.get(d.level, "dim")
            (shout if d.level == "error" else console).print(
                f"[{style}]{d.level} {d.code}[/] {d.message}", highlight=False, soft_wrap=True
            )
    timing = ", ".join(f"{k} {v:.2f}s" for k, v in b.timings.items())
    entries = _count(len(b.codex.entries), "entry", "entries")
    if b.codex.others:
        # each other edition is merged on its own: count them all and say how many
        # each has, or a corpus of another edition's pages reads as if it gave nothing
        codices = [(b.codex.edition, b.codex), *b.codex.others.items()]
        entries = (
            _count(sum(len(c.entries) for _e, c in codices), "entry", "entries")
            + " ("
            + ", ".join(f"{edition}: {len(c.entries)}" for edition, c in codices)
            + ")"
        )
    console.print(
        f"[green]built[/] {_count(len(b.sources), 'source')}, {entries} → {b.out} "
        f"({_count(len(errors), 'error')}, {_count(len(warnings), 'warning')}; {timing})",
        highlight=False,
    )
    if errors or (args.strict and warnings):
        return 1
    return 0


def _count(n: int, one: str, many: str | None = None) -> str:
    """``1 source``, ``2 sources``: a count and its noun in English."""
    return f"{n} {one if n == 1 else many or one + 's'}"


# -- export --------------------------------------------------------------------


def cmd_export(args) -> int:
    from .run import export

    console = _console(args.quiet)
    written, found = export(
        args.format, Path(args.corpus), Path(args.output), edition=args.edition, force=args.force
    )
    shout = _console()  # errors are printed even with --quiet
    for d in found:
        if d.level == "error":
            shout.print(f"[red]{d.level} {d.code}[/] {d.message}", highlight=False, soft_wrap=True)
    console.print(f"[green]wrote[/] {args.format} → {written}", highlight=False)
    return 1 if any(d.level == "error" for d in found) else 0


# -- eval ----------------------------------------------------------------------


def cmd_eval(args) -> int:
    from .evaluate import COLUMNS, evaluate

    rows = evaluate(args.build, args.gold)
    if args.format == "json":
        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return 0
    from rich.table import Table

    from .styled import rich_console

    table = Table(title=f"{args.build} against {args.gold}")
    table.add_column("source")
    for c in COLUMNS:
        table.add_column(c, justify="right")
    for name, f in rows.items():
        table.add_row(name, *(f"{f[c]:.4f}" for c in COLUMNS))
    rich_console(width=200).print(table)
    return 0


# -- clean ---------------------------------------------------------------------


def cmd_clean(args) -> int:
    from .clean import clean
    from .offsets import column
    from .read import read_source

    src, diags = read_source(Path(args.file))
    for d in diags:
        print(f"{d.level} {d.code}: {d.message}", file=sys.stderr)
    if src is None:
        return 2  # unusable input (README: exit codes)
    cleaned = clean(src)
    if args.format == "json":
        print(
            json.dumps(
                {"text": cleaned.text, "edits": [e.to_json() for e in cleaned.edits]},
                ensure_ascii=False,
                indent=1,
            )
        )
    elif args.diff:
        for e in cleaned.edits:
            if e.kind == ("unwrap",) and not args.all:
                continue
            line_start = src.text.rfind("\n", 0, e.span.start) + 1
            line_end = src.text.find("\n", e.span.end)
            line_end = len(src.text) if line_end < 0 else line_end
            before_ctx = src.text[line_start : e.span.start]
            after_ctx = src.text[e.span.end : line_end]
            print(
                f"@@ {src.name}:{e.span.line}:{column(src, e.span.start)} {e.label}"
                + (f" ({e.why})" if e.why else "")
            )
            print("-" + (before_ctx + e.before + after_ctx).replace("\n", "⏎"))
            print("+" + (before_ctx + e.after + after_ctx).replace("\n", "⏎"))
    else:
        sys.stdout.write(cleaned.text if cleaned.text.endswith("\n") else cleaned.text + "\n")
    return 0


# -- parser --------------------------------------------------------------------


def _description() -> str:
    from . import editions

    return (
        f"Kodeks: the Russian Laws of Duplicate Contract Bridge ({editions.DEFAULT.year}), "
        "cleaned, segmented, cross-linked, rendered and executable."
    )


def parser(rulings: bool = True, only: str | None = None) -> argparse.ArgumentParser:
    """The whole command line; ``rulings=False`` leaves out ``kodeks rule`` (and
    the import of the rulings it lists), for a command that is not a ruling.
    ``only`` (a command of ``_NOT_RULINGS``) registers that command alone: its
    usage, help and errors read the same, and a lookup does not pay for building
    (and translating the help of) eight parsers it will not use."""
    # the description names the default edition: read from the table of editions
    # only for the whole parser (``kodeks --help``), which alone prints it
    p = argparse.ArgumentParser(prog="kodeks", description=_description() if only is None else None)
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    if only in (None, "build"):
        b = sub.add_parser(
            "build",
            help="build the codex from a corpus folder",
            description="Read, clean, segment, merge, link and render a corpus into OUT.",
        )
        b.add_argument(
            "corpus", nargs="?", default="corpus", help="corpus folder (default: corpus/)"
        )
        b.add_argument("-o", "--output", default="output", help="output folder (default: output/)")
        b.add_argument("-q", "--quiet", action="store_true", help="print nothing but errors")
        b.add_argument(
            "-v", "--verbose", action="count", default=0, help="list warnings (-vv: everything)"
        )
        b.add_argument("--strict", action="store_true", help="exit 1 on warnings too")
        b.add_argument("--no-pdf", action="store_true", help="skip the PDF")
        b.add_argument("--no-epub", action="store_true", help="skip the EPUB")
        b.add_argument("--no-akn", action="store_true", help="skip the Akoma Ntoso XML")
        b.add_argument(
            "-j",
            "--jobs",
            type=int,
            default=None,
            metavar="N",
            help="worker processes for the per-source stages (default: one per core)",
        )
        b.add_argument(
            "--executor",
            choices=("local", "dask"),
            default="local",
            help="run the per-source stages here (default) or as Dask tasks",
        )
        b.add_argument(
            "--scheduler",
            metavar="tcp://HOST:PORT",
            help="with --executor dask: the cluster's scheduler (default: a local cluster)",
        )
        b.set_defaults(func=cmd_build)

    if only in (None, "export"):
        x = sub.add_parser(
            "export",
            help="write one standard format alone (akn, epub, pdf)",
            description="Build the codex from CORPUS in memory and write one format to PATH: "
            "akn (a folder; PATH/<edition>/act.xml, commentary.xml, unplaced.xml), "
            "epub or pdf (a file).",
        )
        x.add_argument("format", choices=("akn", "epub", "pdf"))
        x.add_argument(
            "corpus", nargs="?", default="corpus", help="corpus folder (default: corpus/)"
        )
        x.add_argument("-o", "--output", required=True, metavar="PATH", help="where to write")
        x.add_argument("--edition", help="edition to export (default: the corpus's)")
        x.add_argument("--force", action="store_true", help="replace an existing file at PATH")
        x.add_argument("-q", "--quiet", action="store_true", help="print nothing but errors")
        x.set_defaults(func=cmd_export)

    if only in (None, "eval"):
        e = sub.add_parser(
            "eval",
            help="score a build against gold annotations",
            description="Compute the project's quality figures (as ../shared/gold/score.py defines "
            "them) per source and overall.",
        )
        e.add_argument("build", nargs="?", default="output", help="build folder (default: output/)")
        e.add_argument("--gold", required=True, help="folder of gold *.json files")
        e.add_argument("--format", choices=("text", "json"), default="text")
        e.set_defaults(func=cmd_eval)

    if only in (None, "clean"):
        c = sub.add_parser(
            "clean",
            help="print a cleaned source, or its edits as a diff",
            description="Clean one source file and print the text, or each edit in context.",
        )
        c.add_argument("file")
        c.add_argument(
            "--diff", action="store_true", help="show each repair in context, like a patch"
        )
        c.add_argument("--all", action="store_true", help="with --diff: include plain line joins")
        c.add_argument("--format", choices=("text", "json"), default="text")
        c.set_defaults(func=cmd_clean)

    # a module that fails to import is a bug to see, not four commands to drop silently
    from . import lookup_cli

    lookup_cli.register(sub, only)
    if rulings:
        from .rulings import cli as rulings_cli

        rulings_cli.add_rule_parser(sub)
    return p


def _command(argv: list[str]) -> str | None:
    """The subcommand ``argv`` names: its first word that is not an option."""
    return next((a for a in argv if not a.startswith("-")), None)


_NOT_RULINGS = frozenset({"build", "export", "eval", "clean", "show", "search", "refs", "coverage"})
"""Commands that parse and run without the rulings; any other word (``rule``,
a typo, none) gets the whole parser, so help and errors list every command."""


class _Terminated(KeyboardInterrupt):
    """SIGTERM, raised where the program stands so that it unwinds as Ctrl-C
    does: the worker processes are stopped and a half-written output removed."""


def _terminate(signum, frame) -> None:
    raise _Terminated


def _unraisable(hook):
    """``sys.unraisablehook`` for a command: an interrupt raised while Python runs
    a destructor (``__del__``; a library's, mid-compile) cannot unwind the
    program, and Python would print it as a traceback and carry on as if the user
    had not pressed Ctrl-C. The signal is delivered again once the main thread
    has left the destructor (``_redeliver``), so it lands where the program can
    stop; any other unraisable error goes to ``hook``."""
    import threading

    def handle(unraisable) -> None:
        kind = unraisable.exc_type
        if kind is None or not issubclass(kind, KeyboardInterrupt):
            hook(unraisable)
            return
        signum = signal.SIGTERM if issubclass(kind, _Terminated) else signal.SIGINT
        main = threading.main_thread().ident or 0  # a started thread has one
        args = (main, signum, handle.__code__)
        threading.Thread(target=_redeliver, args=args, daemon=True).start()

    return handle


def _redeliver(main: int, signum: signal.Signals, hook: CodeType) -> None:
    """Mark ``signum`` pending in the main thread as soon as none of its frames
    is a destructor or the ``hook`` that called this; a signal handler raising
    there would be lost again (or printed as the hook's own error)."""
    import _thread
    import time

    def inside(frame) -> bool:
        while frame is not None:
            if frame.f_code is hook or frame.f_code.co_name == "__del__":
                return True
            frame = frame.f_back
        return False

    while (frame := sys._current_frames().get(main)) is not None and inside(frame):
        time.sleep(0.001)
    del frame
    _thread.interrupt_main(signum)


class _Messages:
    """``sys.stderr`` while a command runs. Once the reader of the messages has gone
    (``kodeks build --strict 2>&1 | head``), the rest of them go to /dev/null and
    the command still ends with its own exit status: a closed pipe on stderr must
    never turn a failed build into a success. (A closed stdout ends the command
    with 0: ``_main``.)"""

    def __init__(self, stream):
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            self._gone()
            return len(text)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            self._gone()

    def _gone(self) -> None:
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), self._stream.fileno())
        except (OSError, ValueError, AttributeError):
            pass  # a stream without a descriptor of its own: what it holds is dropped

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


def main(argv: list[str] | None = None) -> int:
    try:
        before = signal.signal(signal.SIGTERM, _terminate)
    except ValueError:  # not the main thread: signals are not ours to handle
        before = None
    hook = sys.unraisablehook
    if before is not None:
        sys.unraisablehook = _unraisable(hook)
    stderr = sys.stderr
    sys.stderr = _Messages(stderr)
    try:
        return _main(argv)
    finally:
        sys.stderr = stderr
        if before is not None:
            signal.signal(signal.SIGTERM, before)
            sys.unraisablehook = hook


def _main(argv: list[str] | None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    command = _command(argv)
    only = command if argv and argv[0] == command and command in _NOT_RULINGS else None
    p = parser(rulings=command not in _NOT_RULINGS, only=only)
    try:
        args = p.parse_args(argv)
    except SystemExit as exc:  # argparse: 0 for --help, 2 for bad arguments
        return int(exc.code or 0)
    try:
        return int(args.func(args) or 0)
    except KodeksError as exc:
        print(f"kodeks: {exc}", file=sys.stderr)
        return exc.exit_code
    except _Terminated:
        return 128 + 15
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader of stdout stopped reading (`kodeks search … | head`; stderr's writes
        # never raise: `_Messages`): that ends the command, and what Python still wants
        # to flush at exit goes to /dev/null, so nothing is printed.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as exc:  # the disk or a stream failed, not Kodeks: say which, and why
        where = exc.filename if exc.filename is not None else "writing the output"
        print(f"kodeks: {where}: {exc.strerror or exc}", file=sys.stderr)
        return 74  # EX_IOERR
    except Exception as exc:  # the last resort: a user never sees a traceback
        if os.environ.get("KODEKS_DEBUG"):
            raise
        print(
            f"kodeks: internal error in `kodeks {args.command}` ({type(exc).__name__}: {exc}); "
            "this is a bug in Kodeks: please report it with the command that caused it "
            "(KODEKS_DEBUG=1 shows the traceback)",
            file=sys.stderr,
        )
        return 70


def command(*args: str | Path) -> list[str]:
    """The command line that runs ``kodeks ARGS`` in a child process with this
    Python (as the console script does): for the tests and benchmarks that use
    Kodeks as a user would."""
    return [sys.executable, "-m", "pipeline.cli", *map(str, args)]


def build_args(corpus: str | Path, out: str | Path, *options: str) -> list[str]:
    """The arguments of ``kodeks build CORPUS -o OUT --no-pdf --quiet OPTIONS``."""
    return ["build", str(corpus), "-o", str(out), "--no-pdf", "--quiet", *options]


def build_command(corpus: str | Path, out: str | Path, *options: str) -> list[str]:
    """``kodeks build CORPUS -o OUT --no-pdf --quiet OPTIONS`` as ``command`` gives it."""
    return command(*build_args(corpus, out, *options))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
