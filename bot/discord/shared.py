"""Slash command names several games claim (``/move``, ``/attack``, ``/map``): Discord knows one
command per name, so each is registered ONCE, merged from every game's prototype
(:meth:`bot.discord.face.Face.shared_commands`), and dispatched on the game of the channel's match.

Merging: the command (its description, ``guild_only``, ...) is the first claiming game's prototype
(the default game's first, so its payload is what it always was). Its options are the first
prototype's options exactly (names, order, required-ness: a player of the default game meets the
command as it always was), then the options only other games have, optional (Discord requires the
required options first; a game requiring one of those is checked when it runs). A game's option
keeps its description, choices and bounds; two games naming one option alike share the first one's
description, so another game reuses the default game's names where they fit.

Running: the channel's match's game (the default game where there is none) runs its prototype's
callback with the values of its own options; a value given for an option that game does not have
is refused with a message naming the options it has (nothing changes). Autocomplete asks the
prototype of that game for that option (no choices when it has none).
"""

from __future__ import annotations

import copy
import dataclasses
import inspect
import logging
from collections.abc import Callable, Coroutine, Mapping, Sequence
from typing import Any

import discord
from discord import app_commands
from discord.app_commands.transformers import CommandParameter

from bot import games
from bot.discord.errors import UserError
from bot.discord.face import Face, face, faces

log = logging.getLogger(__name__)

Command = app_commands.Command[Any, ..., Any]
Autocomplete = Callable[[discord.Interaction, str], Coroutine[Any, Any, list[app_commands.Choice[Any]]]]


def game_here(interaction: discord.Interaction) -> str:
    """The game of the channel's match (:data:`bot.games.DEFAULT` where the channel has none)."""
    matches = getattr(interaction.client, "matches", None)
    live = matches.in_channel(interaction.channel_id) if matches is not None else None
    return live.meta.ruleset if live is not None else games.DEFAULT


def _params(command: Command) -> dict[str, CommandParameter]:
    return dict(command._params)


def merge_params(claims: Mapping[str, Command], game_of: Callable[[discord.Interaction], str]) -> dict[str, CommandParameter]:
    """Every prototype's options by name (see the module docstring); an option any prototype
    completes is completed by the prototype of ``game_of(interaction)``'s game."""
    prototypes = list(claims.values())
    first = _params(prototypes[0])
    merged: dict[str, CommandParameter] = {}
    for proto in prototypes:
        for name, param in _params(proto).items():
            if name not in merged:
                merged[name] = dataclasses.replace(param)
    for name, param in merged.items():
        found = [_params(p).get(name) for p in prototypes]
        # The first (default) game's shape stays exactly; what only others have is optional.
        param.required = name in first and first[name].required
        if not param.required:
            param.default = None  # each game's own default is applied when it runs (own_values)
        if any(c is not None and c.autocomplete is not None for c in found):
            param.autocomplete = _dispatching(claims, name, game_of)
    order = sorted(merged.values(), key=lambda p: not p.required)  # stable: the first game's order
    return {p.name: p for p in order}


def _dispatching(claims: Mapping[str, Command], option: str,
                 game_of: Callable[[discord.Interaction], str]) -> Autocomplete:
    """An autocomplete of ``option`` asking the prototype of ``game_of(interaction)``'s game."""

    async def complete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[Any]]:
        proto = claims.get(game_of(interaction))
        param = _params(proto).get(option) if proto is not None else None
        if param is None or param.autocomplete is None:
            return []
        choices: list[app_commands.Choice[Any]] = await param.autocomplete(interaction, current)
        return choices

    return complete


def own_values(command: str, game: str, proto: Command, values: Mapping[str, Any]) -> dict[str, Any]:
    """The values of ``proto``'s own options among ``values`` (absent ones: their default).

    :raises UserError: a value given for an option ``game``'s prototype does not have, or one it
        requires missing (the message lists its options; nothing was done).
    """
    own = _params(proto)
    title = games.get(game).title
    has = ", ".join(f"`{k}`" for k in own) or "none"
    extra = sorted(k for k, v in values.items() if v is not None and k not in own)
    if extra:
        raise UserError(f"`/{command}` in a {title} match has no option {', '.join(f'`{k}`' for k in extra)}; "
                        f"its options are: {has}. Nothing was done.")
    missing = [k for k, p in own.items() if p.required and values.get(k) is None]
    if missing:
        raise UserError(f"`/{command}` in a {title} match needs {', '.join(f'`{k}`' for k in missing)}; "
                        f"its options are: {has}. Nothing was done.")
    return {k: values[k] if values.get(k) is not None else p.default for k, p in own.items()
            if values.get(k) is not None or p.default is not discord.utils.MISSING}


