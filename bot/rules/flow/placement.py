"""Placement: figures into their player's start zone before round 1 (HS-ARMY-02, HS-DOUBLE-01, -02).

``place`` puts one figure (again, to move it within the zone); ``place rest`` fills the zone with
the figures still unplaced. When the last figure that fights is placed, round 1 begins
(:func:`bot.rules.flow.round.start_round`).

After a draft whose first pick the scenario names (a Dumutef Guard, HS-SCEN-BRIDGE-MASTER-05,
HS-SCEN-DUMUTEF-MASTER-04: "drafts first and must pick and place" it), a figure of that card is
the first figure placed, by the first drafter, before anyone places another (:func:`first_owed`).

During the battle a decision that puts a figure on start spaces (reinforcements,
HS-SCEN-DUMUTEF-MASTER-11: ``Pending.context["place"]``) is answered by ``place`` too, as in
placement, and ``place rest`` takes its first offered spaces for each such figure in turn.
"""

from __future__ import annotations

from bot.rules import checks
from bot.rules import draft as drafting
from bot.rules.actions.choose import choose
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
    if placing_now(st, player):
        answer_placement(eng, player, figure, spaces)
        return
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


def first_owed(st: MatchState) -> tuple[str, str] | None:
    """``(player, card id)`` while the draft's first drafter still owes the first placement of the
    card the scenario made their first pick (DEC-13, HS-SCEN-BRIDGE-MASTER-05), else ``None``."""
    d = st.draft
    if d is None or d.first_card is None or not d.order:
        return None
    first = d.order[0]
    owed = [f for f in st.figures.values() if f.owner == first and not f.set_aside and not f.reserve
            and st.card_of(f).id == d.first_card]
    if not owed or any(f.hexes for f in owed):
        return None
    return first, d.first_card


def check_first(st: MatchState, fig: Figure) -> None:
    """Refuse placing ``fig`` while another figure must be placed first (:func:`first_owed`).

    :raises IllegalCommand: naming the card and who places it.
    """
    owed = first_owed(st)
    if owed is None:
        return
    player, card_id = owed
    if fig.owner == player and st.card_of(fig).id == card_id:
        return
    card = next(c.card.name for c in st.cards.values() if c.card.id == card_id)
    if fig.owner == player:
        raise IllegalCommand(f"you drafted first, so you place a {card} first (the scenario says so); then "
                             f"{fig.id}", drafting.RULE)
    raise IllegalCommand(f"{checks.name_of(st, player)} drafted first and places a {card} before anyone places "
                         "another figure (the scenario says so); place yours after that", drafting.RULE)


def placing_now(st: MatchState, player: str) -> str:
    """The figure a decision of ``player``'s waits to put on the battlefield (reinforcements), or ``""``."""
    pend = st.pending[0] if st.pending else None
    return str(pend.context.get("place", "")) if pend is not None and pend.player == player else ""


def answer_placement(eng: Referee, player: str, figure: str, spaces: list[str]) -> None:
    """``place FIGURE SPACE [SPACE]`` answering a decision that puts a figure on the battlefield: the
    same as choosing those spaces.

    :raises IllegalCommand: for another figure than the one waiting, or spaces it may not take.
    """
    st = eng.state
    waiting = placing_now(st, player)
    fig = eng.figure(figure)
    if fig.id != waiting:
        raise IllegalCommand(f"put {waiting} on the battlefield first: {st.pending[0].prompt}", st.pending[0].rule or None,
                             actions=("choose", "place"))
    choose(eng, player, " ".join(f"{h.q},{h.r}" for h in (eng.space(s) for s in spaces)))


def place_on(eng: Referee, fig: Figure, hexes: tuple[Hex, ...], before: list[list[int]] | None = None) -> None:
    """Put ``fig`` on ``hexes`` of its owner's start zone (HS-ARMY-02, HS-MOVE-08, HS-OBSTACLE-01,
    HS-DOUBLE-01, -02); round 1 begins when the last figure is placed. ``before``: where a figure
    lifted to be placed again stood (``place rest`` arranging the army again), for the event."""
    st = eng.state
    zone = start_zone(eng, fig.owner)
    check_first(st, fig)
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
    before = before or [hx(h) for h in fig.hexes]
    fig.hexes = hexes
    fig.level = levels.pop()
    if before:  # placed again: it moves within the start zone, so say where from
        eng.emit("placed_again", figure=fig.id, at=[hx(h) for h in hexes], before=before)
    else:
        eng.emit("placed", figure=fig.id, at=[hx(h) for h in hexes])
    if checks.placement_done(st):
        start_round(eng)


