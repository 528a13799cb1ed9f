"""A figure as a player names it in a command option: its id, or for short the start of its id
or of its Army Card's name when that names one figure only (``syv`` or ``Syvarris`` for
``syvarris``, ``tarn`` for nobody while four Tarn Vikings are on the card).

The Discord ``/move`` command and its ``to`` autocomplete resolve the typed figure with this one
function, so the spaces the autocomplete offers are those of the figure the command moves.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.rules.state import Figure, MatchState


def figure_named(state: MatchState, typed: str, among: Iterable[Figure] | None = None) -> Figure | None:
    """The figure ``typed`` names, or ``None`` when it names none or several.

    ``typed``: an id in any case (``Syvarris``), or the start of an id or of the figure's Army Card
    name (short or full, any case). ``among``: the figures a start may pick from (e.g. those of the
    card whose turn it is; default every figure); an exact id is found among all figures.
    """
    q = typed.strip().casefold()
    if not q:
        return None
    exact = state.figures.get(q)
    if exact is not None:
        return exact
    pool = list(state.figures.values()) if among is None else list(among)
    found = [f for f in pool if f.id.startswith(q)
             or state.card_of(f).short.casefold().startswith(q) or state.card_of(f).name.casefold().startswith(q)]
    return found[0] if len(found) == 1 else None
