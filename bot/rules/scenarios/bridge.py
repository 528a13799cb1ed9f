"""Holding a zone of the battlefield: "solely occupies the bridge" (HS-SCEN-BRIDGE-MASTER-01/08,
HS-SCEN-DUMUTEF-MASTER-01/12..14).

Scenario rule ``{"kind": "hold_zone", "zone": "bridge", "attackers": ["Player 1", "Player 2"],
"final_round": 10}``: the zone is a named area of the map (its ``start_zones`` entry, the five
spaces of the bridge deck). At the end of every round the attackers (the players of the sides
named; figures they control) win when they solely occupy the zone: they have a figure on it and
no other player has. With ``final_round`` set, at the end of that round the zone is compared
(HS-SCEN-DUMUTEF-MASTER-13/14): the defenders (every other player) win when they solely occupy it
or nobody does, and when both have figures on it the attackers win only if they hold more of its
spaces. Without ``final_round`` the scenario's own round limit decides (``round_limit_side``,
HS-SCEN-BRIDGE-MASTER-09).
"""

from __future__ import annotations

from typing import Any

from bot.rules import victory
from bot.rules.scenario import ScenarioRule
from bot.rules.scenarios.registry import special_rule
from bot.rules.state import MatchState

KIND = "hold_zone"
KINDS = frozenset({KIND})
special_rule(
    KIND, "Hold the bridge",
    "At the end of every round the attackers win if they solely occupy the bridge (the five road spaces of the "
    "deck): figures of theirs stand on it and no other player's do. A figure in the river under the deck is not on "
    "the bridge.",
    "HS-SCEN-BRIDGE-MASTER-01", "HS-SCEN-BRIDGE-MASTER-08", "HS-SCEN-DUMUTEF-MASTER-01", "HS-SCEN-DUMUTEF-MASTER-12",
    "HS-SCEN-DUMUTEF-MASTER-13", "HS-SCEN-DUMUTEF-MASTER-14",
    describe=lambda given: describe(given),  # defined below
)


def describe(given: dict[str, Any]) -> str:
    """The rule's text for a scenario's parameters: who attacks, and the last round's comparison."""
    sides = [str(s) for s in given.get("attackers", [])] or ["the attackers"]
    names = " and ".join(sides)
    zone = str(given.get("zone", "bridge"))
    text = (f"At the end of every round {names} win{'s' if len(sides) == 1 else ''} by solely occupying the {zone} "
            "(the five road spaces of the deck): figures of theirs stand on it and no other player's do; a figure in "
            "the river under the deck is not on it.")
    final = given.get("final_round")
    if final is not None:
        text += (f" At the end of Round {final} the defenders win if they alone or nobody stands on it; if both "
                 "sides do, the side on more of its spaces wins (the defenders on a tie).")
    return text


def held(state: MatchState, rule: ScenarioRule) -> tuple[int, int]:
    """How many spaces of the rule's zone the attackers' and the defenders' figures stand on.

    A figure on the zone counts for its controller, whatever its level (a figure in the river
    under the deck is not on the bridge: only figures standing on the deck's level or above
    count, as the deck is the zone's top surface).
    """
    zone = set(state.battlefield.start_zones.get(str(getattr(rule, "zone", "bridge")), ()))
    attackers = set(getattr(rule, "attackers", []) or [])
    roles = {p.id: p.role for p in state.players}
    mine = theirs = 0
    for h in zone:
        top = state.battlefield.top_cell(h)
        fig = state.occupant(h, top.top if top is not None else None)
        if fig is None:
            continue
        if roles.get(fig.controller) in attackers:
            mine += 1
        else:
            theirs += 1
    return mine, theirs


def _winners(state: MatchState, rule: ScenarioRule, attackers: bool) -> list[str]:
    sides = set(getattr(rule, "attackers", []) or [])
    return [p.id for p in state.players if (p.role in sides) == attackers]


def check(state: MatchState, end_of_round: bool) -> tuple[list[str], str] | None:
    """The hold-zone victory at the end of a round (see module doc), or ``None``."""
    if not end_of_round:
        return None
    for rule in state.scenario.rules_of(KIND):
        zone = str(getattr(rule, "zone", "bridge"))
        mine, theirs = held(state, rule)
        sides = list(getattr(rule, "attackers", []) or [])
        names = " and ".join(sides)
        verb = "solely occupies" if len(sides) == 1 else "solely occupy"
        if mine and not theirs:
            return _winners(state, rule, True), (f"the end of round {state.round}: {names} {verb} the {zone} "
                                                 f"({mine} space{'s' if mine != 1 else ''})")
        final = getattr(rule, "final_round", None)
        if final is not None and state.round >= int(final):
            if mine > theirs:
                return _winners(state, rule, True), (f"the end of round {final}: {names} hold more of the {zone} "
                                                     f"({mine} spaces against {theirs})")
            why = ("nobody occupies it" if not mine and not theirs else f"they hold it alone ({theirs} spaces)"
                   if not mine else f"they hold as many or more of its spaces ({theirs} against {mine})")
            return _winners(state, rule, False), (f"the end of round {final}: the defenders of the {zone} win: "
                                                  f"{why}")
    return None


victory.CHECKS.append(check)
