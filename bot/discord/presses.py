"""What each button and menu does when pressed: :func:`install` fills
:data:`bot.discord.components.PRESSES` (item class -> its work in :mod:`bot.discord.actions` or
:mod:`bot.discord.orders`) and returns the items to register on the bot in ``setup_hook``, so that
every old message keeps working (a press rebuilds its item from the custom id alone).

The items are posted from below (publishing, the Order Marker controls, the cogs) and pressed
into the actions above: this module alone knows both, so neither side imports the other.
"""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Any

import discord

from bot.discord import actions, orders
from bot.discord.components import (
    DYNAMIC_ITEMS,
    PRESSES,
    ChoiceButton,
    ConcedeButton,
    LockButton,
    MarkersButton,
    OrderSelect,
    RollButton,
    SpecialButton,
)


def _roll(item: RollButton, interaction: discord.Interaction) -> Awaitable[None]:
    return actions.roll(interaction, item.match_id, item.version, item.attacker, item.target)


def _special(item: SpecialButton, interaction: discord.Interaction) -> Awaitable[None]:
    return actions.special_confirmed(interaction, item.match_id, item.version, item.attacker, item.power, item.target)


def _choose(item: ChoiceButton, interaction: discord.Interaction) -> Awaitable[None]:
    return actions.choose(interaction, item.match_id, item.version, item.index)


def _markers(item: MarkersButton, interaction: discord.Interaction) -> Awaitable[None]:
    return orders.open_here(interaction, item.match_id, item.round)


def _pick(item: OrderSelect, interaction: discord.Interaction) -> Awaitable[None]:
    return orders.pick(interaction, item.match_id, item.round, item.marker, list(item.item.values))


def _lock(item: LockButton, interaction: discord.Interaction) -> Awaitable[None]:
    return actions.lock(interaction, item.match_id, item.round)


def _concede(item: ConcedeButton, interaction: discord.Interaction) -> Awaitable[None]:
    return actions.concede(interaction, item.match_id, item.concede)


def install() -> tuple[type[discord.ui.DynamicItem[Any]], ...]:
    """Say what each item does when pressed (:data:`~bot.discord.components.PRESSES`); return the
    items for :meth:`discord.Client.add_dynamic_items`."""
    PRESSES.update({RollButton: _roll, SpecialButton: _special, ChoiceButton: _choose, MarkersButton: _markers, OrderSelect: _pick,
                    LockButton: _lock, ConcedeButton: _concede})
    return DYNAMIC_ITEMS
