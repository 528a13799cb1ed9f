"""``python -m bot bench rules --game onslaught``: figures of the Onslaught rules core, one
``name: value unit`` line each.

- Legal actions: the time :func:`bot.onslaught.legal.legal_commands` takes to list every command the
  activating party may send (median and worst over the activations of a seeded computer match on
  each shipped scenario), and how many there are.
- Line of sight: one :func:`bot.onslaught.board.sight` check between two squares 2 to 10 apart on each
  shipped map (median over a fixed sample), and the share that see each other.
- A whole match: two computer parties through each shipped scenario to the end (no pictures): time,
  commands, rounds and whether it finished.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bot.onslaught.board import sight
from bot.onslaught.content import Library
from bot.onslaught.files import load
from bot.onslaught.legal import legal_commands, waiting_for
from bot.onslaught.match import Match
from bot.onslaught.playout import in_activation, next_command, play

Row = tuple[str, float, str]


def _match(library: Library, scenario: str, seed: int) -> Match:
    names = sorted(library.parties)[:2]
    return Match(library, scenario, {"A": library.parties[names[0]], "B": library.parties[names[1]]}, seed)


def bench_legal(library: Library, scenario: str, seed: int = 3, samples: int = 60) -> list[Row]:
    """Time ``legal_commands`` in the first ``samples`` positions of a computer match where a character
    is activating (the costliest question: every move, attack, ability, loot, item and door)."""
    m = _match(library, scenario, seed)
    rng = random.Random(seed)
    times: list[float] = []
    counts: list[int] = []
    acted = 0
    while m.state.phase != "over" and len(times) < samples:
        side = waiting_for(m.state)[0]
        if in_activation(m):
            t0 = time.perf_counter()
            legal = legal_commands(m.game, side)
            times.append((time.perf_counter() - t0) * 1000.0)
            counts.append(len(legal))
        acted = acted + 1 if in_activation(m) else 0
        m.apply(side, next_command(m, side, rng, acted))
    return [
        (f"legal_{scenario}_median", round(statistics.median(times), 2), "ms"),
        (f"legal_{scenario}_max", round(max(times), 2), "ms"),
        (f"legal_{scenario}_commands", round(statistics.mean(counts), 1), "commands"),
    ]


def bench_sight(library: Library, scenario: str, runs: int = 2000, seed: int = 5) -> list[Row]:
    """Median time of one line-of-sight check between squares 2 to 10 apart on the scenario's map."""
    m = _match(library, scenario, seed)
    st = m.state
    viewer = next(iter(st.minis.values()))
    rng = random.Random(seed)
    squares = [(x, y) for y in range(st.map.height) for x in range(st.map.width) if not st.blocking((x, y))]
    pairs = [(a, b) for a in squares for b in squares if 2 <= max(abs(a[0] - b[0]), abs(a[1] - b[1])) <= 10]
    rng.shuffle(pairs)
    times: list[float] = []
    seen = 0
    for a, b in (pairs * (1 + runs // max(1, len(pairs))))[:runs]:
        t0 = time.perf_counter()
        ok = sight(st, viewer, a, b)
        times.append((time.perf_counter() - t0) * 1000.0)
        seen += ok
    return [
        (f"los_{st.map.id}_median", round(statistics.median(times), 4), "ms"),
        (f"los_{st.map.id}_clear_share", round(100.0 * seen / len(times), 1), "%"),
    ]


def bench_match(library: Library, scenario: str, seed: int = 1) -> list[Row]:
    """A whole match between two computer parties (the simple policy), no pictures."""
    t0 = time.perf_counter()
    m = play(library, scenario, seed)
    took = time.perf_counter() - t0
    return [
        (f"match_{scenario}_total", round(took, 3), "s"),
        (f"match_{scenario}_commands", float(len(m.log)), "commands"),
        (f"match_{scenario}_per_command", round(1000.0 * took / max(1, len(m.log)), 2), "ms"),
        (f"match_{scenario}_rounds", float(m.state.round), "rounds"),
        (f"match_{scenario}_finished", 1.0 if m.state.phase == "over" else 0.0, "bool"),
    ]


def rules(library: Library | None = None) -> list[Row]:
    """Every figure, scenario by scenario."""
    lib = library or load()
    rows: list[Row] = []
    for scenario in sorted(lib.scenarios):
        rows += bench_legal(lib, scenario)
    for scenario in sorted(lib.scenarios):
        rows += bench_sight(lib, scenario)
    for scenario in sorted(lib.scenarios):
        rows += bench_match(lib, scenario)
    return rows


def main(args: argparse.Namespace | None = None) -> int:
    """Print the figures; returns 0."""
    for name, value, unit in rules():
        print(f"{name}: {value:g} {unit}")
    return 0
