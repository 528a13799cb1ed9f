"""Onslaught's slash commands: ``/act``, ``/ability``, ``/loot``, ``/door``, ``/item``, ``/party`` (its own
names) and its prototypes of the shared ``/move``, ``/attack`` and ``/map`` (:mod:`bot.discord.shared`
registers one command per name and runs these in an Onslaught channel).

Every command acts for the character activating now (a ``character``/``attacker`` option, when given,
must name it), is checked by the rules (a refusal says what is wrong and changes nothing) and goes
through :func:`bot.discord.actions.play` (the kernel's one path: stored, published with the picture
after every activation). Autocomplete offers exactly the legal options
(:func:`bot.games.onslaught.discord.texts.legal_of`), cached per state version.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import actions
from bot.discord.components import view_of
from bot.discord.errors import UserError
from bot.discord.outgoing import echo
from bot.discord.respond import Responder
from bot.games.onslaught.discord import buttons
from bot.games.onslaught.discord.texts import Options, act_text, active, attack_kinds, legal_of
from bot.games.onslaught.match import NAME, OnslaughtMatch
from bot.onslaught.events import RulesError
from bot.onslaught.grid import SquareError, parse_square
from bot.onslaught.legal import check
from bot.onslaught.preview import ability_preview, preview

if TYPE_CHECKING:
    from bot.discord.live import LiveMatch

Choices = list[app_commands.Choice[str]]
#: What a refusal says in a channel whose match is another game's.
ELSEWHERE = "`/{cmd}` is a D&D Onslaught command, and this channel's match is not an Onslaught match."


def here(interaction: discord.Interaction, cmd: str, seated: bool = True) -> tuple[LiveMatch, str, OnslaughtMatch]:
    """The channel's Onslaught match, the user's id and the game.

    :raises NoMatch: no match here. :raises UserError: another game's match. :raises NotAPlayer: not seated.
    """
    live = actions.match_here(interaction)
    if live.meta.ruleset != NAME:
        raise UserError(ELSEWHERE.format(cmd=cmd))
    pid = str(interaction.user.id)
    if seated:
        live.require_player(pid)
    return live, pid, buttons.game_of(live)


def legal(live: LiveMatch, pid: str) -> Options:
    """The player's legal commands by kind, cached until the state changes."""
    return live.memo(("onslaught-legal", pid), lambda: legal_of(buttons.game_of(live), pid))


def _choices(values: list[tuple[str, str]], current: str) -> Choices:
    cur = current.lower().strip()
    seen: dict[str, str] = {}
    for label, value in values:
        if cur in label.lower() and value not in seen:
            seen[value] = label
    return [app_commands.Choice(name=label[:100], value=value[:100]) for value, label in list(seen.items())[:25]]


def _completer(pick: str) -> Callable[[discord.Interaction, str], Coroutine[Any, Any, Choices]]:
    """An autocomplete over the user's legal commands: ``pick`` names which (see below)."""

    async def complete(interaction: discord.Interaction, current: str) -> Choices:
        matches = getattr(interaction.client, "matches", None)
        live = matches.in_channel(interaction.channel_id) if matches is not None else None
        if live is None or live.meta.ruleset != NAME:
            return []
        pid = str(interaction.user.id)
        if not live.is_player(pid) and pick != "mini":
            return []
        o = legal(live, pid)
        game = buttons.game_of(live)
        pairs: list[tuple[str, str]] = []
        if pick == "to":
            pairs = [(t.split()[2], t.split()[2]) for t in o.moves]
        elif pick == "target":
            kinds: dict[str, list[str]] = {}
            for target, kind in attack_kinds(game, o.attacks):
                kinds.setdefault(target, []).append(kind)
            pairs = [(f"{target} ({' or '.join(ks)})", target) for target, ks in kinds.items()]
        elif pick == "ability":
            m = active(game)
            pairs = [(w.replace("-", " ") + (f" ({m.dials.get(w.replace('-', ' '), 'ready')})" if m else ""), w)
                     for w in o.abilities]
        elif pick == "ability_target":
            chosen = str(getattr(interaction.namespace, "name", "") or "").replace(" ", "-").lower()
            for word, texts in o.abilities.items():
                if chosen and word.lower() != chosen:
                    continue
                pairs += [(t.split()[3], t.split()[3]) for t in texts if len(t.split()) > 3]
        elif pick == "chest":
            pairs = [(t.split()[2], t.split()[2]) for t in o.loot if len(t.split()) > 2]
        elif pick == "door":
            pairs = [(f"{t.split()[2]} ({t.split()[3]})", f"{t.split()[2]} {t.split()[3]}") for t in o.doors]
        elif pick == "item":
            items = game.state.library.items
            for t in o.items:
                w = t.split()
                thing = items[w[2]].name if w[0] != "pickup" and w[2] in items else w[2]
                rest = f" to {w[3]}" if w[0] == "give" else ""
                pairs.append((f"{w[0]} {thing}{rest}", " ".join([w[0], *w[2:]])))
        elif pick == "character":  # the one acting now: /move and /attack act with it alone
            m = active(game) if game.started and game.state.activation is not None else None
            pairs = [(m.name, m.name)] if m is not None and m.side == game.side_of(pid) else []
        elif pick == "mini" and game.started:
            pairs = [(m.name, m.name) for m in game.state.living()]
        return _choices(pairs, current)

    return complete


