"""A game's face on Discord: what a game adds so that the one Discord layer can play it (issue 18).

The kernel (:mod:`bot.discord.matches`) holds any :class:`~bot.games.ruleset.GameMatch`; everything
Discord shows of a match goes through its game's :class:`Face`, found by :func:`face`:

- the game's own slash commands: :attr:`Face.extensions` (discord.py extensions, loaded by the
  client after the generic ones);
- slash command names several games claim (``/move``, ``/attack``, ``/map``: Discord has one command
  per name): :meth:`Face.shared_commands` gives, per name, a *prototype* (an
  :class:`app_commands.Command` made with the usual decorators at module level, never added to the
  tree); :mod:`bot.discord.shared` merges the prototypes of every game into the one registered
  command, whose handler and autocomplete run the prototype of the game of the channel's match;
- ``/match new``: the generic options (``game``, ``seat``, ``thread``, pace, ``vs``...) are the match
  cog's; :meth:`Face.new_options` gives a prototype whose parameters are the game's own options
  (merged into ``/match new`` the same way), :meth:`Face.match_options` turns their values into
  :attr:`MatchSettings.options <bot.games.ruleset.MatchSettings.options>`, :meth:`Face.announce`
  writes the new match's first message;
- an accepted command: :meth:`Face.describe` (the public result, owed to the channel through the
  outbox), :meth:`Face.decision_view` (buttons bound to the state version), the picture
  (:meth:`LiveMatch.public_view <bot.discord.live.LiveMatch.public_view>` captured under the
  lock, drawn by :meth:`Face.draw`), then :meth:`Face.follow_up` (secret controls of a new round,
  automatic steps) and, after the pace and league hooks, :meth:`Face.play_computer`;
- ``/cards list`` and ``/cards delete``: :meth:`Face.card_files`, :meth:`Face.delete_cards` (a game's
  own card files; the default game's cog asks every face);
- :meth:`Face.status` (``/match status``), :meth:`Face.catch_up` (what a restart owes beyond the
  outbox), :meth:`Face.deliver_owed` (private things owed to a player, shown with their next
  command), :meth:`Face.seat_computer` (``/match new vs:computer``);
- :meth:`Face.items`: the game's restart-proof components and what pressing each does
  (:data:`bot.discord.components.PRESSES`);
- leagues: :meth:`Face.league_options`, :meth:`Face.league_setup`, :meth:`Face.league_army`;
  ``/cards upload``: :meth:`Face.upload_cards`; words: :attr:`Face.concede_question`,
  :attr:`Face.deadline_names`, :attr:`Face.option_words`.

Match-bound questions (is a picture due, which round's opening is owed, what a deadline waits for,
can this be undone) are hooks of :class:`~bot.discord.live.LiveMatch` that a game's subclass
(:meth:`Face.live`) answers.

A game's face is the ``FACE`` of module ``bot.games.<name>.discord``; a game without one is played
through :class:`GenericFace`: text from :meth:`GameMatch.narrate`, picture from
:meth:`GameMatch.picture`, secret assignments (:meth:`GameMatch.secret`) collected by
:data:`SECRETS` when a collector is installed (:func:`set_secret_collector`, see
:class:`SecretCollector`). A face usually subclasses :class:`GenericFace` and overrides what its
game does differently.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import shlex
from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import discord
from discord import app_commands

from bot import games
from bot.discord.errors import UserError
from bot.discord.pace.durations import DEADLINE_NAMES

if TYPE_CHECKING:
    from bot.discord.components import Press
    from bot.discord.host import Host
    from bot.discord.live import Applied, LiveMatch
    from bot.discord.respond import Responder
    from bot.games.ruleset import GameMatch, Outcome
    from bot.storage.base import MatchMeta, Storage

log = logging.getLogger(__name__)


@runtime_checkable
class SecretCollector(Protocol):
    """Collects any game's :class:`~bot.games.ruleset.SecretAssignment` privately (DM select menus
    per slot, Lock in, ephemeral fallback when DMs are closed; ddod's :mod:`bot.discord.secrets`).

    :meth:`open` runs after a command that began a secret phase (and after a restart that owes its
    opening: outbox row ``round:N``); :meth:`deliver_owed` with each command of a player, to give
    back controls owed to them; :meth:`items` are its restart-proof components with their presses.
    """

    async def open(self, bot: Host, live: LiveMatch, responder: Responder) -> None:
        """Send each player owing a secret assignment now its controls (marks ``round:N`` sent)."""

    async def deliver_owed(self, live: LiveMatch, responder: Responder) -> None:
        """Give ``responder``'s user the controls owed to them (closed DMs), if any."""

    def items(self) -> Mapping[type[discord.ui.DynamicItem[Any]], Press]:
        """Its component classes and what pressing each does."""


