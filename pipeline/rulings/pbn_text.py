"""PBN files as text: bytes decoded, games cut out, tags and section cells read.

Contract:
- ``decode_pbn(data: bytes) -> Decoded``: never fails. A charset declared in a
  ``%`` line (``%Content-type: text/x-pbn; charset=ISO-8859-1``) is honoured
  when Python knows it and the bytes fit it; otherwise UTF-8 (a BOM is
  dropped); otherwise ISO-8859-1, PBN 2.1's default, which reads any byte,
  unless charset-normalizer detects another encoding that reads the bytes
  differently (a Polish file in cp1250, say). ``Decoded.how`` says which of
  the four was used.
- ``read_games(text: str) -> list[Game]``: every game of the file in order,
  whatever the file's dialect. CR, CRLF and LF line ends; ``%`` lines;
  ``;`` and ``{}`` comments (also inside sections, also over several lines;
  a lone ``}`` left by a nested comment is dropped);
  tag names in any case (looked up lower-cased); tag values over several
  lines (their line breaks read as spaces); ``\\"`` and ``\\\\`` in values;
  several tags on one line. Games end at an empty line or where a tag the
  game already has comes again (exports that leave no empty line). A tag value ``#`` copies the previous game's tag.
  Section cells (the data after ``[Auction]``, ``[Play]``, tables) keep their
  line numbers; note cells (``=1=``) are dropped and ``[Note "1:text"]`` goes
  to ``Game.notes``.
- Text that is neither a tag, a cell, a comment nor a directive is kept in
  ``Game.stray`` with its line, so the caller can refuse that game, never
  the file.

The meaning of the values (cards, calls, deals) is endplay's business; this
module only cuts the text, so one unreadable game never hides the others.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import regex

PBN_DEFAULT = "ISO-8859-1"
# The 8-bit encodings scoring programs write PBN in besides ISO-8859-1; the
# detector is only asked to choose among these (on a short file it otherwise
# finds exotic code pages).
DETECTABLE = ("cp1250", "cp1251", "cp1252", "iso8859_2", "iso8859_15", "koi8_r", "cp866", "cp852")

# `%Content-type: text/x-pbn; charset=ISO-8859-1` and looser spellings.
_CHARSET = regex.compile(
    rb"^[ \t]*%[^\r\n]*?charset[ \t]*=[ \t]*\"?([A-Za-z0-9_.:-]+)", regex.M | regex.I
)

# A tag value: \" and \\ escaped; it may run over several lines, but never over
# an empty one, so an unclosed quote costs one game, not the rest of the file.
_STRING_BODY = r'(?:[^"\\\n]|\\.|\n(?![ \t]*(?:\n|\Z)))*'

_TOKEN = regex.compile(
    r"""
    (?P<directive>(?<=^|\n)[ \t]*%[^\n]*)            # escape line: a % in the first column
  | (?P<blank>\n[ \t\f\v]*(?=\n|\Z))                # an empty line ends a game
  | (?P<nl>\n)
  | (?P<ws>[ \t\f\v]+)
  | (?P<comment>;[^\n]*|\{[^}]*(?:\}|\Z))           # ; to end of line, or {…} over lines
  | (?P<tag>\[[ \t]*(?P<name>[A-Za-z0-9_]+)[ \t]*"(?P<value>{STRING_BODY})"[ \t]*\])
  | (?P<string>"(?:[^"\\\n]|\\.)*")                # a quoted cell, as in the score tables
  | (?P<cell>[^\s\[\]{};"]+)
  | (?P<stray>[^\n])
""".replace("{STRING_BODY}", _STRING_BODY),
    regex.VERBOSE,
)

_NOTE_CELL = regex.compile(r"^=\d+=$")
_VALUE_ESCAPE = regex.compile(r"\\(.)")
_VALUE_BREAK = regex.compile(r"[ \t]*\n[ \t]*")


@dataclass(frozen=True)
class Decoded:
    text: str
    encoding: str
    """Python's name of the codec used, e.g. ``utf-8``, ``iso-8859-1``."""
    how: str
    """``declared``, ``utf-8``, ``detected`` or ``default`` (ISO-8859-1)."""

    def describe(self) -> str:
        return f"{self.encoding} ({self.how})"


@dataclass(frozen=True)
class Cell:
    text: str
    line: int


@dataclass
class Tag:
    name: str
    """As written (``Play``, ``play``)."""
    value: str
    line: int
    cells: list[Cell] = field(default_factory=list)


@dataclass
class Game:
    line: int
    """Line of the game's first tag."""
    tags: dict[str, Tag] = field(default_factory=dict)
    """Lower-cased name → tag."""
    notes: dict[str, str] = field(default_factory=dict)
    stray: list[Cell] = field(default_factory=list)

    def tag(self, name: str) -> Tag | None:
        return self.tags.get(name)

    def value(self, name: str) -> str | None:
        t = self.tags.get(name)
        return None if t is None else t.value.strip()

    @property
    def label(self) -> str:
        """The board number as written, or ``?``."""
        return self.value("board") or "?"


def decode_pbn(data: bytes) -> Decoded:
    import codecs

    m = _CHARSET.search(data[:8192])
    if m:
        name = m.group(1).decode("ascii")
        try:
            codec = codecs.lookup(name).name
            return Decoded(data.decode(codec), codec, "declared")
        except (LookupError, UnicodeDecodeError):
            pass  # an unknown or wrong declaration: read the bytes as if undeclared
    try:
        if data.startswith(codecs.BOM_UTF8):
            return Decoded(data.decode("utf-8-sig"), "utf-8", "utf-8")
        return Decoded(data.decode("utf-8"), "utf-8", "utf-8")
    except UnicodeDecodeError:
        pass
    default = Decoded(data.decode("iso-8859-1"), "iso8859-1", "default")
    detected = _detect(data)
    if detected is None or detected.text == default.text:
        return default
    # A short file detects poorly («Genève» reads as cp1250 «Genčve», «Köln» as
    # cp852 «K÷ln»), so the default gives way only to a reading in which more of
    # the non-ASCII characters are letters (cp1250 «Łódź» is «£ód\x9f» in
    # ISO-8859-1), or as many, with a language recognised in the words.
    ours, theirs = _letters(default.text), _letters(detected.text)
    if theirs > ours or (theirs == ours and detected.how == "detected-language"):
        return Decoded(detected.text, detected.encoding, "detected")
    return default


def _letters(text: str) -> int:
    return sum(1 for c in text if c > "\x7f" and c.isalpha())


def _detect(data: bytes) -> Decoded | None:
    from charset_normalizer import from_bytes

    best = from_bytes(data, cp_isolation=list(DETECTABLE)).best()
    if best is None or best.encoding in ("utf_8", "ascii"):
        return None
    import codecs

    codec = codecs.lookup(best.encoding).name
    try:
        text = data.decode(codec)
    except UnicodeDecodeError:
        return None
    return Decoded(text, codec, "detected-language" if best.coherence >= 0.1 else "detected-bytes")


def normalise_newlines(text: str) -> str:
    """CRLF and lone CR become LF, so line numbers count every kind of line end."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def read_games(text: str) -> list[Game]:
    text = normalise_newlines(text)
    games: list[Game] = []
    game: Game | None = None
    current: Tag | None = None
    line = 1  # of the token at hand, counted as the tokens go by
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup
        if kind == "nl":
            line += 1
            continue
        if kind in ("ws", "directive"):
            continue
        at = line
        if kind in ("blank", "comment", "tag"):
            line += m.group().count("\n")
        if kind == "blank":
            _close(games, game)
            game, current = None, None
        elif kind == "tag":
            name = m.group("name")
            if game is not None and name.lower() in game.tags and name.lower() != "note":
                _close(games, game)  # a tag seen again: no empty line between two games
                game = None
            if game is None:
                game = Game(line=at)
            current = _add_tag(game, name, m.group("value"), at, games)
        elif kind in ("cell", "string"):
            cell = Cell(m.group() if kind == "cell" else _unquote(m.group()[1:-1]), at)
            if current is not None and game is not None:
                if not _NOTE_CELL.match(cell.text):
                    current.cells.append(cell)
            else:
                game = game or Game(line=cell.line)
                game.stray.append(cell)
        elif kind == "stray" and m.group() != "}":
            # (a lone "}" closes a comment that nested braces: commentary
            # exports write "{… {Your host …} …}", which PBN does not nest)
            cell = Cell(m.group(), at)
            game = game or Game(line=cell.line)
            game.stray.append(cell)
    _close(games, game)
    return games


def _unquote(raw: str) -> str:
    return _VALUE_ESCAPE.sub(r"\1", raw)


def _close(games: list[Game], game: Game | None) -> None:
    """Keep a game that holds anything."""
    if game is not None and (game.tags or game.stray):
        games.append(game)


def _add_tag(game: Game, name: str, raw: str, line: int, games: list[Game]) -> Tag:
    """Store a tag in ``game``; the tag returned collects the cells that follow it."""
    value = _VALUE_ESCAPE.sub(r"\1", _VALUE_BREAK.sub(" ", raw))
    key = name.lower()
    tag = Tag(name, value, line)
    if key == "note":
        number, _, note = value.partition(":")
        game.notes[number.strip()] = note.strip()
        return tag
    if value == "#" and games:
        previous = games[-1].tags.get(key)
        if previous is not None:
            tag = Tag(name, previous.value, line, list(previous.cells))
    game.tags[key] = tag
    return tag
