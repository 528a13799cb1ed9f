"""``python -m bot bench rules|render|bot``: benchmark figures, one ``name: value unit`` line each.

``rules`` works on a generated 600-space battlefield (30 x 20, hills up to level 20, water,
trees; seeded, so every run measures the same map): the time to list every space a Move 6
figure can reach (median, goal under 5 ms), one line-of-sight check (median, goal under
0.5 ms), one attack's exact odds (median, ``odds_exact``), and a whole match of up to 12
rounds between two 500-point armies played by :mod:`bot.game.ai` without rendering (goal under 2 s), and
the same between two random 1,000-point armies of mixed cards drawn from the whole library
(``big_match_*``; every card's powers as the rules enforce them). ``render`` runs
:func:`bot.render.bench.run`; ``bot`` runs :func:`bot.games.heroscape.discord.bench.run`.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.rules.battlefield import Battlefield, Cell, Obstacle
from bot.rules.cards import ArmyCard
from bot.rules.dice import SeededDice
from bot.rules.engine import Engine
from bot.rules.hexes import Hex, from_offset
from bot.rules.scenario import SANDBOX
from bot.rules.state import Figure, MatchState, Phase
from bot.rules.terrain import ObstacleKind, Terrain

if TYPE_CHECKING:
    from bot.rules.match import Match

Row = tuple[str, float, str]

#: Two 500-point armies of classic cards for the match benchmark.
ARMY_A = ["Finn the Viking Champion", "Tarn Viking Warriors", "Syvarris", "Thorgrim the Viking Champion",
          "Raelin the Kyrie Warrior", "Izumi Samurai", "Blade Gruts"]
ARMY_B = ["Deathwalker 9000", "Marro Warriors", "Ne-Gok-Sa", "Grimnak", "Krav Maga Agents"]


def generated_battlefield(cols: int = 30, rows: int = 20, max_level: int = 20, seed: int = 11) -> Battlefield:
    """A ``cols`` x ``rows`` battlefield of rolling hills up to ``max_level`` with water in the
    valleys, rock and snow on the tops, some trees and ruins, and start zones ``red`` (west edge) and
    ``blue`` (east edge)."""
    rng = random.Random(seed)
    columns: dict[Hex, list[Cell]] = {}
    tops: dict[Hex, int] = {}
    for row in range(rows):
        for col in range(cols):
            x, y = col / cols, row / rows
            wave = 0.5 + 0.3 * math.sin(x * 6.0 + 0.7) * math.cos(y * 4.0 - 0.3) + 0.2 * math.sin(y * 9.0 + x * 3.0)
            level = max(0, min(max_level, round(wave * max_level + rng.uniform(-1.0, 1.0))))
            if level <= 3:
                terrain = Terrain.WATER
            elif level >= max_level - 2:
                terrain = Terrain.SNOW
            elif level >= max_level - 6:
                terrain = Terrain.ROCK
            else:
                terrain = Terrain.GRASS if rng.random() < 0.8 else Terrain.SAND
            h = from_offset(col, row)
            columns[h] = [Cell(top=level, terrain=terrain)]
            tops[h] = level
    zones = {
        "red": [from_offset(c, r) for c in range(0, 3) for r in range(4, rows - 4)],
        "blue": [from_offset(c, r) for c in range(cols - 3, cols) for r in range(4, rows - 4)],
    }
    in_zone = {h for z in zones.values() for h in z}
    trees = []
    for h in sorted(columns):
        if h not in in_zone and columns[h][0].terrain is Terrain.GRASS and rng.random() < 0.04:
            trees.append(Obstacle(kind=ObstacleKind.TREE, height=8, level=tops[h], hexes=(h,)))
    ruins = []
    for h in sorted(columns):
        n = h.neighbour(rng.randrange(6))
        if h not in in_zone and n in columns and n not in in_zone and rng.random() < 0.04:
            ruins.append(Obstacle(kind=ObstacleKind.RUIN, height=3, level=max(tops[h], tops[n]), between=(h, n)))
    return Battlefield.build(f"bench-{cols}x{rows}", columns, [*trees, *ruins], zones)


def _walker(move: int = 6) -> ArmyCard:
    return ArmyCard.model_validate({
        "name": "Bench Walker", "kind": "hero", "rarity": "unique", "figures": 1, "life": 4, "move": move,
        "range": 6, "attack": 3, "defense": 3, "height": 5, "size": "medium", "base": 1, "points": 50,
    })


def _bench_state(bf: Battlefield, n: int, seed: int) -> tuple[MatchState, list[Figure]]:
    """A free-mode state with ``n`` figures (two players) on random dry spaces."""
    rng = random.Random(seed)
    eng = Engine(MatchState(battlefield=bf, scenario=SANDBOX), SeededDice(seed))
    eng.setup_player("p1")
    eng.setup_player("p2")
    eng.state.phase = Phase.FREE
    dry = sorted(h for h in bf.hexes() if not bf.obstacles_on(h) and not bf.cells(h)[-1].terrain.is_water)
    spots = rng.sample(dry, n)
    card = _walker()
    figs = [eng.setup_figure("p1" if i % 2 == 0 else "p2", card, f"f{i}", [h]) for i, h in enumerate(spots)]
    return eng.state, figs


def _median_ms(fn: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000.0)
    return statistics.median(times)


def bench_reach(runs: int = 200, seed: int = 3) -> list[Row]:
    """Median time to list every space a Move 6 walker can reach, over ``runs`` start spaces."""
    from bot.rules.movement import reachable_hexes

    bf = generated_battlefield()
    state, figs = _bench_state(bf, 24, seed)
    counts: list[int] = []
    times: list[float] = []
    for i in range(runs):
        fig = figs[i % len(figs)]
        t0 = time.perf_counter()
        reach = reachable_hexes(state, fig)
        times.append((time.perf_counter() - t0) * 1000.0)
        counts.append(len(reach))
    return [
        ("map_spaces", float(len(bf)), "spaces"),
        ("map_max_level", float(max(c[-1].top for c in bf.columns.values())), "levels"),
        ("reach_move6_median", round(statistics.median(times), 3), "ms"),
        ("reach_move6_max", round(max(times), 3), "ms"),
        ("reach_move6_spaces", round(statistics.mean(counts), 1), "spaces"),
    ]


def bench_los(runs: int = 500, seed: int = 5) -> list[Row]:
    """Median time of one line-of-sight check between figures 3 to 15 spaces apart."""
    from bot.rules.los import line_of_sight

    bf = generated_battlefield()
    state, figs = _bench_state(bf, 24, seed)
    pairs = [(a, b) for a in figs for b in figs if a is not b and 3 <= a.hex.distance(b.hex) <= 15]
    seen = 0
    times: list[float] = []
    for i in range(runs):
        a, b = pairs[i % len(pairs)]
        t0 = time.perf_counter()
        ok = line_of_sight(state, a, b)
        times.append((time.perf_counter() - t0) * 1000.0)
        seen += bool(ok)
    return [
        ("los_median", round(statistics.median(times), 4), "ms"),
        ("los_max", round(max(times), 3), "ms"),
        ("los_clear_share", round(100.0 * seen / runs, 1), "%"),
    ]


def _computer_match(bf: Battlefield, scen: Any, seed: int, armies: tuple[list[str], ...],
                    most: int) -> tuple[Match, int]:
    """Alice and Bob join with ``armies`` (card names or ids), start, and the computer plays both
    until the match is over, no one is waited on, or ``most`` commands; returns the match and how
    many commands the computer sent."""
    from bot.game import ai
    from bot.game.session import _card_lookup
    from bot.rules.match import Match

    m = Match(bf, scen, seed, _card_lookup)
    for pid in ("alice", "bob"):
        m.apply(pid, f"join {pid.title()}")
    for pid, army in zip(("alice", "bob"), armies, strict=True):
        m.apply(pid, "army " + "; ".join(army))
    m.apply("alice", "start")
    commands = 0
    while m.state.phase is not Phase.OVER and commands < most:
        waiting = ai.waiting_for(m.state)
        cmd = ai.next_command(m.state, waiting[0]) if waiting else None
        if cmd is None:
            break
        m.apply(waiting[0], cmd)
        commands += 1
    return m, commands


def bench_match(rounds: int = 12, seed: int = 1) -> list[Row]:
    """A whole match (up to ``rounds`` rounds) of two 500-point armies played by the AI, no rendering."""
    from bot.game.session import scenarios

    bf = generated_battlefield()
    base = scenarios().get("last-army-standing")
    scen = base.model_copy(update={"format": base.format.model_copy(update={"round_limit": rounds})})
    t0 = time.perf_counter()
    m, commands = _computer_match(bf, scen, seed, (ARMY_A, ARMY_B), 20000)
    took = time.perf_counter() - t0
    return [
        ("match_total", round(took, 3), "s"),
        ("match_rounds", float(m.state.round), "rounds"),
        ("match_commands", float(commands), "commands"),
        ("match_per_command", round(1000.0 * took / max(1, commands), 2), "ms"),
        ("match_finished", 1.0 if m.state.phase is Phase.OVER else 0.0, "bool"),
    ]


def bench_big_match(points: int = 1000, rounds: int = 12, seed: int = 1) -> list[Row]:
    """A whole match (up to ``rounds`` rounds) of two random ``points``-point armies of mixed cards
    from the whole card library (:func:`bot.game.computer_army.random_army`, seeded), played by the
    AI on the generated battlefield, no rendering."""
    from bot.game.computer_army import random_army
    from bot.game.session import cards, scenarios

    bf = generated_battlefield()
    base = scenarios().get("last-army-standing")
    fmt = base.format.model_copy(update={"round_limit": rounds, "points": points})
    scen = base.model_copy(update={"format": fmt})
    rng = random.Random(seed)
    armies = [random_army(rng, cards(), fmt, max_cards=20) for _ in range(2)]
    t0 = time.perf_counter()
    m, commands = _computer_match(bf, scen, seed, tuple([c.id for c in army] for army in armies), 40000)
    took = time.perf_counter() - t0
    return [
        ("big_match_total", round(took, 3), "s"),
        ("big_match_cards", float(sum(len(a) for a in armies)), "cards"),
        ("big_match_figures", float(len(m.state.figures)), "figures"),
        ("big_match_rounds", float(m.state.round), "rounds"),
        ("big_match_commands", float(commands), "commands"),
        ("big_match_per_command", round(1000.0 * took / max(1, commands), 2), "ms"),
    ]


def bench_odds(runs: int = 500) -> list[Row]:
    """Median time of one attack's exact odds (:func:`bot.rules.odds.attack_odds`): 3 attack dice on a
    figure on higher ground rolling 3 + 1 defense dice, with every power hook asked (as in play)."""
    from bot.rules.odds import attack_odds

    bf = generated_battlefield()
    state, figs = _bench_state(bf, 24, 7)
    a, b = next((a, b) for a in figs for b in figs if a is not b and b.level > a.level)
    return [("odds_exact", round(_median_ms(lambda: attack_odds(state, a, b), runs), 4), "ms")]


def mid_match(seed: int = 1, rounds: int = 2) -> Match:
    """Two 500-point armies played by the computer players on the generated battlefield until a
    Player Turn of round ``rounds`` is under way with no decision pending (the bench's "middle of
    a match"; also used by tests)."""
    from bot.game import ai
    from bot.game.session import _card_lookup, scenarios
    from bot.rules.match import Match

    m = Match(generated_battlefield(), scenarios().get("last-army-standing"), seed, _card_lookup)
    for pid in ("alice", "bob"):
        m.apply(pid, f"join {pid.title()}")
    for pid, army in (("alice", ARMY_A), ("bob", ARMY_B)):
        m.apply(pid, "army " + "; ".join(army))
    m.apply("alice", "start")
    for _ in range(5000):
        st = m.state
        if (st.round >= rounds and st.phase is Phase.TURNS and st.turn is not None and st.turn.card_key
                and not st.pending and not st.turn.moved) or st.phase is Phase.OVER:
            break
        waiting = ai.waiting_for(st)
        cmd = ai.next_command(st, waiting[0]) if waiting else None
        if cmd is None:
            break
        m.apply(waiting[0], cmd)
    return m


def bench_legal(runs: int = 20, seed: int = 1) -> list[Row]:
    """Every legal command for the active player in the middle of a 500-point match, enumerated."""
    from bot.rules.legal import LegalCommands

    m = mid_match(seed)
    player = m.state.turn.player if m.state.turn is not None else m.state.players[0].id
    found: list[object] = []

    def enumerate_all() -> None:
        found[:] = list(LegalCommands(m.state, player, m.cards))

    took = _median_ms(enumerate_all, runs)
    return [("legal_all_commands", round(took, 2), "ms"), ("legal_all_commands_count", float(len(found)), "commands")]


def rules(runs: int = 200) -> list[Row]:
    """Every rules figure."""
    return (bench_reach(runs) + bench_los(max(runs, 100) * 2) + bench_odds(max(runs, 100) * 2) + bench_match()
            + bench_big_match() + bench_legal())


def _print(rows: list[Row], prefix: str = "") -> None:
    for name, value, unit in rows:
        print(f"{prefix}{name}: {value:g} {unit}")


def main(what: str, *, pictures: bool = True, matches: int | None = None, most: bool = False,
         think: float | None = None, saturate: bool = False) -> int:
    """Print the figures of ``what`` (``rules``, ``render`` or ``bot``; for ``bot``, ``pictures``
    on or off, how many ``matches`` at once, or ``most``: the most matches at the goals; the
    players' pace: ``think`` seconds between actions, or ``saturate``: no pause at all);
    returns the exit status."""
    if what == "rules":
        _print(rules())
        return 0
    if what == "render":
        from bot.render.bench import run

        _print(run())
        return 0
    if what == "bot":
        from bot.games.heroscape.discord import bench as module
        options: dict[str, Any] = {} if pictures else {"pictures": False}
        if saturate:
            options.update(module.SATURATE)
        elif think is not None:
            options["think"] = think
        if most:
            _print(module.most_matches(start=matches or 200, **options))
            return 0
        if matches is not None:
            options["matches"] = matches
        _print(module.run(**options))
        return 0
    print(f"unknown benchmark '{what}' (rules, render or bot)")
    return 2