#: The generic secret collector (empty until one is installed with :func:`set_secret_collector`).
SECRETS: list[SecretCollector] = []


def set_secret_collector(collector: SecretCollector) -> None:
    """Install the generic secret collector every :class:`GenericFace` uses (one at a time)."""
    SECRETS[:] = [collector]


def secret_collector() -> SecretCollector | None:
    """The installed generic secret collector, or ``None``."""
    return SECRETS[0] if SECRETS else None


class Face(Protocol):
    """What a game shows on Discord (see the module docstring for who calls what).

    ``game``: its registry name; ``extensions``: its discord.py extensions (slash command cogs);
    ``turn_verbs``: verbs of its commands whose
    meaning depends on whose turn it is (a slash command with one, issued before the last change of
    turn, is refused as stale); ``items``/``presses``: its restart-proof components.
    """

    game: str
    extensions: tuple[str, ...]
    turn_verbs: frozenset[str]
    concede_question: str
    option_words: Mapping[str, Mapping[str, str]]
    deadline_names: Mapping[str, str]

    def items(self) -> Mapping[type[discord.ui.DynamicItem[Any]], Press]:
        """The game's component classes (``discord.ui.DynamicItem``) and what pressing each does."""

    def shared_commands(self) -> Mapping[str, app_commands.Command[Any, ..., Any]]:
        """Prototypes of the game's commands whose names other games may claim too, by name."""

    def new_options(self) -> app_commands.Command[Any, ..., Any] | None:
        """A prototype whose parameters are the game's own options of ``/match new`` (``None``: none)."""

    def join_command(self, name: str) -> str:
        """The command that seats a player under ``name`` (``/match join``, ``/match new seat:``)."""

    async def upload_cards(self, storage: Storage, guild_id: int, name: str, body: str) -> str | None:
        """``/cards upload`` of a file this game reads (``None``: not one of its files, the next game
        is asked): store it for the server, return the answer. :raises UserError: its file, but bad."""

    def league_options(self) -> app_commands.Command[Any, ..., Any] | None:
        """A prototype whose parameters are the game's own options of ``/league create`` (``None``: none)."""

    def league_setup(self, values: Mapping[str, Any], scenario: str | None, maps: tuple[str, ...],
                     round_limit: int | None) -> Any:
        """A league's format from the values of the game's ``/league create`` options, checked with
        the scenario and every map of the pool (``maps`` empty: the creator named none; a format with
        ``scenario`` and ``maps`` attributes names the league's when the creator named none).
        :raises UserError: what cannot be used, and why."""

    def league_army(self, cards: str, fmt: Any, guild_id: int | None) -> tuple[str, str]:
        """``/league army``: ``(the army as registered, its cost in words)``.
        :raises UserError: the format refuses it, or the game registers no armies."""

    #: The slash command that sets a player's army in a match, in players' words (league texts).
    army_words: str

    def league_army_command(self, army: str) -> str:
        """The match command that sets a registered army (as :meth:`league_army` returned it) in a
        league match, before ``start``."""

    def live(self, meta: MatchMeta, match: GameMatch, **fields: Any) -> LiveMatch:
        """The live match (a :class:`~bot.discord.matches.LiveMatch`, or the game's subclass)."""

    async def match_options(self, interaction: discord.Interaction, values: Mapping[str, Any]) -> dict[str, Any]:
        """:attr:`MatchSettings.options` from the values of the game's ``/match new`` options
        (``None`` for those not given). :raises UserError: a value the game cannot use, saying why."""

    def check_setup(self, options: Mapping[str, Any], guild_id: int | None) -> str:
        """Check ``options`` before anything is made (a thread); return a title for the match's
        thread. :raises UserError: the options are unusable (the message says why)."""

    async def announce(self, bot: Host, live: LiveMatch, creator: int) -> str:
        """The first words of a new match (``creator``: the user id who made it)."""

    def describe(self, live: LiveMatch, outcome: Outcome, header: str) -> str:
        """A command's public result, right after it (``""``: nothing public to say)."""

    def mentioned(self, live: LiveMatch, text: str) -> list[str]:
        """The players ``text`` may ping (those it mentions as ``<@id>``)."""

    def decision_view(self, live: LiveMatch, version: int, pending: Any) -> discord.ui.View | None:
        """Buttons answering decision ``pending`` (the game's own, :attr:`Applied.pending` or
        ``live.facts()[1]``), bound to ``version``; ``None``: no decision."""

    async def draw(self, bot: Host, live: LiveMatch, view: Any, events: Sequence[Any]) -> bytes | None:
        """The PNG of ``view`` (captured by ``live.public_view()`` under the lock) with ``events``."""

    async def follow_up(self, bot: Host, live: LiveMatch, applied: Applied, responder: Responder) -> None:
        """What follows a published command by itself (secret controls, automatic steps)."""

    async def deliver_owed(self, live: LiveMatch, responder: Responder) -> None:
        """Show ``responder``'s user what could not be delivered privately before."""

    async def status(self, bot: Host, live: LiveMatch, asker: str, responder: Responder) -> None:
        """Answer ``/match status`` for ``asker`` (ephemeral), with their controls when owed."""

    def catch_up_words(self, live: LiveMatch, *, restarted: bool) -> list[str]:
        """What :meth:`catch_up` would do now, in words (``[]``: nothing), for the restart line."""

    async def catch_up(self, bot: Host, live: LiveMatch, *, restarted: bool) -> list[str]:
        """After the outbox's results: open what a restart left unopened, take automatic steps
        (``restarted=False``, a stopping bot: messages only, no steps); return it in words."""

    async def play_computer(self, bot: Host, live: LiveMatch) -> None:
        """After a published command (and the pace and league hooks): computer seats waited on play."""

    def summary(self, live: LiveMatch) -> str:
        """The match in a few words, for the signpost of a match opened in a thread."""

    async def seat_computer(self, bot: Host, live: LiveMatch, level: str) -> None:
        """Seat a computer player at ``level``. :raises UserError: the game has none."""

    async def on_restore(self, storage: Storage) -> None:
        """Before matches are restored: load what the game keeps per server (maps, cards)."""

    async def card_files(self, storage: Storage, guild_id: int) -> list[str]:
        """``/cards list``: the names of this game's card files the server uploaded."""

    async def delete_cards(self, storage: Storage, guild_id: int, name: str) -> bool:
        """``/cards delete``: forget this game's file ``name``; ``False`` when it has none by that name."""


