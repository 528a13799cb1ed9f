"""Engines for scenario tests: a shipped scenario file, a small grass battlefield, players on sides."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.content.scenarios import ScenarioLibrary, default_scenarios_dir
from bot.rules.battlefield import Battlefield
from bot.rules.dice import ScriptedDice
from bot.rules.engine import Engine
from bot.rules.scenario import Scenario
from bot.rules.state import MatchState, Phase
from tests.rules.conftest import Fig, build, card

FIELD = [{"q": [0, 8], "r": [0, 6], "level": 1, "terrain": "grass"}]


def scenario(sid: str) -> Scenario:
    """A shipped scenario by id."""
    return ScenarioLibrary.from_directory(default_scenarios_dir()).get(sid)


def field(brandar: tuple[int, int] | None = (6, 3), side: str = "power", hexes: Sequence[Mapping[str, Any]] = (),
          obstacles: Sequence[Mapping[str, Any]] = ()) -> Battlefield:
    """A 9 x 7 grass field with the Glyph of Brandar at ``brandar``."""
    glyphs = [{"name": "brandar", "at": list(brandar), "side": side}] if brandar else []
    return build(FIELD, hexes, obstacles, glyphs=glyphs)


def table(sid: str, *figures: Fig, roles: Mapping[str, str], battlefield: Battlefield | None = None,
          round_: int = 1, d20: Sequence[int] = ()) -> Engine:
    """An engine in free mode playing the scenario ``sid``: players seated on ``roles`` (player -> side)."""
    state = MatchState(battlefield=battlefield or field(), scenario=scenario(sid), phase=Phase.FREE)
    state.round = round_
    eng = Engine(state, ScriptedDice((), d20))
    for p, role in roles.items():
        eng.setup_player(p, role=role)
    for f in figures:
        eng.setup_figure(f.owner, f.card or card(name=f.id.title()), f.id, f.hexes(), level=f.level,
                         wounds=f.wounds, card_key=f.card_key)
    return eng
