"""The computer player's levels: how hard it plays, by name, and what each level may spend.

- ``easy``: the greedy rule list the computer always played (:func:`bot.game.ai.rules_command`):
  each figure goes where it attacks best, with no thought for what comes back.
- ``normal``: the planner (:mod:`bot.game.ai.planner`): every legal move of the active card's
  figures scored by the exact odds of the attacks from there, the danger of the enemy's next
  turn, height, engagement, glyphs, formation and the scenario's objectives; decisions answered
  by the same evaluation; Order Markers by looking ahead at each card's best turn.
- ``hard``: the planner looking deeper: more candidates and positions, and its best moves weighed
  again at their chance nodes (the attack from there destroying its target, with its exact
  probability, or not; and the enemy's reply that follows each).

A level is chosen when a computer takes a seat (``local --vs-computer hard``); :data:`DEFAULT`
is the level of a seat taken without one.
"""

from __future__ import annotations

from dataclasses import dataclass

#: The level names, weakest first.
LEVELS = ("easy", "normal", "hard")
#: The level of a computer seat taken without naming one.
DEFAULT = "normal"


@dataclass(frozen=True, slots=True)
class Knobs:
    """What one level may spend: ``moves`` candidate moves per figure scored in full (the rest
    by a cheap estimate), ``nodes`` positions scored per decision before it settles for the best
    found (:class:`~bot.game.ai.budget.Budget`: a count, not seconds, so the play does not depend
    on the machine's speed; the clock only caps the wait),
    ``danger`` the weight of the enemy's next turn (share of the losses it threatens),
    ``spared`` whether an attack also counts the reply its target would make if not destroyed,
    ``chance`` whether the best moves are weighed again outcome by outcome (chance nodes: the
    attack from there destroying its target or not, and the danger that follows each), ``share``
    whether an enemy's threat is shared among the figures it could reach
    (:func:`~bot.game.ai.value.danger`)."""

    moves: int
    nodes: int
    danger: float
    chance: bool
    spared: bool = True
    share: bool = True


KNOBS = {
    "normal": Knobs(moves=40, nodes=160, danger=0.6, chance=False),
    "hard": Knobs(moves=60, nodes=260, danger=0.6, chance=True),
}


def parse_level(text: str | None) -> str:
    """The level named by ``text`` (any case; ``None`` or empty: :data:`DEFAULT`).

    :raises ValueError: not one of :data:`LEVELS`, with a sentence naming them.
    """
    if text is None or not text.strip():
        return DEFAULT
    word = text.strip().casefold()
    if word not in LEVELS:
        raise ValueError(f"There is no computer level '{text}': say easy, normal or hard.")
    return word