def _character(game: OnslaughtMatch, pid: str, named: str | None) -> str:
    """The character acting: the one activating now (``named``, when given, must be it).

    :raises UserError: no activation of this player's now, or ``named`` is another character.
    """
    m = active(game) if game.started else None
    if m is None or game.state.activation is None or m.side != game.side_of(pid):
        raise UserError(f"You have no character activating now ({game.turn_words() if game.started else 'the match has not started'}). "
                        "`/act` says what you can do.")
    if named and named.strip().lower() != m.name.lower():
        raise UserError(f"'{echo(named)}' is not activating; {m.name} is. Leave the option out to act with {m.name}.")
    return m.name


@app_commands.command(name="move", description="Move your active character")
@app_commands.describe(figure="The activating character", to="The square to move to (C4)")
@app_commands.autocomplete(figure=_completer("character"), to=_completer("to"))
@app_commands.guild_only()
async def move(interaction: discord.Interaction, figure: str, to: str) -> None:
    """``/move`` in an Onslaught match: a basic move of the active character (DDO-MOVE-*). The options
    are Heroscape's (``figure`` first, then ``to``: one ``/move`` on Discord); ``figure`` offers the
    active character."""
    live, pid, game = here(interaction, "move")
    who = _character(game, pid, figure)
    try:
        square = parse_square(to.strip())
    except SquareError:
        raise UserError(f"'{echo(to)}' is not a square; write a column letter and a row number, like C4.") from None
    grid = game.state.map
    if not (0 <= square[0] < grid.width and 0 <= square[1] < grid.height):
        last = chr(ord("A") + grid.width - 1)
        raise UserError(f"'{echo(to)}' is off the map: its squares are A1 to {last}{grid.height}.")
    from bot.onslaught.grid import name as square_name

    await actions.play(interaction, f"move {who} {square_name(square)}", live=live)


@app_commands.command(name="attack", description="See the chance to hit, then roll the attack")
@app_commands.describe(attacker="The activating character", target="Whom to attack",
                       kind="melee or ranged (default: melee when adjacent)")
@app_commands.autocomplete(attacker=_completer("character"), target=_completer("target"))
@app_commands.choices(kind=[app_commands.Choice(name="melee", value="melee"),
                            app_commands.Choice(name="ranged", value="ranged")])
@app_commands.guild_only()
async def attack(interaction: discord.Interaction, attacker: str, target: str, kind: str | None = None) -> None:
    """``/attack`` in an Onslaught match: the chance to hit first (cover and the dice counted), privately,
    with a **Roll** button bound to this moment. The options are Heroscape's (``attacker`` first, then
    ``target``: one ``/attack`` on Discord); ``attacker`` offers the active character."""
    live, pid, game = here(interaction, "attack")
    who = _character(game, pid, attacker)
    target = target.strip()
    try:
        p = preview(game.state, who, target, kind)
    except RulesError as exc:
        raise UserError(str(exc)) from None
    # Refused now (an action already spent, Stunned...) rather than after the Roll button.
    reason = check(game.match.game, game.side_of(pid) or "", " ".join(["attack", who, p.target, *([kind] if kind else [])]))
    if reason is not None:
        raise UserError(reason)
    button = buttons.RollButton(live.match_id, live.version, who, p.target, kind or "")
    with actions.bot_of(interaction).busy("attack-preview"):
        await interaction.response.send_message(p.text(), view=view_of(button), ephemeral=True)


@app_commands.command(name="map", description="The map now (only you see it)")
@app_commands.describe(reach="Frame the squares this character can move to",
                       targets="Frame whom this character can attack, with the chance to hit")