def merge(name: str, claims: Mapping[str, Command]) -> Command:
    """The one command ``name`` for the games in ``claims`` (game -> its prototype)."""
    first = next(iter(claims.values()))

    async def run(interaction: discord.Interaction, **values: Any) -> None:
        game = game_here(interaction)
        proto = claims.get(game)
        if proto is None:
            raise UserError(f"`/{name}` does nothing in a {games.get(game).title} match.")
        callback: Any = proto.callback
        await callback(interaction, **own_values(name, game, proto, values))

    run.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction)])
    command = copy.copy(first)
    command._callback = run
    command._params = merge_params(claims, game_here)
    return command


def claims(of: Sequence[Face]) -> dict[str, dict[str, Command]]:
    """``{command name: {game: prototype}}`` over the faces ``of``, in their order."""
    found: dict[str, dict[str, Command]] = {}
    for f in of:
        for name, proto in f.shared_commands().items():
            found.setdefault(name, {})[f.game] = proto
    return found


async def game_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The registered games whose name or title contains what is typed (a ``game`` option's autocomplete)."""
    typed = current.strip().lower()
    return [app_commands.Choice(name=games.get(n).title, value=n) for n in games.names()
            if typed in n or typed in games.get(n).title.lower()][:25]


def game_typed(interaction: discord.Interaction) -> str:
    """The game named in the ``game`` option of the command being typed (the default game until one is)."""
    return getattr(interaction.namespace, "game", None) or games.DEFAULT


@app_commands.command(name="none", description="No options")
async def NO_OPTIONS(interaction: discord.Interaction) -> None:  # noqa: N802  # a constant, as a command
    """A prototype without options (a game with no options of its own)."""


def game_options(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Let a command's callback take the games' options as ``**values``: discord.py reads a callback's
    signature for its options, so the signature it reads stops before ``**values``; the options are
    then added by :func:`add_game_options`."""
    sig = inspect.signature(fn)
    fn.__signature__ = sig.replace(parameters=[p for p in sig.parameters.values()  # type: ignore[attr-defined]
                                               if p.kind is not inspect.Parameter.VAR_KEYWORD])
    return fn


def add_game_options(command: Command, game_of: Callable[[discord.Interaction], str],
                     options_of: Callable[[Face], Command | None] = lambda f: f.new_options()) -> None:
    """Add every game's options (``options_of(face)``'s prototype: by default
    :meth:`~bot.discord.face.Face.new_options`) to ``command`` after its first option, completed
    by the game ``game_of(interaction)`` names."""
    protos = {f.game: p for f in faces() if (p := options_of(f)) is not None}
    added = merge_params(protos, game_of) if protos else {}
    for param in added.values():  # no game requires its options: the generic ones come first
        param.required = False
        param.default = None
    mine = _params(command)
    names = list(mine)
    command._params = {**{k: mine[k] for k in names[:1]}, **{k: v for k, v in added.items() if k not in mine},
                       **{k: mine[k] for k in names[1:]}}


def word_options(command: Command) -> None:
    """Describe ``command``'s generic options in the default game's words where its face has them
    (:attr:`~bot.discord.face.Face.option_words`)."""
    words = face(games.DEFAULT).option_words.get(command.qualified_name, {})
    command._params = {name: dataclasses.replace(p, description=words[name]) if name in words else p
                       for name, p in _params(command).items()}


def commands() -> list[Command]:
    """The merged shared commands of every game."""
    return [merge(name, by_game) for name, by_game in claims(faces()).items()]


async def setup(bot: discord.ext.commands.Bot) -> None:
    """Extension entry point: registers the merged shared commands."""
    for command in commands():
        bot.tree.add_command(command)
