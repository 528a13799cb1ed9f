"""A fast restart that loses nothing: snapshots stored at Player Turn boundaries and used on
restore (falling back to the log when they do not fit), owed private lines kept across a restart,
and slash commands registered with Discord only when they changed."""

from __future__ import annotations

import dataclasses
import sqlite3
from typing import TYPE_CHECKING

import pytest
from bot_table import make_bot
from discord import app_commands

from bot.discord.matches import SNAPSHOT_EVERY, SNAPSHOTS_KEPT, LiveMatch, MatchManager
from bot.fakediscord import FakeDiscord
from bot.game import ai
from bot.game.session import snapshot_version
from bot.games.heroscape.bench import ARMY_A, ARMY_B
from bot.rules.events import Event
from bot.rules.state import Phase
from bot.storage import SqliteStorage

if TYPE_CHECKING:
    from pathlib import Path

    import discord
    from conftest import StartBot, World

FORMAT = {"round_limit": 12, "points": 600}


@dataclasses.dataclass
class Played:
    """A match played by the computer through the match manager (as the bot applies commands)."""

    live: LiveMatch
    #: Log positions after commands that ended a Player Turn.
    turn_ends: list[int]
    json: str
    turn_log: list[Event]


async def _play(db: Path, stop: int, *, after_turn_end: bool = False) -> Played:
    """Play ``stop`` commands (then, with ``after_turn_end``, on to the end of a Player Turn),
    then close the storage as a stopped bot would."""
    store = SqliteStorage(db)
    await store.open()
    manager = MatchManager(store)
    manager.maps = False
    live = await manager.create(guild_id=1, channel_id=10, creator_id=2, scenario_id="last-army-standing",
                                map_id="practice-field", fmt=FORMAT, seed=2)
    turn_ends: list[int] = []
    for player, text in (("alice", "join Alice"), ("bob", "join Bob"), ("alice", "army " + "; ".join(ARMY_A[:6])),
                         ("bob", "army " + "; ".join(ARMY_B)), ("alice", "start")):
        await manager.apply(live, player, text)
    while live.state.phase is not Phase.OVER:
        n = len(live.session.match.log)
        if n >= stop and (not after_turn_end or (turn_ends and turn_ends[-1] == n and live.session.match.quiet)):
            break
        waiting = ai.waiting_for(live.state)
        cmd = ai.next_command(live.state, waiting[0]) if waiting else None
        assert cmd is not None
        applied = await manager.apply(live, waiting[0], cmd)
        if applied.outcome.turn_ended:
            turn_ends.append(len(live.session.match.log))
    played = Played(live, turn_ends, live.session.match.state_json(), list(live.turn_log))
    await manager.flush()
    await store.close()
    return played


async def _restore(db: Path) -> tuple[SqliteStorage, LiveMatch, MatchManager]:
    """Open the database and restore its match, as the bot does on start."""
    store = SqliteStorage(db)
    await store.open()
    manager = MatchManager(store)
    assert await manager.restore() == 1
    live = manager.in_channel(10)
    assert live is not None
    return store, live, manager


def _rows(db: Path) -> list[tuple[int, str]]:
    with sqlite3.connect(db) as raw:
        return [(int(s), str(v)) for s, v in raw.execute("SELECT seq, version FROM snapshots ORDER BY seq DESC")]


async def test_a_restart_starts_from_the_newest_snapshot_and_replays_only_the_tail(tmp_path: Path) -> None:
    db = tmp_path / "h.db"
    played = await _play(db, stop=150)
    rows = _rows(db)
    assert 1 <= len(rows) <= SNAPSHOTS_KEPT
    assert all(version == snapshot_version() for _, version in rows)
    newest = rows[0][0]
    # snapshots are taken right after a Player Turn ends (or every SNAPSHOT_EVERY commands at most)
    assert all(seq in played.turn_ends for seq, _ in rows), (rows, played.turn_ends[-5:])
    store, live, _ = await _restore(db)
    try:
        assert live.session.restored_from == newest
        assert len(live.session.match.log) - newest < SNAPSHOT_EVERY
        assert live.session.match.state_json() == played.json
        assert live.turn_log == played.turn_log and live.turn_log[0].kind == "turn_started"
        assert live.session.match.log == played.live.session.match.log
    finally:
        await store.close()


async def test_an_old_or_corrupt_snapshot_is_skipped_never_fatal(tmp_path: Path) -> None:
    db = tmp_path / "h.db"
    played = await _play(db, stop=120, after_turn_end=True)
    end = len(played.live.session.match.log)
    (newest, _), (older, _) = _rows(db)
    assert newest == end
    with sqlite3.connect(db) as raw:  # the newest is damaged: the older one is used
        raw.execute("UPDATE snapshots SET state = x'00ff' WHERE seq = ?", (newest,))
    store, live, _ = await _restore(db)
    assert live.session.restored_from == older and live.session.match.state_json() == played.json
    await store.close()
    with sqlite3.connect(db) as raw:  # both from an older version of the code: the whole log is replayed
        raw.execute("UPDATE snapshots SET version = 'an-older-version'")
    store, live, _ = await _restore(db)
    assert live.session.restored_from == 0 and live.session.match.state_json() == played.json
    assert live.turn_log == played.turn_log
    await store.close()
    # ...and a snapshot for this code is stored at once, so the next restart is fast again
    assert (end, snapshot_version()) in _rows(db)
    store, live, _ = await _restore(db)
    assert live.session.restored_from == end
    await store.close()