def place_rest(eng: Referee, player: str) -> None:
    """``place rest``: place every figure of the player not yet placed, first free spaces first;
    when that would split the pairs of adjacent spaces a nearly full zone needs for its double-space
    figures, those go first (:func:`_pairs_first`), so that every army that fits the zone is placed.

    The pairs may be on tiles of different terrains but must be of one level (HS-DOUBLE-02);
    a zone with gaps, as community maps have, is handled by the same search.

    When the figures the player placed by hand leave no room for the rest, the whole army is
    arranged again (each moved figure is told as placed again) if it fits that way.

    :raises IllegalCommand: HS-ARMY-02 when the zone has no room left (nothing is placed then).
    """
    st = eng.state
    checks.seated(st, player)
    if placing_now(eng.state, player):
        while placing_now(eng.state, player):  # each figure on its first offered spaces
            pend = eng.state.pending[0]
            choose(eng, player, pend.options[0])
        return
    if st.phase is not Phase.PLACEMENT:
        raise IllegalCommand("figures are placed after the armies are chosen and before round 1")
    zone = sorted(start_zone(eng, player), key=lambda h: (h.r, h.q))
    unplaced = checks.unplaced(st, player)
    plan = _first_fit(st, zone, unplaced) or _pairs_first(st, zone, unplaced)
    before: dict[str, list[list[int]]] = {}
    if isinstance(plan, Figure):
        # The figures placed by hand may have split the pairs the rest need: the whole army is
        # arranged again when it fits that way (placing may move a figure within the zone).
        placed = [f for f in st.figures.values() if f.owner == player and f.hexes and not f.set_aside]
        kept = {f.id: (f.hexes, f.level) for f in placed}
        for f in placed:
            f.hexes = ()
        again = _pairs_first(st, zone, placed + unplaced)
        for f in placed:
            f.hexes, f.level = kept[f.id]
        if isinstance(again, Figure):
            raise IllegalCommand(_no_room(st, zone, plan, placed + unplaced), "HS-ARMY-02")
        before = {f.id: [hx(h) for h in f.hexes] for f in placed}
        for f in placed:
            f.hexes = ()
        plan = again
    owed = first_owed(st)
    if owed is not None and owed[0] == player:  # the scenario's first card first (stable order otherwise)
        plan = sorted(plan, key=lambda fs: st.card_of(fs[0]).id != owed[1])
    for fig, spaces in plan:
        place_on(eng, fig, spaces, before=before.get(fig.id))
        if st.phase is not Phase.PLACEMENT:
            break


Plan = list[tuple[Figure, tuple[Hex, ...]]]
#: How many partial placements :func:`_pairs_first` tries before giving up (a zone of 20 spaces
#: needs a few hundred at most).
PAIR_SEARCH_BUDGET = 20000


def _no_room(st: MatchState, zone: list[Hex], figure: Figure, army: list[Figure]) -> str:
    """Why the army does not fit its start zone, counted: a zone whose spaces sit under obstacles
    (a community map's side file may draw one over a wall) must not read as "too many figures"."""
    blocked = sum(1 for h in zone if st.battlefield.obstacles_on(h))
    held = sum(1 for h in zone if (o := st.occupant(h)) is not None and o.owner != figure.owner)
    free = len(zone) - blocked - held
    doubles = sum(1 for f in army if st.card_of(f).base == 2)
    needs = f"{len(army)} figures need {len(army) + doubles} spaces"
    needs += f" ({doubles} of them two adjacent spaces of one level)" if doubles else ""
    why = [f"{blocked} under an obstacle"] if blocked else []
    why += [f"{held} held by other figures"] if held else []
    told = f" ({', '.join(why)})" if why else ""
    return (f"no room left in your start zone for {figure.id}: it has {len(zone)} spaces, {free} free{told}; "
            f"your {needs}")


def _free(st: MatchState, zone: list[Hex]) -> list[Hex]:
    return [h for h in zone if st.occupant(h) is None and not st.battlefield.obstacles_on(h)]


def _first_fit(st: MatchState, zone: list[Hex], figures: list[Figure]) -> Plan | None:
    """Every figure on the first free space(s) of the zone, in turn (a double-space figure on the
    first free space with a free neighbour of the same level); ``None`` when one does not fit."""
    bf = st.battlefield
    taken: set[Hex] = set()
    free = _free(st, zone)
    plan: Plan = []
    for fig in figures:
        spot: tuple[Hex, ...] | None = None
        for h in free:
            if h in taken:
                continue
            if st.card_of(fig).base != 2:
                spot = (h,)
                break
            mate = next((n for n in h.neighbours() if n in free and n not in taken
                         and _top_level(bf, n) == _top_level(bf, h)), None)
            if mate is not None:
                spot = (h, mate)
                break
        if spot is None:
            return None
        taken.update(spot)
        plan.append((fig, spot))
    return plan


def _pairs_first(st: MatchState, zone: list[Hex], figures: list[Figure]) -> Plan | Figure:
    """A placement when :func:`_first_fit` splits the pairs a full zone needs: the double-space
    figures first, on disjoint pairs of adjacent free spaces of one level found by a bounded search,
    then the others on what is left. The figure that does not fit when there is none."""
    bf = st.battlefield
    free = _free(st, zone)
    free_set = set(free)
    doubles = [f for f in figures if st.card_of(f).base == 2]
    singles = [f for f in figures if st.card_of(f).base != 2]
    pairs: list[tuple[Hex, Hex]] = []
    budget = [PAIR_SEARCH_BUDGET]

    def fit(i: int, start: int, taken: set[Hex]) -> bool:
        if i == len(doubles):
            return len(free) - len(taken) >= len(singles)
        budget[0] -= 1
        if budget[0] < 0 or len(free) - len(taken) < 2 * (len(doubles) - i) + len(singles):
            return False
        for k in range(start, len(free)):
            h = free[k]
            if h in taken:
                continue
            for n in h.neighbours():
                if n in free_set and n not in taken and _top_level(bf, n) == _top_level(bf, h):
                    pairs.append((h, n))
                    if fit(i + 1, k + 1, taken | {h, n}):
                        return True
                    pairs.pop()
        return False

    if not fit(0, 0, set()):
        return doubles[-1] if doubles else (singles[-1] if singles else figures[-1])
    taken = {h for p in pairs for h in p}
    rest = [h for h in free if h not in taken]
    plan: Plan = [(f, p) for f, p in zip(doubles, pairs, strict=True)]
    plan += [(f, (h,)) for f, h in zip(singles, rest, strict=False)]
    return plan


def _top_level(bf: Battlefield, h: Hex) -> int | None:
    """The level of the top of ``h``'s column (``None``: not a space); two spaces of one level hold
    a double-space figure whatever their terrains (HS-DOUBLE-02)."""
    cell = bf.top_cell(h)
    return cell.top if cell is not None else None
