"""Reading play-by-post input (issue 16): durations, deadlines in range, quiet hours with a time
zone, reminders; every refusal says what is accepted."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.discord.errors import UserError
from bot.discord.pace.durations import (
    DAY,
    HOUR,
    Pace,
    deadline,
    format_duration,
    pace_from_options,
    parse_duration,
    parse_quiet,
    parse_reminders,
)


def utc(*args: int) -> float:
    return datetime(*args, tzinfo=UTC).timestamp()


@pytest.mark.parametrize(("text", "seconds"), [("24h", 24 * HOUR), ("3d", 3 * DAY), ("1d12h", 36 * HOUR),
                                               ("90m", 5400.0), ("2w", 14 * DAY), ("1.5h", 5400.0)])
def test_durations_are_read(text: str, seconds: float) -> None:
    assert parse_duration(text) == seconds


@pytest.mark.parametrize("text", ["", "tomorrow", "12", "h", "3d soon", "-1h"])
def test_an_unreadable_duration_says_which_forms_are_read(text: str) -> None:
    with pytest.raises(UserError, match="Write a number and a unit"):
        parse_duration(text)


def test_deadlines_must_lie_between_ten_minutes_and_fourteen_days() -> None:
    assert deadline("10m", "Player Turn") == 600 and deadline("14d", "Player Turn") == 14 * DAY
    for text in ("9m", "15d"):
        with pytest.raises(UserError, match="between 10 minutes and 14 days"):
            deadline(text, "Player Turn")


def test_pace_options_imply_post_and_keep_the_rest() -> None:
    pace = pace_from_options(turn="2d")
    assert pace.post and pace.turn == 2 * DAY and pace.orders == Pace().orders
    assert pace_from_options(pace, extend="0").extend == 0
    with pytest.raises(UserError, match="`ai`"):
        pace_from_options(policy="pray")
    assert format_duration(36 * HOUR + 60) == "1d 12h 1m"


def test_quiet_hours_wrap_past_midnight_in_the_players_time_zone() -> None:
    quiet = parse_quiet("23:00-08:00", "America/New_York")  # UTC-5 in January
    assert quiet.contains(utc(2026, 1, 10, 5, 0))       # midnight in New York
    assert quiet.contains(utc(2026, 1, 10, 12, 59))     # 07:59
    assert not quiet.contains(utc(2026, 1, 10, 13, 0))  # 08:00
    assert not quiet.contains(utc(2026, 1, 10, 3, 59))  # 22:59
    # A reminder due at 02:00 comes five minutes before 23:00 the evening before.
    assert quiet.before_start(utc(2026, 1, 10, 7, 0)) == utc(2026, 1, 10, 3, 55)


def test_quiet_hours_need_a_known_time_zone_and_hours() -> None:
    with pytest.raises(UserError, match="need your time zone"):
        parse_quiet("23:00-08:00", None)
    with pytest.raises(UserError, match="do not know the time zone"):
        parse_quiet("23:00-08:00", "Mars/Olympus")
    for bad in ("23-", "25:00-08:00", "08:00-08:00", "night"):
        with pytest.raises(UserError, match="HH:MM-HH:MM"):
            parse_quiet(bad, "UTC")


def test_reminders_are_read_or_muted() -> None:
    assert parse_reminders("half, 1h") == ("half", HOUR)
    assert parse_reminders("off") == ()
    with pytest.raises(UserError, match="At most 4"):
        parse_reminders("1h 2h 3h 4h 5h")
    with pytest.raises(UserError, match="could not read 'soon'"):
        parse_reminders("soon")


def test_a_refused_deadline_says_too_short_or_too_long_and_the_pace_reads_as_a_sentence() -> None:
    """QA2 finding 7: "'5m' is 5m" said nothing; "a missed deadline is the turn is skipped"."""
    with pytest.raises(UserError, match=r"'5m' is too short\. Nothing was changed\.$"):
        deadline("5m", "Player Turn")
    with pytest.raises(UserError, match=r"'15d' is too long\. Nothing was changed\.$"):
        deadline("15d", "Player Turn")
    assert "; when a deadline is missed, the turn is skipped. Away" in pace_from_options(
        pace="post", policy="skip", extend="0").words()
    assert "; when a deadline is missed, it is extended once by 12h, then the computer player makes the move." in (
        pace_from_options(pace="post", policy="ai", extend="12h").words())
