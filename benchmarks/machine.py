"""What every benchmark reports beside its figures: the machine, its load, and
where the results are written (one place, so the benchmarks report alike)."""

from __future__ import annotations

import json
import os
import platform
import subprocess
from pathlib import Path


def machine() -> dict:
    """Cores, CPU model and Python version of this machine."""
    model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "cores": os.cpu_count(),
        "cpu": model or platform.processor(),
        "python": platform.python_version(),
    }


def uptime() -> str:
    """The load now, as ``uptime`` prints it (the load average where it is missing)."""
    try:
        return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    except OSError:
        return "load average: " + ", ".join(f"{x:.2f}" for x in os.getloadavg())


def save(path: Path, data: object) -> None:
    """Write a benchmark's results as indented JSON (the folder made if needed)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def revision(root: Path | None = None) -> str:
    """The commit the checkout at ``root`` (default: this one) is at, with ``+`` when
    its tracked files have changes ("" outside a git checkout)."""
    where = root or Path(__file__).resolve().parent.parent
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=where, capture_output=True, text=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=where,
            capture_output=True,
            text=True,
        ).stdout.strip()
    except OSError:
        return ""
    return head + ("+" if head and dirty else "")


def append_rows(path: Path, data: dict, key: str = "runs") -> None:
    """Write a benchmark's results into a file that keeps the history of its rounds:
    the rows of ``data[key]``, each stamped with the revision measured, the machine
    and the load, go after the rows already there (a new file is ``data`` itself)."""
    for row in data[key]:
        row.setdefault("revision", revision())
        row.setdefault("machine", data.get("machine") or machine())
        row.setdefault("uptime_before", data.get("uptime_before", ""))
    try:
        old = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        old = None
    if isinstance(old, dict) and isinstance(old.get(key), list):
        old[key].extend(data[key])
        data = old
    save(path, data)
