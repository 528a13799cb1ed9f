"""QA of Onslaught on Discord (notes/qa-ddod-findings.md F2): an ability aimed at a miniature is
offered only on miniatures, and one typed at an empty square is refused privately, changing nothing
(it used to fall on its user: Grell taunted himself)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

pytest.importorskip("bot.discord.face")

from bot_table import make_bot  # noqa: E402
from os_table import LANTERN, OsTable, activated, assigned_table  # noqa: E402

from bot.onslaught.aim import on_target  # noqa: E402
from bot.onslaught.grid import name as square_name  # noqa: E402

if TYPE_CHECKING:
    from pathlib import Path

    from conftest import StartBot, World

    from bot.fakediscord import FakeDiscord


async def test_an_ability_on_a_miniature_is_offered_on_miniatures_and_refused_on_an_empty_square(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    # rule: DDO-HEAL-01 (targets chosen in range), DDO-RANGE-02 (only range 0 reaches the user)
    table = await assigned_table(fake, world, start_bot, tmp_path)
    pid, user, mini = await activated(table)
    st = table.game.state
    aimed = [a for a in st.abilities(mini) if not a.attack and on_target(a) and a.name in
             [w.replace("-", " ") for w in (t.split()[2] for t in table.game.legal(pid) if t.startswith("use "))]]
    assert aimed, [a.name for a in st.abilities(mini)]
    ability = aimed[0]
    offered = await fake.autocomplete(user, world.channel, "ability", options={"name": ability.name, "target": ""},
                                      focused="target")
    values = [c["value"] for c in offered]
    assert values, f"nothing offered for {ability.name}"
    names = {m.name for m in st.living()}
    for value in values:  # a miniature, named or by the square it stands on; never an empty square
        assert value in names or any(square_name(s) == value for m in st.living() for s in m.squares), value
    empty = next(square_name((x, y)) for y in range(st.map.height) for x in range(st.map.width)
                 if st.at((x, y)) is None and not st.blocking((x, y)))
    version, conditions, hp = table.live.version, set(mini.conditions), mini.hp
    answer = await table.reply(user, "ability", name=ability.name, target=empty)
    assert answer.ephemeral and "empty square" in answer.content and ability.name in answer.content, answer.content
    assert table.live.version == version and set(mini.conditions) == conditions and mini.hp == hp


async def test_act_names_each_basic_attack_by_the_kind_the_engine_makes(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    # rule: DDO-ATTACK-03 DDO-ATTACK-04 (melee needs an adjacent target and a melee basic attack)
    import re

    from bot.onslaught.grid import distance

    table = await assigned_table(fake, world, start_bot, tmp_path)
    for _ in range(120):  # play on until an activation can attack
        waits = table.game.waiting()
        pid = waits[0].player if waits else ""
        if table.game.state.activation is not None and not table.game.state.pending and any(
                t.startswith("attack ") for t in table.game.legal(pid)):
            break
        await table.step()
    user = table.user(pid)
    shown = await table.reply(user, "act")
    line = next((x for x in shown.content.splitlines() if x.startswith("• Attack")), shown.content)
    entries = line.split(": ", 1)[1].split(", ")
    st = table.game.state
    m = st.minis[st.activation.mini]  # type: ignore[union-attr]
    for entry in entries:
        found = re.fullmatch(r"(\S+) \((melee|ranged)\)", entry)
        assert found, f"{entry!r} does not say which attack it is: {line}"
        target, kind = found.groups()
        if kind == "melee":
            assert st.character_card(m).melee is not None and distance(m.square, st.minis[target].square) <= 1, entry
    assert len(entries) == len(set(entries)), line
    offered = await fake.autocomplete(user, world.channel, "attack", options={"attacker": m.name, "target": ""},
                                      focused="target")
    assert all(re.fullmatch(r"\S+ \((melee|ranged|melee or ranged)\)", c["name"]) for c in offered), offered


async def test_heroscapes_commands_in_an_onslaught_channel_do_nothing_and_say_so(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    """QA F5 and F9: ``/use`` (Heroscape's glyphs) used an Onslaught ability; ``/army set`` and
    ``/end-turn`` answered with the console's command words."""
    table = await assigned_table(fake, world, start_bot, tmp_path)
    pid, user, mini = await activated(table)
    st = table.game.state
    ability = next(a.name for a in st.abilities(mini) if a.cooldown is not None)
    version, dials = table.live.version, dict(mini.dials)
    used = await table.reply(user, "use", figure=mini.name, glyph=ability)
    assert used.ephemeral and "belongs to Heroscape matches, so nothing was done" in used.content, used.content
    assert "`/ability`" in used.content, used.content
    for command, sub, options in (("army", "set", {"cards": "Kita"}), ("end-turn", None, {})):
        answer = await table.reply(user, command, sub, **options)
        assert answer.ephemeral and "belongs to Heroscape matches" in answer.content, answer.content
        assert "assign, " not in answer.content, answer.content
    assert table.live.version == version and mini.dials == dials


async def test_an_attack_ability_shows_its_chance_to_hit_and_rolls_only_on_the_button(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    """QA F8: ``/ability`` rolled an attack ability at once, with no chance to hit shown first."""
    table = await assigned_table(fake, world, start_bot, tmp_path)
    command = ""
    for _ in range(150):  # play on until an attack ability can be used
        waits = table.game.waiting()
        pid = waits[0].player if waits else ""
        st = table.game.state
        if st.activation is not None and not st.pending:
            m = st.minis[st.activation.mini]
            command = next((t for t in table.game.legal(pid) if t.startswith("use ") and len(t.split()) > 3
                            and (a := st.ability(m, t.split()[2].replace("-", " "))) is not None and a.attack), "")
            if command:
                break
        await table.step()
    assert command, "no attack ability came up"
    words = command.split()
    user = table.user(pid)
    version = table.live.version
    preview = await table.reply(user, "ability", name=words[2].replace("-", " "), target=words[3])
    assert preview.ephemeral and "to hit" in preview.content, preview.content
    assert table.live.version == version  # nothing rolled yet
    roll = next(c for c in preview.custom_ids if c.startswith("os:use:"))
    await (await table.click(user, preview, roll)).wait_reply()
    assert table.live.version > version
    mini = table.game.state.minis[words[1]]
    ability = table.game.state.ability(mini, words[2].replace("-", " "))
    assert ability is not None and (ability.cooldown is None or mini.dials[ability.name] != "ready"), mini.dials


async def test_joining_a_started_match_says_so_without_a_user_id(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    """QA F14: ``/match join`` on a started match answered "'1577...' has no seat in this match"."""
    bot = make_bot(fake, tmp_path / "db.sqlite", world.guild.id, seed=3, render=None)
    await start_bot(bot)
    table = OsTable(fake, bot, world.channel, [world.alice, world.bob])
    await table.reply(world.alice, "match", "new", game="onslaught", party=LANTERN)
    await table.reply(world.bob, "match", "join")
    await table.reply(world.alice, "match", "start")
    carol = fake.create_user("carol")
    answer = await table.reply(carol, "match", "join")
    assert answer.ephemeral and "has started" in answer.content and "watch" in answer.content, answer.content
    assert str(carol.id) not in answer.content


async def test_a_bad_square_is_said_once_and_one_off_the_map_is_named_so(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    """QA F18: "'J0' is not a square: 'J0' is not a square; ... Write it like C4." (twice), and a square
    off the map read "cannot reach K1 with 6 move points"."""
    table = await assigned_table(fake, world, start_bot, tmp_path)
    _, user, mini = await activated(table)
    version = table.live.version
    bad = await table.reply(user, "move", figure=mini.name, to="J0")
    assert bad.ephemeral and bad.content.count("is not a square") == 1 and "like C4" in bad.content, bad.content
    grid = table.game.state.map
    off = f"{chr(ord('A') + grid.width)}1"
    answer = await table.reply(user, "move", figure=mini.name, to=off)
    assert answer.ephemeral and "off the map" in answer.content and f"{chr(ord('A') + grid.width - 1)}{grid.height}" \
        in answer.content, answer.content
    assert table.live.version == version


async def test_act_that_reveals_the_card_lists_the_options_too(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    """QA F18: the ``/act`` that revealed the card did not list the character's options."""
    table = await assigned_table(fake, world, start_bot, tmp_path)
    pid, user, mini = await activated(table)
    mine = [m for m in world.channel.history(include_ephemeral=True) if m.ephemeral and m.viewer_id == user.id]
    assert any(m.content.startswith(f"**{mini.name}** at ") and "Actions left" in m.content for m in mine), \
        [m.content[:80] for m in mine]