# --- the registry ----------------------------------------------------------------------------


@cache
def face(game: str | None = None) -> Face:
    """The face of game ``game`` (``None``: :data:`bot.games.DEFAULT`): ``bot.games.<name>.discord``'s
    ``FACE``, or a :class:`GenericFace` for a game that has none.

    :raises bot.games.ruleset.UnknownGame: no such game.
    """
    name = games.get(game).name
    try:
        module = importlib.import_module(f"bot.games.{name}.discord")
    except ModuleNotFoundError as exc:
        if exc.name not in (f"bot.games.{name}.discord", f"bot.games.{name}"):
            raise
        return GenericFace(name)
    found: Face = module.FACE
    return found


def face_of(live: LiveMatch) -> Face:
    """The face of a live match's game."""
    return face(live.meta.ruleset)


def faces() -> list[Face]:
    """The face of every registered game, the default game's first."""
    names = [games.DEFAULT, *(n for n in games.names() if n != games.DEFAULT)]
    return [face(n) for n in names]


# --- the generic face ------------------------------------------------------------------------


class GenericFace:
    """A game on Discord with nothing of its own: no slash commands of its own, words from the
    outcome's public lines (:meth:`GameMatch.narrate`'s), pictures from :meth:`GameMatch.picture`,
    secret assignments through the installed :class:`SecretCollector`, no decision buttons.
    Subclass it and override what the game does differently.
    """

    extensions: tuple[str, ...] = ()
    #: Descriptions of generic options in the game's words, by command (``"match new"``) and option
    #: (the default game's are shown).
    option_words: Mapping[str, Mapping[str, str]] = {}
    #: What the pace calls the deadlines of a round's secret choices and of a turn.
    deadline_names: Mapping[str, str] = DEADLINE_NAMES
    #: What ``/match concede`` asks before anything changes.
    concede_question = ("Concede this match? You leave it and cannot come back; the others play on without "
                        "you. Press **Concede** to leave, or **Keep playing**.")
    turn_verbs: frozenset[str] = frozenset()

    def __init__(self, game: str) -> None:
        self.game = game

    def items(self) -> Mapping[type[discord.ui.DynamicItem[Any]], Press]:
        """No components of its own; the secret collector's, when one is installed."""
        collector = secret_collector()
        return dict(collector.items()) if collector is not None else {}

    def shared_commands(self) -> Mapping[str, app_commands.Command[Any, ..., Any]]:
        """None."""
        return {}

    def new_options(self) -> app_commands.Command[Any, ..., Any] | None:
        """None."""
        return None

    def join_command(self, name: str) -> str:
        """``join NAME``: the command that seats a player under ``name``."""
        return f"join {shlex.quote(name)}"

    def league_options(self) -> app_commands.Command[Any, ..., Any] | None:
        """None."""
        return None

    async def upload_cards(self, storage: Storage, guild_id: int, name: str, body: str) -> str | None:
        """None: the game reads no card files."""
        return None

    def league_setup(self, values: Mapping[str, Any], scenario: str | None, maps: tuple[str, ...],
                     round_limit: int | None) -> Any:
        """The game's default league format (:func:`bot.leagues.rules.league_rules`), each map
        checked with the scenario (:meth:`check_setup`)."""
        from bot.leagues.rules import league_rules

        try:
            fmt = league_rules(self.game).default_format()
        except ModuleNotFoundError:
            raise UserError(f"{games.get(self.game).title} has no leagues here yet.") from None
        for map_id in maps:
            self.check_setup({k: v for k, v in (("scenario", scenario), ("map", map_id)) if v}, None)
        return fmt

    def league_army(self, cards: str, fmt: Any, guild_id: int | None) -> tuple[str, str]:
        """:raises UserError: no armies are registered for this game's leagues."""
        raise UserError(f"{games.get(self.game).title} leagues register no armies. Nothing was registered.")

    army_words = "`/army set`"

    def league_army_command(self, army: str) -> str:
        """``army ARMY``."""
        return f"army {army}"

    def live(self, meta: MatchMeta, match: GameMatch, **fields: Any) -> LiveMatch:
        """A plain :class:`~bot.discord.matches.LiveMatch`."""
        from bot.discord.live import LiveMatch

        return LiveMatch(meta, match, **fields)

    async def match_options(self, interaction: discord.Interaction, values: Mapping[str, Any]) -> dict[str, Any]:
        """The values given, as they are."""
        return {k: v for k, v in values.items() if v is not None}

    def check_setup(self, options: Mapping[str, Any], guild_id: int | None) -> str:
        """Make a throw-away match of these options (refused options say why); the game's title."""
        ruleset = games.get(self.game)
        from bot.games.ruleset import MatchSettings

        try:
            ruleset.new_match(MatchSettings("check", 0, dict(options), adapter="discord", server=guild_id))
        except (KeyError, ValueError) as exc:
            raise UserError(str(exc.args[0]) if exc.args else str(exc)) from None
        return ruleset.title

    async def announce(self, bot: Host, live: LiveMatch, creator: int) -> str:
        """``⚔ New match of <title>``, how to join and who starts."""
        title = games.get(self.game).title
        return (f"⚔ **New match** of {title}. Join with `/match join`; <@{creator}> starts it with "
                "`/match start`.")

    def describe(self, live: LiveMatch, outcome: Outcome, header: str) -> str:
        """The header, the outcome's public lines and whose turn it is when the turn changed."""
        lines = ([header] if header else []) + list(outcome.public)
        return "\n".join(lines)

    def mentioned(self, live: LiveMatch, text: str) -> list[str]:
        """The seated players ``text`` mentions."""
        return [s.id for s in live.game.seats() if f"<@{s.id}>" in text]

    def decision_view(self, live: LiveMatch, version: int, pending: Any) -> discord.ui.View | None:
        """None (the game's commands answer its decisions)."""
        return None

    async def draw(self, bot: Host, live: LiveMatch, view: Any, events: Sequence[Any]) -> bytes | None:
        """:meth:`LiveMatch.draw_view <bot.discord.live.LiveMatch.draw_view>` in a thread (by default
        :meth:`GameMatch.picture` for the public; ``None`` when pictures are off)."""
        if bot.render is None:
            return None
        try:
            return await asyncio.to_thread(live.draw_view, bot.render, view, tuple(events))
        except Exception:  # a picture is never worth losing the words of a turn
            log.exception("picture of match %s failed", live.match_id)
            return None

    async def follow_up(self, bot: Host, live: LiveMatch, applied: Applied, responder: Responder) -> None:
        """Open a secret phase that began (through the installed collector)."""
        collector = secret_collector()
        if collector is None:
            return
        if live.secret_round_due():
            live.controls_round = live.game.round
            await collector.open(bot, live, responder)
        await collector.deliver_owed(live, responder)

    async def deliver_owed(self, live: LiveMatch, responder: Responder) -> None:
        """The collector's owed controls; words owed are delivered by the kernel."""
        collector = secret_collector()
        if collector is not None:
            await collector.deliver_owed(live, responder)

    async def status(self, bot: Host, live: LiveMatch, asker: str, responder: Responder) -> None:
        """The round and whose turn it is; who the match waits for."""
        g = live.game
        waiting = ", ".join(sorted({g.name(w.player) for w in g.waiting()})) or "nobody"
        lines = [f"**{games.get(self.game).title}** — round {g.round}: {g.turn_words()}.",
                 f"Waiting for {waiting}."]
        result = g.result()
        if result is not None:
            winners = ", ".join(g.name(w) for w in result.winners) or "nobody"
            lines.append(f"Over: {result.reason} (winner: {winners}).")
        pace = getattr(bot, "pace", None)
        if pace is not None:
            lines.extend(await pace.status_lines(live))
        await responder.send("\n".join(lines), ephemeral=True)
        if live.is_player(asker):
            await self.deliver_owed(live, responder)

    def catch_up_words(self, live: LiveMatch, *, restarted: bool) -> list[str]:
        """A secret phase's opening still owed."""
        return [f"round {live.game.round}'s secret choices"] if live.secret_round_due(owed_only=True) else []

    async def catch_up(self, bot: Host, live: LiveMatch, *, restarted: bool) -> list[str]:
        """Open a secret phase a restart left unopened."""
        collector = secret_collector()
        if collector is None or not live.secret_round_due(owed_only=True):
            return []
        from bot.discord.respond import Responder

        what = self.catch_up_words(live, restarted=restarted)
        live.controls_round = live.game.round
        await collector.open(bot, live, Responder(bot, None, live.channel_id))
        return what

    async def play_computer(self, bot: Host, live: LiveMatch) -> None:
        """No computer seats."""

    def summary(self, live: LiveMatch) -> str:
        """The game's title."""
        return games.get(self.game).title

    async def seat_computer(self, bot: Host, live: LiveMatch, level: str) -> None:
        """:raises UserError: this game has no computer player on Discord."""
        raise UserError(f"{games.get(self.game).title} has no computer player here yet: leave out `vs`.")

    async def on_restore(self, storage: Storage) -> None:
        """Nothing kept per server."""

    async def card_files(self, storage: Storage, guild_id: int) -> list[str]:
        """None."""
        return []

    async def delete_cards(self, storage: Storage, guild_id: int, name: str) -> bool:
        """None to delete."""
        return False


