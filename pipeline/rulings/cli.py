"""The ``rule`` command of the kodeks CLI.

Contract: ``add_rule_parser(subparsers)`` registers ``rule`` with subcommands
``list``, ``revoke`` (``--facts F.json`` | ``--pbn F.pbn [--board N]``),
``defective-trick``, ``cards``, ``claim``, ``concession``, ``attention``
(each ``--facts F.json``), ``auction CALLS... [--dealer S]`` and
``score CONTRACT --vul V --declarer S --tricks N``. Every subcommand takes
``--format text|json`` and sets ``func=handler(args) -> int``: 0 on success,
2 on bad input with a message naming the problem on stderr.

JSON shapes: a ruling prints ``Ruling.to_dict()``; ``revoke --pbn`` prints
``{"boards": [{"board", "revokes": [{"trick", "offender", "suit",
"established", "transferred", "cited", ...}], "transferred"}]}``; ``score``
prints ``{"score": n, ...}`` from the declarer's side.

Run standalone: ``python -m pipeline.rulings.cli rule revoke --pbn F.pbn``.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from . import (
    RULINGS,
    Ruling,
    RulingInputError,
    rule_attention,
    rule_auction,
    rule_claim,
    rule_concession,
    rule_defective_trick,
    rule_incorrect_cards,
    rule_revoke,
    rule_revoke_pbn,
    rule_score,
)


class _BadInput(Exception):
    pass


def _read_text(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise _BadInput(f"cannot read {path}: {exc.strerror or exc}") from exc


def _read_facts(path: str) -> dict[str, Any]:
    text = _read_text(path)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _BadInput(f"{path}: not valid JSON ({exc.msg}, line {exc.lineno})") from exc
    if not isinstance(data, dict):
        raise _BadInput(f"{path}: facts must be a JSON object")
    return data


def _guard(fn: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """Turn bad input into exit code 2 with the problem named on stderr."""

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


def _print_ruling(r: Ruling, title: str | None = None) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console(file=sys.stdout, highlight=False, soft_wrap=True)
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
        _emit_json([
            {"name": s.name, "title": s.title, "summary": s.summary,
             "implements": list(s.implements), "outside": list(s.outside),
             "judgement": list(s.judgement), "inputs": [list(i) for i in s.inputs]}
            for s in RULINGS
        ])
        return 0
    for s in RULINGS:
        print(f"{s.name}: {s.title}")
        print(f"  пункты: {', '.join(s.implements) or '—'}")
        if s.outside:
            print(f"  вне корпуса: {', '.join(s.outside)}")
    return 0


@_guard
def cmd_revoke(args: argparse.Namespace) -> int:
    """Revoke ruling from facts (--facts) or from a PBN play record (--pbn)."""
    if bool(args.facts) == bool(args.pbn):
        raise _BadInput("revoke: give exactly one of --facts or --pbn")
    if args.facts:
        return _output(args, rule_revoke(_read_facts(args.facts)), "Ренонс")
    if args.board is not None and args.board < 1:
        raise _BadInput(f"--board {args.board}: board numbers start at 1")
    boards = rule_revoke_pbn(_read_text(args.pbn), args.board, equity=not args.no_dds)
    if args.format == "json":
        _emit_json({"boards": [b.to_dict() for b in boards]})
        return 0
    for b in boards:
        print(f"Сдача {b.board}: {b.contract} ({b.declarer}), ренонсов: {len(b.revokes)}, "
              f"передаётся взяток: {b.transferred}")
        for rv in b.revokes:
            _print_ruling(rv.ruling, f"  Взятка {rv.trick}: {rv.offender} сыграл {rv.card} "
                                     f"при наличии масти {rv.suit}")
    return 0


@_guard
def cmd_defective_trick(args: argparse.Namespace) -> int:
    """Defective trick ruling (law 67)."""
    return _output(args, rule_defective_trick(_read_facts(args.facts)), "Дефектная взятка")


@_guard
def cmd_cards(args: argparse.Namespace) -> int:
    """Incorrect number of cards (law 13)."""
    return _output(args, rule_incorrect_cards(_read_facts(args.facts)), "Неправильное число карт")


@_guard
def cmd_auction(args: argparse.Namespace) -> int:
    """Legality of doubles and redoubles in an auction (law 19)."""
    return _output(args, rule_auction(list(args.calls), args.dealer), "Контры и реконтры")


@_guard
def cmd_score(args: argparse.Namespace) -> int:
    """Duplicate score of a contract from the declarer's side."""
    r = rule_score(args.contract, args.vul, args.declarer, args.tricks)
    if args.format == "json":
        _emit_json({**r.outcome, "ruling": r.to_dict()})
        return 0
    print(f"{r.outcome['contract']} {args.declarer}, {args.tricks} взяток: {r.outcome['score']:+d}")
    return 0


