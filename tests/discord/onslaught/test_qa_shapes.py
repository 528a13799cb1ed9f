"""QA of Onslaught on Discord (notes/qa-ddod-findings.md F1): the slash commands Heroscape and
Onslaught share (``/move``, ``/attack``) keep Heroscape's exact shape on Discord, Onslaught playing
through the same options; and the fake Discord refuses what Discord refuses (a required option after
an optional one)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

pytest.importorskip("bot.discord.face")

from bot_table import make_bot  # noqa: E402
from os_table import activated, assigned_table  # noqa: E402

from bot.fakediscord.validate import check_commands  # noqa: E402
from bot.games.heroscape.discord.cogs import play  # noqa: E402

if TYPE_CHECKING:
    from pathlib import Path

    from conftest import StartBot, World

    from bot.fakediscord import FakeDiscord


def _shape(fake: FakeDiscord, name: str, guild_id: int) -> list[tuple[str, bool]]:
    """The registered command's options as ``(name, required)``, in order."""
    registered: dict[str, Any] | None = fake.find_command(name, guild_id)
    assert registered is not None, name
    return [(o["name"], bool(o.get("required"))) for o in registered["options"]]


async def test_move_and_attack_keep_heroscapes_options_in_order_and_required(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    bot = make_bot(fake, tmp_path / "db.sqlite", world.guild.id, seed=3, render=None)
    await start_bot(bot)
    for name, heroscape in (("move", play.move), ("attack", play.attack)):
        own = [(p.name, p.required) for p in heroscape._params.values()]
        shape = _shape(fake, name, world.guild.id)
        # Heroscape's options first, exactly (names, order, required), then the other games' optional ones.
        assert shape[:len(own)] == own, (name, shape)
        assert not any(required for _, required in shape[len(own):]), shape
    assert _shape(fake, "move", world.guild.id)[:2] == [("figure", True), ("to", True)]
    assert _shape(fake, "attack", world.guild.id)[:2] == [("attacker", True), ("target", True)]


def test_the_fake_refuses_a_required_option_after_an_optional_one() -> None:
    command = {"name": "move", "description": "Move", "type": 1, "options": [
        {"type": 3, "name": "to", "description": "where", "required": False},
        {"type": 3, "name": "figure", "description": "who", "required": True}]}
    errors = check_commands([command])
    assert errors is not None and "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID" in str(errors)


async def test_onslaught_moves_and_attacks_through_heroscapes_options(
        fake: FakeDiscord, world: World, start_bot: StartBot, tmp_path: Path) -> None:
    table = await assigned_table(fake, world, start_bot, tmp_path)
    pid, user, active = await activated(table)
    mini = active.name
    offered = await fake.autocomplete(user, world.channel, "move", options={"figure": ""}, focused="figure")
    assert [c["value"] for c in offered] == [mini]  # the active character alone
    dest = next(t.split()[2] for t in table.game.legal(pid) if t.startswith("move "))
    await table.reply(user, "move", figure=mini, to=dest)
    from bot.onslaught.grid import name as square_name

    assert square_name(table.game.state.minis[mini].square) == dest
