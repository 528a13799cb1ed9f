"""Snapshots of a match (``Match.snapshot`` / ``Match.from_snapshot`` and ``GameSession.from_record``
with snapshots): a snapshot plus the commands after it rebuilds exactly what replaying the whole
log rebuilds, and a snapshot that does not fit is refused so that the log is replayed instead."""

from __future__ import annotations

import os
import pickle
from dataclasses import dataclass, field

import pytest

import bot.rules.match as match_module
from bot.game import ai
from bot.game.session import GameSession, _card_lookup, _card_pool, snapshot_version
from bot.games.heroscape.bench import ARMY_A, ARMY_B
from bot.rules.cards import ArmyCard
from bot.rules.events import Event
from bot.rules.match import Match, SnapshotMismatch
from bot.rules.state import Phase

#: Settings of a long computer match on the shipped practice field (12 rounds at most).
SEED = 2
FORMAT = {"round_limit": 12, "points": 600}


@dataclass
class Played:
    """A whole match played by the computer, with what it looked like after every command."""

    session: GameSession
    #: ``jsons[k]``: ``state_json()`` after the first ``k`` commands.
    jsons: list[str] = field(default_factory=list)
    turn_events: list[list[Event]] = field(default_factory=list)
    dice: list[object] = field(default_factory=list)
    #: Snapshots taken at every quiet moment: log position -> bytes.
    snaps: dict[int, bytes] = field(default_factory=dict)
    #: Log positions where a decision or timing window was open.
    busy: list[int] = field(default_factory=list)

    @property
    def log(self) -> list[tuple[str, str]]:
        return self.session.match.log

    def record(self) -> dict[str, object]:
        return self.session.to_record()


def _new() -> GameSession:
    return GameSession.create("snap", map_id="practice-field", fmt=FORMAT, seed=SEED)


def _note(p: Played) -> None:
    m = p.session.match
    p.jsons.append(m.state_json())
    p.turn_events.append(list(m.turn_events))
    p.dice.append(m.dice.snapshot())
    if m.quiet:
        p.snaps[len(m.log)] = m.snapshot()
    else:
        p.busy.append(len(m.log))


@pytest.fixture(scope="module")
def played() -> Played:
    s = _new()
    p = Played(s)
    _note(p)
    for player, text in (("alice", "join Alice"), ("bob", "join Bob"), ("alice", "army " + "; ".join(ARMY_A[:6])),
                         ("bob", "army " + "; ".join(ARMY_B)), ("alice", "start")):
        s.apply(player, text)
        _note(p)
    while s.state.phase is not Phase.OVER and len(s.match.log) < 2000:
        waiting = ai.waiting_for(s.state)
        cmd = ai.next_command(s.state, waiting[0]) if waiting else None
        assert cmd is not None, "the computer players got stuck"
        s.apply(waiting[0], cmd)
        _note(p)
    return p


def _restore(p: Played, seq: int, blob: bytes | None = None, **kw: object) -> Match:
    m = p.session.match
    return Match.from_snapshot(m.battlefield, m.scenario, m.seed, p.snaps[seq] if blob is None else blob,
                               p.log[:seq], **{"cards": _card_lookup, "pool": _card_pool, **kw})  # type: ignore[arg-type]


def test_a_long_match_gives_many_snapshot_points(played: Played) -> None:
    assert played.session.state.round >= 6
    assert len(played.log) >= 150
    turn_ends = [k for k in played.snaps if any(e.kind == "turn_ended" for e in played.turn_events[k])]
    assert len(played.snaps) >= 100 and len(turn_ends) >= 20


def test_snapshot_plus_tail_equals_full_replay_after_every_command(played: Played) -> None:
    """From every snapshot point, restore and replay to the next one, comparing the whole position
    (state, timing windows), the turn's public events and the dice after each command."""
    points = sorted(played.snaps)
    for here, nxt in zip(points, [*points[1:], len(played.log)], strict=True):
        m = _restore(played, here)
        assert m.state_json() == played.jsons[here], here
        assert m.turn_events == played.turn_events[here], here
        assert m.dice.snapshot() == played.dice[here], here
        for k in range(here, nxt):
            m.apply(*played.log[k])
            assert m.state_json() == played.jsons[k + 1], k
            assert m.turn_events == played.turn_events[k + 1], k
            assert m.dice.snapshot() == played.dice[k + 1], k
    full = GameSession.from_record(played.record())
    assert full.match.state_json() == played.jsons[-1] and full.restored_from == 0


