"""The printable codex (WeasyPrint) — written by the render work."""
