"""A fake Discord on 127.0.0.1 that the real discord.py 2.7 client talks to, for tests and benchmarks.

>>> from bot.fakediscord import FakeDiscord, running
>>> async def example(bot):                                    # doctest: +SKIP
...     async with FakeDiscord() as fake:                      # start + patch discord.py
...         guild = fake.create_guild()
...         channel = fake.create_channel(guild, "battles")
...         alice = fake.create_user("alice")
...         async with running(fake, bot):
...             reply = await (await fake.slash(alice, channel, "ping")).wait_reply()

See ``server.FakeDiscord`` for the driver API and ``records`` for what is recorded.
"""

from .models import (
    FakeAttachment,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
    Visibility,
)
from .options import CommandUsageError
from .records import FakeDiscordTimeout, InteractionRecord, SentPayload, UnknownRoute, payload_text
from .runner import TOKEN, kill_client, running, start_client, stop_client
from .server import FakeDiscord

__all__ = [
    "TOKEN",
    "CommandUsageError",
    "FakeAttachment",
    "FakeChannel",
    "FakeDiscord",
    "FakeDiscordTimeout",
    "FakeGuild",
    "FakeMember",
    "FakeMessage",
    "FakeRole",
    "FakeUser",
    "InteractionRecord",
    "SentPayload",
    "UnknownRoute",
    "Visibility",
    "kill_client",
    "payload_text",
    "running",
    "start_client",
    "stop_client",
]