def test_an_early_snapshot_replays_to_the_same_end(played: Played) -> None:
    early = sorted(k for k in played.snaps if played.jsons[k].count('"phase":"turns"'))[0]
    m = _restore(played, early)
    for entry in played.log[early:]:
        m.apply(*entry)
    assert m.state_json() == played.jsons[-1]
    assert m.turn_events == played.turn_events[-1]


def test_session_restores_from_the_newest_snapshot_that_fits(played: Played) -> None:
    points = sorted(played.snaps, reverse=True)
    newest, older = points[0], points[5]
    s = GameSession.from_record(played.record(), [(newest, b"not a snapshot"), (older, played.snaps[older])])
    assert s.restored_from == older
    assert s.match.state_json() == played.jsons[-1]
    assert s.match.turn_events == played.turn_events[-1]
    assert s.match.log == played.log
    assert s.to_record() == played.record()


def _damaged(blob: bytes) -> bytes:
    header, body, dice = pickle.loads(blob)
    i = len(body) // 2
    return pickle.dumps((header, body[:i] + bytes([body[i] ^ 0x01]) + body[i + 1:], dice))


def _foreign(blob: bytes) -> bytes:
    """A snapshot whose body names a function outside the rules core (checksum made to match)."""
    header, _body, dice = pickle.loads(blob)
    body = pickle.dumps(os.getcwd)
    return pickle.dumps(({**header, "body": match_module._digest_bytes(body)}, body, dice))


def _old_format(played: Played, seq: int, monkeypatch: pytest.MonkeyPatch) -> bytes:
    m = _restore(played, seq)
    monkeypatch.setattr(match_module, "SNAPSHOT_FORMAT", match_module.SNAPSHOT_FORMAT - 1)
    blob = m.snapshot()
    monkeypatch.undo()
    return blob


