"""Benchmark of revoke rulings over a large PBN file (pipeline.rulings.pbn_revoke).

    .venv/bin/python benchmarks/bench_pbn.py [--boards 4000] [--seed 18] [--json]

Generates a tournament file of ``--boards`` random deals, each played out by a
simple legal strategy, in the mix real exports show: most boards played to the
end, some ended by a BBO-style claim (rows of ``-``), some passed out, some
hand records without play, and about one in a hundred with a revoke. Reports
boards per second for reading + ruling without the double-dummy estimate, in
one process and in two (``jobs=2``), and with the estimate (one solver call
per established revoke), plus the summary of the run.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pipeline.rulings.pbn_revoke import rule_pbn  # noqa: E402

SEATS = "NESW"
ORDER = "23456789TJQKA"


def _deal(rng: random.Random) -> dict[str, list[str]]:
    cards = [s + r for s in "SHDC" for r in ORDER]
    rng.shuffle(cards)
    return {SEATS[i]: cards[i * 13 : (i + 1) * 13] for i in range(4)}


def _pbn_deal(hands: dict[str, list[str]]) -> str:
    def hand(cs: list[str]) -> str:
        return ".".join(
            "".join(sorted((c[1] for c in cs if c[0] == s), key=ORDER.index, reverse=True))
            for s in "SHDC"
        )

    return "N:" + " ".join(hand(hands[s]) for s in SEATS)


def _winner(trick: list[tuple[str, str]], trump: str | None) -> str:
    led = trick[0][1][0]

    def key(pc: tuple[str, str]) -> tuple[int, int]:
        c = pc[1]
        return (2 if c[0] == trump else 1 if c[0] == led else 0, ORDER.index(c[1]))

    return max(trick, key=key)[0]


def _play(
    hands: dict[str, list[str]], declarer: str, trump: str | None, rng: random.Random, revoke: bool
) -> list[list[tuple[str, str]]]:
    hands = {s: list(cs) for s, cs in hands.items()}
    leader = SEATS[(SEATS.index(declarer) + 1) % 4]
    tricks = []
    revoked = not revoke
    dummy = SEATS[(SEATS.index(declarer) + 2) % 4]
    from_trick = rng.randint(1, 10)  # the revoke: the first chance from this trick on
    for t in range(1, 14):
        trick: list[tuple[str, str]] = []
        for i in range(4):
            seat = SEATS[(SEATS.index(leader) + i) % 4]
            hand = hands[seat]
            follow = [c for c in hand if trick and c[0] == trick[0][1][0]]
            others = [c for c in hand if c not in follow]
            if follow and others and not revoked and t >= from_trick and seat != dummy:
                pool, revoked = others, True
            else:
                pool = follow or hand
            card = rng.choice(pool)
            hand.remove(card)
            trick.append((seat, card))
        tricks.append(trick)
        leader = _winner(trick, trump)
    return tricks


def make_file(boards: int, seed: int) -> str:
    rng = random.Random(seed)
    out = ["% PBN 2.1\n% EXPORT\n%Content-type: text/x-pbn; charset=ISO-8859-1\n"]
    for n in range(1, boards + 1):
        hands = _deal(rng)
        declarer = rng.choice(SEATS)
        strain = rng.choice(["S", "H", "D", "C", "NT"])
        level = rng.randint(1, 4)
        head = (
            f'[Event "Kodeks benchmark"]\n[Board "{n}"]\n[Dealer "N"]\n'
            f'[Vulnerable "{rng.choice(["None", "NS", "EW", "All"])}"]\n[Deal "{_pbn_deal(hands)}"]\n'
        )
        kind = rng.random()
        if kind < 0.03:
            out.append(head + '[Contract "Pass"]\n[Auction "N"]\nAP\n')
            continue
        if kind < 0.06:
            out.append(head + '[Contract ""]\n')
            continue
        trump = None if strain == "NT" else strain
        tricks = _play(hands, declarer, trump, rng, revoke=rng.random() < 0.01)
        first = SEATS[(SEATS.index(declarer) + 1) % 4]
        stop = 13 if kind > 0.3 else rng.randint(6, 12)  # a claim after `stop` tricks
        rows, won = [], 0
        for t, trick in enumerate(tricks):
            by = dict(trick)
            if t < stop:
                rows.append(" ".join(by[SEATS[(SEATS.index(first) + i) % 4]] for i in range(4)))
            else:
                rows.append("- - - -")
            won += _winner(trick, trump) in (declarer, SEATS[(SEATS.index(declarer) + 2) % 4])
        out.append(
            head + f'[Declarer "{declarer}"]\n[Contract "{level}{strain}"]\n[Result "{won}"]\n'
            f'[Play "{first}"]\n' + "\n".join(rows) + "\n"
        )
    return "\n".join(out)


def _time(data: bytes, **kw) -> tuple[float, dict]:
    t0 = time.perf_counter()
    report = rule_pbn(data, **kw)
    return time.perf_counter() - t0, report.summary()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--boards", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=18)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    data = make_file(args.boards, args.seed).encode("iso-8859-1")
    runs = {}
    for name, kw in (
        ("no-dds, 1 process", {"equity": False}),
        ("no-dds, jobs=2", {"equity": False, "jobs": 2}),
        ("with dds, 1 process", {"equity": True}),
    ):
        seconds, summary = _time(data, **kw)
        runs[name] = {
            "seconds": round(seconds, 2),
            "boards_per_second": round(args.boards / seconds),
        }
    result = {
        "boards": args.boards,
        "bytes": len(data),
        "cpus": os.cpu_count(),
        "load": os.getloadavg(),
        "runs": runs,
        "summary": summary,
    }
    if args.json:
        print(json.dumps(result, indent=2, ensure_ascii=False))
        return
    print(
        f"{args.boards} boards, {len(data) / 1e6:.1f} MB, {os.cpu_count()} cpus, load {os.getloadavg()}"
    )
    for name, r in runs.items():
        print(f"  {name:22} {r['seconds']:7.2f} s  {r['boards_per_second']:6d} boards/s")
    print("  summary:", json.dumps(summary, ensure_ascii=False))


if __name__ == "__main__":
    main()
