"""A whole match through the fake Discord: two players, slash commands, DM Order Markers, maps.

Alice creates the match, Bob joins, both pick armies (with autocomplete) and place their
figures; every round each gets the Order Marker menus by DM, picks and locks in; the bot rolls
initiative; the players move (destinations from autocomplete), preview attacks and roll them,
and end their turns until one army is destroyed. Everything goes through real discord.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot_table import ARMIES, SEED, Table, make_bot

from bot.fakediscord import FakeDiscord
from bot.rules.state import Phase

if TYPE_CHECKING:
    from pathlib import Path

    from conftest import StartBot, World

PNG = b"\x89PNG\r\n\x1a\n"


async def test_a_whole_match(fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    bot = make_bot(fake, tmp_path / "db.sqlite", world.guild.id, seed=SEED)
    await start_bot(bot)
    table = Table(fake, bot, world.channel, [world.alice, world.bob])

    offered = await fake.autocomplete(world.alice, world.channel, "army", "set", {"cards": "Syvarris; Dum"},
                                      focused="cards")
    assert offered[0] == {"name": "Syvarris; Dumutef Guard (25 pts, RttFF)", "value": "Syvarris; Dumutef Guard"}

    await table.setup(ARMIES)
    assert table.state.phase is Phase.ORDERS
    for user in (world.alice, world.bob):  # the markers arrive by DM: four menus and a Lock-in button
        dm = fake.dm_messages(user)[0]
        assert [c.rsplit(":", 1)[-1] for c in dm.custom_ids] == ["1", "2", "3", "X", "1"]

    rounds = 0
    while table.state.phase is not Phase.OVER:
        rounds += 1
        await table.play_round_or_end()
        assert rounds <= 12, "\n".join(table.log)

    st = table.state
    history = world.channel.history()
    assert st.winners and len(st.winners) == 1
    destroyed = [f.id for f in st.figures.values() if f.destroyed]
    assert destroyed and all(any(f"☠ {fid} is destroyed" in m.content for m in history) for fid in destroyed)
    winner = table.live.session.name(st.winners[0])
    assert any(f"🏆 {winner} wins" in m.content for m in history)
    assert sum("Initiative:" in m.content for m in history) == st.round
    turn_ends = [m for m in history if "'s turn ends." in m.content]
    assert turn_ends and all(m.attachments and m.attachments[0].data.startswith(PNG) for m in turn_ends)
    assert all(len(fake.dm_messages(u)) == st.round for u in (world.alice, world.bob))
    stored = await bot.storage.load_match(table.live.match_id)
    assert stored is not None and stored.meta.status == "over" and len(stored.log) == len(table.live.session.match.log)
    # every map posted is remembered: one per Player Turn, plus those of /match new and /match start
    assert len(await bot.storage.boards(table.live.match_id)) >= len(turn_ends) + 1
