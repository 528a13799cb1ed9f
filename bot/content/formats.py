"""Named army formats: which points count, how many, figure and space caps, and which product
lines are allowed (HS-ARMY-01, HS-ARMY-04..08 always apply).

A match names a format (``/match new format:delta``, console ``--format delta``); the format's
fields become the match's format overrides (:class:`bot.rules.scenario.Format`), and explicit
limits given with it (``points:``) win over the format's. A league can name the same formats.

>>> get("delta").points_system
'delta'
>>> get("Hasbro classic").lines
('Hasbro', 'Hasbro (Marvel)')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from bot.content.library import UnknownNameError, name_key

HASBRO = "Hasbro"
MARVEL = "Hasbro (Marvel)"
MODERN = "Avalon Hill / Renegade (2024+)"
GI_JOE = "G.I. JOE (2025)"


@dataclass(frozen=True, slots=True)
class ArmyFormat:
    """One named way of building armies.

    ``points`` in army points of ``points_system``; ``figures`` and ``spaces`` caps (``None``: no
    cap; a double-space figure takes 2 spaces); ``lines`` the product lines allowed (``None``: all).
    """

    id: str
    title: str
    points: int
    points_system: Literal["standard", "delta"] = "standard"
    figures: int | None = None
    spaces: int | None = None
    lines: tuple[str, ...] | None = None
    about: str = ""

    def overrides(self) -> dict[str, Any]:
        """The match format fields this format sets (see :class:`bot.rules.scenario.Format`)."""
        return {"name": self.id, "points": self.points, "points_system": self.points_system,
                "figures": self.figures, "spaces": self.spaces, "lines": self.lines}

    def describe(self) -> str:
        """``standard: 500 Standard points, every line``: the format in one line for players."""
        caps = [f"at most {self.figures} figures"] if self.figures else []
        caps += [f"{self.spaces} spaces"] if self.spaces else []
        lines = "every line" if self.lines is None else " and ".join(self.lines)
        return f"{self.id}: {self.points} {self.points_system.capitalize()} points, {', '.join([*caps, lines])}"


#: The shipped formats, by id.
FORMATS: dict[str, ArmyFormat] = {f.id: f for f in (
    ArmyFormat("standard", "Standard 500", 500, about="The usual game: 500 Standard points, any official card."),
    ArmyFormat("delta", "Delta 500", 500, "delta",
               about="500 points by the Delta (Valhalla Committee) point list, any official card."),
    ArmyFormat("hasbro", "Hasbro classic", 500, lines=(HASBRO, MARVEL),
               about="Only the 2004-2010 Hasbro cards (Marvel included), Standard points."),
    ArmyFormat("modern", "2024+ only", 500, lines=(MODERN,),
               about="Only the Avalon Hill / Renegade cards from 2024 on, Standard points."),
    ArmyFormat("skirmish", "Skirmish 300", 300, figures=12, spaces=16,
               about="A short game: 300 Standard points, at most 12 figures on 16 spaces."),
    ArmyFormat("epic", "Epic 1000", 1000, about="A big battle: 1,000 Standard points."),
)}


class UnknownFormatError(UnknownNameError):
    """No army format has this name; the message lists the known ones."""


def get(name: str) -> ArmyFormat:
    """The format whose id or title is ``name`` (case, spaces and hyphens do not matter).

    :raises UnknownFormatError: no such format; the message lists every known one.
    """
    key = name_key(name)
    for f in FORMATS.values():
        if key in (name_key(f.id), name_key(f.title)):
            return f
    known = ", ".join(FORMATS)
    raise UnknownFormatError(f"No army format is called '{name.strip()}'. Known formats: {known}.",
                             [f for f in FORMATS if f.startswith(key[:3])])


def overrides(name: str | None, explicit: dict[str, Any]) -> dict[str, Any]:
    """The match's format overrides: the named format's fields, then the ``explicit`` ones on top.

    :raises UnknownFormatError: ``name`` is not a known format.
    """
    if not name:
        return dict(explicit)
    out = {k: v for k, v in get(name).overrides().items() if v is not None}
    out.update(explicit)
    return out
