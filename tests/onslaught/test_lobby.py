"""The open table of an Onslaught match on Discord: seats, party choice and the start (DDO-PARTY-*)."""

from __future__ import annotations

import pytest

from bot import games
from bot.games.onslaught.match import OnslaughtMatch
from bot.games.ruleset import MatchSettings, Refused

ANN, BO = "111111111111111111", "222222222222222222"


def table() -> OnslaughtMatch:
    match = games.get("onslaught").new_match(MatchSettings("m1", seed=3, options={"format": {"lobby": True}},
                                                           adapter="discord"))
    assert isinstance(match, OnslaughtMatch)
    return match


def test_players_join_choose_parties_and_start_with_their_ids_as_seats() -> None:
    # rule: DDO-PARTY-01
    m = table()
    assert m.round == 0 and m.waiting() == [] and m.picture(None) is None
    assert m.apply(ANN, "join Ann").public == ["Ann takes party A's seat."]
    with pytest.raises(Refused, match="empty"):
        m.apply(ANN, "start")
    m.apply(BO, "join 'Bo Lee'")
    out = m.apply(BO, "party Brask, Ysolde, Merrin, Tobbit, Kestra")
    assert "Brask, Ysolde" in out.public[0]
    out = m.apply(ANN, "start")
    assert out.public[0] == "The match starts."
    assert [s.id for s in m.seats()] == [ANN, BO] and m.name(BO) == "Bo Lee"
    # Bo built the Lantern Company's characters, so Ann plays the other party by default.
    assert m.state.held["B"][0] == "Brask" and m.state.held["A"][0] == "Grell"
    assert {w.player for w in m.waiting()} == {ANN, BO}
    secret = m.secret(ANN)
    assert secret is not None and secret.player == ANN and [s.key for s in secret.slots] == m.state.held["A"]
    assert set(out.private) == {ANN, BO}


def test_a_party_is_checked_and_cannot_share_characters() -> None:
    # rule: DDO-PARTY-03
    m = table()
    m.apply(ANN, "join Ann")
    m.apply(BO, "join Bo")
    with pytest.raises(Refused, match="no party 'Nobody'"):
        m.apply(ANN, "party Nobody")
    with pytest.raises(Refused, match="unknown character"):
        m.apply(ANN, "party Brask, Zed")
    m.apply(ANN, "party Lantern Company (invented)")
    with pytest.raises(Refused, match="already plays"):
        m.apply(BO, "party Lantern Company (invented)")
    with pytest.raises(Refused, match="already have a seat"):
        m.apply(ANN, "join Ann")
    with pytest.raises(Refused, match="both seats"):
        m.apply("333", "join Cy")
    with pytest.raises(Refused, match="no seat"):
        m.apply("333", "party Thorn Circle (invented)")


def test_the_record_replays_the_table_and_the_match() -> None:
    m = table()
    for pid, text in ((ANN, "join Ann"), (BO, "join Bo"), (BO, "start")):
        m.apply(pid, text)
    secret = m.secret(ANN)
    assert secret is not None
    m.apply(ANN, secret.command({s.key: s.options[i].value for i, s in enumerate(secret.slots)}))
    again = games.get("onslaught").from_record(m.to_record())
    assert again.log == m.log and again.version == m.version
    assert again.secret(ANN) is None and again.secret(BO) is not None


def test_concede_ends_the_match_for_the_other_seat() -> None:
    m = table()
    for pid, text in ((ANN, "join Ann"), (BO, "join Bo"), (BO, "start")):
        m.apply(pid, text)
    out = m.apply(BO, "concede")
    assert out.game_over and m.result() is not None and m.result().winners == (ANN,)  # type: ignore[union-attr]
    assert m.waiting() == []
    with pytest.raises(Refused, match="over"):
        m.apply(ANN, "end")
