"""A plain (non-editable) install works: the wheel carries the templates and
every other file a build needs, and the PDF finds its fonts without a fixed path."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

from kodeks_testing import CORPUS, ROOT


@pytest.mark.slow
def test_wheel_installed_in_a_fresh_venv_builds_the_corpus(tmp_path):
    # Nothing may reach the checkout by another road: with PYTHONPATH pointing at it, pip
    # would find this checkout's metadata, call the wheel installed and install nothing.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    wheels = tmp_path / "wheels"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(ROOT)],
        check=True,
        capture_output=True,
        timeout=600,
        env=env,
    )
    wheel = next(wheels.glob("kodeks-*.whl"))

    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    py = env_dir / "bin" / "python"
    site = Path(
        subprocess.run(
            [str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            env=env,
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
    )
    # The dependencies (spaCy, WeasyPrint …) come from the test environment's site-packages,
    # added as a plain path: its .pth files (among them the editable install of this checkout)
    # are not processed, so ``pipeline`` can only come from the wheel.
    (site / "kodeks_deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(py),
            "install",
            "--no-deps",
            "-q",
            str(wheel),
        ],
        check=True,
        capture_output=True,
        timeout=600,
        env=env,
    )

    work = tmp_path / "work"
    shutil.copytree(CORPUS, work / "corpus")
    assert not (work / "templates").exists()
    where = subprocess.run(
        [str(py), "-c", "import pipeline; print(pipeline.__file__)"],
        cwd=work,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    assert str(site) in where, where
    proc = subprocess.run(
        [str(env_dir / "bin" / "kodeks"), "build", "--quiet"],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert proc.returncode in (0, 1), proc.stderr
    assert "Traceback" not in proc.stderr
    out = work / "output"
    assert (out / "html" / "index.html").is_file()
    assert (out / "html" / "kodeks.css").is_file()
    assert (out / "README.md").is_file()

    from pypdf import PdfReader

    fonts = set()
    for page in PdfReader(out / "codex.pdf").pages[:3]:
        for f in (page["/Resources"].get("/Font") or {}).values():
            fonts.add(str(f.get_object()["/BaseFont"]))
    assert any("DejaVu" in f for f in fonts), fonts
