"""The registry of scenario special rules (:mod:`bot.rules.scenarios`).

A special rule is known by an id (``the_rift``), a title players read (``The Rift``), its text
and the ledger clauses it implements. A scenario turns it on by listing the id in its ``rules``
(with parameters); :func:`active` and :func:`params` are what a plug-in's effects ask first.
"""

from __future__ import annotations

from collections.abc import Callable
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
    #: Texts by the ``level`` parameter a scenario gives the rule (Oops! differs at Seasoned and Veteran).
    variants: tuple[tuple[str, str], ...] = ()
    #: Writes the text from the parameters a scenario gives the rule (who attacks, the last round),
    #: when one text does not fit every scenario playing it.
    describe: Callable[[dict[str, Any]], str] | None = None

    def text_for(self, given: dict[str, Any]) -> str:
        """The text for a scenario giving the parameters ``given``: written from them (``describe``),
        or its ``level`` variant, or the rule's text."""
        if self.describe is not None:
            return self.describe(given)
        return dict(self.variants).get(str(given.get("level", "")), self.text)


RULES: dict[str, SpecialRule] = {}


def special_rule(id: str, title: str, text: str, *ledger: str, variants: dict[str, str] | None = None,
                 describe: Callable[[dict[str, Any]], str] | None = None) -> SpecialRule:
    """Register (or replace, on re-import) the special rule ``id``; returns it. ``variants``: texts by
    the rule's ``level`` parameter; ``describe``: the text written from the rule's parameters (see
    :meth:`SpecialRule.text_for`)."""
    rule = SpecialRule(id, title, text, tuple(ledger), tuple(sorted((variants or {}).items())), describe)
    RULES[id] = rule
    return rule


def active(scenario: Scenario, rule_id: str) -> bool:
    """True when ``scenario`` plays with the special rule ``rule_id``."""
    return bool(scenario.rules_of(rule_id))


def params(scenario: Scenario, rule_id: str) -> dict[str, Any]:
    """The parameters ``scenario`` gives the special rule ``rule_id`` (empty when it has none or is off)."""
    return dict(scenario.rule_params().get(rule_id) or {})


def unknown_rules(scenario: Scenario) -> list[str]:
    """The rule ids ``scenario`` lists that no plug-in handles, registered here or named in a
    module's ``KINDS`` (a scenario file check)."""
    from bot.rules import scenarios  # the package, once every plug-in is imported

    return [r.kind for r in scenario.rules if r.kind not in RULES and r.kind not in scenarios.KINDS]
