"""Heroscape's leagues: a league's army format, and a league army checked against it (HS-ARMY-01, HS-ARMY-03, HS-ARMY-04).

A league names one of the card library's army formats (:mod:`bot.content.formats`: Standard,
Delta, Hasbro classic, ...) with the same optional caps ``/match new`` takes on top, so a league's
format is exactly a match format: :func:`league_format` builds it, :func:`check_league_army` checks
an army with the rules' own check (:func:`bot.rules.army.check_army`: points in the format's points
system, figures, spaces, product lines, Unique cards), and the league's matches are opened with
:meth:`LeagueFormat.overrides`, so the match checks the same army the same way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, get_args

from bot.content import formats
from bot.content.cards import CardLibrary, UnknownCardError
from bot.rules.army import check_army, summarize
from bot.rules.cards import ArmyCard, Line
from bot.rules.errors import ArmyError
from bot.rules.scenario import Format

#: Points systems of the card library's army formats (:mod:`bot.content.formats`).
POINTS_SYSTEMS: tuple[str, ...] = ("standard", "delta")


@dataclass(frozen=True, slots=True)
class LeagueFormat:
    """The league's army-building format, exactly a match's (HS-ARMY-01): a points system
    (``"standard"`` or ``"delta"``), a points cap in that system, figure and hex (space) caps, the
    allowed product lines (:data:`bot.rules.cards.Line`; empty: every line) and ``name``, the
    named army format of :mod:`bot.content.formats` it was made from (``None``: none named).
    ``None`` means no cap. :func:`league_format` builds one from a named format.
    """

    points_system: str = "standard"
    points: int | None = 500
    figures: int | None = None
    spaces: int | None = None
    lines: tuple[str, ...] = ()
    name: str | None = None

    def overrides(self) -> dict[str, Any]:
        """The match format fields of this format (:class:`bot.rules.scenario.Format`), the same
        ``/match new format:`` sets; caps that are ``None`` are left out."""
        out: dict[str, Any] = {"name": self.name, "points_system": self.points_system, "points": self.points,
                               "figures": self.figures, "spaces": self.spaces, "lines": self.lines or None}
        return {k: v for k, v in out.items() if v is not None}

    def to_json(self) -> dict[str, Any]:
        """The format as JSON values (lines as a list)."""
        return {"points_system": self.points_system, "points": self.points, "figures": self.figures,
                "spaces": self.spaces, "lines": list(self.lines), "name": self.name}

    def describe(self) -> str:
        """The format in players' words, e.g. ``delta: 500 Delta points, at most 10 figures, every line``."""
        caps = [f"{self.points} {self.points_system.capitalize()} points" if self.points is not None
                else f"{self.points_system.capitalize()} points, no points cap"]
        caps += [f"at most {self.figures} figures"] if self.figures is not None else []
        caps += [f"at most {self.spaces} hexes"] if self.spaces is not None else []
        caps.append("only " + " and ".join(self.lines) + " cards" if self.lines else "every line")
        return (f"{self.name}: " if self.name else "") + ", ".join(caps)


#: The product lines a format may allow (the card library's lines).
LINES: tuple[str, ...] = get_args(Line)


class LeagueArmyError(ValueError):
    """An army the league's format refuses; the message says what is wrong and what would be right."""


class LeagueFormatError(ValueError):
    """A format a league cannot use (unknown name, points system or line); the message lists the known ones."""


def league_format(name: str | None = None, *, points_system: str | None = None, points: int | None = None,
                  figures: int | None = None, spaces: int | None = None,
                  lines: tuple[str, ...] = ()) -> LeagueFormat:
    """The named army format ``name`` (default ``standard``: 500 Standard points, every line) with the
    caps given on top, as ``/match new format:NAME points:N`` would make it. ``lines`` are product
    lines, matched without regard to case.

    >>> league_format("delta", figures=10).describe()
    'delta: 500 Delta points, at most 10 figures, every line'

    :raises LeagueFormatError: an unknown format, points system or line.
    """
    try:
        base = formats.get(name or "standard")
    except formats.UnknownFormatError as exc:
        raise LeagueFormatError(str(exc)) from None
    if points_system is not None and points_system not in POINTS_SYSTEMS:
        raise LeagueFormatError(f"The points system is one of: {', '.join(POINTS_SYSTEMS)}.")
    canonical = {line.casefold(): line for line in LINES}
    unknown = [line for line in lines if line.casefold() not in canonical]
    if unknown:
        raise LeagueFormatError(f"Unknown line '{unknown[0]}'. The product lines are: {', '.join(LINES)}.")
    return LeagueFormat(points_system=points_system or base.points_system,
                        points=points if points is not None else base.points,
                        figures=figures if figures is not None else base.figures,
                        spaces=spaces if spaces is not None else base.spaces,
                        lines=tuple(canonical[line.casefold()] for line in lines) or (base.lines or ()),
                        name=base.id)


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
    """The Army Cards of ``text`` if the army fits ``fmt``, checked as a match of that format checks
    it (Delta points counted in a Delta format; ``library``: the server's cards, default the shipped ones).

    :raises LeagueArmyError: an unknown card, or a broken army-building rule (the rules' own words,
        with its ledger ID, e.g. ``the army costs 560 Delta points; this match allows 500``).
    """
    library = library or CardLibrary.default()
    cards: list[ArmyCard] = []
    for name in parse_army(text):
        try:
            cards.append(library.get(name))
        except UnknownCardError as exc:
            raise LeagueArmyError(str(exc)) from None
    try:
        check_army(cards, match_format(fmt))
    except ArmyError as exc:
        raise LeagueArmyError(f"This army breaks the league's format ({fmt.describe()}): {exc}.") from None
    return cards


def match_format(fmt: LeagueFormat) -> Format:
    """The match format (:class:`bot.rules.scenario.Format`) a league's matches are played in."""
    return Format(**fmt.overrides())


def army_points(cards: list[ArmyCard], fmt: LeagueFormat) -> str:
    """What an army costs in the format's points system, in words: ``"460 Delta points"``."""
    system = "Delta points" if fmt.points_system == "delta" else "points"
    return f"{summarize(cards, match_format(fmt)).points} {system}"


class HeroscapeLeague:
    """Heroscape's :class:`~bot.leagues.rules.LeagueRules`: formats are :class:`LeagueFormat`."""

    card_noun = "Army Cards"

    def default_format(self) -> LeagueFormat:
        """500 Standard points, every line."""
        return LeagueFormat()

    def format_to_json(self, fmt: Any) -> dict[str, Any]:
        """:meth:`LeagueFormat.to_json`."""
        assert isinstance(fmt, LeagueFormat)
        return fmt.to_json()

    def format_from_json(self, data: Mapping[str, Any]) -> LeagueFormat:
        """A :class:`LeagueFormat` (unknown keys ignored)."""
        known = {f.name: data[f.name] for f in fields(LeagueFormat) if f.name in data}
        known["lines"] = tuple(known.get("lines") or ())
        return LeagueFormat(**known)

    def result_facts(self, match: Any, players: Sequence[str]) -> tuple[tuple[str, ...], dict[str, list[str]]]:
        """Who conceded, and each player's Army Cards."""
        st = match.state
        forfeit = tuple(p.id for p in st.players if p.conceded and p.id in players)
        armies: dict[str, list[str]] = {}
        for c in st.cards.values():
            if c.owner in players:
                armies.setdefault(c.owner, []).append(c.card.name)
        return forfeit, armies


LEAGUE = HeroscapeLeague()
