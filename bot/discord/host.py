"""What the adapter's modules may use of the running bot: :class:`Host`.

:class:`~bot.discord.client.RefereeBot` is the one implementation; every other module of
``bot.discord`` (actions, publishing, secret-pick controls, responders, the catch-up) is typed
against this protocol instead, so none of them imports the client, which imports them: the
client sits on top, alone (no import cycle, issue 11).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, Protocol, cast

if TYPE_CHECKING:
    import discord
    from discord.ext import commands

    from bot.discord.matches import MatchManager
    from bot.discord.settings import Settings
    from bot.storage.base import Storage

#: Catches up what matches are owed (``restarted=False``: flush the outbox only); set by the
#: :mod:`bot.discord.resume` extension, returns how many matches had something owed.
CatchUp = Callable[..., Awaitable[int]]

#: Draws a public view as PNG bytes (``render_png``'s signature); ``None`` turns maps off.
Renderer = Callable[..., bytes]


class Host(Protocol):
    """The running bot as the adapter's modules see it.

    ``matches`` holds the live matches; ``render`` draws maps (``None``: maps are off);
    ``catch_up_hook`` delivers what matches owe their channels (set by :mod:`bot.discord.resume`).
    """

    settings: Settings
    storage: Storage
    matches: MatchManager
    render: Renderer | None
    catch_up_hook: CatchUp | None

    @property
    def user(self) -> discord.ClientUser | None:
        """The bot's own user, once logged in."""

    def busy(self, label: str = "") -> AbstractContextManager[None]:
        """Count a handler as in flight while the block runs (see the client)."""

    async def dm(self, user_id: int) -> discord.abc.Messageable:
        """The DM channel with a user. :raises discord.HTTPException: Discord refuses to open it."""

    def get_channel(self, id: int, /) -> Any:
        """A cached channel or thread by id, or ``None``."""

    def get_partial_messageable(self, id: int, *, guild_id: int | None = None,
                                type: discord.ChannelType | None = None) -> discord.PartialMessageable:
        """A channel to send to by id, without a look-up."""

    def get_cog(self, name: str, /) -> commands.Cog | None:
        """A loaded cog by name, or ``None``."""


def host_of(interaction: discord.Interaction) -> Host:
    """The bot that received ``interaction`` (always a :class:`Host`)."""
    return cast("Host", interaction.client)
