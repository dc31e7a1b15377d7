"""The output folder: what Kodeks may replace, and how it replaces it safely.

Contract:

- Kodeks replaces only a folder it wrote itself (it holds the stamp file
  ``.kodeks-output`` with the output format version, or, from builds made
  before the stamp existed, nothing but the names Kodeks writes) or an empty
  folder. Anything else at the output path (a folder of other files, a plain
  file, a device, the current folder, the empty string, a folder that is,
  holds or lies inside the corpus) is refused with ``KodeksError`` (exit 2)
  naming the path, and nothing is touched.
- A symlinked output folder is followed: the folder it points to is replaced
  and the link keeps pointing at the new output.
- A build writes into a fresh, uniquely named temporary folder beside the
  output (``.<name>.new-<pid>-<random>``), created with the user's umask. The
  build holds an advisory lock on it for its whole life, so a later build can
  tell a live temporary from one left by a killed build and removes only the
  latter.
- The swap happens under a lock on the parent folder. Where the kernel offers
  it (``renameat2`` with ``RENAME_EXCHANGE``) the old and the new folder are
  exchanged in one step, so the output path never goes missing; elsewhere the
  old folder is renamed aside first.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import errno
import fcntl
import json
import os
import secrets
import shutil
import stat
from collections.abc import Iterator
from pathlib import Path

from .errors import KodeksError

STAMP = ".kodeks-output"
"""The stamp file that marks a folder as a Kodeks output."""
FORMAT = 1
"""Version of the output layout, written into the stamp."""


def _product_names() -> set[str]:
    """The names a build writes (``render.PRODUCTS``). A folder from before the
    stamp existed is recognised by holding ``codex.json`` and nothing else."""
    from .render import PRODUCTS

    return {p.path.rstrip("/") for p in PRODUCTS}


def write_stamp(path: Path) -> None:
    """Write the stamp file at ``path`` (``OUT/.kodeks-output``)."""
    path.write_text(json.dumps({"kodeks_output_format": FORMAT}) + "\n", encoding="utf-8")


def is_kodeks_output(folder: Path) -> bool:
    """Whether ``folder`` (an existing directory) was written by Kodeks."""
    stamp = folder / STAMP
    if stamp.is_file() and not stamp.is_symlink():
        try:
            data = json.loads(stamp.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return False
        return isinstance(data, dict) and isinstance(data.get("kodeks_output_format"), int)
    names = {p.name for p in folder.iterdir()}
    return "codex.json" in names and names <= _product_names()


def _inside(a: Path, b: Path) -> bool:
    """``a`` is ``b`` or lies inside it (both resolved)."""
    return a == b or b in a.parents


def check_target(out: str | Path, corpus: str | Path | None = None) -> Path:
    """The resolved folder a build may replace, or ``KodeksError`` saying why not."""
    if str(out).strip() == "":
        raise KodeksError("the output folder is the empty string; give a folder with -o")
    given = Path(out)
    real = given.resolve()
    if given.is_symlink() and not given.exists():
        raise KodeksError(
            f"{given}: the output is a dangling symlink (to {os.readlink(given)}); "
            "remove it or give another folder with -o"
        )
    cwd = Path.cwd().resolve()
    if _inside(cwd, real):
        raise KodeksError(
            f"{given}: the output folder is the current folder or holds it; "
            "Kodeks would replace it; give a folder of its own with -o"
        )
    if real.parent == real:
        raise KodeksError(
            f"{given}: the root folder cannot be an output folder; give a folder with -o"
        )
    if corpus is not None:
        corpus_real = Path(corpus).resolve()
        if _inside(real, corpus_real) or _inside(corpus_real, real):
            raise KodeksError(
                f"{given}: the output folder is, holds or lies inside the corpus "
                f"{corpus}; give a folder outside it with -o"
            )
    try:
        st = real.lstat()
    except FileNotFoundError:
        return real
    except OSError as exc:
        raise KodeksError(
            f"{given}: the output folder cannot be written ({exc.strerror}); "
            "give another folder with -o"
        ) from exc
    if not stat.S_ISDIR(st.st_mode):
        what = "a plain file" if stat.S_ISREG(st.st_mode) else "a device or special file"
        raise KodeksError(
            f"{given}: is {what}, not a folder; Kodeks replaces only a folder it wrote "
            "itself or an empty one; give another path with -o"
        )
    try:
        empty = not any(real.iterdir())
        ours = empty or is_kodeks_output(real)
    except OSError as exc:
        raise KodeksError(
            f"{given}: cannot be read ({exc.strerror}); give another folder with -o"
        ) from exc
    if not ours:
        raise KodeksError(
            f"{given}: the folder holds files Kodeks did not write (no {STAMP} stamp); "
            "Kodeks replaces only a folder it wrote itself or an empty one; nothing was "
            "touched; give another folder with -o"
        )
    return real


@contextlib.contextmanager
def _flock(path: Path, blocking: bool = True) -> Iterator[bool]:
    """An advisory lock on a folder (released when the process dies, even by kill -9)."""
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | (0 if blocking else fcntl.LOCK_NB))
        except BlockingIOError:
            yield False
            return
        yield True
    finally:
        os.close(fd)


def _temp_prefix(real: Path) -> str:
    return f".{real.name}.new-"


def remove_stale(real: Path) -> list[Path]:
    """Remove temporaries beside ``real`` left by builds that were killed (their
    lock is gone); a live build's temporary is left alone."""
    removed = []
    prefix = _temp_prefix(real)
    for p in sorted(real.parent.iterdir()):  # not glob: the name may hold [ ] * ?
        if not p.name.startswith(prefix) or p.is_symlink() or not p.is_dir():
            continue
        try:
            with _flock(p, blocking=False) as got:
                if got:
                    shutil.rmtree(p, ignore_errors=True)
                    removed.append(p)
        except OSError:
            continue
    return removed


