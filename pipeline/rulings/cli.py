"""The ``rule`` command of the kodeks CLI, generated from the rulings registry.

Contract: ``add_rule_parser(subparsers)`` registers ``rule`` with ``list`` and
one subcommand per ``RulingSpec`` in ``RULINGS``: its name, help and arguments
come from the spec (``spec.args``; a facts file ``--facts F.json`` unless the
spec says otherwise), and ``spec.from_args`` turns the parsed arguments into
the ruling's input. A new ruling needs no change here. Every subcommand takes
``--format text|json`` and sets ``func=handler(args) -> int``.

Exit codes: 0 success; 2 bad input or a file that cannot be read at all, with
a message naming the problem on stderr. ``revoke --pbn``: 0 when every board
was ruled or skipped for a benign reason (no play, passed out), 1 when some
record was inconsistent. Output cut short by the reader (``| head``) ends
quietly.

JSON shapes: a ruling prints ``Ruling.to_dict()``; ``revoke --pbn`` prints
``{"boards": [...]}``: a ruled board ``{"board", "line", "contract",
"declarer", "declarer_tricks_at_table", "claimed", "revokes": [{"trick",
"offender", "suit", "established", "transferred", "cited", ...}],
"transferred", "score", "score_in_file"?}``, a skipped one ``{"board",
"line", "skipped": reason, "message"}`` and no ``revokes``. The encoding used
and the summary go to stderr in JSON mode and end the text output.
``score`` prints ``{"score": n, ...}`` from the declarer's side.

Run standalone: ``python -m pipeline.rulings.cli rule revoke --pbn F.pbn``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from . import RULINGS, Ruling, RulingInputError, RulingSpec, rule_revoke, rule_score
from .pbn_revoke import BoardRevokes, PbnReport, SkippedBoard, rule_pbn


class _BadInput(Exception):
    pass


def _read_bytes(path: str) -> bytes:
    try:
        return Path(path).read_bytes()
    except OSError as exc:
        raise _BadInput(f"cannot read {path}: {exc.strerror or exc}") from exc


def _read_facts(path: str) -> dict[str, Any]:
    data = _read_bytes(path)
    try:
        facts = json.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        raise _BadInput(
            f"{path}: not UTF-8 text (byte {exc.start}); save the facts as UTF-8"
        ) from exc
    except json.JSONDecodeError as exc:
        raise _BadInput(f"{path}: not valid JSON ({exc.msg}, line {exc.lineno})") from exc
    if not isinstance(facts, dict):
        raise _BadInput(f"{path}: facts must be a JSON object")
    return facts


def _guard(fn: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """Bad input → exit 2 with the problem on stderr (a closed pipe ends quietly in ``cli``)."""

    def handler(args: argparse.Namespace) -> int:
        try:
            return fn(args)
        except (_BadInput, RulingInputError) as exc:
            print(f"kodeks rule: {exc}", file=sys.stderr)
            return 2

    handler.__name__ = fn.__name__
    handler.__doc__ = fn.__doc__
    return handler


def _emit_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
    sys.stdout.flush()


def _print_ruling(r: Ruling, title: str | None = None) -> None:
    from rich.table import Table

    from ..styled import rich_console

    console = rich_console(file=sys.stdout, highlight=False, soft_wrap=True)
    if title:
        console.print(f"[bold]{title}[/bold]")
    for k, v in r.outcome.items():
        if isinstance(v, (list, dict)):
            v = json.dumps(v, ensure_ascii=False)
        console.print(f"  {k}: {v}")
    table = Table(show_header=True, header_style="bold", expand=False)
    table.add_column("Пункт")
    table.add_column("Вывод")
    table.add_column("Обоснование")
    for s in r.steps:
        table.add_row(s.address, s.finding, s.text)
    console.print(table)
    for j in r.judgement:
        console.print(f"  [italic]На усмотрение судьи ({j.address}):[/italic] {j.text}")
    console.print("  Цитируются: " + ", ".join(r.cited))
    sys.stdout.flush()


def _output(args: argparse.Namespace, r: Ruling, title: str) -> int:
    if args.format == "json":
        _emit_json(r.to_dict())
    else:
        _print_ruling(r, title)
    return 0


@_guard
def cmd_list(args: argparse.Namespace) -> int:
    """List the rulings, their clauses and inputs."""
    if args.format == "json":
        _emit_json(
            [
                {
                    "name": s.name,
                    "title": s.title,
                    "summary": s.summary,
                    "implements": list(s.implements),
                    "outside": list(s.outside),
                    "judgement": list(s.judgement),
                    "inputs": [list(i) for i in s.inputs],
                }
                for s in RULINGS
            ]
        )
        return 0
    for s in RULINGS:
        print(f"{s.name}: {s.title}")
        print(f"  пункты: {', '.join(s.implements) or '—'}")
        if s.outside:
            print(f"  вне корпуса: {', '.join(s.outside)}")
    return 0


def _command(spec: RulingSpec) -> Callable[[argparse.Namespace], int]:
    """The handler of ``kodeks rule <spec.name>``."""

    def run(args: argparse.Namespace) -> int:
        inp = _read_facts(args.facts) if spec.from_args is None else spec.from_args(args)
        return _output(args, spec.run(inp), spec.heading or spec.title)

    run.__name__ = f"cmd_{spec.name.replace('-', '_')}"
    run.__doc__ = spec.help
    return _guard(_SPECIAL.get(spec.name, run))


def _revoke(args: argparse.Namespace) -> int:
    """Revoke ruling from facts (--facts) or from a PBN play record (--pbn)."""
    if bool(args.facts) == bool(args.pbn):
        raise _BadInput("revoke: give exactly one of --facts or --pbn")
    if args.facts:
        return _output(args, rule_revoke(_read_facts(args.facts)), "Ренонс")
    if args.board is not None and args.board < 1:
        raise _BadInput(f"--board {args.board}: board numbers start at 1")
    if args.jobs < 1:
        raise _BadInput(f"--jobs {args.jobs}: at least 1")
    report = rule_pbn(_read_bytes(args.pbn), args.board, equity=not args.no_dds, jobs=args.jobs)
    if args.format == "json":
        _emit_json({"boards": [b.to_dict() for b in report.boards]})
        print(
            f"kodeks rule: {args.pbn}: read as {report.encoding}; {_summary_line(report)}",
            file=sys.stderr,
        )
    else:
        _print_report(args.pbn, report)
    return report.exit_code


def _print_report(path: str, report: PbnReport) -> None:
    print(f"Файл {path}: кодировка {report.encoding}")
    for b in report.boards:
        if isinstance(b, SkippedBoard):
            print(f"Сдача {b.board} (строка {b.line}): не рассмотрена — {b.reason}: {b.message}")
            continue
        _print_board(b)
    print(f"Итого: {_summary_line(report)}")
    sys.stdout.flush()


def _print_board(b: BoardRevokes) -> None:
    score = "" if b.score is None else f", запись {b.score:+d}"
    if b.score_in_file is not None and b.score != b.score_in_file:
        score += f" (в файле {b.score_in_file:+d})"
    print(
        f"Сдача {b.board}: {b.contract} ({b.declarer}), ренонсов: {len(b.revokes)}, "
        f"передаётся взяток: {b.transferred}{score}"
    )
    for rv in b.revokes:
        _print_ruling(
            rv.ruling,
            f"  Взятка {rv.trick}: {rv.offender} сыграл {rv.card} при наличии масти {rv.suit}",
        )


def _summary_line(report: PbnReport) -> str:
    s = report.summary()
    skipped = sum(s["skipped"].values())
    why = ", ".join(f"{k}: {n}" for k, n in s["skipped"].items())
    line = (
        f"сдач {s['boards']}; рассмотрено {s['ruled']}; пропущено {skipped}"
        f"{f' ({why})' if why else ''}; ренонсов {s['revokes']}, передано взяток "
        f"{s['transferred']}; записей [Score] сверено {s['scores_checked']}, "
        f"расхождений {len(s['scores_differing'])}"
    )
    if s["scores_differing"]:
        line += f" (сдачи {', '.join(s['scores_differing'])})"
    return line


def _score(args: argparse.Namespace) -> int:
    """Duplicate score of a contract from the declarer's side."""
    r = rule_score(args.contract, args.vul, args.declarer, args.tricks)
    if args.format == "json":
        _emit_json({**r.outcome, "ruling": r.to_dict()})
        return 0
    print(f"{r.outcome['contract']} {args.declarer}, {args.tricks} взяток: {r.outcome['score']:+d}")
    return 0


