"""The Forgotten Forest scenarios played whole through the fake Discord (HS-SCEN-BRIDGE-MASTER-*,
HS-SCEN-DUMUTEF-MASTER-*): ``/match new scenario:``, the sides' armies refused or accepted by
their own points and the Dumutef Guard rule, placement in the scenario's start zones, every round
through DM Order Markers and slash commands, Player 3's reinforcements answered with the decision
buttons (the cards) and ``/place figure`` (their figures' spaces), and the match decided by a scenario rule (or by the last army standing) within 10 rounds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot_table import Table, make_bot

from bot.fakediscord import FakeDiscord, FakeUser
from bot.rules.combat import legal_enemy_targets
from bot.rules.state import Phase

if TYPE_CHECKING:
    from pathlib import Path

    from conftest import StartBot, World


async def _place_reinforcement(table: Table, user: FakeUser) -> None:
    """A reinforcement figure waits to enter: its player uses ``/place figure`` as in placement, with
    the figure and the spaces its autocomplete offers (the last space offered, not the first)."""
    figure = await table.fake.autocomplete(user, table.channel, "place", "figure", {"figure": ""}, focused="figure")
    assert [c["value"] for c in figure] == [table.state.pending[0].context["place"]]
    fid = figure[0]["value"]
    spaces = await table.fake.autocomplete(user, table.channel, "place", "figure", {"figure": fid, "space": ""},
                                           focused="space")
    assert spaces
    space = spaces[-1]["value"]
    options = {"figure": fid, "space": space}
    if table.state.card_of(table.state.figures[fid]).base == 2:
        second = await table.fake.autocomplete(user, table.channel, "place", "figure",
                                               {"figure": fid, "space": space, "second": ""}, focused="second")
        options["second"] = second[0]["value"]
    await table.reply(user, "place", "figure", **options)
    placed = table.state.figures[fid]
    assert placed.on_battlefield and table.state.battlefield.label(placed.hexes[0]) in (space, options.get("second"))
    table.log.append(f"{fid} placed by /place figure at {space}")


async def _answer_decision(table: Table) -> None:
    """The deciding player presses the first button of the pending decision (the most expensive
    reinforcement card that fits, for Player 3); a reinforcement figure is put on with ``/place figure``."""
    live = table.live
    pend = table.state.pending[0]
    user = table.user(pend.player)
    if pend.context.get("place"):
        await _place_reinforcement(table, user)
        return
    prefix = f"hs:choose:{live.match_id}:{live.version}:"
    asked = [m for m in table.channel.history(include_ephemeral=True) if any(c.startswith(prefix) for c in m.custom_ids)]
    assert asked, f"no buttons for the decision {pend.prompt!r}"
    await table.click(user, asked[-1], prefix + "0")


async def _take_turn(table: Table) -> None:
    """The acting player's figures each move (to the offered destination nearest an enemy, as
    ``/move`` autocomplete offers them) unless they may attack already, attack what autocomplete
    offers (preview, then Roll), and the turn ends."""
    st = table.state
    assert st.turn is not None
    pid = st.turn.player
    user = table.user(pid)
    for fig in table._acting(pid):
        st = table.state
        if st.phase is not Phase.TURNS or not fig.on_battlefield or legal_enemy_targets(st, fig):
            continue
        enemies = [e for e in st.on_battlefield() if st.is_enemy(fig, e)]
        offered = await table.fake.autocomplete(user, table.channel, "move", options={"figure": fig.id, "to": ""},
                                                focused="to")
        if not enemies or not offered:
            continue
        spaces = [st.battlefield.parse_space(c["value"]) for c in offered]
        best = min(spaces, key=lambda h: min(h.distance(e.hex) for e in enemies))
        if min(best.distance(e.hex) for e in enemies) < min(fig.hex.distance(e.hex) for e in enemies):
            await table.reply(user, "move", figure=fig.id, to=st.battlefield.label(best))
    for fig in table._acting(pid):
        if table.state.phase is not Phase.TURNS or not fig.on_battlefield:
            return
        offered = await table.fake.autocomplete(user, table.channel, "attack",
                                                options={"attacker": fig.id, "target": ""}, focused="target")
        if not offered:
            continue
        preview = await table.reply(user, "attack", attacker=fig.id, target=offered[0]["value"])
        roll = next((c for c in preview.custom_ids if c.startswith("hs:roll:")), None)
        if roll is not None:
            await (await table.click(user, preview, roll)).wait_reply()
    st = table.state
    if st.phase is Phase.TURNS and st.turn is not None and st.turn.player == pid and not st.pending:
        await table.reply(user, "end-turn")


async def _play_to_the_end(table: Table, limit_rounds: int = 10) -> None:
    """Orders, turns and decisions until the match is over; fails past round ``limit_rounds``."""
    while table.state.phase is not Phase.OVER:
        st = table.state
        assert st.round <= limit_rounds, "\n".join(table.log[-30:])
        assert table.steps < 2500, "\n".join(table.log[-30:])
        if st.pending:
            await _answer_decision(table)
        elif st.phase is Phase.ORDERS:
            for pid in list(table.live.waiting_for_orders()):
                await table.place_markers(table.user(pid))
        elif st.turn is not None:
            await _take_turn(table)
        else:
            raise AssertionError(f"stuck in {st.phase}: " + "\n".join(table.log[-10:]))


async def _bridge_table(fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path,
                        **options: object) -> Table:
    """Alice creates The Bridge to the Forgotten Forest (with ``options``), Bob joins."""
    bot = make_bot(fake, tmp_path / "db.sqlite", world.guild.id, seed=5, render=None)
    await start_bot(bot)
    table = Table(fake, bot, world.channel, [world.alice, world.bob])
    await table.reply(world.alice, "match", "new", scenario="bridge-to-the-forgotten-forest", **options)
    await table.reply(world.bob, "match", "join")
    return table


async def test_the_bridge_to_the_forgotten_forest_through_discord(fake: FakeDiscord, world: World,
                                                                   start_bot: StartBot, tmp_path: Path) -> None:
    # rule: HS-SCEN-BRIDGE-MASTER-03, HS-SCEN-BRIDGE-MASTER-04, HS-SCEN-BRIDGE-MASTER-08, HS-SCEN-BRIDGE-MASTER-09
    alice, bob = world.alice, world.bob
    table = await _bridge_table(fake, world, start_bot, tmp_path)
    st = table.state
    assert [(p.role, p.zone) for p in st.players] == [("Player 1", "purple"), ("Player 2", "orange")]
    assert st.battlefield.name == "The Forgotten Forest"
    refused = await table.reply(bob, "army", "set", cards="Kita; Onshu")
    assert "Dumutef Guard" in refused.content and "25 points" in refused.content
    over = await table.reply(alice, "army", "set", cards="Krav Maga Agents; Izumi Samurai; Syvarris; Kita; Onshu; "
                                                            "Tarn Viking Warriors; Raelin the Kyrie Warrior")
    assert "425" in over.content  # Player 1's own limit
    await table.reply(alice, "army", "set", cards="Syvarris; Raelin the Kyrie Warrior; Tarn Viking Warriors")
    await table.reply(bob, "army", "set", cards="Dumutef Guard; Kita; Onshu; Izumi Samurai")
    await table.reply(alice, "match", "start")
    for u in (alice, bob):
        await table.reply(u, "place", "rest")
    zones = st.battlefield.start_zones
    for f in table.state.figures.values():
        zone = "purple" if f.owner == str(alice.id) else "orange"
        assert set(f.hexes) <= set(zones[zone]), (f.id, f.hexes)
    await _play_to_the_end(table)
    st = table.state
    assert st.winners and len(st.winners) == 1
    history = "\n".join(m.content for m in world.channel.history())
    winner = table.live.session.name(st.winners[0])
    assert f"🏆 {winner} wins" in history
    assert ("solely occupies the bridge" in st.result or "round 10" in st.result
            or st.result == "last army standing"), st.result


async def test_fall_of_the_dumutef_bridge_with_three_players(fake: FakeDiscord, world: World,
                                                             start_bot: StartBot, tmp_path: Path) -> None:
    # rule: HS-SCEN-DUMUTEF-MASTER-03, HS-SCEN-DUMUTEF-MASTER-05, HS-SCEN-DUMUTEF-MASTER-08,
    # rule: HS-SCEN-DUMUTEF-MASTER-09, HS-SCEN-DUMUTEF-MASTER-11, HS-SCEN-DUMUTEF-MASTER-12
    bot = make_bot(fake, tmp_path / "db.sqlite", world.guild.id, seed=3, render=None)
    await start_bot(bot)
    carol: FakeUser = fake.create_user("carol")
    alice, bob = world.alice, world.bob
    table = Table(fake, bot, world.channel, [alice, bob, carol])
    await table.reply(alice, "match", "new", scenario="fall-of-the-dumutef-bridge")
    for u in (bob, carol):
        await table.reply(u, "match", "join")
    st = table.state
    assert [(p.role, p.team) for p in st.players] == [("Player 1", "Player 1+Player 2"),
                                                      ("Player 2", "Player 1+Player 2"), ("Player 3", "")]
    await table.reply(alice, "army", "set", cards="Syvarris; Raelin the Kyrie Warrior; Kita")
    await table.reply(bob, "army", "set", cards="Tarn Viking Warriors; Izumi Samurai; Onshu")
    await table.reply(carol, "army", "set", cards="Dumutef Guard; Krav Maga Agents; Kita")
    await table.reply(alice, "match", "start")
    for u in (alice, bob, carol):
        await table.reply(u, "place", "rest")
    await _play_to_the_end(table)
    st = table.state
    history = "\n".join(m.content for m in world.channel.history())
    assert "rolls" in history and "for reinforcements" in history  # the rolls of rounds 2-5 were told
    if "arrives as reinforcements" in history:  # Player 3 put them where they chose, with /place figure
        assert any("placed by /place figure" in line for line in table.log)
    assert st.winners
    if st.round > 2:
        rolled = history.count("for reinforcements")
        assert rolled == min(st.round - 1, 4) or st.result.startswith("the end of round")
    if set(st.winners) == {str(alice.id), str(bob.id)}:
        assert "solely occupy the bridge" in st.result or st.result == "last army standing"


async def test_a_drafted_bridge_match_places_the_dumutef_guard_first(fake: FakeDiscord, world: World,
                                                                     start_bot: StartBot, tmp_path: Path) -> None:
    # rule: HS-SCEN-BRIDGE-MASTER-05
    alice, bob = world.alice, world.bob
    table = await _bridge_table(fake, world, start_bot, tmp_path, draft=True)
    await table.reply(alice, "match", "start")
    assert table.state.draft is not None and table.state.draft.next == str(bob.id)  # Player 2 first
    for user, card in ((bob, "Dumutef Guard"), (alice, "Syvarris"), (bob, "Kita")):
        await table.reply(user, "army", "draft", card=card)
    for user in (alice, bob):
        await table.reply(user, "army", "pass")
    await table.reply(alice, "match", "start")
    assert table.state.phase is Phase.PLACEMENT
    early = await table.reply(alice, "place", "rest")
    assert early.ephemeral and "drafted first and places a Dumutef Guard before anyone places" in early.content
    assert not any(f.hexes for f in table.state.figures.values())
    offered = await fake.autocomplete(bob, table.channel, "place", "figure", {"figure": ""}, focused="figure")
    assert [c["value"] for c in offered] == ["dumutef1"]
    await table.reply(bob, "place", "rest")
    await table.reply(alice, "place", "rest")
    assert table.state.phase is Phase.ORDERS