@app_commands.autocomplete(reach=_completer("mini"), targets=_completer("mini"))
@app_commands.guild_only()
async def map_command(interaction: discord.Interaction, reach: str | None = None, targets: str | None = None) -> None:
    """``/map`` in an Onslaught match: the picture as you may see it (only you), with the squares a
    character can move to (``reach``) or whom it can attack (``targets``) framed."""
    live, pid, game = here(interaction, "map", seated=False)
    if not game.started:
        raise UserError("The parties are not on the map yet: the match starts with `/match start`.")
    st = game.state
    marks, rings, words = [], [], [f"Round {st.round}: {game.turn_words()}."]
    from bot.onslaught.board import can_end
    from bot.onslaught.board import reach as reachable
    from bot.onslaught.grid import name as square_name

    for value, kind in ((reach, "reach"), (targets, "targets")):
        if not value:
            continue
        m = next((x for x in st.living() if x.name.lower() == value.strip().lower()), None)
        if m is None:
            raise UserError(f"'{echo(value)}' is not a character or monster on the map.")
        if kind == "reach":
            marks = sorted(sq for sq in reachable(st, m, st.speed(m)) if sq != m.square and can_end(st, m, sq))
            words.append(f"{m.name} can move to {len(marks)} squares (speed {st.speed(m)}), framed in yellow.")
        else:
            found = []
            for foe in st.living():
                if foe.side == m.side:
                    continue
                try:
                    p = preview(st, m.name, foe.name) if m.side in ("A", "B") else None
                except RulesError:
                    continue
                if p is not None:
                    found.append(f"{foe.name} ({p.chance:.0%})")
                    rings += foe.squares
            words.append(f"{m.name} can attack: {', '.join(found) or 'nobody from here'} (framed in red).")
    bot = actions.bot_of(interaction)
    with bot.busy("map"):
        await interaction.response.defer(ephemeral=True, thinking=True)
        side = game.side_of(pid) or ""
        from bot.games.onslaught.picture import picture_png

        png = await asyncio.to_thread(picture_png, st.copy(), side, (), marks, rings)
        await Responder(bot, interaction, live.channel_id).send(
            "\n".join(words) + (f"\nSquares: {', '.join(square_name(s) for s in marks[:40])}" if marks else ""),
            png=png, filename="onslaught.png", ephemeral=True)



async def _ability_preview(interaction: discord.Interaction, live: Any, pid: str, game: OnslaughtMatch, text: str,
                           ability: str, target: str | None) -> None:
    """The private preview of an attack ability (``text``, checked by the rules first) with its
    **Roll** button; a friend in the attack is named before anything is rolled (DDO-AOE-*: an area
    takes every miniature in it)."""
    reason = check(game.match.game, game.side_of(pid) or "", text)
    if reason is not None:
        raise UserError(reason)
    words = text.split()
    try:
        words_shown, friends = ability_preview(game.state, words[1], words[2], target.strip() if target else "")
    except RulesError as exc:
        raise UserError(str(exc)) from None
    m = game.state.minis[words[1]]
    index = next(i for i, a in enumerate(game.state.abilities(m)) if a.name == ability)
    label = "Roll"
    if friends:
        words_shown = f"⚠️ This hits your own side: {', '.join(friends)}.\n{words_shown}"
        label = "Roll against my own side"
    button = buttons.UseButton(live.match_id, live.version, index, words[3] if len(words) > 3 else "-", label)
    with actions.bot_of(interaction).busy("ability-preview"):
        await interaction.response.send_message(words_shown, view=view_of(button), ephemeral=True)


def _item_words(game: OnslaughtMatch, who: str, words: list[str]) -> list[str]:
    """The words after the verb of an ``/item what:`` as the rules read them: an item carried by
    ``who`` may be named by its name (``equip Gloamsteel Sword``) as well as its symbol, and ``give``
    takes ``to`` before the friend (``give I2 to Ysolde``), as the option's description shows."""
    rest = words[1:]
    if words[0] == "give" and len(rest) >= 3 and rest[-2].lower() == "to":
        rest = [*rest[:-2], rest[-1]]
    if words[0] in ("equip", "unequip", "give"):
        m = game.state.minis.get(who)
        items = game.state.library.items
        named = " ".join(rest[:-1] if words[0] == "give" else rest).lower()
        carried = [*m.loot, *m.equipped] if m is not None else []
        symbol = next((t for t in carried if t in items and items[t].name.lower() == named), None)
        if symbol is not None:
            rest = [symbol, *rest[-1:]] if words[0] == "give" else [symbol]
    return rest


