"""Shared helpers for the rulings tests."""

from __future__ import annotations

import argparse
import json

import pytest

from kodeks_testing import ROOT

PBN_DIR = ROOT / "tests" / "fixtures" / "pbn"


def run_cli(argv: list[str], capsys) -> tuple[int, str, str]:
    """Build a tiny argparse root, register `rule`, call the handler directly."""
    from pipeline.rulings.cli import add_rule_parser

    parser = argparse.ArgumentParser(prog="kodeks-test")
    sub = parser.add_subparsers(dest="command")
    add_rule_parser(sub)
    args = parser.parse_args(argv)
    rc = args.func(args)
    out, err = capsys.readouterr()
    return rc, out, err


@pytest.fixture
def cli(capsys):
    return lambda argv: run_cli(argv, capsys)


@pytest.fixture(scope="session")
def schema():
    return json.loads((ROOT / "schemas" / "ruling.schema.json").read_text(encoding="utf-8"))
