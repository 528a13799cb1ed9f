"""Test helpers: two players at an Onslaught match on the fake Discord, acting only through slash
commands, DMs, menus and buttons. The state is read to decide what to do (the simple policy of
:mod:`bot.onslaught.playout` picks a command), never changed except through Discord."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from bot_table import Table

from bot.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser
from bot.games.onslaught.discord.texts import answer_label
from bot.games.onslaught.match import OnslaughtMatch
from bot.onslaught.legal import legal_commands
from bot.onslaught.playout import MAX_COMMANDS_PER_ACTIVATION, simple

LANTERN = "Lantern Company (invented)"
THORN = "Thorn Circle (invented)"


@dataclass
class OsTable(Table):
    """Players at one channel of the fake, and the bot that referees their Onslaught match (the
    slash command, click and settle plumbing is :class:`bot_table.Table`'s)."""

    seen: set[str] = field(default_factory=set)
    acted: int = 0
    rng: random.Random = field(default_factory=lambda: random.Random(5))
    bot_task: Any = None

    @property
    def game(self) -> OnslaughtMatch:
        game = self.live.game
        assert isinstance(game, OnslaughtMatch)
        return game

    def seen_by(self, user: FakeUser) -> list[FakeMessage]:
        """Every message ``user`` can see: the channel's public ones, their ephemeral ones, their DMs."""
        here = [m for m in self.channel.history(include_ephemeral=True) if not m.ephemeral or m.viewer_id == user.id]
        return here + self.fake.dm_messages(user)

    def newest_with(self, user: FakeUser, prefix: str) -> FakeMessage | None:
        found = [m for m in self.seen_by(user) if any(c.startswith(prefix) for c in m.custom_ids)]
        return max(found, key=lambda m: m.id) if found else None

    # --- the secret initiative assignment ---------------------------------------------------

    def controls(self, user: FakeUser) -> list[FakeMessage]:
        """The newest secret controls of ``user`` for this round (one message per group of menus)."""
        r = self.game.round
        prefix = f"sa:pick:{self.live.match_id}:initiative:{r}:"
        by_slot: dict[str, FakeMessage] = {}
        for m in sorted(self.seen_by(user), key=lambda m: m.id):
            for cid in m.custom_ids:
                if cid.startswith(prefix):
                    by_slot[cid] = m
        return sorted({m.id: m for m in by_slot.values()}.values(), key=lambda m: m.id)

    async def assign(self, user: FakeUser) -> None:
        """Pick a different card for every character in the controls, then Lock in."""
        r = self.game.round
        msgs = self.controls(user)
        if not msgs:  # closed DMs, and not the one who opened the round: the public message's button
            public = self.newest_with(user, f"sa:open:{self.live.match_id}:initiative:{r}")
            assert public is not None, f"no initiative controls for {user.name}: {self.log[-5:]}"
            await self.click(user, public, f"sa:open:{self.live.match_id}:initiative:{r}")
            msgs = self.controls(user)
        assert msgs, f"no initiative controls for {user.name}: {self.log[-5:]}"
        prefix = f"sa:pick:{self.live.match_id}:initiative:{r}:"
        slots = sorted((cid for m in msgs for cid in m.custom_ids if cid.startswith(prefix)), key=lambda c: int(c.rsplit(":", 1)[1]))
        values = [o["value"] for o in msgs[0].find_component(slots[0])["options"]]  # type: ignore[index]
        for i, cid in enumerate(slots):
            msg = next(m for m in msgs if cid in m.custom_ids)
            self.steps += 1
            record = await self.fake.select(user, self.fake.messages[msg.id], cid, [values[i]])
            await record.wait_ack()
            await self.settle()
        last = self.fake.messages[msgs[-1].id]
        await self.click(user, last, f"sa:lock:{self.live.match_id}:initiative:{r}")

    # --- one step of play -------------------------------------------------------------------

    def choose(self) -> tuple[FakeUser, str]:
        """Whose input the match waits for and the command the simple policy would send."""
        game = self.game
        waits = game.waiting()
        assert waits, "nobody is waited for"
        pid = waits[0].player
        side = game.side_of(pid)
        assert side is not None
        legal = legal_commands(game.match.game, side)
        assert legal, f"no legal command for {side}"
        if game.state.activation is not None and not game.state.pending:
            self.acted += 1
        else:
            self.acted = 0
        if self.acted > MAX_COMMANDS_PER_ACTIVATION and "end" in legal:
            return self.user(pid), "end"
        text = simple(game.match, side, legal, self.rng)
        basic = [c for c in legal if c.startswith("attack ")]
        if text.startswith("use ") and basic and self.rng.random() < 0.5:
            text = basic[0]  # the basic attack too, with its preview and Roll button
        return self.user(pid), text

    async def step(self) -> str:
        """Send one command through Discord for whoever is waited on; the command's text."""
        user, text = self.choose()
        words = text.split()
        verb = words[0]
        self.seen.add(verb)
        if verb == "assign":
            await self.assign(user)
        elif verb == "activate":
            await self.reply(user, "act")
        elif verb == "end":
            await self.reply(user, "act", step="end")
        elif verb == "move":
            await self.reply(user, "move", figure=words[1], to=words[2])
        elif verb == "attack":
            options = {"attacker": words[1], "target": words[2], **({"kind": words[3]} if len(words) > 3 else {})}
            preview = await self.reply(user, "attack", **options)
            assert preview.ephemeral and "to hit" in preview.content, preview.content
            roll = next(c for c in preview.custom_ids if c.startswith("os:roll:"))
            await (await self.click(user, preview, roll)).wait_reply()
        elif verb == "use":
            answer = await self.reply(user, "ability", name=words[2], **({"target": words[3]} if len(words) > 3 else {}))
            roll = next((c for c in answer.custom_ids if c.startswith("os:use:")), None)
            if roll is not None:  # an attack ability: its preview, then the Roll button
                assert answer.ephemeral and ("to hit" in answer.content or "nobody" in answer.content), answer.content
                await (await self.click(user, answer, roll)).wait_reply()
        elif verb == "loot":
            await self.reply(user, "loot", **({"chest": words[2]} if len(words) > 2 else {}))
        elif verb in ("equip", "unequip", "give", "pickup"):
            await self.reply(user, "item", what=" ".join([verb, *words[2:]]))
        elif verb == "door":
            await self.reply(user, "door", door=" ".join(words[2:]))
        else:  # a decision: its button
            await self.answer(user, text)
        return text

    async def answer(self, user: FakeUser, text: str) -> None:
        """Press the button answering the pending decision with ``text``."""
        label = answer_label(self.game, text)
        prefix = f"os:dec:{self.live.match_id}:{self.live.version}:"
        msg = self.newest_with(user, prefix)
        if msg is None:  # lost (e.g. after a restart): /match status gives the buttons again
            await self.send(user, "match", "status")
            msg = self.newest_with(user, prefix)
        assert msg is not None, f"no decision buttons for {user.name}: {text}"
        button = next(c for c in _buttons(msg) if c.get("custom_id", "").startswith(prefix) and c.get("label") == label)
        await self.click(user, msg, button["custom_id"])


async def run_in(fake: FakeDiscord, bot: Any, user: FakeUser, channel: FakeChannel, command: str,
                 sub: str | None = None, /, **options: Any) -> FakeMessage:
    """Run a slash command in any channel, wait until the bot is idle; its first visible answer."""
    record = await fake.slash(user, channel, command, sub, options)
    await record.wait_ack()
    await fake.wait_until(lambda: bot.inflight == 0, description="the bot to be idle")
    return await record.wait_reply()


def _buttons(msg: FakeMessage) -> list[dict[str, Any]]:
    from bot.fakediscord.models import walk_components

    return [c for c in walk_components(msg.components) if c.get("type") == 2]


async def assigned_table(fake: FakeDiscord, world: Any, start_bot: Any, tmp_path: Any, *, clock: Any = None,
                         **new: Any) -> OsTable:
    """The real bot (seed 3, no pictures) and a started Onslaught match in ``world.channel``: Alice's
    party the Lantern Company (``new``: more ``/match new`` options), Bob joined, both players'
    initiative cards assigned, so the first activation is waited for."""
    from bot_table import make_bot

    bot = make_bot(fake, tmp_path / "db.sqlite", world.guild.id, seed=3, render=None, clock=clock)
    await start_bot(bot)
    table = OsTable(fake, bot, world.channel, [world.alice, world.bob])
    await table.reply(world.alice, "match", "new", game="onslaught", **{"party": LANTERN, **new})
    await table.reply(world.bob, "match", "join")
    await table.reply(world.alice, "match", "start")
    for user in (world.alice, world.bob):
        await table.assign(user)
    return table


async def activated(table: OsTable) -> tuple[str, FakeUser, Any]:
    """``/act`` by the player waited for: their seat id, their user and the character now activating."""
    pid = table.game.waiting()[0].player
    user = table.user(pid)
    await table.reply(user, "act")
    st = table.game.state
    assert st.activation is not None
    return pid, user, st.minis[st.activation.mini]
