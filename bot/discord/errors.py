"""Errors the Discord layer expects and turns into words for the user (never a traceback)."""

from __future__ import annotations


class UserError(Exception):
    """Something the user can fix; the message is shown to them (ephemerally) as is."""


class NoMatch(UserError):
    """There is no match in this channel."""


class NotAPlayer(UserError):
    """The user is not playing in this match."""


class Stale(UserError):
    """A button or menu from an earlier state of the match."""


class AlreadyDone(UserError):
    """The same interaction (or the same click) was already applied."""
