"""``python -m bot bench ai``: the computer's levels against each other, and the time they take.

Seeded matches between two levels (``hard`` against ``easy``, ``normal`` against ``easy``) on
the shipped maps and scenarios: "last army standing" on each shipped map, both seats fielding the
same random army of mixed cards from the card library (:func:`bot.game.computer_army.random_army`,
the same seed the same army), and the book scenarios with their own armies (the computer drafts where the
scenario drafts). Each setup is played twice with the seats, and so the armies, swapped, so
neither the army nor the seat favours a level. A match still on at its round limit is decided by
the scenario; with none, by the armies' scores (HS-SCORE-01). A draw counts half.

Printed, one ``name: value unit`` line each: ``hard_vs_easy_win`` and ``normal_vs_easy_win`` (the
share of matches won, with its 95 % Wilson interval and the number of matches),
``decision_median`` and ``decision_max`` (seconds the planner took for one command),
``planner_refused`` (its commands the rules refused) and ``planner_time_cut`` (its commands the
clock's cap cut short, :mod:`~bot.game.ai.budget`: the planner's search is counted in positions,
so with 0 the figures do not depend on the machine's speed). The same
share for the "last army standing" matches alone follows each: the book scenarios give each side
its own army and a round limit that favours one side, so they are near a coin toss decided by
the seat whatever the level.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from dataclasses import dataclass, field

#: The book scenarios the bench plays with their own armies (the rest: last army standing).
SCENARIOS = ("rumble-at-the-rift-seasoned", "mission-critical-seasoned", "wherever-theres-trouble-seasoned",
             "bridge-to-the-forgotten-forest")
#: Maps "last army standing" is played on.
MAPS = ("practice-field", "cobra-facility", "shattered-table", "heshva-basin", "howling-pass", "vengalla-gulch",
        "spire-at-mount-tildept", "forgotten-forest")
#: Points of each random army, and its round limit.
POINTS = 300
ROUNDS = 8
#: A match that runs past this many commands is stopped and decided by the scores.
MAX_COMMANDS = 4000


@dataclass
class Tally:
    """Results of one pairing: ``score`` (a win 1, a draw 0.5) over ``played`` matches, and the
    seconds each planned command took."""

    score: float = 0.0
    played: int = 0
    #: The same for the "last army standing" matches alone (the book scenarios' sides are uneven).
    maps_score: float = 0.0
    maps_played: int = 0
    times: list[float] = field(default_factory=list)
    refused: int = 0
    #: Planned commands the clock's cap cut short (:data:`bot.game.ai.budget.cuts`): 0 means the
    #: results do not depend on the machine's speed.
    cut: int = 0


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson interval of a share ``score / n`` (``(0, 1)`` with no matches).

    >>> [round(x, 3) for x in wilson(8, 10)]
    [0.49, 0.943]
    """
    if n == 0:
        return 0.0, 1.0
    p = score / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, mid - half), min(1.0, mid + half)


def _setup(i: int) -> tuple[str, str | None]:
    """The scenario and map of match ``i``: the book scenarios and each map in turn."""
    cycle = [(s, None) for s in SCENARIOS] + [("last-army-standing", m) for m in MAPS]
    return cycle[i % len(cycle)]


