"""Heroscape's :class:`~bot.discord.face.Face`: its commands, its words, its Order Marker rounds."""

from __future__ import annotations

from collections.abc import Awaitable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.discord.components import Press
from bot.discord.face import GenericFace
from bot.discord.pictures import render
from bot.discord.publish import publish
from bot.discord.respond import Responder
from bot.game import mapsource
from bot.game.seam import NAME
from bot.games.heroscape.discord import (
    buttons,
    computer_seat,
    leagues,
    newmatch,
    orders,
    server_cards,
    servermaps,
)
from bot.games.heroscape.discord.components import (
    ChoiceButton,
    LockButton,
    MarkersButton,
    OrderSelect,
    RollButton,
    SpecialButton,
)
from bot.games.heroscape.discord.live import HeroscapeLive
from bot.games.heroscape.discord.results import decision_view, mentioned_players, result_text, roll_initiative
from bot.games.heroscape.discord.status import status_text

if TYPE_CHECKING:
    from bot.discord.host import Host
    from bot.discord.live import Applied, LiveMatch
    from bot.games.ruleset import GameMatch, Outcome
    from bot.storage.base import MatchMeta, Storage

#: What ``/match concede`` asks before anything changes (Heroscape's words).
CONCEDE_QUESTION = ("Concede this match? Your figures leave the battlefield and you cannot come back; "
                    "the others play on without you. Press **Concede** to leave, or **Keep playing**.")
#: How armies are chosen in a drafting match, for the ``/match new`` announcement.
DRAFT_HOW = "then draft armies one Army Card at a time, in turn (`/army draft`, `/army pass`), once the draft opens"


def _hs(live: LiveMatch) -> HeroscapeLive:
    assert isinstance(live, HeroscapeLive)
    return live


def _roll(item: RollButton, interaction: discord.Interaction) -> Awaitable[None]:
    return buttons.roll(interaction, item.match_id, item.version, item.attacker, item.target)


def _special(item: SpecialButton, interaction: discord.Interaction) -> Awaitable[None]:
    return buttons.special_confirmed(interaction, item.match_id, item.version, item.attacker, item.power, item.target)


def _choose(item: ChoiceButton, interaction: discord.Interaction) -> Awaitable[None]:
    return buttons.choose(interaction, item.match_id, item.version, item.index)


def _markers(item: MarkersButton, interaction: discord.Interaction) -> Awaitable[None]:
    return orders.open_here(interaction, item.match_id, item.round)


def _pick(item: OrderSelect, interaction: discord.Interaction) -> Awaitable[None]:
    return orders.pick(interaction, item.match_id, item.round, item.marker, list(item.item.values))


def _lock(item: LockButton, interaction: discord.Interaction) -> Awaitable[None]:
    return buttons.lock(interaction, item.match_id, item.round)


