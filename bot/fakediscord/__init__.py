"""A fake Discord on 127.0.0.1 that the real discord.py 2.7 client talks to, for tests and benchmarks.

>>> from bot.fakediscord import FakeDiscord, running
>>> async def example(bot):                                    # doctest: +SKIP
...     async with FakeDiscord() as fake:                      # start + patch discord.py
...         guild = fake.create_guild()
...         channel = fake.create_channel(guild, "battles")
...         alice = fake.create_user("alice")
...         async with running(fake, bot):
...             reply = await (await fake.slash(alice, channel, "ping")).wait_reply()

See ``server.FakeDiscord`` for the driver API and ``records`` for what is recorded. Threads: the bot
opens them through the REST routes; a test opens one as a user with ``fake.create_thread``, archives
it with ``fake.archive_thread`` and takes permissions from the bot with ``fake.deny_bot_permissions``
(e.g. ``CREATE_PUBLIC_THREADS``: the route then answers ``403 {"code": 50013}``).

The fake behaves like Discord where a bot can get it wrong - the 3-second deadline (on by default),
rate limits, permissions, ``allowed_mentions``, size limits, gateway close codes, interactions with
no bot connected: ``NOTES.md`` beside this file lists what it knows.
"""

from .models import (
    PRIVATE_THREAD,
    PUBLIC_THREAD,
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
from .records import (
    DidNotRespond,
    FakeDiscordTimeout,
    InteractionRecord,
    SentPayload,
    UnknownRoute,
    payload_text,
)
from .runner import TOKEN, kill_client, running, start_client, stop_client
from .server import FakeDiscord
from .util import (
    ATTACH_FILES,
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
    EMBED_LINKS,
    MENTION_EVERYONE,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
)

__all__ = [
    "ATTACH_FILES",
    "EMBED_LINKS",
    "MENTION_EVERYONE",
    "VIEW_CHANNEL",
    "CREATE_PRIVATE_THREADS",
    "CREATE_PUBLIC_THREADS",
    "PRIVATE_THREAD",
    "PUBLIC_THREAD",
    "SEND_MESSAGES",
    "SEND_MESSAGES_IN_THREADS",
    "TOKEN",
    "CommandUsageError",
    "FakeAttachment",
    "FakeChannel",
    "FakeDiscord",
    "DidNotRespond",
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
