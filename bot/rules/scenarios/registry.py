"""The registry of scenario special rules (:mod:`bot.rules.scenarios`).

A special rule is known by an id (``the_rift``), a title players read (``The Rift``), its text
and the ledger clauses it implements. A scenario turns it on by listing the id in its ``rules``
(with parameters); :func:`active` and :func:`params` are what a plug-in's effects ask first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.rules.scenario import Scenario


@dataclass(frozen=True, slots=True)
class SpecialRule:
    """One scenario special rule: ``id`` as scenario files name it, ``title`` and ``text`` as
    players read them (``/rules scenario``), ``ledger`` the clause IDs it implements."""

    id: str
    title: str
    text: str
    ledger: tuple[str, ...] = field(default_factory=tuple)


RULES: dict[str, SpecialRule] = {}


def special_rule(id: str, title: str, text: str, *ledger: str) -> SpecialRule:
    """Register (or replace, on re-import) the special rule ``id``; returns it."""
    rule = SpecialRule(id, title, text, tuple(ledger))
    RULES[id] = rule
    return rule


def active(scenario: Scenario, rule_id: str) -> bool:
    """True when ``scenario`` plays with the special rule ``rule_id``."""
    return rule_id in scenario.rules


def params(scenario: Scenario, rule_id: str) -> dict[str, Any]:
    """The parameters ``scenario`` gives the special rule ``rule_id`` (empty when it has none or is off)."""
    return dict(scenario.rules.get(rule_id) or {})


def unknown_rules(scenario: Scenario) -> list[str]:
    """The rule ids ``scenario`` lists that no plug-in registers (a scenario file check)."""
    return [r for r in scenario.rules if r not in RULES]