class HeroscapeFace(GenericFace):
    """Heroscape on Discord, as it has always been played there."""

    extensions = ("bot.games.heroscape.discord.cogs.army", "bot.games.heroscape.discord.cogs.play", "bot.games.heroscape.discord.cogs.info",
                  "bot.games.heroscape.discord.cogs.maps", "bot.games.heroscape.discord.cogs.treasure", "bot.games.heroscape.discord.cogs.cannon",
                  "bot.games.heroscape.discord.cogs.cards")
    concede_question = CONCEDE_QUESTION
    deadline_names = {"orders": "Order Markers", "turn": "Player Turn"}
    option_words = {
        "match new": {"orders": "Order Markers deadline, e.g. 24h (post)", "turn": "Player Turn deadline, e.g. 24h (post)"},
        "match pace": {"orders": "Order Markers deadline, e.g. 24h (post)",
                       "turn": "Player Turn deadline, e.g. 24h (post)"},
        "league create": {"turn": "Player Turn deadline (by post), e.g. 24h", "orders": "Order Markers deadline (by post)"},
        "league army": {"cards": "Army Cards separated by semicolons, e.g. Syvarris; Dumutef Guard"},
    }
    #: Verbs whose meaning depends on whose turn (or pick) it is.
    turn_verbs = frozenset({"move", "attack", "special", "end-turn", "choose", "draft", "pass", "use"})

    def __init__(self) -> None:
        super().__init__(NAME)

    def items(self) -> Mapping[type[discord.ui.DynamicItem[Any]], Press]:
        """The attack Roll, the friendly special attack's confirmation, decision buttons and the
        Order Marker controls."""
        return {RollButton: _roll, SpecialButton: _special, ChoiceButton: _choose, MarkersButton: _markers,
                OrderSelect: _pick, LockButton: _lock}

    def shared_commands(self) -> Mapping[str, app_commands.Command[Any, ..., Any]]:
        """``/move``, ``/attack`` and ``/map`` (:mod:`bot.games.heroscape.discord.cogs.play`)."""
        from bot.games.heroscape.discord.cogs import play

        return {"move": play.move, "attack": play.attack, "map": play.map_command}

    def league_options(self) -> app_commands.Command[Any, ..., Any] | None:
        """:data:`bot.games.heroscape.discord.leagues.league_options`."""
        return leagues.league_options

    def league_setup(self, values: Mapping[str, Any], scenario: str | None, maps: tuple[str, ...],
                     round_limit: int | None) -> Any:
        """:func:`bot.games.heroscape.discord.leagues.league_setup`."""
        return leagues.league_setup(values, scenario, maps, round_limit)

    def league_army(self, cards: str, fmt: Any, guild_id: int | None) -> tuple[str, str]:
        """:func:`bot.games.heroscape.discord.leagues.league_army`."""
        return leagues.league_army(cards, fmt, guild_id)

    def new_options(self) -> app_commands.Command[Any, ..., Any] | None:
        """:data:`bot.games.heroscape.discord.newmatch.new_options`."""
        return newmatch.new_options

    def live(self, meta: MatchMeta, match: GameMatch, **fields: Any) -> LiveMatch:
        """A :class:`HeroscapeLive`."""
        return HeroscapeLive(meta, match, **fields)

    async def match_options(self, interaction: discord.Interaction, values: Mapping[str, Any]) -> dict[str, Any]:
        """:func:`bot.games.heroscape.discord.newmatch.match_options`."""
        return newmatch.match_options(interaction.guild_id, values)

    def check_setup(self, options: Mapping[str, Any], guild_id: int | None) -> str:
        """The scenario's name (:func:`bot.games.heroscape.discord.newmatch.check_setup`)."""
        return newmatch.check_setup(options.get("scenario") or newmatch.DEFAULT_SCENARIO, options.get("map"),
                                   dict(options.get("format") or {}))

    def summary(self, live: LiveMatch) -> str:
        """``Scenario on **Battlefield**``."""
        st = _hs(live).state
        return f"{st.scenario.name} on **{st.battlefield.name}**"

    async def announce(self, bot: Host, live: LiveMatch, creator: int) -> str:
        """The scenario, the battlefield, the army limits and how to go on."""
        st = _hs(live).state
        f = st.scenario.format
        points = "Delta points" if f.points_system == "delta" else "points"
        limits = ", ".join(f"{n} {k}" for k, n in ((points, f.points), ("figures", f.figures), ("spaces", f.spaces),
                                                   ("rounds", f.round_limit)) if n is not None) or "no limits"
        if f.name:
            limits = f"format {f.name}: {limits}" + (f", only {' and '.join(f.lines)} cards" if f.lines else "")
        header = (f"⚔ **New match**: {st.scenario.name} on **{st.battlefield.name}** ({limits}). "
                  f"Join with `/match join`, {DRAFT_HOW if f.draft else 'pick an army with `/army set`'}; "
                  f"<@{creator}> starts it with `/match start`.")
        told = mapsource.notice(live.meta.map_id)
        return f"{header}\n{told}" if told else header

    def describe(self, live: LiveMatch, outcome: Outcome, header: str) -> str:
        """:func:`bot.games.heroscape.discord.results.result_text`."""
        return result_text(_hs(live), outcome, header)

    def mentioned(self, live: LiveMatch, text: str) -> list[str]:
        """:func:`bot.games.heroscape.discord.results.mentioned_players`."""
        return mentioned_players(_hs(live), text)

    def decision_view(self, live: LiveMatch, version: int, pending: Any) -> discord.ui.View | None:
        """:func:`bot.games.heroscape.discord.results.decision_view`."""
        return decision_view(_hs(live), version, pending)

    async def draw(self, bot: Host, live: LiveMatch, view: Any, events: Sequence[Any]) -> bytes | None:
        """:func:`bot.discord.pictures.render`."""
        return await render(bot, view, events)

    async def follow_up(self, bot: Host, live: LiveMatch, applied: Applied, responder: Responder) -> None:
        """A new round's Order Marker controls, controls owed to the player, the initiative roll."""
        hs = _hs(live)
        if hs.secret_round_due():
            hs.controls_round = hs.state.round
            await orders.open_round(bot, hs, responder)
        await orders.deliver_owed(hs, responder)
        if hs.waiting_for("initiative"):
            await roll_initiative(bot, hs)

    async def play_computer(self, bot: Host, live: LiveMatch) -> None:
        """A computer seat waited on plays now (issue 20)."""
        await computer_seat.play(bot, _hs(live), publish)

    async def deliver_owed(self, live: LiveMatch, responder: Responder) -> None:
        """:func:`bot.games.heroscape.discord.orders.deliver_owed`."""
        await orders.deliver_owed(_hs(live), responder)

    async def status(self, bot: Host, live: LiveMatch, asker: str, responder: Responder) -> None:
        """The status words; the decision's buttons again for the deciding player; their Order
        Marker controls again for a player still placing them."""
        hs = _hs(live)
        pending = hs.state.pending[0] if hs.state.pending else None
        # The deciding player gets the decision's buttons again (they may have missed the message
        # that carried them, or it was never delivered); bound to the current version like any.
        buttons = decision_view(hs, hs.version, pending) if pending is not None and pending.player == asker else None
        pace = getattr(bot, "pace", None)
        extra = await pace.status_lines(hs) if pace is not None else []
        await responder.send("\n".join([status_text(hs, asker), *extra]), view=buttons, ephemeral=True)
        if hs.is_player(asker):
            if asker in hs.waiting_for_orders() and not hs.state.pending:
                hs.owed_controls.add(asker)  # the status is also a way back to your Order Marker menus
            await orders.deliver_owed(hs, responder)

    def catch_up_words(self, live: LiveMatch, *, restarted: bool) -> list[str]:
        """What :meth:`catch_up` will do, in words."""
        hs = _hs(live)
        what = []
        if hs.secret_round_due(owed_only=True):
            what.append(f"round {hs.state.round}'s opening and the Order Marker controls")
        if restarted and hs.waiting_for("initiative"):
            what.append("the initiative roll")
        return what

    async def catch_up(self, bot: Host, live: LiveMatch, *, restarted: bool) -> list[str]:
        """Open the round a restart left unopened; roll initiative (on a start only)."""
        hs = _hs(live)
        what = self.catch_up_words(hs, restarted=restarted)
        if hs.secret_round_due(owed_only=True):
            hs.controls_round = hs.state.round
            await orders.open_round(bot, hs, Responder(bot, None, hs.channel_id))
        if restarted and hs.waiting_for("initiative"):
            await roll_initiative(bot, hs)
        return what

    async def seat_computer(self, bot: Host, live: LiveMatch, level: str) -> None:
        """:func:`bot.games.heroscape.discord.computer_seat.seat`."""
        await computer_seat.seat(bot, _hs(live), level, publish)

    async def on_restore(self, storage: Storage) -> None:
        """Each server's own maps and cards, before its matches are rebuilt."""
        await servermaps.register_all(storage)
        await server_cards.load_all(storage)
