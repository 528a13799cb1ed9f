"""What each button and menu does when pressed: :func:`install` fills
:data:`bot.discord.components.PRESSES` (item class -> its work) with the generic items' and every
game face's (:meth:`bot.discord.face.Face.items`), and returns the items to register on the bot in
``setup_hook``, so that every old message keeps working (a press rebuilds its item from the custom
id alone).

The items are posted from below (publishing, secret controls, the cogs) and pressed into the
actions above: this module alone knows both, so neither side imports the other.
"""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Any

import discord

from bot.discord import actions
from bot.discord.components import PRESSES, ConcedeButton
from bot.discord.face import faces


def _concede(item: ConcedeButton, interaction: discord.Interaction) -> Awaitable[None]:
    return actions.concede(interaction, item.match_id, item.concede)


def install() -> tuple[type[discord.ui.DynamicItem[Any]], ...]:
    """Say what each item does when pressed (:data:`~bot.discord.components.PRESSES`); return the
    items for :meth:`discord.Client.add_dynamic_items`."""
    PRESSES[ConcedeButton] = _concede
    for face in faces():
        PRESSES.update(face.items())
    return tuple(PRESSES)
