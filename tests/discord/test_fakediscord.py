"""The fake Discord driven by a real discord.py bot (a throwaway bot defined here).

Each test runs a real ``commands.Bot`` with an ``app_commands`` tree, views, a modal and a
``DynamicItem`` against ``bot.fakediscord`` and checks both sides: what the fake recorded and what
the bot observed (exceptions with Discord error codes included).
"""

from __future__ import annotations

import asyncio
import io
import struct
import zlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands

from bot.fakediscord import (
    CREATE_PUBLIC_THREADS,
    PUBLIC_THREAD,
    CommandUsageError,
    FakeDiscord,
    FakeDiscordTimeout,
    kill_client,
    running,
)

if TYPE_CHECKING:
    from tests.discord.conftest import StartBot, World

SECRET = "Order marker 1 on Grimnak"


def png_bytes(width: int, height: int) -> bytes:
    """A valid RGB PNG of the given size (red pixels)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data))
            + kind
            + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
        )

    rows = b"".join(b"\x00" + b"\xff\x00\x00" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


MAP_PNG = png_bytes(3, 2)


@dataclass
class Log:
    """What the throwaway bot observed."""

    events: list[str] = field(default_factory=list)
    dm_failures: list[int] = field(default_factory=list)
    not_found: list[int] = field(default_factory=list)
    clicks: list[int] = field(default_factory=list)
    active: int = 0
    max_active: int = 0
    bot: commands.Bot | None = None


class OrderView(discord.ui.View):
    def __init__(self, log: Log) -> None:
        super().__init__(timeout=None)
        self.log = log

    @discord.ui.button(label="Confirm", custom_id="order:confirm", style=discord.ButtonStyle.success)
    async def confirm(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await interaction.response.edit_message(content=f"Confirmed: {SECRET}", view=None)

    @discord.ui.select(
        custom_id="order:marker",
        placeholder="Which marker?",
        options=[
            discord.SelectOption(label="Marker 1", value="1"),
            discord.SelectOption(label="Decoy", value="x"),
        ],
    )
    async def marker(self, interaction: discord.Interaction, select: discord.ui.Select[Any]) -> None:
        self.log.events.append(f"marker:{select.values[0]}")
        await interaction.response.edit_message(content=f"Marker {select.values[0]} placed", view=self)


class JoinView(discord.ui.View):
    def __init__(self, log: Log) -> None:
        super().__init__(timeout=None)
        self.log = log

    @discord.ui.button(label="Join", custom_id="lobby:join")
    async def join(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        self.log.active += 1
        self.log.max_active = max(self.log.max_active, self.log.active)
        self.log.clicks.append(interaction.user.id)
        await asyncio.sleep(0.05)
        self.log.active -= 1
        await interaction.response.send_message(f"{interaction.user.name} joined", ephemeral=True)

    @discord.ui.button(label="Close", custom_id="lobby:close")
    async def close(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(content="Lobby closed", view=None)


class RollButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"roll:(?P<sides>\d+)"):
    def __init__(self, sides: int) -> None:
        super().__init__(discord.ui.Button(label=f"Roll d{sides}", custom_id=f"roll:{sides}"))
        self.sides = sides

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any
    ) -> RollButton:
        return cls(int(match["sides"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(content=f"rolled a d{self.sides}")


class ArmyModal(discord.ui.Modal, title="Name your army"):
    army: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Army name", custom_id="army", max_length=30)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Army: {self.army.value}", ephemeral=True)


def build_bot(log: Log) -> commands.Bot:
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.default(), guild_ready_timeout=0.05)
    match = app_commands.Group(name="match", description="Heroscape matches")

    @match.command(name="new", description="Start a match")
    @app_commands.choices(
        points=[app_commands.Choice(name="250", value=250), app_commands.Choice(name="500", value=500)]
    )
    async def match_new(
        interaction: discord.Interaction, opponent: discord.Member, points: int, scenario: str | None = None
    ) -> None:
        log.events.append(f"new:{opponent.id}:{points}:{scenario}")
        await interaction.response.send_message(f"{interaction.user.name} vs {opponent.name} at {points}")

    @match_new.autocomplete("scenario")
    async def scenario_choices(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        names = ("Capture the Flag", "Castle Siege", "King of the Hill")
        return [app_commands.Choice(name=n, value=n) for n in names if current.lower() in n.lower()]

    rules = app_commands.Group(name="rules", description="Rules lookups", parent=match)

    @rules.command(name="show", description="Show a rule")
    async def rules_show(interaction: discord.Interaction, rule: str, glyphs: bool = False) -> None:
        await interaction.response.send_message(f"rule {rule} glyphs={glyphs}", ephemeral=True)

    bot.tree.add_command(match)

    @bot.tree.command(name="map", description="Show the battlefield")
    async def map_(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            "The battlefield", file=discord.File(io.BytesIO(MAP_PNG), "map.png")
        )
        original = await interaction.original_response()
        log.events.append(f"original:{original.id}:{original.attachments[0].filename}")

    @bot.tree.command(name="roll", description="Roll slowly")
    async def roll(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.followup.send("You rolled 3 skulls")
        await interaction.followup.send("Second followup", ephemeral=True)

    @bot.tree.command(name="orders", description="Get your order markers by DM")
    async def orders(interaction: discord.Interaction) -> None:
        try:
            await interaction.user.send(f"Your secret: {SECRET}", view=OrderView(log))
        except discord.Forbidden as exc:
            log.dm_failures.append(exc.code)
            await interaction.response.send_message("I cannot DM you; open your DMs.", ephemeral=True)
            return
        await interaction.response.send_message("Check your DMs.", ephemeral=True)

    @bot.tree.command(name="ping", description="Pong")
    async def ping(interaction: discord.Interaction) -> None:
        try:
            await interaction.response.send_message("pong")
        except discord.NotFound as exc:
            log.not_found.append(exc.code)

    @bot.tree.command(name="lobby", description="Open a lobby")
    async def lobby(interaction: discord.Interaction) -> None:
        view = JoinView(log)
        view.add_item(RollButton(6))
        await interaction.response.send_message("Lobby open", view=view)

    @bot.tree.command(name="table", description="Open a battle table in threads")
    async def table(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Battle table")
        starter = await interaction.original_response()
        public = await starter.create_thread(name="Battle 1")
        await public.send("Round 1", file=discord.File(io.BytesIO(MAP_PNG), "round1.png"))
        note = await public.send("draft")
        await note.edit(content="Initiative: alice")
        await (await public.send("scratch")).delete()
        history = [m.content async for m in public.history(limit=10)]
        assert isinstance(interaction.channel, discord.TextChannel)
        private = await interaction.channel.create_thread(name="alice secrets")
        await private.add_user(interaction.user)
        log.events.append(f"threads:{public.id}:{private.type.name}:{'|'.join(history)}")

    @bot.tree.command(name="arena", description="Open a public thread without a starter message")
    async def arena(interaction: discord.Interaction) -> None:
        assert isinstance(interaction.channel, discord.TextChannel)
        try:
            thread = await interaction.channel.create_thread(
                name="Arena", type=discord.ChannelType.public_thread, auto_archive_duration=10080
            )
        except discord.Forbidden as exc:
            log.events.append(f"arena-refused:{exc.code}")
            await interaction.response.send_message("No thread for you", ephemeral=True)
            return
        await thread.send("Round 1")
        log.events.append(
            f"arena:{thread.type.name}:{thread.parent_id}:{thread.auto_archive_duration}:{thread.me is not None}"
        )
        await interaction.response.send_message(f"Match in {thread.mention}")

    @bot.tree.command(name="perms", description="What may the bot do here")
    async def perms(interaction: discord.Interaction) -> None:
        p = interaction.app_permissions
        kind = interaction.channel.type.name if interaction.channel else "?"
        await interaction.response.send_message(
            f"{kind} threads={p.create_public_threads} in_threads={p.send_messages_in_threads}"
        )

    @bot.tree.command(name="shout", description="Post in a channel by id")
    async def shout(interaction: discord.Interaction, channel: str) -> None:
        await interaction.response.send_message("Shouting", ephemeral=True)
        try:
            await bot.get_partial_messageable(int(channel)).send("Hear ye")
            log.events.append("shout:ok")
        except discord.HTTPException as exc:
            log.events.append(f"shout-refused:{exc.code}")

    @bot.tree.command(name="army", description="Name your army")
    async def army(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(ArmyModal())

    async def setup_hook() -> None:
        bot.add_dynamic_items(RollButton)
        await bot.tree.sync()

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    log.bot = bot
    return bot


@pytest.fixture
async def log(start_bot: StartBot) -> Log:
    """A started throwaway bot; its observations."""
    observed = Log()
    await start_bot(build_bot(observed))
    return observed


async def test_slash_reply_carries_the_png(fake: FakeDiscord, world: World, log: Log) -> None:
    record = await fake.slash(world.alice, world.channel, "map")
    reply = await record.wait_reply()

    assert (record.callback_type, reply.content, reply.visibility) == (4, "The battlefield", "public")
    image = reply.attachment("map.png")
    assert (image.data, image.content_type, image.width, image.height) == (MAP_PNG, "image/png", 3, 2)
    await fake.wait_until(lambda: log.events, description="original_response")
    assert log.events == [f"original:{reply.id}:map.png"]
    assert [p.attachments[0].data for p in fake.public_payloads() if p.attachments] == [MAP_PNG]
    names = sorted(c["name"] for c in fake.commands[None].values())
    assert names == ["arena", "army", "lobby", "map", "match", "orders", "perms", "ping", "roll", "shout", "table"]


async def test_subcommand_options_and_autocomplete(fake: FakeDiscord, world: World, log: Log) -> None:
    typed = {"opponent": world.bob, "scenario": "castle"}
    choices = await fake.autocomplete(world.alice, world.channel, "match", "new", typed, focused="scenario")
    assert choices == [{"name": "Castle Siege", "value": "Castle Siege"}]

    options = {"opponent": world.bob, "points": 500, "scenario": "Castle Siege"}
    record = await fake.slash(world.alice, world.channel, "match", subcommand="new", options=options)
    assert (await record.wait_reply()).content == "alice vs bob at 500"
    assert log.events == [f"new:{world.bob.id}:500:Castle Siege"]
    sent = record.payload["data"]["options"][0]
    assert (sent["name"], sent["type"], [o["name"] for o in sent["options"]]) == (
        "new",
        1,
        ["opponent", "points", "scenario"],
    )

    nested = await fake.slash(
        world.bob, world.channel, "match", "rules show", {"rule": "line of sight", "glyphs": True}
    )
    assert (await nested.wait_reply()).content == "rule line of sight glyphs=True"
    group = nested.payload["data"]["options"][0]
    assert (group["type"], group["name"], group["options"][0]["name"]) == (2, "rules", "show")

    with pytest.raises(CommandUsageError, match="needs a subcommand"):
        await fake.slash(world.alice, world.channel, "match", "rules", {})
    with pytest.raises(CommandUsageError, match="not a choice"):
        await fake.slash(world.alice, world.channel, "match", "new", {"opponent": world.bob, "points": 300})
    with pytest.raises(CommandUsageError, match="required option 'opponent'"):
        await fake.slash(world.alice, world.channel, "match", "new", {"points": 250})


async def test_defer_then_followups(fake: FakeDiscord, world: World, log: Log) -> None:
    record = await fake.slash(world.alice, world.channel, "roll")
    first = await record.wait_reply()
    followups = await record.wait_followups(2)

    assert record.callback_type == 5
    assert (first.content, first.loading, first.ephemeral) == ("You rolled 3 skulls", False, False)
    assert followups[0] is first is record.original
    assert (followups[1].content, followups[1].ephemeral, followups[1].viewer_id) == (
        "Second followup",
        True,
        world.alice.id,
    )
    assert [p.visibility for p in fake.payloads() if p.interaction_id == record.id] == ["public", "ephemeral"]


async def test_dm_view_button_and_select_edit_the_dm(fake: FakeDiscord, world: World, log: Log) -> None:
    record = await fake.slash(world.alice, world.channel, "orders")
    answer = await record.wait_reply()
    dm = await fake.wait_for_dm(world.alice)

    assert (answer.content, answer.ephemeral) == ("Check your DMs.", True)
    assert (dm.content, dm.visibility, dm.custom_ids) == (
        f"Your secret: {SECRET}",
        "dm",
        ["order:confirm", "order:marker"],
    )
    with pytest.raises(CommandUsageError, match="cannot see a DM"):
        await fake.click(world.bob, dm, "order:confirm")

    chosen = await fake.select(world.alice, dm, "order:marker", ["1"])
    assert await chosen.wait_reply() is dm
    assert (chosen.callback_type, dm.content, log.events) == (7, "Marker 1 placed", ["marker:1"])

    confirmed = await fake.click(world.alice, dm, "order:confirm")
    await confirmed.wait_reply()
    assert (dm.content, dm.components, len(dm.edits)) == (f"Confirmed: {SECRET}", [], 2)

    assert SECRET not in fake.public_text()
    assert [(p.kind, SECRET in p.text()) for p in fake.payloads("dm")] == [
        ("message_create", True),
        ("message_update", False),
        ("message_update", True),
    ]
    assert [p.kind for p in fake.payloads("ephemeral")] == ["interaction_reply"]


async def test_closed_dms_raise_forbidden_50007(fake: FakeDiscord, world: World, log: Log) -> None:
    fake.close_dms(world.alice)
    record = await fake.slash(world.alice, world.channel, "orders")
    reply = await record.wait_reply()

    assert (reply.content, reply.ephemeral) == ("I cannot DM you; open your DMs.", True)
    assert log.dm_failures == [50007]
    assert fake.dm_messages(world.alice) == []


async def test_expired_interaction_raises_not_found_10062(fake: FakeDiscord, world: World, log: Log) -> None:
    fake.expire_next_interaction()
    record = await fake.slash(world.alice, world.channel, "ping")

    assert await record.wait_rejection(10062) == 10062
    await fake.wait_until(lambda: log.not_found, description="the bot to see NotFound")
    assert (log.not_found, record.acknowledged, record.original) == ([10062], False, None)
    with pytest.raises(FakeDiscordTimeout):
        await record.wait_reply(timeout=0.05)

    again = await fake.slash(world.alice, world.channel, "ping")
    assert (await again) is again and again.callback_type == 4
    assert (await again.wait_reply()).content == "pong"

    fake.callback_deadline = 0.0  # like Discord's 3 s limit, but already over
    late = await fake.slash(world.alice, world.channel, "ping")
    assert await late.wait_rejection() == 10062
    await fake.wait_until(lambda: len(log.not_found) == 2, description="the bot to see the late NotFound")


async def test_second_acknowledgement_is_refused_40060(fake: FakeDiscord, world: World, log: Log) -> None:
    record = await fake.slash(world.alice, world.channel, "ping")
    await record.wait_reply()

    url = f"{fake.api_url}/interactions/{record.id}/{record.token}/callback"
    async with (
        aiohttp.ClientSession() as session,
        session.post(url, json={"type": 4, "data": {"content": "x"}}) as resp,
    ):
        assert (resp.status, resp.headers["Content-Type"]) == (400, "application/json")
        assert (await resp.json())["code"] == 40060
    assert (record.rejections, record.original.content if record.original else None) == ([40060], "pong")


async def test_two_concurrent_clicks_both_arrive(fake: FakeDiscord, world: World, log: Log) -> None:
    lobby = await (await fake.slash(world.alice, world.channel, "lobby")).wait_reply()
    first, second = await asyncio.gather(
        fake.click(world.alice, lobby, "lobby:join"), fake.click(world.bob, lobby, "lobby:join")
    )
    replies = await asyncio.gather(first.wait_reply(), second.wait_reply())

    assert sorted(log.clicks) == sorted([world.alice.id, world.bob.id])
    assert log.max_active == 2
    assert [(r.content, r.viewer_id, r.ephemeral) for r in replies] == [
        ("alice joined", world.alice.id, True),
        ("bob joined", world.bob.id, True),
    ]

    closed = await fake.click(world.bob, lobby, "lobby:close")
    assert await closed.wait_reply() is lobby
    assert (closed.callback_type, lobby.content, lobby.components, lobby.visibility) == (
        6,
        "Lobby closed",
        [],
        "public",
    )


async def test_modal_submit(fake: FakeDiscord, world: World, log: Log) -> None:
    record = await fake.slash(world.alice, world.channel, "army")
    modal = await record.wait_modal()
    assert (modal["title"], modal["custom_id"] == record.modal["custom_id"] if record.modal else None) == (
        "Name your army",
        True,
    )
    with pytest.raises(CommandUsageError, match="required"):
        await fake.submit_modal(world.alice, record, {})

    submitted = await fake.submit_modal(world.alice, record, {"army": "Orcs of Grut"})
    reply = await submitted.wait_reply()
    assert (reply.content, reply.ephemeral) == ("Army: Orcs of Grut", True)


async def test_killed_client_is_replaced_by_a_new_one(
    fake: FakeDiscord, world: World, start_bot: StartBot
) -> None:
    old_log = Log()
    old_task = await start_bot(build_bot(old_log))
    lobby = await (await fake.slash(world.alice, world.channel, "lobby")).wait_reply()
    await kill_client(old_task)

    new_log = Log()
    await start_bot(build_bot(new_log))
    assert fake.gateway.identify_count == 2

    rolled = await fake.click(world.bob, lobby, "roll:6")  # a DynamicItem survives the restart
    assert (await rolled.wait_reply()).content == "rolled a d6"
    assert (await (await fake.slash(world.alice, world.channel, "ping")).wait_reply()).content == "pong"
    assert old_log.events == new_log.events == []


async def test_unknown_routes_are_recorded_and_refused(fake: FakeDiscord, world: World) -> None:
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"{fake.api_url}/guilds/{world.guild.id}/bans") as resp,
    ):
        assert (resp.status, (await resp.json())["code"]) == (404, 0)
    assert [(r.method, r.path) for r in fake.unknown_routes] == [
        ("GET", f"/api/v10/guilds/{world.guild.id}/bans")
    ]
    fake.unknown_routes.clear()


async def test_shutdown_leaves_no_tasks() -> None:
    async with FakeDiscord() as server:
        guild = server.create_guild()
        channel = server.create_channel(guild)
        carol = server.create_user("carol")
        async with running(server, build_bot(Log())):
            assert (await (await server.slash(carol, channel, "ping")).wait_reply()).content == "pong"
    await asyncio.sleep(0)
    leftovers = [t for t in asyncio.all_tasks() if t is not asyncio.current_task() and not t.done()]
    assert leftovers == []


async def test_injected_failure_reaches_the_bot(fake: FakeDiscord, world: World, log: Log) -> None:
    fake.fail_next("POST", r"/channels/\d+/messages$", status=403, code=50013, message="Missing Permissions")
    record = await fake.slash(world.alice, world.channel, "orders")

    assert (await record.wait_reply()).content == "I cannot DM you; open your DMs."
    assert log.dm_failures == [50013]
    assert ("POST", f"/api/v10/channels/{fake.dm_channel(world.alice).id}/messages", 403) in fake.requests  # type: ignore[union-attr]


async def test_reconnect_resumes_the_session(fake: FakeDiscord, world: World, log: Log) -> None:
    session = await fake.wait_ready()
    assert await fake.gateway.request_reconnect() == 1
    await fake.wait_until(
        lambda: fake.gateway.resume_count == 1 and session.conn is not None, description="a RESUME"
    )

    assert (await (await fake.slash(world.alice, world.channel, "ping")).wait_reply()).content == "pong"
    assert (fake.gateway.identify_count, fake.gateway.sessions) == (1, [session])


async def test_threads_history_edits_and_deletes(fake: FakeDiscord, world: World, log: Log) -> None:
    starter = await (await fake.slash(world.alice, world.channel, "table")).wait_reply()
    await fake.wait_until(lambda: log.events, description="the table to be set up")
    public, private = fake.threads(world.channel)

    assert log.events == [f"threads:{starter.id}:private_thread:Initiative: alice|Round 1"]
    assert (public.id, public.name, public.type, private.type) == (starter.id, "Battle 1", 11, 12)
    assert private.thread_members == {fake.bot_user.id, world.alice.id}
    round1, note, scratch = public.messages
    assert (round1.attachment("round1.png").data, note.content, scratch.deleted) == (
        MAP_PNG,
        "Initiative: alice",
        True,
    )
    assert [edit["content"] for edit in note.edits] == ["Initiative: alice"]
    assert [p.kind for p in fake.public_payloads()].count("thread_create") == 2

    in_thread = await fake.slash(world.bob, public, "ping")
    reply = await in_thread.wait_reply()
    assert (reply.channel, reply.content, in_thread.payload["channel"]["parent_id"]) == (
        public,
        "pong",
        str(world.channel.id),
    )


async def test_public_thread_without_a_starter_message(fake: FakeDiscord, world: World, log: Log) -> None:
    reply = await (await fake.slash(world.alice, world.channel, "arena")).wait_reply()
    [thread] = fake.threads(world.channel)

    assert (thread.type, thread.name, thread.parent_id, thread.owner_id, thread.auto_archive_duration) == (
        PUBLIC_THREAD,
        "Arena",
        world.channel.id,
        fake.bot_user.id,
        10080,
    )
    assert (reply.channel, reply.content) == (world.channel, f"Match in <#{thread.id}>")
    assert [m.content for m in thread.history()] == ["Round 1"]
    assert log.events == [f"arena:public_thread:{world.channel.id}:10080:True"]
    assert log.bot is not None
    cached = await fake.wait_until(lambda: log.bot and log.bot.get_channel(thread.id), description="THREAD_CREATE")
    assert isinstance(cached, discord.Thread) and cached.parent_id == world.channel.id

    in_thread = await fake.slash(world.bob, thread, "perms")
    assert (await in_thread.wait_reply()).content == "public_thread threads=True in_threads=True"
    channel = in_thread.payload["channel"]
    assert (channel["type"], channel["parent_id"], channel["thread_metadata"]["archived"]) == (
        11,
        str(world.channel.id),
        False,
    )


async def test_thread_creation_without_permission_is_refused_50013(
    fake: FakeDiscord, world: World, log: Log
) -> None:
    fake.deny_bot_permissions(world.channel, CREATE_PUBLIC_THREADS)
    perms = await (await fake.slash(world.alice, world.channel, "perms")).wait_reply()
    assert perms.content == "text threads=False in_threads=True"

    refused = await (await fake.slash(world.alice, world.channel, "arena")).wait_reply()
    assert (refused.ephemeral, log.events, fake.threads()) == (True, ["arena-refused:50013"], [])
    assert ("POST", f"/api/v10/channels/{world.channel.id}/threads", 403) in fake.requests

    fake.allow_bot_permissions(world.channel, CREATE_PUBLIC_THREADS)
    await (await fake.slash(world.alice, world.channel, "arena")).wait_reply()
    assert len(fake.threads(world.channel)) == 1


async def test_posting_reopens_an_archived_thread_unless_locked(fake: FakeDiscord, world: World, log: Log) -> None:
    thread = fake.create_thread(world.channel, "Old battle", owner=world.alice)
    assert (thread.owner_id, thread.thread_members) == (world.alice.id, {world.alice.id})
    bot = log.bot
    assert bot is not None
    await fake.wait_until(lambda: bot.get_channel(thread.id), description="the bot to hear THREAD_CREATE")

    fake.archive_thread(thread)
    await fake.wait_until(lambda: bot.get_channel(thread.id) is None, description="the archived thread to go")
    await (await fake.slash(world.alice, world.channel, "shout", options={"channel": str(thread.id)})).wait_reply()
    await fake.wait_until(lambda: log.events, description="the shout")
    assert (log.events, thread.archived, [m.content for m in thread.history()]) == (
        ["shout:ok"],
        False,
        ["Hear ye"],
    )
    reopened = await fake.wait_until(lambda: bot.get_channel(thread.id), description="THREAD_UPDATE")
    assert isinstance(reopened, discord.Thread) and not reopened.archived

    fake.archive_thread(thread, locked=True)
    await (await fake.slash(world.alice, world.channel, "shout", options={"channel": str(thread.id)})).wait_reply()
    await fake.wait_until(lambda: len(log.events) == 2, description="the second shout")
    assert (log.events[1], thread.archived, len(thread.history())) == ("shout-refused:50083", True, 1)
