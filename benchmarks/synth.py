"""A synthetic large corpus made from the seeds, for the pipeline benchmark.

``make_corpus(src_dir, dest_dir, megabytes)`` writes copies of every ``*.txt``
in ``src_dir`` into ``dest_dir`` until about ``megabytes`` MB (UTF-8) are
written. Copy ``k`` of a seed is one file, ``<stem>_k<k>.txt``, whose numbers
are shifted so that copies name different laws:

- ``Правило N`` (any case ending: правилу, правиле, Правила …) → ``N + 100*s``;
- commentary numbers at a line start, ``N.M.`` / ``N,M.`` → ``(N + 100*s).M``;
- ``п. N.M`` → ``п. (N + 100*s).M``;

with ``s = k % 9``: law numbers must stay below 1000 (the heading pattern takes
three digits), so nine copies (laws 9…974) are distinct and later copies are
further witnesses of the same addresses, which is what a real corpus of many
scans of one book looks like to the merger. Page numbers are left alone. No
manifest is written: kinds are detected.
"""

from __future__ import annotations

import sys
from pathlib import Path

import regex

_LAW = regex.compile(r"(?<=\b[Пп]равил\w{0,3}\s{0,3})(\d{1,3})\b")
_COMM = regex.compile(r"^(\d{1,3})(?=\s*[.,]\s*\d{1,2}(?:\s*,\s*\d{1,2})*\.)", regex.M)
_POINT = regex.compile(r"(?<=\bп\.\s{0,2})(\d{1,3})(?=\.\d)")
DISTINCT = 9


def shift(text: str, by: int) -> str:
    """``text`` with every law number (headings, commentary numbers and
    references) raised by ``by``."""
    if not by:
        return text
    bump = lambda m: str(int(m[1]) + by)  # noqa: E731
    return _POINT.sub(bump, _COMM.sub(bump, _LAW.sub(bump, text)))


def make_corpus(src_dir: str | Path, dest_dir: str | Path, megabytes: float) -> list[Path]:
    """Write the synthetic corpus; returns the files written (``dest_dir`` is created)."""
    src_dir, dest_dir = Path(src_dir), Path(dest_dir)
    dest_dir.mkdir(parents=True, exist_ok=True)
    seeds = [(p.stem, p.read_text(encoding="utf-8")) for p in sorted(src_dir.glob("*.txt"))]
    if not seeds:
        raise SystemExit(f"{src_dir}: no *.txt sources to copy")
    target = int(megabytes * 1_000_000)
    written, size, k = [], 0, 0
    while size < target:
        for stem, text in seeds:
            out = dest_dir / f"{stem}_k{k:05d}.txt"
            data = shift(text, 100 * (k % DISTINCT)).encode("utf-8")
            out.write_bytes(data)
            written.append(out)
            size += len(data)
            if size >= target:
                break
        k += 1
    return written


if __name__ == "__main__":
    if len(sys.argv) != 4:
        raise SystemExit("usage: synth.py SRC_DIR DEST_DIR MEGABYTES")
    files = make_corpus(sys.argv[1], sys.argv[2], float(sys.argv[3]))
    print(f"{len(files)} files written to {sys.argv[2]}")
