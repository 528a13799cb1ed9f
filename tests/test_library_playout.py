"""Random playouts over the whole card library (issue #14): matches between random legal armies of
mixed cards drawn from all 280 cards (:func:`bot.game.computer_army.random_army`), in the Standard,
Delta and 1,000-point formats, on every shipped map. Every command is picked from what
:mod:`bot.rules.legal` lists or is the computer's choice; the engine must accept it, the position
stays consistent, and a replay of the log from the seed gives the same state byte for byte.

Bounded: 2 seeds per map and format and 300 commands per match; ``HS_LIBRARY_SEEDS=N`` raises the
seeds (20 seeds passed before this was committed).
"""

from __future__ import annotations

import os
import random

import pytest
from test_random_playout import _pick, check_consistent

from bot.content import formats
from bot.game.computer_army import random_army
from bot.game.session import GameSession, cards, maps
from bot.rules.army import zone_pairs, zone_room
from bot.rules.legal import check, waiting_for
from bot.rules.state import Phase

SEEDS = int(os.environ.get("HS_LIBRARY_SEEDS", "2"))
COMMANDS = int(os.environ.get("HS_LIBRARY_COMMANDS", "300"))
CASES = [(m, f, seed) for m in maps().ids() for f in ("standard", "delta", "epic") for seed in range(1, SEEDS + 1)]


@pytest.mark.parametrize(("map_id", "format_id", "seed"), CASES)
def test_random_armies_from_the_whole_library(map_id: str, format_id: str, seed: int) -> None:
    # rule: HS-ARMY-01, HS-ARMY-04, HS-ROUND-02, HS-TURN-02, HS-ATTACK-01, HS-DESTROY-01
    s = GameSession.create("lib", map_id=map_id, seed=seed, fmt=formats.overrides(format_id, {}))
    rng = random.Random(seed * 104729 + len(map_id) + len(format_id))
    for name in ("Ann", "Bo"):
        s.apply(name.lower(), f"join {name}")
    fmt = s.state.scenario.format
    fielded = []
    for p in s.state.players:
        army = random_army(rng, cards(), fmt, zone_room(s.state, p.id), pairs=zone_pairs(s.state, p.id))  # spaces without an obstacle
        assert army, f"no random army fits {format_id} on {map_id}"
        fielded += army
        s.apply(p.id, "army " + "; ".join(c.id for c in army))
    assert len({c.set for c in fielded}) >= 3  # mixed: cards of several sets
    placed: dict[str, dict[str, str]] = {}
    sent = 0
    while s.state.phase is not Phase.OVER and sent < COMMANDS:
        st = s.state
        waiting = [e.player for e in waiting_for(st)]
        assert waiting, f"nobody to act in {st.phase}"
        player = rng.choice(waiting)
        cmd = _pick(rng, st, player, s)
        assert cmd is not None, f"no command for {player} in {st.phase}"
        refusal = check(st, player, cmd, s.match.cards, s.match.pool)
        assert refusal is None, f"{cmd!r} listed but refused: {refusal}"
        outcome = s.apply(player, cmd)
        sent += 1
        for e in outcome.events:  # a power that moves Order Markers (Admiral's Orders) tells the player where
            if e.kind == "orders" and e.data.get("player") in placed and "markers" in e.data:
                placed[e.data["player"]] = dict(e.data["markers"])
        for pid, markers in s.state.orders.items():
            if cmd.startswith("orders") and pid == player:
                placed[pid] = dict(markers)
        check_consistent(s.state, placed)
    assert s.state.round >= 1
    again = GameSession.from_record(s.to_record())
    assert again.match.state_json() == s.match.state_json()
    assert again.snapshot() == s.snapshot()