class Temporary:
    """A locked, uniquely named temporary output folder beside the target."""

    def __init__(self, real: Path):
        self.real = real
        self.path = real.parent / f"{_temp_prefix(real)}{os.getpid()}-{secrets.token_hex(4)}"
        os.mkdir(self.path)  # mode 0o777 minus the umask, like any folder the user makes
        self._fd = os.open(self.path, os.O_RDONLY | os.O_DIRECTORY)
        fcntl.flock(self._fd, fcntl.LOCK_EX)

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1

    def discard(self) -> None:
        shutil.rmtree(self.path, ignore_errors=True)
        self.close()


_libc = None


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths atomically (Linux ``renameat2``); False where unsupported."""
    global _libc
    if _libc is None:
        name = ctypes.util.find_library("c")
        _libc = ctypes.CDLL(name, use_errno=True) if name else False
    fn = getattr(_libc, "renameat2", None) if _libc else None
    if fn is None:
        return False
    at_fdcwd, rename_exchange = -100, 2
    rc = fn(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange)
    if rc == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP):
        return False
    raise OSError(err, os.strerror(err), str(a))


def swap_in(tmp: Temporary, corpus: str | Path | None = None) -> None:
    """Put the finished temporary in place of the output, under the parent's lock.
    The target is checked again, as something may have appeared there meanwhile."""
    real = tmp.real
    with _flock(real.parent):
        check_target(real, corpus)
        if real.exists():
            if not _exchange(tmp.path, real):
                aside = (
                    real.parent / f"{_temp_prefix(real)}old-{os.getpid()}-{secrets.token_hex(4)}"
                )
                os.replace(real, aside)
                os.replace(tmp.path, real)
                shutil.rmtree(aside, ignore_errors=True)
                tmp.close()
                return
            # tmp.path now holds the previous output: still locked by us, so removed below
            shutil.rmtree(tmp.path, ignore_errors=True)
        else:
            os.replace(tmp.path, real)
    tmp.close()
