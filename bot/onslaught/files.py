"""Read the shipped Onslaught content from ``data/onslaught/`` (the only module here that opens files)."""

from __future__ import annotations

from pathlib import Path

from bot.onslaught.content import Library, library

#: Where the project's invented practice set lives.
DATA = Path(__file__).resolve().parents[2] / "data" / "onslaught"


def load(folder: Path = DATA) -> Library:
    """Load ``cards.json``, ``maps.json`` and ``scenarios.json`` from ``folder``.

    :raises ContentError: a format error, naming the item and field.
    :raises FileNotFoundError: a file is missing.
    """
    return library(*((folder / f).read_bytes() for f in ("cards.json", "maps.json", "scenarios.json")))
