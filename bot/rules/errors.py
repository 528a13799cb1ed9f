"""Errors the rules core raises. Each message is written for a player: what is wrong and what would be right.

- :class:`InvalidCommand`: the text cannot be understood (unknown figure, bad space label).
- :class:`IllegalCommand`: understood, but the rules forbid it now; carries the ledger ID broken.
- :class:`DiceExhausted`: a scripted dice source ran out (tests and rules cases only).
"""

from __future__ import annotations


class RulesError(Exception):
    """Base of every error the rules core raises on a player's command; the state is unchanged."""

    rule: str | None = None

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if rule is not None:
            self.rule = rule

    def __str__(self) -> str:
        return f"{self.message} ({self.rule})" if self.rule else self.message


class InvalidCommand(RulesError):
    """The command cannot be parsed or names something that does not exist."""


class IllegalCommand(RulesError):
    """The command is understood but breaks a rule now (``rule`` names the ledger clause)."""


class ArmyError(IllegalCommand):
    """An army breaks an army-building rule (points, figures, spaces, Unique cards, incomplete cards)."""


class DiceExhausted(RulesError):
    """A scripted dice source was asked for a die it does not have."""
