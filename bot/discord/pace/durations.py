"""Reading what players type about time: durations (``24h``, ``3d``, ``1d12h``, ``90m``), quiet
hours (``23:00-08:00`` with a time zone) and a match's pace (:class:`Pace`). Every reader raises
:class:`~bot.discord.errors.UserError` saying what is accepted; nothing is changed by a refusal."""

from __future__ import annotations

import re
import zoneinfo
from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from bot.discord.errors import UserError

MINUTE = 60.0
HOUR = 3600.0
DAY = 86400.0
#: The shortest and longest deadline a match may set (issue 16, "Bad input").
DEADLINE_MIN = 10 * MINUTE
DEADLINE_MAX = 14 * DAY
#: The longest away a match may allow at most, and the default maximum.
AWAY_LIMIT = 60 * DAY
AWAY_DEFAULT_MAX = 7 * DAY

_PART = re.compile(r"(\d+(?:\.\d+)?)\s*(w|d|h|m|min|mins|minutes?|hours?|days?|weeks?)", re.IGNORECASE)
_UNITS = {"w": 7 * DAY, "d": DAY, "h": HOUR, "m": MINUTE}

#: How a deadline that passed is handled once the one extension is used (issue 16).
POLICIES = ("ai", "skip", "forfeit")
POLICY_WORDS = {"ai": "the computer player makes the move", "skip": "the turn is skipped",
                "forfeit": "the player forfeits the match"}
#: ``skip`` for a wait that is not a turn (a secret phase, a decision): nothing can be skipped there.
UNSKIPPABLE = "it cannot be skipped, so the computer player makes it"


def policy_words(policy: str, kind: str) -> str:
    """What a passed deadline of ``kind`` (``turn``, ``orders`` = a secret phase, ``decision``) does
    under ``policy``, in words: ``skip`` skips only a turn; a secret phase or a decision is made by
    the computer player instead (the policy command does so)."""
    return UNSKIPPABLE if policy == "skip" and kind != "turn" else POLICY_WORDS[policy]


def parse_duration(text: str, *, what: str = "a duration") -> float:
    """``"24h"``, ``"3d"``, ``"1d12h"``, ``"90m"``, ``"2w"`` -> seconds.

    :raises UserError: when ``text`` is not a duration (saying which forms are read).
    """
    cleaned = text.strip().lower().replace(" ", "")
    pos, total = 0, 0.0
    for m in _PART.finditer(cleaned):
        if m.start() != pos:
            break
        total += float(m.group(1)) * _UNITS[m.group(2)[0]]
        pos = m.end()
    if not cleaned or pos != len(cleaned) or total <= 0:
        shown = " ".join(text.split())[:40]
        raise UserError(f"I could not read '{shown}' as {what}. Write a number and a unit: `90m`, `12h`, "
                        "`3d`, `1d12h` or `2w` (m = minutes, h = hours, d = days, w = weeks).")
    return total


