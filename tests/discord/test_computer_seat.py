"""A match against the computer through the fake Discord (issue 20): ``/match new vs:computer
level:hard`` seats the computer, which fields its army, places its figures and Order Markers
and plays its Player Turns by itself; it is sent no controls by DM; ``level`` without ``vs`` is
refused."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot_table import Table, make_bot

from bot.fakediscord import FakeDiscord
from bot.games.heroscape.discord.computer_seat import seat_id
from bot.rules.state import Phase

if TYPE_CHECKING:
    from pathlib import Path

    from conftest import StartBot, World


async def test_a_match_against_the_computer(fake: FakeDiscord, world: World, start_bot: StartBot,
                                            tmp_path: Path) -> None:
    bot = make_bot(fake, tmp_path / "db.sqlite", world.guild.id, seed=4)
    await start_bot(bot)
    table = Table(fake, bot, world.channel, [world.alice])
    alice = world.alice

    wrong = await table.reply(alice, "match", "new", level="hard")
    assert wrong.ephemeral and "add `vs: computer`" in wrong.content
    await table.reply(alice, "match", "new", vs="computer", level="hard")
    cpu = seat_id("hard")
    st = table.state
    assert [p.id for p in st.players] == [str(alice.id), cpu]
    assert any(c.owner == cpu for c in st.cards.values())  # it fielded its army at once
    await table.reply(alice, "army", "set", cards="Finn; Syvarris")
    await table.reply(alice, "match", "start")
    await table.reply(alice, "place", "rest")
    st = table.state
    assert st.phase is Phase.ORDERS and st.orders.get(cpu)  # it placed its figures and markers itself
    assert table.controls_for(alice) is not None
    await table.place_markers(alice)
    # Initiative rolled, and the computer played every Player Turn until it is Alice's.
    for _ in range(6):
        st = table.state
        if st.phase is Phase.OVER or (st.turn is not None and st.turn.player == str(alice.id)):
            break
        await table.settle()
    st = table.state
    assert st.phase is Phase.OVER or st.turn is not None and st.turn.player == str(alice.id)
    log = table.live.session.match.log
    assert (cpu, "end-turn") in log  # with this seed it acts first, and ends its Player Turn itself
    text = "\n".join(m.content for m in world.channel.history())
    assert f"<@{cpu}>" not in text  # never mentioned as if it were a Discord user
