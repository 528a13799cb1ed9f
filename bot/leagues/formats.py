"""Checking a league army against the league's format (HS-ARMY-01, HS-ARMY-03, HS-ARMY-04).

:func:`check_league_army` is the one place a league asks; it uses the card library and the rules'
own army check (:func:`bot.rules.army.check_army`) for points, figures, spaces and Unique cards,
and adds the league's points system and allowed lines. When the card library's formats
(``bot.content.formats``, issue 14) are merged, this function is where to point at them.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.content.cards import CardLibrary, UnknownCardError
from bot.leagues.model import POINTS_SYSTEMS, LeagueFormat
from bot.rules.army import check_army
from bot.rules.cards import ArmyCard
from bot.rules.errors import ArmyError
from bot.rules.scenario import Format


class LeagueArmyError(ValueError):
    """An army the league's format refuses; the message says what is wrong and what would be right."""


def parse_army(text: str) -> list[str]:
    """Army Card names from ``"Finn; Tarn Vikings; Syvarris"`` (semicolons or commas between).

    :raises LeagueArmyError: no card named.
    """
    sep = ";" if ";" in text else ","
    names = [part.strip() for part in text.split(sep) if part.strip()]
    if not names:
        raise LeagueArmyError("Name at least one Army Card, separated by semicolons: `Finn; Tarn Vikings`.")
    return names


def check_league_army(text: str, fmt: LeagueFormat, library: CardLibrary | None = None) -> list[ArmyCard]:
    """The Army Cards of ``text`` if the army fits ``fmt``.

    :raises LeagueArmyError: an unknown card, a line the league does not allow, a points system
        not available, or a broken army-building rule (the rules' own words, with its ledger ID).
    """
    if fmt.points_system not in POINTS_SYSTEMS:
        raise LeagueArmyError(f"The points system '{fmt.points_system}' is unknown: use standard or delta.")
    library = library or CardLibrary.default()
    cards: list[ArmyCard] = []
    for name in parse_army(text):
        try:
            cards.append(library.get(name))
        except UnknownCardError as exc:
            raise LeagueArmyError(str(exc)) from None
    check_lines(cards, fmt.lines)
    try:
        check_army(cards, Format(points=fmt.points, figures=fmt.figures, spaces=fmt.spaces))
    except ArmyError as exc:
        raise LeagueArmyError(f"This army breaks the league's format ({fmt.describe()}): {exc}.") from None
    return cards


def check_lines(cards: Sequence[ArmyCard], lines: Sequence[str]) -> None:
    """Every card's line (its set) must be one of ``lines`` (empty: every line is allowed).

    :raises LeagueArmyError: naming the first card of another line and the lines allowed.
    """
    if not lines:
        return
    allowed = {line.casefold() for line in lines}
    for card in cards:
        if (card.set or "").casefold() not in allowed:
            raise LeagueArmyError(f"{card.name} is from {card.set or 'no known line'}; this league allows only "
                                  f"{', '.join(lines)}.")