@_guard
def cmd_claim(args: argparse.Namespace) -> int:
    """Claim with an outstanding trump (70C)."""
    return _output(args, rule_claim(_read_facts(args.facts)), "Заявление")


@_guard
def cmd_concession(args: argparse.Namespace) -> int:
    """Cancelling a concession (71A)."""
    return _output(args, rule_concession(_read_facts(args.facts)), "Отдача взятки")


@_guard
def cmd_attention(args: argparse.Namespace) -> int:
    """Who may draw attention to an irregularity (9A2, 9B — outside the corpus)."""
    return _output(args, rule_attention(_read_facts(args.facts)), "Привлечение внимания")


def _fmt(p: argparse.ArgumentParser) -> None:
    p.add_argument("--format", choices=("text", "json"), default="text")


def add_rule_parser(subparsers: Any) -> argparse.ArgumentParser:
    rule = subparsers.add_parser("rule", help="executable rulings (revoke, law 67, 13, 19, 70C, 71A)")
    sub = rule.add_subparsers(dest="rule_command", metavar="RULING")
    sub.required = True

    p = sub.add_parser("list", help="list the rulings")
    _fmt(p)
    p.set_defaults(func=cmd_list)

    p = sub.add_parser("revoke", help="revoke (laws 63, 64)")
    p.add_argument("--facts", help="facts JSON file")
    p.add_argument("--pbn", help="PBN file with [Play] records")
    p.add_argument("--board", type=int, help="only this board of the PBN file")
    p.add_argument("--no-dds", action="store_true", help="skip the double-dummy equity estimate")
    _fmt(p)
    p.set_defaults(func=cmd_revoke)

    for name, fn, help_ in (
        ("defective-trick", cmd_defective_trick, "defective trick (law 67)"),
        ("cards", cmd_cards, "incorrect number of cards (law 13)"),
        ("claim", cmd_claim, "claim with an outstanding trump (70C)"),
        ("concession", cmd_concession, "cancelling a concession (71A)"),
        ("attention", cmd_attention, "who may draw attention (9A2, 9B)"),
    ):
        p = sub.add_parser(name, help=help_)
        p.add_argument("--facts", required=True, help="facts JSON file")
        _fmt(p)
        p.set_defaults(func=fn)

    p = sub.add_parser("auction", help="doubles and redoubles (law 19)")
    p.add_argument("calls", nargs="+", help="calls, e.g. 1S X P XX")
    p.add_argument("--dealer", default="N")
    _fmt(p)
    p.set_defaults(func=cmd_auction)

    p = sub.add_parser("score", help="duplicate score (19D, law 77)")
    p.add_argument("contract", help="e.g. 4SX")
    p.add_argument("--vul", required=True, type=str.upper, choices=("NONE", "NS", "EW", "ALL"))
    p.add_argument("--declarer", required=True, type=str.upper, choices=("N", "E", "S", "W"))
    p.add_argument("--tricks", required=True, type=int)
    _fmt(p)
    p.set_defaults(func=cmd_score)
    return rule


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="kodeks")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    add_rule_parser(sub)
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
