"""Temporary glyphs that move or place figures: Erland (HS-GLYPH-20, -21), Quillivon (HS-GLYPH-30)
and Sturla (HS-GLYPH-31). Called from :mod:`bot.rules.glyphs.temporary`; every choice is a decision
of the engine, answered with ``choose``.

Project decisions where the rulebooks are silent: a figure a glyph puts or moves is never put on a
space holding a glyph (so one glyph's rule never sets off another in the middle of it), Erland
summons only single-space figures (its rule speaks of one empty space), and a revived double-space
figure takes the space named and the first free start space next to it on the same level.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.rules import modifiers
from bot.rules.errors import IllegalCommand
from bot.rules.events import hx
from bot.rules.glyphs.common import in_roll_order, roll, say
from bot.rules.hexes import Hex
from bot.rules.moments import Expiry, Lasting
from bot.rules.movement import plan, reachable
from bot.rules.state import Figure, MatchState
from bot.rules.timing import Trigger

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

DONE = "done"
#: The lasting effect that lets the figure Quillivon moves go 5 spaces (read by the Move hook).
QUILLIVON = "glyph_quillivon"
#: How far each figure Quillivon moves may go.
QUILLIVON_SPACES = 5
#: How many figures Quillivon moves at most.
QUILLIVON_FIGURES = 3


def free_space(st: MatchState, h: Hex) -> bool:
    """Whether a figure may be put on ``h``: a space of the battlefield with no figure, obstacle or glyph."""
    bf = st.battlefield
    return h in bf and bf.top_cell(h) is not None and not bf.obstacles_on(h) and st.occupant(h) is None \
        and h not in st.glyphs


def _sorted(spaces: set[Hex]) -> list[Hex]:
    return sorted(spaces, key=lambda h: (h.r, h.q))


# ==== Erland ========================================================================================


def erland_spaces(st: MatchState, holder: Figure) -> list[Hex]:
    """The empty spaces next to the figure on Erland, where the summoned figure may go (HS-GLYPH-20)."""
    return _sorted({n for h in holder.hexes for n in h.neighbours() if free_space(st, n)})


def erland(eng: RulesContext, trig: Trigger, fig: Figure) -> None:
    """Erland: choose any figure on the battlefield (any side) to put next to the figure on the glyph."""
    st = eng.state
    if not erland_spaces(st, fig):
        say(eng, trig, f"there is no empty space next to {fig.id}: nothing is summoned")
        return
    picks = [f for f in st.figures.values() if f.on_battlefield and f is not fig and len(f.hexes) == 1]
    if not picks:
        say(eng, trig, "there is no figure to summon")
        return
    labels = [f"{f.id} ({next((p.name for p in st.players if p.id == f.controller), f.controller)})" for f in picks]
    eng.ask(trig.with_data(step="erland"), f"Glyph of Erland: which figure is summoned next to {fig.id}?",
            [f.id for f in picks], "HS-GLYPH-20", labels=labels)


def erland_figure(eng: RulesContext, trig: Trigger, choice: str | None) -> None:
    st = eng.state
    holder = st.figures[trig.subject]
    spaces = erland_spaces(st, holder)
    eng.ask(trig.with_data(step="erland_space", summoned=choice), f"Glyph of Erland: where next to {holder.id} "
            f"does {choice} go?", [st.battlefield.label(h) for h in spaces], "HS-GLYPH-20")


def erland_space(eng: RulesContext, trig: Trigger, choice: str | None) -> None:
    st = eng.state
    holder = st.figures[trig.subject]
    h = st.battlefield.parse_space(choice or "")
    if h not in erland_spaces(st, holder):
        raise IllegalCommand(f"{choice} is not an empty space next to {holder.id}", "HS-GLYPH-20", actions=("choose",))
    fig = st.figures[str(trig.get("summoned"))]
    before = [hx(x) for x in fig.hexes]
    cell = st.battlefield.top_cell(h)
    assert cell is not None
    # Put, not moved: it leaves no engagement, so it takes no leaving-engagement attacks (HS-GLYPH-21).
    fig.hexes, fig.level = (h,), cell.top
    say(eng, trig, f"{fig.id} is summoned to {st.battlefield.label(h)}", summoned=fig.id, at=hx(h), before=before)


# ==== Quillivon =====================================================================================


@modifiers.on_move_value
def quillivon_move(state: MatchState, fig: Figure, value: int) -> int:
    """A figure moved by Quillivon goes up to 5 spaces, whatever its Move (HS-GLYPH-30)."""
    lasting = state.effects.get(QUILLIVON)
    if lasting is not None and lasting.data.get("figure") == fig.id:
        return QUILLIVON_SPACES
    return value


def quillivon(eng: RulesContext, trig: Trigger, fig: Figure) -> None:
    """Quillivon: up to 3 of the player's other figures may each move up to 5 spaces (HS-GLYPH-30)."""
    ask_quillivon(eng, trig.with_data(step="quillivon", moved=[]))


def _movers(st: MatchState, trig: Trigger) -> list[Figure]:
    moved = list(trig.get("moved", []))
    return [f for f in st.figures.values() if f.on_battlefield and f.controller == trig.controller
            and f.id != trig.subject and f.id not in moved]


def ask_quillivon(eng: RulesContext, trig: Trigger) -> None:
    st = eng.state
    moved = list(trig.get("moved", []))
    movers = _movers(st, trig)
    if len(moved) >= QUILLIVON_FIGURES or not movers:
        return
    eng.ask(trig.with_data(step="quillivon"), f"Glyph of Quillivon: which figure moves up to {QUILLIVON_SPACES} "
            f"spaces? ({QUILLIVON_FIGURES - len(moved)} left; 'done' to stop)", [DONE, *(f.id for f in movers)],
            "HS-GLYPH-30")