async def test_owed_private_lines_survive_a_restart_until_delivered(tmp_path: Path) -> None:
    db = tmp_path / "h.db"
    store = SqliteStorage(db)
    await store.open()
    manager = MatchManager(store)
    live = await manager.create(guild_id=1, channel_id=10, creator_id=2, scenario_id="last-army-standing", seed=3)
    await manager.owe(live, "a", "Your marker 2 was removed.")
    await manager.owe_controls(live, "a")
    await manager.owe(live, "b", "For Bob.")
    await store.close()

    store, again, manager = await _restore(db)
    assert again.owed == {"a": ["Your marker 2 was removed."], "b": ["For Bob."]}
    assert again.owed_controls == {"a"} and again.dm_closed == {"a", "b"}
    upto = manager.owed_upto(again, "a", "text")
    await manager.owe(again, "a", "A later line.")  # arrives while the first is being delivered
    await manager.settle_owed(again, "a", "text", upto)
    await manager.settle_owed(again, "a", "controls")
    await store.close()

    store, third, _ = await _restore(db)
    assert third.owed == {"a": ["A later line."], "b": ["For Bob."]} and third.owed_controls == set()
    await store.close()


# --- slash command sync --------------------------------------------------------------------------


def _syncs(fake: FakeDiscord) -> int:
    """How many times the bot overwrote its slash commands (bulk PUT of the command list)."""
    return sum(1 for method, path, _ in fake.requests if method == "PUT" and path.endswith("/commands"))


async def _ping(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("pong", ephemeral=True)


async def test_commands_are_synced_only_when_they_changed(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite"
    first = make_bot(fake, db, world.guild.id)
    await start_bot(first)
    assert first.synced and _syncs(fake) == 1
    await first.close()

    second = make_bot(fake, db, world.guild.id)
    await start_bot(second)
    assert not second.synced and _syncs(fake) == 1  # same tree, same server: no call
    reply = await (await fake.slash(world.alice, world.channel, "match", "status", {})).wait_reply()
    assert "no match" in reply.content.lower()  # the commands registered before still work
    await second.close()

    third = make_bot(fake, db, world.guild.id)
    third.tree.add_command(app_commands.Command(name="ping", description="Answer pong", callback=_ping))
    await start_bot(third)
    assert third.synced and _syncs(fake) == 2  # a changed tree is sent
    await third.close()

    elsewhere = make_bot(fake, db, None)  # another target (global) has its own hash
    await start_bot(elsewhere)
    assert elsewhere.synced and _syncs(fake) == 3
    await elsewhere.close()

    forced = make_bot(fake, db, None)
    forced.settings = dataclasses.replace(forced.settings, force_sync=True)
    await start_bot(forced)
    assert forced.synced and _syncs(fake) == 4  # DISCORD_FORCE_SYNC / run --sync


def test_force_sync_setting_and_flag(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.cli import _parser
    from bot.discord.settings import Settings

    monkeypatch.delenv("DISCORD_FORCE_SYNC", raising=False)
    assert Settings.from_env(env_file=None).force_sync is False
    monkeypatch.setenv("DISCORD_FORCE_SYNC", "Yes")
    assert Settings.from_env(env_file=None).force_sync is True
    monkeypatch.setenv("DISCORD_FORCE_SYNC", "sometimes")
    with pytest.raises(ValueError, match="DISCORD_FORCE_SYNC must be 1/true/yes or 0/false/no"):
        Settings.from_env(env_file=None)
    assert _parser().parse_args(["run", "--sync"]).sync is True
    assert _parser().parse_args(["run"]).sync is False


async def test_a_log_the_newer_rules_refuse_in_places_still_restores(tmp_path: Path) -> None:
    """A bot updated mid-match whose rules became stricter (here: a second concede, refused since
    DEC-15) keeps the match live: the refused entry stays at its log position and changes nothing."""
    db = tmp_path / "bot.db"
    store = SqliteStorage(db)
    await store.open()
    manager = MatchManager(store)
    manager.maps = False
    live = await manager.create(guild_id=1, channel_id=10, creator_id=2, scenario_id="last-army-standing",
                                map_id="practice-field", seed=2)
    for player, text in (("a", "join Alice"), ("b", "join Bob"), ("c", "join Carol"),
                         ("a", "army Syvarris"), ("b", "army Grimnak"), ("c", "army Finn"), ("a", "start")):
        await manager.apply(live, player, text)
    await manager.apply(live, "c", "concede")
    # What an older bot accepted and stored: Carol conceding a second time.
    await store.append(live.match_id, len(live.session.match.log), "c", "concede")
    await store.close()

    store = SqliteStorage(db)
    await store.open()
    again = MatchManager(store)
    again.maps = False
    assert await again.restore() == 1
    back = again.get(live.match_id)
    assert back is not None
    assert back.session.skipped == [(8, "concede", "You have already conceded.")]
    assert len(back.session.match.log) == 9  # positions stay those of the stored log
    await again.apply(back, "a", "place-rest")  # play goes on, appended after the kept entry
    stored = await store.load_match(live.match_id)
    assert stored is not None and stored.log[-1] == ("a", "place-rest") and len(stored.log) == 10
    await store.close()