def play(i: int, levels: tuple[str, str], seed: int, tally: Tally) -> float:
    """Play setup ``i`` with seat 1 at ``levels[0]`` and seat 2 at ``levels[1]``; seat 1's score (1, 0.5, 0)."""
    from bot.game import ai
    from bot.game.ai import budget
    from bot.game.computer_army import random_army
    from bot.game.session import _card_lookup, battlefield_for, cards, scenarios
    from bot.rules.legal import expected_of
    from bot.rules.match import Match
    from bot.rules.state import Phase
    from bot.rules.victory import scores

    scen_id, map_id = _setup(i)
    scen = scenarios().get(scen_id)
    if scen_id == "last-army-standing":
        fmt = scen.format.model_copy(update={"points": POINTS, "round_limit": ROUNDS})
        scen = scen.model_copy(update={"format": fmt})
    bf = battlefield_for(map_id or scen.map or "practice-field")
    m = Match(bf, scen, seed, _card_lookup)
    seats = ("alice", "bob")
    level_of = dict(zip(seats, levels, strict=True))
    for pid in seats:
        m.apply(pid, f"join {pid.title()}")
    rng = random.Random(seed)
    # One random army, fielded by both seats (the levels, not the cards, decide the match).
    drawn = random_army(rng, cards(), scen.format, max_cards=6)
    armies = {pid: list(drawn) for pid in seats}
    commands = 0
    while m.state.phase is not Phase.OVER and commands < MAX_COMMANDS:
        st = m.state
        waiting = ai.waiting_for(st)
        if not waiting:
            break
        pid = waiting[0]
        if st.phase is Phase.SETUP and not st.pending and (st.draft is None or st.draft.next != pid) and \
                not any(c.owner == pid for c in st.cards.values()) and not st.scenario.format.draft and armies[pid]:
            army = "army " + "; ".join(c.id for c in armies[pid])
            try:
                m.apply(pid, army)
                commands += 1
                continue
            except Exception:  # noqa: BLE001 - the scenario's own army rules: the computer builds one
                armies[pid] = []
        if (exp := expected_of(st, pid)) is not None and exp.on == "start":
            m.apply(pid, "start")
            commands += 1
            continue
        t0, cuts = time.perf_counter(), budget.cuts
        cmd = ai.next_command(st, pid, level_of[pid])
        took = time.perf_counter() - t0
        tally.cut += budget.cuts > cuts
        if cmd is None:
            break
        if level_of[pid] != "easy" and st.phase in (Phase.ORDERS, Phase.TURNS):
            tally.times.append(took)
        try:
            m.apply(pid, cmd)
        except Exception:  # noqa: BLE001 - counted: a planner command the rules refuse is a defect
            tally.refused += 1
            m.apply(pid, ai.next_command(st, pid, "easy") or "end-turn")
        commands += 1
    st = m.state
    if st.winners is not None and st.phase is Phase.OVER:
        won = [w in st.winners for w in seats]
    else:
        sc = scores(st)
        won = [sc.get(seats[0], 0) > sc.get(seats[1], 0), sc.get(seats[1], 0) > sc.get(seats[0], 0)]
    if won[0] and not won[1]:
        return 1.0
    if won[1] and not won[0]:
        return 0.0
    return 0.5


def _match(level: str, i: int, seed: int) -> tuple[float, Tally]:
    """Match ``i`` of ``level``'s pairing against ``easy`` (setup ``i // 2``, ``level`` in seat 1
    when ``i`` is even): ``level``'s score and the tally of that match alone."""
    tally = Tally()
    setup = i // 2
    if i % 2 == 0:
        return play(setup, (level, "easy"), seed + setup, tally), tally
    return 1.0 - play(setup, ("easy", level), seed + setup, tally), tally


def pairing(level: str, matches: int, seed: int = 1, workers: int = 1) -> Tally:
    """``level`` against ``easy`` over ``matches`` matches (setups in turn, seats swapped every
    other), in ``workers`` processes. The planner's search is counted in positions, not seconds
    (:mod:`~bot.game.ai.budget`), so the results are the same however many workers share the
    machine, as long as the clock's cap cuts nothing (:attr:`Tally.cut`); only the times change."""
    tally = Tally()
    if workers > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(workers) as ex:
            results = list(ex.map(_match, [level] * matches, range(matches), [seed] * matches))
    else:
        results = [_match(level, i, seed) for i in range(matches)]
    for i, (got, one) in enumerate(results):
        tally.score += got
        tally.played += 1
        tally.times += one.times
        tally.refused += one.refused
        tally.cut += one.cut
        if _setup(i // 2)[0] == "last-army-standing":
            tally.maps_score += got
            tally.maps_played += 1
    return tally


def main(matches: int = 200, seed: int = 1, workers: int = 1) -> int:
    """Print the figures (see the module) for ``matches`` matches per pairing, played in
    ``workers`` processes; returns 0."""
    times: list[float] = []
    refused = cut = 0
    for level in ("hard", "normal"):
        t = pairing(level, matches, seed, workers)
        lo, hi = wilson(t.score, t.played)
        print(f"{level}_vs_easy_win: {100 * t.score / max(1, t.played):.1f} % "
              f"(95 % interval {100 * lo:.1f}-{100 * hi:.1f} %, {t.played} matches)", flush=True)
        lo, hi = wilson(t.maps_score, t.maps_played)
        print(f"{level}_vs_easy_win_last_army_standing: {100 * t.maps_score / max(1, t.maps_played):.1f} % "
              f"(95 % interval {100 * lo:.1f}-{100 * hi:.1f} %, {t.maps_played} matches)", flush=True)
        times += t.times
        refused += t.refused
        cut += t.cut
    print(f"decision_median: {statistics.median(times) if times else 0.0:.3f} s")
    print(f"decision_max: {max(times, default=0.0):.3f} s")
    print(f"planner_refused: {refused} commands")
    print(f"planner_time_cut: {cut} commands")
    return 0
