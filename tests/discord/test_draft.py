"""A drafting match through the fake Discord (DEC-13): two players take Army Cards one at a time.

Alice creates the match with ``draft``, Bob joins, ``/match start`` opens the draft (the d20 decides
who picks first); each pick is ``/army draft`` with autocomplete offering only the cards that still
fit, ``/army pass`` stops picking; the public message after each pick mentions the next drafter;
picks out of turn, ``/army set`` and a late ``/match join`` are refused privately; ``/army show``
lists the picks; a second ``/match start`` begins placement, and the match goes on as usual.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot_table import Table, make_bot

from bot.fakediscord import FakeDiscord, FakeUser
from bot.game.session import GameSession
from bot.rules.state import Phase

if TYPE_CHECKING:
    from pathlib import Path

    from conftest import StartBot, World


async def offered(table: Table, user: FakeUser, typed: str) -> list[dict[str, str]]:
    """The choices ``/army draft card:`` autocomplete gives ``user`` for ``typed``."""
    return await table.fake.autocomplete(user, table.channel, "army", "draft", {"card": typed}, focused="card")


async def test_a_drafted_match(fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    bot = make_bot(fake, tmp_path / "db.sqlite", world.guild.id, seed=4)
    await start_bot(bot)
    table = Table(fake, bot, world.channel, [world.alice, world.bob])
    alice, bob = world.alice, world.bob

    new = await table.reply(alice, "match", "new", points=300, draft=True)
    assert not new.ephemeral and "300 points" in new.content and "`/army draft`" in new.content
    assert table.state.scenario.format.draft
    await table.reply(bob, "match", "join")
    assert await offered(table, alice, "") == []  # nothing to pick before the draft opens

    early = await table.reply(alice, "army", "set", cards="Finn; Syvarris")
    assert early.ephemeral and "drafts its armies one Army Card at a time" in early.content
    assert "Use `/army draft` or `/army pass`." in early.content and not table.state.cards

    # /match start opens the draft: the d20 rolls, the order and a mention of the first drafter.
    opened = await table.reply(alice, "match", "start")
    d = table.state.draft
    assert d is not None and d.next is not None and table.state.phase is Phase.SETUP
    first = table.user(d.next)
    second = bob if first is alice else alice
    assert "The draft begins. d20 for the first pick:" in opened.content and not opened.ephemeral
    assert f"➡ <@{first.id}>: your pick (`/army draft`, or `/army pass`)." in opened.content

    carol = fake.create_user("carol")
    late = await table.reply(carol, "match", "join")
    assert late.ephemeral and "the table is closed" in late.content
    assert len(table.state.players) == 2

    # Autocomplete offers only cards that fit, with their points; incomplete cards never.
    choices = await offered(table, first, "")
    names = [c["name"] for c in choices]
    assert len(choices) == 25 and all(" pts)" in n for n in names)
    assert names[0] == "Isamu (10 pts)"  # cheapest first (the whole library: Isamu of Jandar's Oath)
    assert not any(n.startswith("Duke") for n in names)
    xen = await offered(table, first, "xeni")
    assert xen == [{"name": "Xenithrax the Vineweaver (200 pts)", "value": "Xenithrax"}]

    # A pick out of turn is refused privately, naming whose pick it is; nothing changes.
    version = table.live.version
    wrong = await table.reply(second, "army", "draft", card="Finn")
    assert wrong.ephemeral and f"It is {first.name}'s pick" in wrong.content
    assert table.live.version == version and not table.state.draft.picks  # type: ignore[union-attr]

    picked = await table.reply(first, "army", "draft", card="Xenithrax")
    assert not picked.ephemeral
    assert f"{first.name} drafts Xenithrax the Vineweaver (200 points): army 200 points, 1 figure; 100 points left." \
        in picked.content
    assert f"➡ <@{second.id}>: your pick" in picked.content
    assert await offered(table, first, "xeni") == []  # no longer fits: 100 points left, and Unique
    assert [c["name"] for c in await offered(table, first, "syv")] == ["Syvarris (100 pts)"]

    unknown = await table.reply(second, "army", "draft", card="Nobody At All")
    assert unknown.ephemeral and "Nobody At All" in unknown.content

    picked = await table.reply(second, "army", "draft", card="Grimnak")
    assert f"{second.name} drafts Grimnak (120 points)" in picked.content
    assert f"➡ <@{first.id}>: your pick" in picked.content

    shown = await table.reply(second, "army", "show")
    assert shown.ephemeral
    assert f"Picks: 1. {first.name}: Xenithrax (200); 2. {second.name}: Grimnak (120)." in shown.content
    assert f"Now: {first.name}'s pick, 100 points left" in shown.content

    picked = await table.reply(first, "army", "draft", card="Syvarris")  # 300 points: nothing more fits
    assert f"No Army Card fits {first.name}'s army any more: {first.name} is out of the draft." in picked.content
    assert f"➡ <@{second.id}>: your pick" in picked.content
    finn = await table.reply(second, "army", "draft", card="Finn")
    assert f"{second.name} drafts Finn the Viking Champion (80 points)" in finn.content
    passed = await table.reply(second, "army", "pass")
    assert f"{second.name} passes and is out of the draft." in passed.content
    assert "The draft is over:" in passed.content and "➡" not in passed.content
    assert table.state.draft is not None and table.state.draft.over

    after = await table.reply(second, "army", "draft", card="Kita")
    assert after.ephemeral and "The draft is over" in after.content

    status = await table.reply(bob, "match", "status")
    assert "The draft is over; the creator begins placement with `/match start`." in status.content

    # The match goes on as after /army set: placement, then Order Markers.
    await table.reply(alice, "match", "start")
    assert table.state.phase is Phase.PLACEMENT
    for u in (alice, bob):
        await table.reply(u, "place", "rest")
    assert table.state.phase is Phase.ORDERS
    armies = {table.live.session.name(p.id): sorted(c.card.short for c in table.state.cards.values()
                                                    if c.owner == p.id) for p in table.state.players}
    assert armies == {first.name: ["Syvarris", "Xenithrax"], second.name: ["Finn", "Grimnak"]}
    # The stored record (seed, format with its draft setting, log) replays to the same position.
    stored = await bot.storage.load_match(table.live.match_id)
    assert stored is not None and [t for _p, t in stored.log].count("draft pass") == 1
    again = GameSession.from_record(stored.record())
    assert again.match.state_json() == table.live.session.match.state_json()
