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
#: The registry's ``DEFAULT`` names the game of matches stored before games were recorded; the
#: Discord layer's slash commands (``cogs``) and their helpers are Heroscape's face on Discord,
#: still to move behind the seam (issue 19).
ALLOWED: dict[str, int] = {
    # The registry's DEFAULT and the frozen migration 11 name the game of matches stored before games were recorded;
    # the old name of the bot class and the database file name are kept for existing imports and deployments.
    "games/__init__.py": 1,
    "storage/migrations.py": 7,
    "discord/client.py": 1,
    "discord/settings.py": 1,
    "sandbox/world.py": 1,
    # Storage: the table, columns and methods of the secret picks still carry their first name (tests use them).
    "storage/base.py": 3,
    "storage/sqlite.py": 10,
    # The match kernel and the Discord plumbing still drive Order Marker rounds and read Heroscape's state
    # (issue 19: collect any game's SecretAssignment, ask GameMatch.waiting/result instead).
    "discord/matches.py": 2,
    "discord/actions.py": 2,
    "discord/threads.py": 1,
    "discord/pace/bench.py": 1,
    "discord/pace/catchup.py": 3,
    "discord/pace/commands.py": 1,
    "discord/pace/durations.py": 7,
    "discord/pace/service.py": 5,
    "discord/pace/texts.py": 8,
    "discord/pace/undo.py": 4,
    "discord/bench.py": 13,
    # Heroscape's face on Discord: its slash commands and their helpers (to move under bot/games/heroscape, issue 19).
    "discord/cogs/match.py": 4,
    "discord/inputs.py": 5,
    # Leagues (issue 17) pair and rank Heroscape armies in Heroscape formats (a league's champion is English, not
    # Onslaught's): a league of another game needs its own army and format checks.
    "leagues/__init__.py": 2,
    "leagues/formats.py": 16,
    "leagues/model.py": 11,
    "leagues/pairing.py": 1,
    "leagues/playoff.py": 3,
    "leagues/standings.py": 11,
    "discord/cogs/league.py": 17,
    "discord/league/commands.py": 12,
    "discord/league/service.py": 6,
    "discord/league/texts.py": 6,
    # Heroscape's rules benchmarks (python -m bot bench rules runs them through the ruleset).
    "bench.py": 28,
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
