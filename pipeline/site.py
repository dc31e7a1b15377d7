"""The HTML site: a first readable page (the full site replaces this)."""

from __future__ import annotations

from pathlib import Path

from jinja2 import Environment, select_autoescape

_PAGE = """<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>Кодекс</title></head>
<body><main><h1>Законы дубликатного бриджа (1987)</h1>
{% for e in entries %}<section id="{{ e.id }}"><h2>{{ e.id }} {{ e.title or '' }}</h2><p>{{ e.text }}</p></section>
{% endfor %}</main></body></html>"""


def render_site(codex, folder: Path, build=None) -> None:
    env = Environment(autoescape=select_autoescape(default=True, default_for_string=True))
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "index.html").write_text(env.from_string(_PAGE).render(entries=list(codex.entries.values())),
                                       encoding="utf-8")
