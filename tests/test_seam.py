"""No module outside the games' own packages names either game's terms (issue 18, the seam).

Every ``.py`` file under ``bot/`` that is not in a game's package (:attr:`Ruleset.packages` of each
registered game, plus the Onslaught packages named below for branches where it is not registered
yet) is scanned for the games' words, identifiers included (``marker_picks`` reads as "marker
picks", ``HeroscapeBot`` as "Heroscape Bot"). :data:`ALLOWED` lists what still names them and how
many times: the count may only go down (lower it when you move game code behind the seam), and a
file not listed may name none.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from bot import games

ROOT = Path(__file__).resolve().parents[1] / "bot"

#: Words only one of the games uses (lower case; a plural is matched too).
HEROSCAPE_TERMS = ("heroscape", "order marker", "marker", "army card", "glyph", "hexes", "player turn", "valkyrie",
                   "squad", "wound", "start zone", "figure", "syvarris", "grimnak")
ONSLAUGHT_TERMS = ("onslaught", "initiative card", "cooldown", "battle wheel", "bloodied", "d20", "monster",
                   "champion", "loot", "dungeons")
#: The Onslaught packages, named here too so that they count as a game's before it is registered.
ONSLAUGHT_PACKAGES = ("bot.onslaught", "bot.games.onslaught")

#: Files outside the games' packages that still name game terms, with how many times (at most).
#: The Discord layer is generic (a game's face, :mod:`bot.discord.face`); Heroscape's Discord code is
#: in ``bot/games/heroscape/discord/``.
ALLOWED: dict[str, int] = {
    # The registry's DEFAULT and the frozen migrations (2, 6, 11, 12) name the game of matches stored before games
    # were recorded and the tables' first names; the database file name is kept for existing deployments.
    "games/__init__.py": 1,
    "storage/migrations.py": 6,
    "discord/settings.py": 1,
}


def _words(text: str) -> str:
    """Identifiers read as words: ``marker_picks`` -> ``marker picks``, ``HeroscapeBot`` -> ``Heroscape Bot``."""
    return re.sub(r"(?<=[a-z])(?=[A-Z])", " ", text).replace("_", " ")


_TERMS = re.compile(r"\b(" + "|".join(re.escape(t) for t in HEROSCAPE_TERMS + ONSLAUGHT_TERMS) + r")(?:e?s)?\b",
                    re.IGNORECASE)


def game_packages() -> tuple[str, ...]:
    """Every game's packages, as paths under ``bot/``."""
    names = set(ONSLAUGHT_PACKAGES)
    for name in games.names():
        names.update(games.get(name).packages)
    return tuple(sorted(n.replace(".", "/").removeprefix("bot/") for n in names))


def offences() -> dict[str, Counter[str]]:
    """``{file under bot/: Counter(term: count)}`` for the files outside the games' packages."""
    own = game_packages()
    found: dict[str, Counter[str]] = {}
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if any(rel == f"{p}.py" or rel.startswith(f"{p}/") for p in own):
            continue
        counts = Counter(m.group(1).lower() for m in _TERMS.finditer(_words(path.read_text(encoding="utf-8"))))
        if counts:
            found[rel] = counts
    return found


def test_the_scan_finds_terms() -> None:
    assert [m.group(1) for m in _TERMS.finditer(_words("HeroscapeBot saves marker_picks; Order Markers, hexdigest, token_hex, six hexes"))] \
        == ["Heroscape", "marker", "Order Marker", "hexes"]


def test_generic_layers_name_no_game_terms() -> None:
    over = {f: (sum(c.values()), ALLOWED.get(f, 0), dict(c.most_common(4)))
            for f, c in offences().items() if sum(c.values()) > ALLOWED.get(f, 0)}
    assert over == {}, "game terms outside the games' packages (file: (found, allowed, terms)): move the code " \
                       "behind the seam (bot/games/<game>/), or say it in the game's words"
