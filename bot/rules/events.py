"""Events: what happened, as the engine reports it after each command.

An event is a ``kind`` plus JSON-ready ``data`` (hexes as ``[q, r]`` lists). ``to`` is ``None``
for a public event, or the one player allowed to see it (their own Order Markers, HS-ORDER-05).
Adapters (Discord, console, renderer) turn events into words and pictures; they never need the
state to tell what happened in a turn.

Kinds and their data:

==================  =====================================================================
``round_started``   ``round``
``orders_placed``   ``player`` (public: only that the player has placed)
``orders``          ``player``, ``markers`` {marker: card key} (private to ``player``)
``initiative``      ``rolls`` {player: [d20, ...]}, ``order`` [player, ...]
``turn_started``    ``player``, ``marker``, ``card``  (the marker revealed, HS-TURN-03)
``turn_lost``       ``player``, ``marker``, ``card``, ``reason``; ``controller`` when the marker
                    left the card because that player took control of it (Mind Shackle)
``moved``           ``figure``, ``path`` [[q, r], ...] (start first), ``levels``, ``cost``, ``flew``
``swipe``           ``attacker``, ``target``, ``dice`` [...], ``wounds`` (leaving engagement)
``fell``            ``figure``, ``drop`` (levels), ``dice`` [...] or ``d20``, ``wounds``
``special_roll``    ``attacker``, ``special``, ``attack_dice``, ``affected`` [figure, ...] (the
                    one roll of a special attack; each affected figure's ``attack`` follows);
                    a Line attack adds ``line`` [[q, r], ...]: the attacker's space it starts
                    beside, then every space it covers, nearest first (HS-LINE-01)
``attack``          ``attacker``, ``target``, ``special`` (name or null), ``attack_dice``,
                    ``defense_dice``, ``skulls``, ``shields``, ``wounds``
``terrain``         ``figure``, ``terrain``, ``dice`` or ``d20``, ``wounds``, ``healed``
``wounded``         ``figure``, ``wounds`` (added), ``total``
``destroyed``       ``figure``, ``at`` [[q, r], ...], ``cause``
``pending``         ``player``, ``kind``, ``prompt``, ``options``, ``labels`` (the options as
                    people are shown them, one per option)
``decided``         ``player``, ``kind``, ``choice``, ``label`` (the choice as shown)
``stage``           ``stage`` (``attack`` when a turn moves on to attacks)
``turn_ended``      ``player``
``round_ended``     ``round``
``scores``          ``scores`` {player: points}
``victory``         ``winners`` [player, ...] (several: a draw), ``result`` (words)
``placed``          ``figure``, ``at`` [[q, r], ...]
``placed_again``    ``figure``, ``at``, ``before`` (a placed figure put on other start spaces)
``conceded``        ``player``, ``name``, ``left_table`` (true before the battle and the draft:
                    the seat is free again)
``power``           a card's power was used: ``power`` (its name), ``player``, ``figure`` or
                    ``card``, maybe ``target``, ``d20`` and ``needed``, ``rolls`` {figure: d20} and
                    ``needs`` {figure: lowest success},
                    ``success``, ``result`` (words)
``control``         ``card``, ``player`` (now controls it), ``previous``, ``figures``,
                    ``markers_removed`` (how many face-down markers left the card), ``cause``
``orders_removed``  ``player``, ``card``, ``markers`` (private to ``player``: which ones)
``terrain_changed`` ``at`` [q, r], ``level``, ``terrain``, ``was``, ``cause`` (the power), ``figure``,
                    ``player``, ``left`` (tiles left on the card): a space's top tile changed for
                    the rest of the match (:mod:`bot.rules.terrain_changes`, Create Water)
``glyph_placed``    ``glyph``, ``title``, ``side``, ``at``, ``figure``, ``player``, ``cause`` (the power),
                    ``left`` (glyphs left on the card): a card's glyph put on the battlefield
                    (Summon Vines)
``entered``         ``figure``, ``at`` [[q, r], ...], ``cause`` (put on the battlefield by a
                    power: a destroyed figure back, or one that started off the battlefield)
``move_again``      ``figures``, ``cause`` (they may move once more before attacking)
``attack_again``    ``figure``, ``cause`` (it may make one more attack this turn)
``effect_started``  ``name``, ``controller``, ``until``, ``source`` (a lasting effect)
``draft_started``   ``order`` [player, ...], ``rolls`` {player: [d20, ...]}, ``first``, ``by``
                    (``roll`` or ``scenario``), ``first_card`` (name or null), ``points`` (DEC-13)
``drafted``         ``player``, ``card`` (name), ``card_id``, ``card_points``, ``pick`` (number),
                    ``points``, ``figures``, ``spaces`` (the army now), ``points_left`` (or null)
``draft_out``       ``player``, ``reason`` (``passed``, ``no card fits``, ``conceded``)
``draft_turn``      ``player`` (whose pick it is), ``points_left``, ``must_pick`` (or null)
``draft_ended``     ``armies`` {player: points}
==================  =====================================================================
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.rules.hexes import Hex


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened. ``to`` is ``None`` for public events."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    to: str | None = None

    def visible_to(self, player: str | None) -> bool:
        """True when ``player`` (``None``: the public) may see this event."""
        return self.to is None or self.to == player


def hx(h: Hex) -> list[int]:
    """A hex as a JSON-ready ``[q, r]`` pair."""
    return [h.q, h.r]
