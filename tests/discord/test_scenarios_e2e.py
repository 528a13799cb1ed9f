"""Whole matches of the Rumble at the Rift book's scenarios through the fake Discord: ``/match new
scenario:`` at each level the book offers, armies (stand-ins for the G.I. JOE heroes), Order Markers,
turns, and the scenarios' decisions answered with their buttons (The Rift's pull, Oops!, the Device)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from bot_table import Table, make_bot

from bot.fakediscord import FakeDiscord, FakeMessage
from bot.rules.state import Phase, Stage

if TYPE_CHECKING:
    from pathlib import Path

    from conftest import StartBot, World

RIFT_ARMIES = ("Sgt. Drake Alexander; Agent Carr", "Grimnak; Ne-Gok-Sa")
# Each player fields the four heroes the book names (HS-SCEN-TROUBLE3-ALL-03), each by a stand-in.
TROUBLE_ARMIES = ("Scarlett (played by Syvarris); Roadblock (played by Sgt. Drake Alexander); "
                  "Destro (played by Agent Carr); Storm Shadow (played by Raelin the Kyrie Warrior)",
                  "Duke (played by Grimnak); COBRA Commander (played by Ne-Gok-Sa); "
                  "Doctor Mindbender (played by Mimring); Snake Eyes (played by Sgt. Drake Alexander)")


class ScenarioTable(Table):
    """A table that also answers the scenario's decisions (the first button, as a player would)."""

    async def decide(self) -> None:
        live = self.live
        pend = live.state.pending[0]
        user = self.user(pend.player)
        prefix = f"hs:choose:{live.match_id}:{live.version}:"

        def holder() -> FakeMessage | None:
            found = [m for m in self.channel.history(include_ephemeral=True)
                     if (not m.ephemeral or m.viewer_id == user.id) and any(c.startswith(prefix) for c in m.custom_ids)]
            return found[-1] if found else None

        msg = holder()
        if msg is None:
            await self.send(user, "match", "status")
            msg = holder()
        assert msg is not None, f"no buttons for {user.name}'s decision: {pend.prompt}"
        await self.click(user, msg, sorted(c for c in msg.custom_ids if c.startswith(prefix))[0])
        await self.settle()

    async def play_to_the_end(self, rounds: int = 12) -> None:
        for _ in range(400):
            st = self.state
            if st.phase is Phase.OVER:
                return
            if st.pending:
                await self.decide()
            elif st.phase is Phase.ORDERS:
                for pid in list(self.live.waiting_for_orders()):
                    await self.place_markers(self.user(pid))
            elif st.turn is not None and st.turn.stage is not Stage.MOVE:
                # A decision came in the middle of the turn (Mind Shackle): it was answered, the turn ends.
                await self.reply(self.user(st.turn.player), "end-turn")
            else:
                await self.take_turn()
            assert self.state.round <= rounds, "\n".join(self.log[-30:])
        raise AssertionError("the match did not end")


@pytest.mark.parametrize(("scenario", "armies", "words"), [
    ("rumble-at-the-rift-seasoned", RIFT_ARMIES, ""),
    ("rumble-at-the-rift-veteran", RIFT_ARMIES, "The Rift"),
    ("mission-critical-seasoned", RIFT_ARMIES, ""),
    ("mission-critical-veteran", RIFT_ARMIES, ""),
    ("wherever-theres-trouble-veteran", TROUBLE_ARMIES, "played by"),
    ("wherever-theres-trouble-seasoned", TROUBLE_ARMIES, "played by"),
])
async def test_a_whole_scenario_match(scenario: str, armies: tuple[str, ...], words: str, fake: FakeDiscord,
                                      world: World, start_bot: StartBot, tmp_path: Path) -> None:
    # rule: HS-SCEN-BOOK-01, HS-SCEN-BOOK-03, HS-SCEN-BOOK-04, HS-SCEN-BOOK-05
    bot = make_bot(fake, tmp_path / "db.sqlite", world.guild.id, seed=5, render=None)
    await start_bot(bot)
    offered = await fake.autocomplete(world.alice, world.channel, "match", "new", {"scenario": scenario},
                                      focused="scenario")
    assert [c["value"] for c in offered] == [scenario]
    table = ScenarioTable(fake, bot, world.channel, [world.alice, world.bob])
    await table.setup(armies, scenario=scenario)
    assert table.state.scenario.id == scenario and table.state.phase is Phase.ORDERS
    await table.play_to_the_end()
    st = table.state
    history = "\n".join(m.content for m in world.channel.history())
    assert st.winners is not None
    assert "🏆" in history and st.result in history
    limit = st.scenario.round_limit
    assert limit is not None and st.round <= limit
    if words:
        assert words in history


async def test_a_rookie_level_is_refused_with_the_reason(fake: FakeDiscord, world: World, start_bot: StartBot,
                                                         tmp_path: Path) -> None:
    # rule: HS-SCEN-BOOK-02, HS-SCEN-CRIT2-ROOK-01, HS-SCEN-CRIT2-ROOK-02, HS-SCEN-CRIT2-ROOK-03, DEC-06
    bot = make_bot(fake, tmp_path / "db.sqlite", world.guild.id, seed=5, render=None)
    await start_bot(bot)
    table = ScenarioTable(fake, bot, world.channel, [world.alice, world.bob])
    answer = await table.reply(world.alice, "match", "new", scenario="mission-critical-rookie")
    assert "Basic Game" in answer.content and "Seasoned or Veteran" in answer.content
    assert bot.matches.in_channel(world.channel.id) is None