@pytest.mark.parametrize("kind", ["garbage", "truncated", "damaged", "foreign", "old-format"])
def test_a_corrupt_or_foreign_snapshot_falls_back_to_replay(played: Played, kind: str,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    seq = sorted(played.snaps)[len(played.snaps) // 2]
    good = played.snaps[seq]
    blob = {
        "garbage": lambda: b"\x80\x05garbage",
        "truncated": lambda: good[: len(good) // 2],
        "damaged": lambda: _damaged(good),
        "foreign": lambda: _foreign(good),
        "old-format": lambda: _old_format(played, seq, monkeypatch),
    }[kind]()
    with pytest.raises(SnapshotMismatch):
        _restore(played, seq, blob)
    s = GameSession.from_record(played.record(), [(seq, blob)])
    assert s.restored_from == 0
    assert s.match.state_json() == played.jsons[-1]


def test_the_log_decides_over_a_snapshot(played: Played) -> None:
    """A snapshot is used only after exactly the log it was taken after."""
    seq = sorted(played.snaps)[len(played.snaps) // 2]
    record = played.record()
    # a log cut short (or a snapshot from later than its end) is never trusted
    short = {**record, "log": record["log"][: seq - 1]}  # type: ignore[index]
    s = GameSession.from_record(short, [(seq, played.snaps[seq])])
    assert s.restored_from == 0 and s.match.state_json() == played.jsons[seq - 1]
    # a log whose prefix differs from the snapshot's
    changed = list(played.log[:seq])
    changed[3] = (changed[3][0], changed[3][1] + " ")
    m = played.session.match
    with pytest.raises(SnapshotMismatch, match="log"):
        Match.from_snapshot(m.battlefield, m.scenario, SEED, played.snaps[seq], changed, _card_lookup, _card_pool)


def test_changed_content_or_seed_makes_a_snapshot_unusable(played: Played) -> None:
    seq = max(played.snaps)
    m = played.session.match
    in_play = {c.card.id for c in m.state.cards.values()}
    victim = sorted(in_play)[0]

    def edited(name: str) -> ArmyCard:
        card = _card_lookup(name)
        return card.model_copy(update={"life": card.life + 1}) if card.id == victim else card

    with pytest.raises(SnapshotMismatch, match=victim):
        Match.from_snapshot(m.battlefield, m.scenario, SEED, played.snaps[seq], played.log[:seq], edited, _card_pool)
    longer = m.scenario.model_copy(update={"format": m.scenario.format.model_copy(update={"round_limit": 13})})
    with pytest.raises(SnapshotMismatch, match="scenario"):
        Match.from_snapshot(m.battlefield, longer, SEED, played.snaps[seq], played.log[:seq], _card_lookup, _card_pool)
    with pytest.raises(SnapshotMismatch, match="seed"):
        Match.from_snapshot(m.battlefield, m.scenario, SEED + 1, played.snaps[seq], played.log[:seq], _card_lookup,
                            _card_pool)


def test_no_snapshot_while_a_decision_or_window_is_open(played: Played) -> None:
    assert played.busy, "the long match should stop for at least one decision"
    seq = played.busy[0]
    m = Match.replay(played.session.match.battlefield, played.session.match.scenario, SEED, played.log[:seq],
                     _card_lookup, _card_pool)
    assert not m.quiet
    with pytest.raises(ValueError, match="pending"):
        m.snapshot()
    assert GameSession.from_record({**played.record(), "log": played.log[:seq]}).snapshot() is None


def test_engine_fields_are_kept_without_being_listed(played: Played) -> None:
    """Whatever the engine holds goes into the snapshot (new state fields need no code here)."""
    seq = max(played.snaps)
    m = _restore(played, seq)
    m.engine.extra_field_for_test = {"kept": [1, 2]}  # type: ignore[attr-defined]
    again = _restore(played, seq, m.snapshot())
    assert again.engine.extra_field_for_test == {"kept": [1, 2]}  # type: ignore[attr-defined]


def test_snapshot_holds_references_not_content_and_no_seed(played: Played) -> None:
    seq = max(played.snaps)
    blob = played.snaps[seq]
    header, body, _dice = pickle.loads(blob)
    assert len(header["seed"]) == 64 and header["seed"] != str(SEED)  # a fingerprint of the seed only
    assert b"Practice Field" not in body  # the battlefield is a reference, checked by fingerprint
    restored = _restore(played, seq)
    assert restored.battlefield is played.session.match.battlefield
    card = next(iter(restored.state.cards.values())).card
    assert card is _card_lookup(card.id)  # library cards are shared, not copied
    assert len(blob) < 64 * 1024


def test_snapshot_version_follows_the_snapshot_format(monkeypatch: pytest.MonkeyPatch) -> None:
    import bot.game.session as session_module

    now = snapshot_version()
    assert len(now) == 32 and snapshot_version() == now
    snapshot_version.cache_clear()
    monkeypatch.setattr(session_module, "SNAPSHOT_FORMAT", match_module.SNAPSHOT_FORMAT + 1)
    try:
        assert snapshot_version() != now
    finally:
        monkeypatch.undo()
        snapshot_version.cache_clear()


def test_cards_outside_the_library_are_stored_whole(played: Played) -> None:
    """Army Cards that are not the library's own objects (built elsewhere) go into the snapshot by value."""
    def copies(name: str) -> ArmyCard:
        return _card_lookup(name).model_copy()

    seq = min(k for k in played.snaps if k > 20)
    m = played.session.match
    own = Match.replay(m.battlefield, m.scenario, SEED, played.log[:seq], copies, _card_pool)
    card = next(iter(own.state.cards.values())).card
    own.engine.same_card_twice = [card, card]  # type: ignore[attr-defined]
    again = Match.from_snapshot(m.battlefield, m.scenario, SEED, own.snapshot(), played.log[:seq], copies, _card_pool)
    assert again.state_json() == played.jsons[seq]
    twice = again.engine.same_card_twice  # type: ignore[attr-defined]
    assert twice[0] is twice[1] and twice[0] == card and twice[0] is not _card_lookup(card.id)
