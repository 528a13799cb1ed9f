"""The scenarios as players choose them: one entry per book scenario with its levels on offer.

Scenario files of one ``family`` (``mission-critical-seasoned``, ``-veteran``, ``-rookie``) are one
entry; a file without a family is an entry of its own. A Rookie level is listed but not offered: it
needs the Basic Game, which the seeds do not give (DEC-06, HS-SCEN-BOOK-02). Used by ``/match new``
(autocomplete with a one-line description and the levels), ``/rules scenario`` and the demo's
``--level``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from bot.content.scenarios import ScenarioLibrary
from bot.rules.scenario import Scenario

#: Why a Rookie level is not offered (DEC-06).
ROOKIE_REFUSAL = ("Rookie levels need the Basic Game rules, which the bot does not have (DEC-06): "
                  "choose Seasoned or Veteran")
LEVEL_ORDER = ("rookie", "seasoned", "veteran", "master")


@dataclass(frozen=True)
class Entry:
    """One scenario as players pick it: ``key`` (the family, or the scenario id), its name without a
    level, a one-line description, and its files by level (``levels``: level -> scenario id)."""

    key: str
    name: str
    line: str
    levels: dict[str, str] = field(default_factory=dict)
    #: One line per level (its ``summary``, else the first sentence of its description).
    lines: dict[str, str] = field(default_factory=dict)

    @property
    def offered(self) -> list[str]:
        """The levels that can be played, in book order (never Rookie, DEC-06)."""
        return [lv for lv in LEVEL_ORDER if lv in self.levels and lv != "rookie"]

    def label(self) -> str:
        """``Mission Critical: COBRA races to activate... (Seasoned, Veteran; Rookie needs the Basic Game)``."""
        lv = ", ".join(x.title() for x in self.offered)
        rookie = "; Rookie needs the Basic Game" if "rookie" in self.levels else ""
        return f"{self.name}: {self.line} ({lv}{rookie})"


def _base_name(s: Scenario) -> str:
    return s.name.split(" (")[0] if s.family else s.name


def _first_sentence(text: str, limit: int = 90) -> str:
    # A full stop after a lone capital is an initial (G.I. JOE), not the end of the sentence.
    one = re.split(r"(?<![A-Z])(?<!\b[A-Z])\.\s", text)[0].rstrip(".")
    # Drop "Scenario 2 of the ... book, Seasoned level:" style openings to keep the goal.
    if ":" in one[:80]:
        one = one.split(":", 1)[1].strip()
    return one if len(one) <= limit else one[: limit - 1].rstrip() + "…"


def entries(lib: ScenarioLibrary) -> list[Entry]:
    """Every scenario entry, in name order."""
    groups: dict[str, list[Scenario]] = {}
    for sid in lib.ids():
        s = lib.get(sid)
        groups.setdefault(s.family or s.id, []).append(s)
    out = []
    for key, group in groups.items():
        pick = next((s for s in group if s.level == "seasoned"), group[0])
        out.append(Entry(key, _base_name(pick), pick.summary or _first_sentence(pick.description or pick.name),
                         {s.level: s.id for s in group}, {s.level: s.summary or _first_sentence(s.description or s.name)
                                                          for s in group}))
    return sorted(out, key=lambda e: e.name.lower())


def find(lib: ScenarioLibrary, text: str) -> Entry | None:
    """The entry whose key, name or one of whose scenario ids is ``text`` (any case)."""
    want = text.strip().lower()
    for e in entries(lib):
        if want in (e.key.lower(), e.name.lower(), *e.levels.values()):
            return e
    return None


def level_of(scenario: str, level: str, lib: ScenarioLibrary | None = None) -> str:
    """The scenario id of ``scenario`` (an entry key, name or id) at ``level``, or a line starting
    ``error: `` saying what is wrong and what would be right."""
    if lib is None:
        lib = ScenarioLibrary.default()
    entry = find(lib, scenario)
    if entry is None:
        known = ", ".join(e.key for e in entries(lib))
        return f"error: no scenario '{scenario}' (scenarios: {known})"
    if level == "rookie" and "rookie" in entry.levels:
        return f"error: {entry.name}: {ROOKIE_REFUSAL}"
    if level not in entry.offered:
        offered = ", ".join(entry.offered) or "none"
        return f"error: {entry.name} has no {level.title()} level (levels on offer: {offered})"
    return entry.levels[level]


def refusal(s: Scenario) -> str | None:
    """Why a match of ``s`` cannot be created (a Rookie level, DEC-06), or ``None``."""
    return f"{_base_name(s)}: {ROOKIE_REFUSAL}" if s.level == "rookie" else None
