"""D&D Onslaught's :class:`~bot.discord.face.Face`: its commands, words, buttons, secret initiative and
computer seat on Discord (issue 19).

- Commands: :mod:`bot.games.onslaught.discord.cog` (``/act``, ``/ability``, ``/loot``, ``/door``, ``/item``,
  ``/party``; its ``/move``, ``/attack``, ``/map``), ``/cards upload`` of an Onslaught card file
  (:mod:`bot.games.onslaught.discord.cards`).
- ``/match new game:onslaught``: ``scenario`` (its map is the scenario's) and ``party`` (the creator's;
  a party's name or five character names); the table opens (players ``/match join``, ``/party``, then
  ``/match start``).
- After each command: the words (:func:`describe`: the narration and who acts next, mentioning them),
  decision buttons (reactions, level-up cards, monster targets; the item kept from a chest privately),
  the picture after every activation (:class:`OnslaughtLive`: the whole activation's moves and
  attacks), the initiative cards by DM through the generic collector (:mod:`bot.discord.secrets`),
  and the computer's commands when a computer seat is waited for. Monsters act by themselves inside
  the command that reaches their initiative (the rules core runs them).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.discord.errors import UserError
from bot.discord.face import GenericFace, set_secret_collector
from bot.discord.live import LiveMatch
from bot.discord.respond import Responder
from bot.discord.secrets import COLLECTOR, is_person
from bot.games.onslaught import league
from bot.games.onslaught.discord import buttons, cards, cog, newmatch
from bot.games.onslaught.discord.texts import act_text, next_line
from bot.games.onslaught.match import NAME, OnslaughtMatch
from bot.games.onslaught.picture import picture_png
from bot.games.onslaught.server_cards import is_card_file, library_for
from bot.onslaught.content import ContentError
from bot.onslaught.dice import SeededDice
from bot.onslaught.events import Event
from bot.onslaught.state import GameState

if TYPE_CHECKING:
    from bot.discord.components import Press
    from bot.discord.host import Host
    from bot.discord.live import Applied
    from bot.games.ruleset import GameMatch, Outcome
    from bot.storage.base import MatchMeta, Storage

log = logging.getLogger(__name__)

#: The seat ids of computer seats by level (no Discord user has such a small id, so a restart knows the
#: seat from its id alone; the Onslaught computer plays the rules core's simple policy at every level).
COMPUTER_SEATS = {"easy": "1", "normal": "2", "hard": "3"}


def is_computer(pid: str) -> bool:
    """Whether seat id ``pid`` is a computer seat."""
    return not is_person(pid)


def seat_id(level: str) -> str:
    """The seat id of a computer seat at ``level`` (``normal`` for an unknown level)."""
    return COMPUTER_SEATS.get(level, COMPUTER_SEATS["normal"])


#: Matches whose computer seats are playing now (their own publishes must not start a second loop).
_PLAYING: set[str] = set()
#: The most commands the computer sends in a row before it lets the others act.
STEPS = 400


class OnslaughtLive(LiveMatch):
    """A live Onslaught match: the picture after an activation shows the whole activation."""

    def turn_events(self) -> Sequence[Any]:
        """The public events since the current activation (or monster group) began."""
        game = self.game
        if not isinstance(game, OnslaughtMatch) or not game.started:
            return ()
        history = game.match.history
        start = max((i for i, e in enumerate(history) if e.kind in ("activated", "monsters activate")), default=len(history))
        return tuple(e for e in history[start:] if not e.secret_to)

    def view_of(self, match: GameMatch) -> Any:
        """A copy of ``match``'s state (taken under the lock for the picture after a command, so that
        play goes on while it is drawn); ``None`` before the parties are placed."""
        if not isinstance(match, OnslaughtMatch) or not match.started:
            return None
        return match.state.copy()

    def draw_view(self, render: Any, view: Any, events: Sequence[Any]) -> bytes | None:
        """The public picture of ``view`` (:meth:`view_of`) with the activation's moves and attacks."""
        if not isinstance(view, GameState):
            return None
        return picture_png(view, "", tuple(e for e in events if isinstance(e, Event)))

    def shown(self, before: Sequence[Any], outcome: Outcome) -> tuple[Any, ...]:
        """The activation's events before this command, then this command's public ones."""
        return (*before, *(e for e in outcome.events if isinstance(e, Event) and not e.secret_to))

    # --- play by post (bot.discord.pace) ---------------------------------------------------------

    turn_name = "activation"
    undo_final = frozenset({"concede", "join", "party", "start", "assign"})

    def expected(self, player: str, on: str, about: str) -> tuple[str, str]:
        """Kind ``orders`` (the initiative cards), ``decision`` (a reaction, a level-up card, a kept
        item, a monster's target) or ``turn`` (reveal and play an activation)."""
        game = self.game
        if on == "initiative":
            return "orders", f"Assign your initiative cards for round {game.round}"
        if on in ("react", "levelup", "keep", "choose", "target", "approach", "place"):
            return "decision", f"Decide: {about}" if about else "Decide"
        return "turn", f"Your activation: {game.turn_words()}"

    def shown_command(self, text: str) -> str:
        """Initiative cards and kept items stay hidden (DDO-INIT-06, DDO-LOOT-03)."""
        verb = text.split(" ", 1)[0]
        return f"{verb} (hidden)" if verb in ("assign", "keep") else text

    def undo_blocker(self, replayed: GameMatch) -> str:
        """Dice once rolled stay rolled; a revealed initiative card or a drawn loot token stays seen."""
        game = self.game
        if not isinstance(replayed, OnslaughtMatch) or not isinstance(game, OnslaughtMatch):
            return "this match cannot take commands back"
        if not replayed.started or not game.started:
            return "" if not game.started else "it started the match"
        now, then = game.match.game.dice, replayed.match.game.dice
        if isinstance(now, SeededDice) and isinstance(then, SeededDice) and now.position() != then.position():
            return "it rolled dice (or shuffled tokens), and dice once seen stay rolled"
        if game.state.revealed != replayed.state.revealed:
            return "it revealed an initiative card, and a revealed card stays revealed"
        return ""

    def adopt(self, match: GameMatch, old_version: int) -> None:
        """Play on from ``match``, its version above ``old_version`` (older buttons stay stale)."""
        if isinstance(match, OnslaughtMatch):
            match.version_offset = old_version + 1 - match.version
        self.game = match

    def policy_command(self, player: str, policy: str) -> str | None:
        """``concede`` (forfeit); ``end`` (skip, in the player's own activation); else the computer's
        command for the player's seat."""
        game = self.game
        if policy == "forfeit":
            return "concede"
        if not isinstance(game, OnslaughtMatch) or not game.started or game.result() is not None:
            return None
        st = game.state
        if policy == "skip" and st.activation is not None and not st.pending and game.side_of(player) == \
                st.minis[st.activation.mini].side:
            return "end"
        try:
            return game.computer_command(player)
        except RuntimeError:
            return None

    def facts(self) -> tuple[Any, Any]:
        """``(phase, pending decision)``."""
        game = self.game
        if not isinstance(game, OnslaughtMatch) or not game.started:
            return "setup", None
        st = game.state
        return st.phase, (st.pending[0] if st.pending else None)


