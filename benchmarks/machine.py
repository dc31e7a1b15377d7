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