class OnslaughtCog(commands.Cog):
    """D&D Onslaught's own slash commands (see the module docstring)."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="act", description="D&D Onslaught: your active character's options (or activate it, or end)")
    @app_commands.describe(step="show (default): your options, activating the character whose card is up; end: end the activation")
    @app_commands.choices(step=[app_commands.Choice(name="show my options", value="show"),
                                app_commands.Choice(name="end the activation", value="end")])
    @app_commands.guild_only()
    async def act(self, interaction: discord.Interaction, step: str = "show") -> None:
        live, pid, game = here(interaction, "act")
        if step == "end":
            await actions.play(interaction, "end", live=live)
            return
        o = legal(live, pid)
        bot = actions.bot_of(interaction)
        if o.activate:
            await actions.play(interaction, o.activate[0], live=live)
            m = active(game) if game.started else None
            if m is not None and m.side == game.side_of(pid) and not game.state.pending and game.state.activation:
                with bot.busy("act"):  # the revealed character's options, as the README promises
                    await Responder(bot, interaction, live.channel_id).send(act_text(game, pid), ephemeral=True)
            return
        view = buttons.decision_buttons(live, live.version, private=True) if o.answers else None
        with bot.busy("act"):
            await Responder(bot, interaction, live.channel_id).send(act_text(game, pid), view=view, ephemeral=True)

    @app_commands.command(name="ability", description="D&D Onslaught: use an ability of your active character")
    @app_commands.describe(name="A ready ability (cooldown dial at ready), a level-up card or an item's",
                           target="Its target: a character, a monster or a square (C4), when it takes one")
    @app_commands.autocomplete(name=_completer("ability"), target=_completer("ability_target"))
    @app_commands.guild_only()
    async def ability(self, interaction: discord.Interaction, name: str, target: str | None = None) -> None:
        live, pid, game = here(interaction, "ability")
        who = _character(game, pid, None)
        word = "-".join(name.split())
        text = " ".join(["use", who, word, *([target.strip()] if target else [])])
        m = game.state.minis[who]
        ab = game.state.ability(m, word.replace("-", " "))
        if ab is not None and ab.attack:  # an attack: the chance to hit first, and a warning for friends hit
            await _ability_preview(interaction, live, pid, game, text, ab.name, target)
            return
        await actions.play(interaction, text, live=live)

    @app_commands.command(name="loot", description="D&D Onslaught: loot a chest next to your active character")
    @app_commands.describe(chest="The chest's square, when two are in reach")
    @app_commands.autocomplete(chest=_completer("chest"))
    @app_commands.guild_only()
    async def loot(self, interaction: discord.Interaction, chest: str | None = None) -> None:
        live, pid, game = here(interaction, "loot")
        who = _character(game, pid, None)
        await actions.play(interaction, " ".join(["loot", who, *([chest.strip()] if chest else [])]), live=live)

    @app_commands.command(name="door", description="D&D Onslaught: open or close a door next to your active character")
    @app_commands.describe(door="The door (and whether it opens or closes)")
    @app_commands.autocomplete(door=_completer("door"))
    @app_commands.guild_only()
    async def door(self, interaction: discord.Interaction, door: str) -> None:
        live, pid, game = here(interaction, "door")
        who = _character(game, pid, None)
        words = door.split()
        if len(words) == 1:  # the door alone: open it if closed, close it if open
            words.append("close" if words[0] in game.state.open_doors else "open")
        await actions.play(interaction, " ".join(["door", who, *words[:2]]), live=live)

    @app_commands.command(name="item", description="D&D Onslaught: equip, unequip, give or pick up an item")
    @app_commands.describe(what="What to do, e.g. equip Gloamsteel Sword, give I2 to Ysolde, pickup C4")
    @app_commands.autocomplete(what=_completer("item"))
    @app_commands.guild_only()
    async def item(self, interaction: discord.Interaction, what: str) -> None:
        live, pid, game = here(interaction, "item")
        who = _character(game, pid, None)
        words = what.split()
        if not words or words[0] not in ("equip", "unequip", "give", "pickup"):
            raise UserError(f"'{echo(what)}' does not read: start with equip, unequip, give or pickup "
                            "(e.g. `equip I1`, `give I1 Ysolde`, `pickup C4`).")
        await actions.play(interaction, " ".join([words[0], who, *_item_words(game, who, words)]), live=live)

    @app_commands.command(name="party", description="D&D Onslaught: choose your party before the start")
    @app_commands.describe(party="A party's name, or five character names with commas (Brask, Ysolde, ...)")
    @app_commands.guild_only()
    async def party(self, interaction: discord.Interaction, party: str) -> None:
        live, pid, game = here(interaction, "party")
        await actions.play(interaction, f"party {' '.join(party.split())}", live=live)

    @party.autocomplete("party")
    async def _parties(self, interaction: discord.Interaction, current: str) -> Choices:
        matches = getattr(interaction.client, "matches", None)
        live = matches.in_channel(interaction.channel_id) if matches is not None else None
        from bot.games.onslaught.server_cards import library_for

        lib = library_for(interaction.guild_id) if live is None else buttons.game_of(live).library
        return _choices([(f"{p}: {', '.join(c)}", p) for p, c in sorted(lib.parties.items())], current)


async def setup(bot: commands.Bot) -> None:
    """Extension entry point."""
    await bot.add_cog(OnslaughtCog(bot))