class OnslaughtFace(GenericFace):
    """Onslaught on Discord (see the module docstring)."""

    extensions = ("bot.games.onslaught.discord.cog",)
    #: Verbs whose meaning depends on whose activation (or decision) it is.
    turn_verbs = frozenset({"move", "attack", "use", "loot", "door", "equip", "unequip", "give", "pickup", "end",
                            "activate", "react", "pass", "levelup", "keep", "choose"})

    #: The pace's deadlines in Onslaught's words (``/match new pace:post orders: turn:``).
    deadline_names = {"orders": "initiative cards", "turn": "activation"}
    #: What ``/match concede`` asks before anything changes.
    concede_question = ("Concede this match? Your party leaves and the other party wins at once. Press **Concede** "
                        "to leave, or **Keep playing**.")

    def __init__(self) -> None:
        super().__init__(NAME)
        set_secret_collector(COLLECTOR)

    def items(self) -> Mapping[type[discord.ui.DynamicItem[Any]], Press]:
        """Decision buttons, the Roll button, and the secret collector's controls."""
        return {**buttons.PRESSES, **COLLECTOR.items()}

    def shared_commands(self) -> Mapping[str, app_commands.Command[Any, ..., Any]]:
        """Its ``/move``, ``/attack`` and ``/map``."""
        return {"move": cog.move, "attack": cog.attack, "map": cog.map_command}

    def new_options(self) -> app_commands.Command[Any, ..., Any] | None:
        """``scenario``, ``map`` and ``party`` (:mod:`bot.games.onslaught.discord.newmatch`)."""
        return newmatch.new_options

    def live(self, meta: MatchMeta, match: GameMatch, **fields: Any) -> LiveMatch:
        """An :class:`OnslaughtLive`."""
        return OnslaughtLive(meta, match, **fields)

    async def match_options(self, interaction: discord.Interaction, values: Mapping[str, Any]) -> dict[str, Any]:
        """:func:`bot.games.onslaught.discord.newmatch.match_options`."""
        return newmatch.match_options(values)

    def check_setup(self, options: Mapping[str, Any], guild_id: int | None) -> str:
        """The scenario's name (refused options say why)."""
        return newmatch.check_setup(options, guild_id)

    async def announce(self, bot: Host, live: LiveMatch, creator: int) -> str:
        """The scenario, its map, and how the table fills."""
        game = buttons.game_of(live)
        sc = game.library.scenarios[game.scenario_id]
        mp = game.library.maps[sc.map]
        return (f"⚔ **New D&D Onslaught match**: {sc.name} on **{mp.name}** ({sc.rounds} rounds, parties of "
                f"{sc.party_size}). Join with `/match join`, choose a party with `/party` (a party's name, or five "
                f"character names); <@{creator}> starts it with `/match start`.")

    def describe(self, live: LiveMatch, outcome: Outcome, header: str) -> str:
        """The header, the narration's public lines and who acts next (mentioned)."""
        game = buttons.game_of(live)
        lines = ([header] if header else []) + list(outcome.public)
        follow = next_line(game)
        kinds = {getattr(e, "kind", "") for e in outcome.events}
        if follow and (game.state.pending or kinds & {"activated", "activation ended", "action phase", "monsters activate",
                                                    "end phase", "initiative 1", "assigned"}
                       or not outcome.public):
            lines.append(follow)
        return "\n".join(lines)

    def decision_view(self, live: LiveMatch, version: int, pending: Any = None) -> discord.ui.View | None:
        """The pending decision's answers as buttons (none for the secret item choice)."""
        return buttons.decision_buttons(live, version)

    async def follow_up(self, bot: Host, live: LiveMatch, applied: Applied, responder: Responder) -> None:
        """The initiative controls of a new round (the generic collector), controls owed to the player,
        and the item choice of a looted chest, privately to the looter."""
        await super().follow_up(bot, live, applied, responder)
        game = buttons.game_of(live)
        who = buttons.decider(live)
        if who is not None and game.state.pending[0].kind == "keep" and not is_computer(who):
            view = buttons.decision_buttons(live, live.version, private=True)
            text = f"🎒 {game.state.pending[0].mini} keeps one of the drawn items (only you see this):"
            if view is None:
                return
            if who == responder.user_id and not responder.gone:
                await responder.send(text, view=view, ephemeral=True)
            else:
                try:
                    channel = await bot.dm(int(who))
                    await channel.send(text, view=view)
                except Exception as exc:  # closed DMs: `/match status` or `/act` gives the buttons
                    log.info("item choice DM to %s failed: %s", who, exc)

    async def play_computer(self, bot: Host, live: LiveMatch) -> None:
        """Send the computer seats' commands while the match waits for one of them, each published."""
        from bot.discord.publish import publish

        if live.match_id in _PLAYING:
            return
        _PLAYING.add(live.match_id)
        game = buttons.game_of(live)
        try:
            for _ in range(STEPS):
                pid = next((w.player for w in game.waiting() if is_computer(w.player)), None)
                if pid is None or live.over:
                    return
                version = live.version
                cmd = game.computer_command(pid)
                try:
                    applied = await bot.matches.apply(live, pid, cmd, expected_version=version)
                except Exception as exc:
                    if live.version != version:
                        continue  # someone acted meanwhile: think again
                    log.warning("match %s: the computer's %r was refused: %s", live.match_id, cmd, exc)
                    return
                await publish(bot, live, applied, Responder(bot, None, live.channel_id))
        finally:
            _PLAYING.discard(live.match_id)

    async def status(self, bot: Host, live: LiveMatch, asker: str, responder: Responder) -> None:
        """The generic status, then ``/act``'s words for a player, with their decision's buttons."""
        await super().status(bot, live, asker, responder)
        game = buttons.game_of(live)
        if live.is_player(asker) and game.started and not live.over:
            mine = buttons.decider(live) == asker
            view = buttons.decision_buttons(live, live.version, private=True) if mine else None
            await responder.send(act_text(game, asker), view=view, ephemeral=True)

    def catch_up_words(self, live: LiveMatch, *, restarted: bool) -> list[str]:
        """A secret phase's opening owed; the computer's commands when a restart left it waited for."""
        game = buttons.game_of(live)
        computer = restarted and any(is_computer(w.player) for w in game.waiting())
        return super().catch_up_words(live, restarted=restarted) + (["the computer's commands"] if computer else [])

    async def catch_up(self, bot: Host, live: LiveMatch, *, restarted: bool) -> list[str]:
        """Open the round a restart left unopened; let a waited-for computer seat play."""
        done = await super().catch_up(bot, live, restarted=restarted)
        game = buttons.game_of(live)
        if restarted and any(is_computer(w.player) for w in game.waiting()):
            await self.play_computer(bot, live)
            done.append("the computer's commands")
        return done

    async def seat_computer(self, bot: Host, live: LiveMatch, level: str) -> None:
        """Seat the computer (it plays the party no one else plays, with the simple policy of
        :mod:`bot.onslaught.playout`).

        :raises UserError: no free seat.
        """
        from bot.discord.publish import publish

        try:
            applied = await bot.matches.apply(live, seat_id(level), f"join 'Computer ({level})'")
        except Exception as exc:
            raise UserError(f"The computer cannot take a seat: {exc}") from None
        await publish(bot, live, applied, Responder(bot, None, live.channel_id))

    # --- leagues (bot.games.onslaught.league) -----------------------------------------------------

    def league_setup(self, values: Mapping[str, Any], scenario: str | None, maps: tuple[str, ...],
                     round_limit: int | None) -> Any:
        """An :class:`~bot.games.onslaught.league.OnslaughtLeagueFormat` of ``scenario`` (default
        skirmish); ``maps``, if named, must be its map.

        :raises UserError: an unknown scenario, another map, or a round limit.
        """
        try:
            return league.league_format(scenario, maps, round_limit)
        except league.LeagueFormatError as exc:
            raise UserError(str(exc)) from None

    def league_army(self, cards: str, fmt: Any, guild_id: int | None) -> tuple[str, str]:
        """``/league army``: a party (a party's name, or five character names with commas) checked
        against the server's character cards as ``/match new party:`` checks it (DDO-PARTY-01..04).

        :raises UserError: a party the rules refuse (what is wrong; nothing registered).
        """
        text = " ".join(cards.split())
        try:
            chars = league.check_league_party(text, library_for(guild_id))
        except league.LeaguePartyError as exc:
            raise UserError(f"{exc} Nothing was registered.") from None
        return text, f"a party of {len(chars)} characters: {', '.join(chars)}"

    army_words = "`/party`"

    def league_army_command(self, army: str) -> str:
        """``party PARTY``: the registered party, set at the table before ``start``."""
        return f"party {army}"

    async def on_restore(self, storage: Storage) -> None:
        """Each server's own Onslaught character cards, before its matches are rebuilt."""
        await cards.load_all(storage)

    async def upload_cards(self, storage: Storage, guild_id: int, name: str, body: str) -> str | None:
        """An Onslaught card file (``"game": "onslaught"``): checked, stored for this server only.

        :raises UserError: a bad file (the file and the card named; nothing stored)."""
        if not is_card_file(body):
            return None
        try:
            return await cards.upload(storage, guild_id, name, body)
        except ContentError as exc:
            raise UserError(f"This D&D Onslaught card file was not stored: {exc}") from None

    async def card_files(self, storage: Storage, guild_id: int) -> list[str]:
        """The server's Onslaught card files."""
        return list(await cards.files_of(storage, guild_id))

    async def delete_cards(self, storage: Storage, guild_id: int, name: str) -> bool:
        """Forget an Onslaught card file of the server."""
        return await cards.delete(storage, guild_id, name)