def format_duration(seconds: float) -> str:
    """Seconds in short words: ``"1d 12h"``, ``"45m"``, ``"2h 30m"``."""
    s = int(round(seconds))
    days, rest = divmod(s, 86400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    parts = [f"{n}{u}" for n, u in ((days, "d"), (hours, "h"), (minutes, "m")) if n]
    return " ".join(parts) or f"{s}s"


def deadline(text: str, what: str) -> float:
    """A deadline's length from ``text``, within 10 minutes and 14 days.

    :raises UserError: unreadable, or out of range (saying the range).
    """
    seconds = parse_duration(text, what=f"the {what} deadline")
    if not DEADLINE_MIN <= seconds <= DEADLINE_MAX:
        raise UserError(f"The {what} deadline must be between 10 minutes and 14 days (`10m` to `14d`); "
                        f"'{' '.join(text.split())[:40]}' is too {'short' if seconds < DEADLINE_MIN else 'long'}. "
                        "Nothing was changed.")
    return seconds


#: What the deadlines of ``orders`` and ``turn`` are called for a game that does not say
#: (:attr:`bot.discord.face.Face.deadline_names`).
DEADLINE_NAMES: Mapping[str, str] = {"orders": "secret choices", "turn": "turn"}


@dataclass(frozen=True)
class Pace:
    """How fast a match is played. ``mode`` is ``"live"`` (no deadlines, as always) or ``"post"``;
    the deadlines in seconds: ``orders`` (a round's secret choices), ``turn`` (a turn, also the
    setup's moves), ``decision`` (answering a decision); ``extend`` is the one extension a
    passed deadline gets (0: none), then ``policy`` acts (:data:`POLICIES`); ``away_max`` is the
    longest ``/me away`` this match accepts."""

    mode: str = "live"
    orders: float = 24 * HOUR
    turn: float = 24 * HOUR
    decision: float = 12 * HOUR
    extend: float = 12 * HOUR
    policy: str = "ai"
    away_max: float = AWAY_DEFAULT_MAX

    @property
    def post(self) -> bool:
        """Whether the match runs by post (deadlines, reminders)."""
        return self.mode == "post"

    def limit(self, kind: str) -> float:
        """The deadline of a kind of wait (``orders``, ``turn``, ``decision``), in seconds."""
        return {"orders": self.orders, "decision": self.decision}.get(kind, self.turn)

    def to_json(self) -> dict[str, Any]:
        """A dict for storage (:meth:`from_json` reads it back)."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Pace:
        """Read :meth:`to_json`'s dict (unknown keys ignored, missing ones defaulted)."""
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        return cls(**known)

    def words(self, names: Mapping[str, str] = DEADLINE_NAMES) -> str:
        """The pace in one line for players, the deadlines called by ``names`` (the game face's
        :attr:`~bot.discord.face.Face.deadline_names`)."""
        if not self.post:
            return "Pace: live (no deadlines)."
        extend = f"it is extended once by {format_duration(self.extend)}, then " if self.extend else ""
        return (f"Pace: by post — {names['orders']} {format_duration(self.orders)}, {names['turn']} "
                f"{format_duration(self.turn)}, decisions {format_duration(self.decision)}; when a deadline is "
                f"missed, {extend}{POLICY_WORDS[self.policy]}. Away at most {format_duration(self.away_max)}.")


def pace_from_options(base: Pace | None = None, *, pace: str | None = None, orders: str | None = None,
                      turn: str | None = None, decision: str | None = None, extend: str | None = None,
                      policy: str | None = None, away_max: str | None = None,
                      names: Mapping[str, str] = DEADLINE_NAMES) -> Pace:
    """A :class:`Pace` from ``/match new`` (or ``/match pace``) options, over ``base``.

    Deadline options without ``pace`` mean ``post``; ``names`` call the deadlines in the game's words.

    :raises UserError: an unknown pace or policy, a duration out of range or unreadable.
    """
    current = base or Pace()
    changes: dict[str, Any] = {}
    if pace is not None:
        mode = pace.strip().lower()
        if mode not in ("live", "post"):
            raise UserError(f"The pace is `live` or `post`, not '{' '.join(pace.split())[:40]}'. Nothing was changed.")
        changes["mode"] = mode
    for key, text, what in (("orders", orders, names["orders"]), ("turn", turn, names["turn"]),
                            ("decision", decision, "decision")):
        if text is not None:
            changes[key] = deadline(text, what)
    if extend is not None:
        changes["extend"] = 0.0 if extend.strip().lower() in ("0", "none", "no", "off") else deadline(extend, "extension")
    if policy is not None:
        word = policy.strip().lower()
        if word not in POLICIES:
            raise UserError(f"A missed deadline's policy is `ai` (the computer plays the move), `skip` (the turn "
                            f"is skipped) or `forfeit` (the player forfeits), not '{' '.join(policy.split())[:40]}'. "
                            "Nothing was changed.")
        changes["policy"] = word
    if away_max is not None:
        seconds = parse_duration(away_max, what="the longest away")
        if seconds > AWAY_LIMIT:
            raise UserError(f"The longest away a match allows is at most 60 days (`60d`); "
                            f"'{' '.join(away_max.split())[:40]}' is more. Nothing was changed.")
        changes["away_max"] = seconds
    if "mode" not in changes and any(k in changes for k in ("orders", "turn", "decision")):
        changes["mode"] = "post"
    return replace(current, **changes)


@dataclass(frozen=True)
class QuietHours:
    """A player's quiet hours: from ``start`` to ``end`` (minutes after midnight, local time in
    ``zone``, an IANA name such as ``Europe/Paris``); they may wrap past midnight."""

    start: int
    end: int
    zone: str

    def contains(self, when: float) -> bool:
        """Whether the Unix time ``when`` falls inside the quiet hours."""
        local = datetime.fromtimestamp(when, zoneinfo.ZoneInfo(self.zone))
        minute = local.hour * 60 + local.minute
        if self.start <= self.end:
            return self.start <= minute < self.end
        return minute >= self.start or minute < self.end

    def before_start(self, when: float) -> float:
        """Five minutes before the quiet hours that contain ``when`` began (a Unix time): room for
        the loop, which runs every minute, to send it before they begin."""
        local = datetime.fromtimestamp(when, zoneinfo.ZoneInfo(self.zone))
        start = local.replace(hour=self.start // 60, minute=self.start % 60, second=0, microsecond=0)
        if start > local:
            start -= timedelta(days=1)
        return start.timestamp() - 300

    def words(self) -> str:
        """``"23:00-08:00 (Europe/Paris)"``."""
        return f"{self.start // 60:02d}:{self.start % 60:02d}-{self.end // 60:02d}:{self.end % 60:02d} ({self.zone})"

    def to_json(self) -> dict[str, Any]:
        """For storage."""
        return {"start": self.start, "end": self.end, "zone": self.zone}


_HOURS = re.compile(r"^\s*(\d{1,2})(?::(\d{2}))?\s*-\s*(\d{1,2})(?::(\d{2}))?\s*$")


def parse_quiet(text: str, zone: str | None) -> QuietHours:
    """``"23:00-08:00"`` and a time zone (``Europe/Paris``, ``America/New_York``, ``UTC``) -> :class:`QuietHours`.

    :raises UserError: no time zone, an unknown one, or hours that are not ``HH:MM-HH:MM``.
    """
    if not zone or not zone.strip():
        raise UserError("Quiet hours need your time zone, so that I know when your night is: add "
                        "`timezone:` with a name such as `Europe/Paris`, `America/New_York` or `UTC`. "
                        "Nothing was changed.")
    name = zone.strip()
    try:
        zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        raise UserError(f"I do not know the time zone '{name[:40]}'. Use a name such as `Europe/Paris`, "
                        "`America/New_York`, `Asia/Tokyo` or `UTC`. Nothing was changed.") from None
    m = _HOURS.match(text)
    bad = UserError(f"I could not read '{' '.join(text.split())[:40]}' as quiet hours. Write them as "
                    "`HH:MM-HH:MM` on a 24-hour clock, e.g. `23:00-08:00`. Nothing was changed.")
    if m is None:
        raise bad
    h1, m1, h2, m2 = int(m.group(1)), int(m.group(2) or 0), int(m.group(3)), int(m.group(4) or 0)
    if h1 > 23 or h2 > 23 or m1 > 59 or m2 > 59 or (h1, m1) == (h2, m2):
        raise bad
    return QuietHours(h1 * 60 + m1, h2 * 60 + m2, name)


@dataclass(frozen=True)
class PlayerPrefs:
    """A player's own play-by-post settings: ``quiet`` hours (or ``None``), ``reminders`` (offsets
    before a deadline in seconds, or ``"half"`` for half time; empty: muted) and ``dms`` (whether
    "your move" and reminders also come by DM)."""

    quiet: QuietHours | None = None
    reminders: tuple[float | str, ...] = ("half", HOUR)
    dms: bool = True

    def to_json(self) -> dict[str, Any]:
        """For storage."""
        return {"quiet": self.quiet.to_json() if self.quiet else None, "reminders": list(self.reminders),
                "dms": self.dms}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PlayerPrefs:
        """Read :meth:`to_json`'s dict."""
        q = data.get("quiet")
        return cls(quiet=QuietHours(int(q["start"]), int(q["end"]), str(q["zone"])) if q else None,
                   reminders=tuple(data.get("reminders", ("half", HOUR))), dms=bool(data.get("dms", True)))


def parse_reminders(text: str) -> tuple[float | str, ...]:
    """``"half, 1h"``, ``"6h 1h"``, ``"off"`` -> reminder offsets before a deadline.

    :raises UserError: an unreadable item (naming the forms read), or more than 4 reminders.
    """
    words = text.replace(",", " ").split()
    if not words:
        raise UserError("Give your reminders as times before the deadline, e.g. `half 1h` (half time and one "
                        "hour before, the default), `6h 30m`, or `off` to mute them. Nothing was changed.")
    if len(words) == 1 and words[0].lower() in ("off", "mute", "none"):
        return ()
    out: list[float | str] = []
    for w in words:
        if w.lower() in ("half", "halftime", "half-time"):
            out.append("half")
        else:
            out.append(parse_duration(w, what="a reminder time (like `1h` before the deadline, or `half`)"))
    if len(out) > 4:
        raise UserError("At most 4 reminders per deadline; you gave "
                        f"{len(out)}. Nothing was changed.")
    return tuple(out)