# Rulings whose command does more than read an input and print one ruling.
_SPECIAL: dict[str, Callable[[argparse.Namespace], int]] = {"revoke": _revoke, "score": _score}


def _fmt(p: argparse.ArgumentParser) -> None:
    p.add_argument("--format", choices=("text", "json"), default="text")


def add_rule_parser(subparsers: Any) -> argparse.ArgumentParser:
    rule = subparsers.add_parser(
        "rule", help="executable rulings (" + ", ".join(s.name for s in RULINGS) + ")"
    )
    sub = rule.add_subparsers(dest="rule_command", metavar="RULING")
    sub.required = True

    p = sub.add_parser("list", help="list the rulings")
    _fmt(p)
    p.set_defaults(func=cmd_list)

    for spec in RULINGS:
        p = sub.add_parser(spec.name, help=spec.help or spec.title)
        for a in spec.args:
            p.add_argument(*a.flags, **a.options)
        _fmt(p)
        p.set_defaults(func=_command(spec))
    return rule


def main(argv: list[str] | None = None) -> int:
    """Stand-alone entry point: ``python -m pipeline.rulings.cli rule …`` is ``kodeks rule …``."""
    from ..cli import main as kodeks

    return kodeks(argv)


if __name__ == "__main__":
    sys.exit(main())
