"""The sandbox's server: one guild with a few channels, four players and two roles, built in the
fake Discord. Alice owns the server (so she has every permission, Manage Server included, and can
create leagues); the ``Moderators`` role carries Manage Server too (nobody holds it at first);
Bob holds ``League organisers``, a role without permissions that a league names in
``organiser_role``; Carol and Dave are plain members, refused what only organisers may do."""

from __future__ import annotations

from dataclasses import dataclass

from bot import games
from bot.fakediscord import FakeChannel, FakeDiscord, FakeGuild, FakeUser
from bot.fakediscord.models import FakeRole

#: The players of the sandbox server (user name, display name); one person can play every seat.
PLAYERS = (("alice", "Alice"), ("bob", "Bob"), ("carol", "Carol"), ("dave", "Dave"))
#: Its text channels, in order; matches are played in ``battles`` (or in threads opened from it).
CHANNELS = ("general", "battles", "tavern")
#: Discord's Manage Server permission bit.
MANAGE_GUILD = 1 << 5
#: The server's roles: name, permission bits, and the user names who hold it.
ROLES = (("Moderators", MANAGE_GUILD, ()), ("League organisers", 0, ("bob",)))


@dataclass(frozen=True)
class SandboxWorld:
    """What :func:`build_world` made: the guild, its channels by name, the players in order and the
    roles by name."""

    guild: FakeGuild
    channels: dict[str, FakeChannel]
    players: list[FakeUser]
    roles: dict[str, FakeRole]


def build_world(fake: FakeDiscord, *, name: str | None = None) -> SandboxWorld:
    """Create the guild ``name`` (default: the default game's title and "Sandbox"), owned by the first of :data:`PLAYERS`, with the :data:`CHANNELS`,
    the :data:`PLAYERS` and the :data:`ROLES` in ``fake`` (before the bot connects, so its READY
    carries them)."""
    users = [fake.create_user(user, global_name=display, guilds=[]) for user, display in PLAYERS]
    guild = fake.create_guild(name or f"{games.get(games.DEFAULT).title} Sandbox", owner=users[0])
    guild.role_permissions = True  # plain members lack Manage Server here, as on Discord
    channels = {c: fake.create_channel(guild, c) for c in CHANNELS}
    roles = {r: fake.create_role(guild, r, perms) for r, perms, _ in ROLES}
    for user in users:
        held = [roles[r] for r, _, who in ROLES if user.name in who]
        fake.add_member(guild, user, roles=held)
    return SandboxWorld(guild, channels, users, roles)
