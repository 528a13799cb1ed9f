"""Carrying Treasure Glyphs: who may pick one up, picking up (traps included), dropping, flipping.

A carried glyph is a name in :attr:`~bot.rules.state.Figure.carries` (the glyph lies on the
carrier's Army Card); a Tech Glyph turned symbol side up is also in
:attr:`~bot.rules.state.Figure.flipped`. A glyph on the battlefield is in ``MatchState.glyphs``
(hex -> (name, side)). These functions change the state and emit the events that say so; the
checks (``why_not_*``) return the refusal in words with its ledger ID, or ``None``.

- HS-TREASURE-02: only a Unique Hero picks up; HS-TREASURE-06: any number carried.
- HS-TREASURE-11..14: traps (a scenario turns them on with :func:`set_traps`): a d20 roll before a
  symbol-side-up glyph is revealed; 1-5 sets the trap off and the glyph stays, 6+ picks it up;
  never for a power-side-up glyph.
- HS-TREASURE-41: an army never controls 2 copies of one Ancient Artifact; an extra copy is removed.
- HS-TREASURE-07, -08, -18: dropping during a move on a space without a glyph (never the Blade).
- HS-TREASURE-09, -10: a destroyed carrier's glyphs go power side up on its spaces, the controller
  choosing which when there are more glyphs than spaces; the rest leave the game.
- HS-TECH-02, -03: a Tech Glyph is turned symbol side up when picked up and when used, and back at
  the end of the round.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from bot.rules import modifiers
from bot.rules.context import RulesContext
from bot.rules.hexes import Hex
from bot.rules.moments import Expiry, Lasting
from bot.rules.state import Figure, MatchState
from bot.rules.treasure.catalogue import ARTIFACT, TECH, describe, title

#: The lasting effect that says a scenario's treasure glyphs are trapped (HS-TREASURE-11).
TRAPS = "treasure_traps"
#: Trap rolls of this or less set the trap off (HS-TREASURE-12).
TRAP_GOES_OFF = 5
#: What a trap does, by scenario id: ``fn(engine, figure)``; the scenario fills it in (HS-TREASURE-12).
TRAP_EFFECTS: dict[str, Callable[[RulesContext, Figure], None]] = {}


def set_traps(state: MatchState, on: bool = True, spaces: Iterable[Hex] | None = None) -> None:
    """Turn Treasure Glyph traps on (a scenario that calls for them, HS-TREASURE-11) or off; with
    ``spaces``, only the glyphs lying there at the start are trapped (a rules case marks each)."""
    if on:
        data = {"spaces": [[h.q, h.r] for h in spaces]} if spaces is not None else {}
        state.effects[TRAPS] = Lasting(TRAPS, "", Expiry.END_OF_GAME, data=data)
    else:
        state.effects.pop(TRAPS, None)


def traps_on(state: MatchState, h: Hex | None = None) -> bool:
    """Whether the treasure glyphs of this match are trapped (the one on ``h``, when given)."""
    eff = state.effects.get(TRAPS)
    if not isinstance(eff, Lasting):
        return False
    only = eff.data.get("spaces")
    return only is None or h is None or [h.q, h.r] in only


def carries(fig: Figure) -> list[str]:
    """The glyphs on ``fig``'s Army Card (an old snapshot's figure has none)."""
    return list(getattr(fig, "carries", []) or [])


def ready(fig: Figure, glyph: str) -> bool:
    """Whether ``fig`` carries ``glyph`` and, for a Tech Glyph, it is power side up (HS-TECH-03)."""
    return glyph in fig.carries and glyph not in fig.flipped


def unique_hero(state: MatchState, fig: Figure) -> bool:
    """Whether ``fig`` is a Unique Hero (HS-TREASURE-02)."""
    card = state.card_of(fig)
    return card.kind == "hero" and card.rarity == "unique"


def glyph_at(state: MatchState, fig: Figure) -> tuple[Hex, str, str] | None:
    """The Treasure Glyph under ``fig`` (its space, name and side), or ``None``."""
    for h in fig.hexes:
        found = state.glyphs.get(h)
        if found is not None and describe(found[0]) is not None:
            return h, found[0], found[1]
    return None


def why_not_pick_up(state: MatchState, fig: Figure) -> tuple[str, str] | None:
    """Why ``fig`` may not try to pick up a Treasure Glyph, as ``(reason, rule)``, or ``None``."""
    if not fig.on_battlefield:
        return f"{fig.id} is not on the battlefield", "HS-TREASURE-03"
    if glyph_at(state, fig) is None:
        return f"no Treasure Glyph lies under {fig.id}", "HS-TREASURE-03"
    if not unique_hero(state, fig):
        card = state.card_of(fig)
        what = "a squad figure" if card.kind == "squad" else f"a {card.rarity or 'common'} Hero"
        return (f"{fig.id} is {what}: only a Unique Hero may pick up a Treasure Glyph (others may stand on it)",
                "HS-TREASURE-02")
    return None


def pick_up(eng: RulesContext, fig: Figure) -> bool:
    """``fig`` tries to pick up the Treasure Glyph under it: a trap roll first when traps are on and the
    glyph is symbol side up (HS-TREASURE-11..14); returns whether it now carries it.

    :raises ValueError: when it may not try (:func:`why_not_pick_up`).
    """
    st = eng.state
    why = why_not_pick_up(st, fig)
    if why is not None:
        raise ValueError(why[0])
    found = glyph_at(st, fig)
    assert found is not None
    h, name, side = found
    if side == "symbol" and traps_on(st, h):
        roll = eng.roll_d20()
        changed = modifiers.trap_roll_reasons(st, fig)  # Disarm Traps, Mine!
        shown: dict[str, Any] = {"total": roll + sum(n for _, n in changed), "powers": [p for p, _ in changed]} if changed else {}
        if roll + sum(n for _, n in changed) <= TRAP_GOES_OFF:  # HS-TREASURE-12: the glyph stays, symbol side up
            eng.emit("treasure_trap", figure=fig.id, d20=roll, glyph="?", **shown, rule="HS-TREASURE-12")
            trap = TRAP_EFFECTS.get(st.scenario.id)
            if trap is not None:
                trap(eng, fig)
            return False
        eng.emit("treasure_trap_escaped", figure=fig.id, d20=roll, **shown, rule="HS-TREASURE-13")
    del st.glyphs[h]
    info = describe(name)
    if info is not None and info.family == ARTIFACT and _army_has(st, fig.controller, name):
        eng.emit("treasure_removed", figure=fig.id, glyph=name, title=title(name),
                 why="the army already controls one", rule="HS-TREASURE-41")
        return False
    fig.carries.append(name)
    if info is not None and info.family == TECH and name not in fig.flipped:
        fig.flipped.append(name)  # HS-TECH-02: picked up symbol side up
    eng.emit("treasure_picked_up", figure=fig.id, glyph=name, title=title(name), at=[h.q, h.r],
             rule="HS-TREASURE-03")
    return True


def _army_has(state: MatchState, controller: str, name: str) -> bool:
    return any(f.controller == controller and name in f.carries for f in state.figures.values() if not f.destroyed)


def why_not_drop(state: MatchState, fig: Figure, glyph: str, h: Hex) -> tuple[str, str] | None:
    """Why ``fig`` may not drop ``glyph`` on ``h``, as ``(reason, rule)``, or ``None``."""
    lab = state.battlefield.label(h) if h in state.battlefield else f"{h.q},{h.r}"
    if glyph not in fig.carries:
        held = ", ".join(title(g) for g in fig.carries) or "nothing"
        return (f"{fig.id} does not carry {title(glyph)} (it carries {held}); a figure drops only what it carries",
                "HS-TREASURE-05")
    if glyph == "bloodcursed_blade":
        return f"{title(glyph)} cannot be dropped by choice: it leaves {fig.id} only if {fig.id} is destroyed", \
            "HS-TREASURE-18"
    if h in state.glyphs:
        return (f"{lab} already holds a glyph; drop {title(glyph)} on another space of the move", "HS-TREASURE-08")
    return None


def drop(eng: RulesContext, fig: Figure, glyph: str, h: Hex) -> None:
    """``fig`` drops ``glyph`` power side up on ``h`` during its move (HS-TREASURE-07).

    :raises ValueError: when it may not (:func:`why_not_drop`).
    """
    why = why_not_drop(eng.state, fig, glyph, h)
    if why is not None:
        raise ValueError(why[0])
    fig.carries.remove(glyph)
    if glyph in fig.flipped:
        fig.flipped.remove(glyph)
    eng.state.glyphs[h] = (glyph, "power")
    eng.emit("treasure_dropped", figure=fig.id, glyph=glyph, title=title(glyph), at=[h.q, h.r], rule="HS-TREASURE-07")


def place_from_destroyed(eng: RulesContext, fig: Figure, glyph: str, h: Hex | None) -> None:
    """A destroyed carrier's ``glyph`` goes power side up on ``h`` (HS-TREASURE-09), or leaves the game when
    ``h`` is ``None`` or holds a glyph already (HS-TREASURE-09, -10)."""
    fig.carries.remove(glyph)
    if glyph in fig.flipped:
        fig.flipped.remove(glyph)
    st = eng.state
    if h is None or h in st.glyphs:
        eng.emit("treasure_removed", figure=fig.id, glyph=glyph, title=title(glyph),
                 why="no free space for it where its carrier fell", rule="HS-TREASURE-10" if h is None else "HS-TREASURE-09")
        return
    st.glyphs[h] = (glyph, "power")
    eng.emit("treasure_dropped", figure=fig.id, glyph=glyph, title=title(glyph), at=[h.q, h.r], rule="HS-TREASURE-09")


def spend(eng: RulesContext, fig: Figure, glyph: str, **data: Any) -> None:
    """``fig`` uses ``glyph``: a Tech Glyph is turned symbol side up (HS-TECH-03), a temporary glyph or an
    artifact leaves the game (HS-TREASURE-31); a permanent one stays. Emits ``treasure_used``."""
    info = describe(glyph)
    if info is not None and info.family == TECH:
        fig.flipped.append(glyph)
    elif info is not None and not info.permanent:
        fig.carries.remove(glyph)
    eng.emit("treasure_used", figure=fig.id, glyph=glyph, title=title(glyph), **data)


def lose(eng: RulesContext, fig: Figure, glyph: str, why: str, rule: str) -> None:
    """``glyph`` is destroyed on ``fig``'s card (B.R.E.A.T.H. and C.L.A.W.S. used by a non-Scientist)."""
    if glyph in fig.carries:
        fig.carries.remove(glyph)
        eng.emit("treasure_removed", figure=fig.id, glyph=glyph, title=title(glyph), why=why, rule=rule)


def unflip_all(eng: RulesContext) -> None:
    """Turn every carried Tech Glyph power side up again (the end of the round, HS-TECH-03)."""
    for fig in eng.state.figures.values():
        if fig.flipped:
            eng.emit("tech_ready", figure=fig.id, glyphs=list(fig.flipped), rule="HS-TECH-03")
            fig.flipped.clear()
