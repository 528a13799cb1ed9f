"""Placement: figures into their player's start zone before round 1 (HS-ARMY-02, HS-DOUBLE-01, -02).

``place`` puts one figure (again, to move it within the zone); ``place rest`` fills the zone with
the figures still unplaced. When the last figure that fights is placed, round 1 begins
(:func:`bot.rules.flow.round.start_round`).
"""

from __future__ import annotations

from bot.rules import checks
from bot.rules.battlefield import Battlefield
from bot.rules.context import Referee
from bot.rules.errors import IllegalCommand
from bot.rules.events import hx
from bot.rules.flow.round import start_round
from bot.rules.hexes import Hex
from bot.rules.state import Figure, MatchState, Phase


def start_zone(eng: Referee, player: str) -> frozenset[Hex]:
    """The spaces of ``player``'s start zone (:raises IllegalCommand: HS-ARMY-02 when there is none)."""
    p = eng.state.player(player)
    zone = eng.state.battlefield.start_zones.get(p.zone)
    if zone is None:
        raise IllegalCommand(f"you have no start zone on {eng.state.battlefield.name}", "HS-ARMY-02")
    return zone


def place(eng: Referee, player: str, figure: str, spaces: list[str]) -> None:
    """``place FIGURE SPACE [SPACE]``: put one of the player's figures in their start zone.

    :raises IllegalCommand: outside placement, for another's or a set-aside figure, or a wrong space count.
    """
    st = eng.state
    checks.seated(st, player)
    if st.phase is not Phase.PLACEMENT:
        raise IllegalCommand("figures are placed after the armies are chosen and before round 1")
    fig = eng.figure(figure)
    if fig.owner != player:
        raise checks.not_yours(st, player, fig, by="owner")
    if fig.set_aside:
        raise IllegalCommand(f"{fig.id} was set aside and takes no part in the battle", "HS-ARMY-03")
    if fig.reserve:
        raise IllegalCommand(f"{fig.id} starts the battle off the battlefield; its power brings it on")
    hexes = tuple(eng.space(s) for s in spaces)
    card = st.card_of(fig)
    if len(hexes) != card.base:
        raise IllegalCommand(f"{fig.id} takes {'2 spaces' if card.base == 2 else '1 space'}: name {'two adjacent spaces' if card.base == 2 else 'one space'}", "HS-DOUBLE-01")
    place_on(eng, fig, hexes)


def place_on(eng: Referee, fig: Figure, hexes: tuple[Hex, ...]) -> None:
    """Put ``fig`` on ``hexes`` of its owner's start zone (HS-ARMY-02, HS-MOVE-08, HS-OBSTACLE-01,
    HS-DOUBLE-01, -02); round 1 begins when the last figure is placed."""
    st = eng.state
    zone = start_zone(eng, fig.owner)
    bf = st.battlefield
    for h in hexes:
        if h not in zone:
            raise IllegalCommand(f"{bf.label(h)} is not in your start zone ({st.player(fig.owner).zone})", "HS-ARMY-02")
        other = st.occupant(h)
        if other is not None and other is not fig:
            raise IllegalCommand(f"{bf.label(h)} is taken by {other.id}", "HS-MOVE-08")
        if bf.obstacles_on(h):
            raise IllegalCommand(f"{bf.label(h)} holds an obstacle", "HS-OBSTACLE-01")
    if len(hexes) == 2 and not hexes[0].is_adjacent(hexes[1]):
        raise IllegalCommand("a double-space figure needs two adjacent spaces", "HS-DOUBLE-01")
    levels = {c.top for c in (bf.top_cell(h) for h in hexes) if c is not None}
    if len(levels) != 1:
        raise IllegalCommand("a double-space figure needs two spaces of the same level", "HS-DOUBLE-02")
    before = [hx(h) for h in fig.hexes]
    fig.hexes = hexes
    fig.level = levels.pop()
    if before:  # placed again: it moves within the start zone, so say where from
        eng.emit("placed_again", figure=fig.id, at=[hx(h) for h in hexes], before=before)
    else:
        eng.emit("placed", figure=fig.id, at=[hx(h) for h in hexes])
    if checks.placement_done(st):
        start_round(eng)


def place_rest(eng: Referee, player: str) -> None:
    """``place rest``: place every figure of the player not yet placed, first free spaces first.

    When that leaves a double-space figure no two neighbouring spaces of one level (a zone with
    gaps, as community maps have), the double-space figures are placed first instead.

    :raises IllegalCommand: HS-ARMY-02 when the zone has no room left.
    """
    st = eng.state
    checks.seated(st, player)
    if st.phase is not Phase.PLACEMENT:
        raise IllegalCommand("figures are placed after the armies are chosen and before round 1")
    zone = sorted(start_zone(eng, player), key=lambda h: (h.r, h.q))
    figures = checks.unplaced(st, player)
    plan = _plan(st, zone, figures)
    if isinstance(plan, Figure):
        doubles_first = sorted(figures, key=lambda f: -st.card_of(f).base)
        second = _plan(st, zone, doubles_first)
        if isinstance(second, Figure):
            raise IllegalCommand(f"no room left in your start zone for {plan.id}", "HS-ARMY-02")
        plan = second
    for fig, hexes in plan:
        place_on(eng, fig, hexes)
        if st.phase is not Phase.PLACEMENT:
            break


def _plan(st: MatchState, zone: list[Hex], figures: list[Figure]) -> list[tuple[Figure, tuple[Hex, ...]]] | Figure:
    """Where ``place rest`` puts ``figures`` in this order, first free spaces first; or the first
    figure that finds no room."""
    bf = st.battlefield
    taken = {h for h in zone if st.occupant(h) is not None or bf.obstacles_on(h)}
    out: list[tuple[Figure, tuple[Hex, ...]]] = []
    for fig in figures:
        base = st.card_of(fig).base
        spot: tuple[Hex, ...] | None = None
        for h in zone:
            if h in taken:
                continue
            if base == 1:
                spot = (h,)
                break
            # Same level (HS-DOUBLE-02), whatever the two tiles' terrains.
            level = _top_level(bf, h)
            mate = next((n for n in h.neighbours() if n in zone and n not in taken
                         and _top_level(bf, n) == level), None)
            if mate is not None:
                spot = (h, mate)
                break
        if spot is None:
            return fig
        taken.update(spot)
        out.append((fig, spot))
    return out


def _top_level(bf: Battlefield, h: Hex) -> int | None:
    """The level of the top of ``h``'s column (``None``: not a space)."""
    cell = bf.top_cell(h)
    return cell.top if cell is not None else None