def quillivon_ends(st: MatchState, fig: Figure) -> dict[Hex, list[Hex]]:
    """Where ``fig`` may go with Quillivon's 5 spaces: lead space -> path (no glyph spaces, see module doc)."""
    st.effects[QUILLIVON] = Lasting(QUILLIVON, fig.controller, Expiry.END_OF_TURN, data={"figure": fig.id})
    try:
        found = reachable(st, fig)
    finally:
        del st.effects[QUILLIVON]
    out: dict[Hex, list[Hex]] = {}
    for body, (_cost, path) in found.items():
        if body[0] not in out and not any(h in st.glyphs for h in body):
            out[body[0]] = path
    return out


def quillivon_figure(eng: RulesContext, trig: Trigger, choice: str | None) -> None:
    st = eng.state
    if choice in (None, DONE):
        return
    fig = st.figures[str(choice)]
    ends = quillivon_ends(st, fig)
    if not ends:
        say(eng, trig, f"{fig.id} has nowhere to go")
        ask_quillivon(eng, trig.with_data(moved=[*trig.get("moved", []), fig.id]))
        return
    eng.ask(trig.with_data(step="quillivon_space", mover=fig.id), f"Glyph of Quillivon: where does {fig.id} go?",
            [st.battlefield.label(h) for h in _sorted(set(ends))], "HS-GLYPH-30")


def quillivon_space(eng: RulesContext, trig: Trigger, choice: str | None) -> None:
    st = eng.state
    fig = st.figures[str(trig.get("mover"))]
    h = st.battlefield.parse_space(choice or "")
    ends = quillivon_ends(st, fig)
    if h not in ends:
        raise IllegalCommand(f"{fig.id} cannot reach {choice} with {QUILLIVON_SPACES} spaces", "HS-GLYPH-30",
                             actions=("choose",))
    st.effects[QUILLIVON] = Lasting(QUILLIVON, fig.controller, Expiry.END_OF_TURN, data={"figure": fig.id})
    try:
        mp = plan(st, fig, ends[h])
        eng.carry_out(fig, mp)  # leaving-engagement attacks and falls as for any move
    finally:
        st.effects.pop(QUILLIVON, None)
    say(eng, trig, f"{fig.id} moves to {st.battlefield.label(h)}", mover=fig.id)
    ask_quillivon(eng, trig.with_data(step="quillivon", moved=[*trig.get("moved", []), fig.id]))


# ==== Sturla ========================================================================================


def start_spaces(st: MatchState, fig: Figure) -> list[Hex]:
    """Empty start-zone spaces (any zone) where a revived ``fig`` may go (HS-GLYPH-31)."""
    zone = set().union(*st.battlefield.start_zones.values()) if st.battlefield.start_zones else set()
    ok = {h for h in zone if free_space(st, h)}
    if st.card_of(fig).base == 2:
        ok = {h for h in ok if _partner(st, h, ok) is not None}
    return _sorted(ok)


def _partner(st: MatchState, h: Hex, ok: set[Hex]) -> Hex | None:
    cell = st.battlefield.top_cell(h)
    for n in sorted(h.neighbours(), key=lambda x: (x.r, x.q)):
        c = st.battlefield.top_cell(n)
        if n in ok and c is not None and cell is not None and c.top == cell.top:
            return n
    return None


def sturla(eng: RulesContext, trig: Trigger, fig: Figure) -> None:
    """Sturla: every player rolls the d20 for each of their destroyed figures; 19 or 20 brings it
    back onto an empty start space its player chooses (HS-GLYPH-31)."""
    st = eng.state
    rolls: dict[str, int] = {}
    back: list[str] = []
    for player, figs in in_roll_order(st):
        for f in figs:
            if f.destroyed and not f.set_aside:
                rolls[f.id] = roll(eng, player)
                if rolls[f.id] >= 19:
                    back.append(f.id)
    say(eng, trig, f"destroyed figures roll: {', '.join(back) or 'none'} come back", rolls=rolls, revived=back)
    ask_sturla(eng, trig.with_data(step="sturla", revive=back))


def ask_sturla(eng: RulesContext, trig: Trigger) -> None:
    st = eng.state
    back = [fid for fid in trig.get("revive", []) if st.figures[fid].destroyed]
    while back:
        fig = st.figures[back[0]]
        spaces = start_spaces(st, fig)
        if spaces:
            who = Trigger(trig.effect, fig.controller, trig.subject, trig.with_data(revive=back).data)
            eng.ask(who, f"Glyph of Sturla: which start space does {fig.id} come back on?",
                    [st.battlefield.label(h) for h in spaces], "HS-GLYPH-31")
            return
        say(eng, trig, f"{fig.id} finds no empty start space and stays destroyed")
        back.pop(0)


def sturla_space(eng: RulesContext, trig: Trigger, choice: str | None) -> None:
    st = eng.state
    back = list(trig.get("revive", []))
    fig = st.figures[back[0]]
    h = st.battlefield.parse_space(choice or "")
    spaces = start_spaces(st, fig)
    if h not in spaces:
        raise IllegalCommand(f"{choice} is not an empty start space for {fig.id}", "HS-GLYPH-31", actions=("choose",))
    body = [h] if st.card_of(fig).base != 2 else [h, _partner(st, h, set(spaces)) or h]
    eng.put_on(fig, body, "the Glyph of Sturla")
    ask_sturla(eng, trig.with_data(revive=back[1:]))


def accept_space(eng: RulesContext, trig: Trigger, answer: str) -> str | None:
    """A space typed as an answer (a label or ``q,r``) in the label form the steps read, or ``None``."""
    try:
        return eng.state.battlefield.label(eng.state.battlefield.parse_space(answer.strip()))
    except ValueError:
        return None
