"""Playing: ``/place``, ``/special`` and ``/end-turn`` (the cog), and Heroscape's ``/move``, ``/attack``
(preview + Roll) and ``/map`` (prototypes of the shared commands, :mod:`bot.discord.shared`)."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import actions
from bot.discord.components import view_of
from bot.discord.errors import UserError
from bot.discord.outgoing import echo, mark_placeholder
from bot.discord.publish import render
from bot.game.targets import (
    figure_attacks,
    friendly_fire_question,
    marked,
    object_preview,
    option_line,
    reach_of,
)
from bot.games.heroscape.discord import autocomplete as ac
from bot.games.heroscape.discord import here, inputs
from bot.games.heroscape.discord.components import RollButton, SpecialButton
from bot.games.heroscape.discord.status import decision_refusal
from bot.rules import checks, legal, objects
from bot.rules.combat import friendly_target
from bot.rules.odds import attack_odds
from bot.rules.state import Phase
from bot.rules.views import public_view

if TYPE_CHECKING:
    from bot.discord.client import RefereeBot
    from bot.games.heroscape.discord.live import HeroscapeLive as LiveMatch

Choices = list[app_commands.Choice[str]]


async def _unplaced(i: discord.Interaction, current: str) -> Choices:
    return ac.unplaced_figures(i, current)


async def _zone(i: discord.Interaction, current: str) -> Choices:
    return ac.zone_spaces(i, current, getattr(i.namespace, "figure", None))


async def _second(i: discord.Interaction, current: str) -> Choices:
    return ac.zone_spaces(i, current, getattr(i.namespace, "figure", None), getattr(i.namespace, "space", None) or "")


async def _movers(i: discord.Interaction, current: str) -> Choices:
    return ac.moving_figures(i, current)


async def _attackers(i: discord.Interaction, current: str) -> Choices:
    return ac.attacking_figures(i, current)


async def _special_attackers(i: discord.Interaction, current: str) -> Choices:
    return ac.special_figures(i, current)


async def _special_targets(i: discord.Interaction, current: str) -> Choices:
    return ac.special_targets(i, getattr(i.namespace, "attacker", None), getattr(i.namespace, "power", None), current)


async def _dest(i: discord.Interaction, current: str) -> Choices:
    return ac.destinations(i, getattr(i.namespace, "figure", None), current)


async def _targets(i: discord.Interaction, current: str) -> Choices:
    return ac.targets(i, getattr(i.namespace, "attacker", None), current)


async def _board(i: discord.Interaction, current: str) -> Choices:
    return ac.figures_on_board(i, current)


def _why(reasons: list[tuple[str, int]]) -> str:
    return " + ".join(f"{n} {name}" for name, n in reasons)


def attack_preview(live: LiveMatch, pid: str, attacker: str, target: str) -> str:
    """The dice each side rolls and the exact chance of each number of wounds.

    Whether the attack may be made is the rules' answer (:func:`bot.rules.legal.check`), word for
    word the refusal the Roll button would get.

    :raises UserError: an unknown figure, or a decision waits (the reason in words).
    :raises RulesError: the engine's refusal of the attack now.
    """
    st = live.state
    a, t = st.figures.get(attacker.lower()), st.figures.get(target.lower())
    if a is None or t is None:
        raise UserError(f"There is no figure '{echo(attacker if a is None else target)}'.")
    if st.pending and st.phase is not Phase.OVER:
        # The rules take no other command until the decision is made: a Roll button could only fail.
        raise UserError(decision_refusal(live, pid))
    refusal = legal.check(st, pid, f"attack {a.id} {t.id}")  # the engine's own checks, nothing rolled
    if refusal is not None:
        raise refusal
    odds = attack_odds(st, a, t)  # the engine's own dice and powers (Stealth Dodge, Deadly Shot, ...)
    life_left = odds.life_left
    friendly = friendly_target(st, a, t)
    press = f"Press **{FRIENDLY_ROLL_LABEL}** to attack it anyway." if friendly else "Press **Roll** to attack."
    lines = [f"🎯 **{a.id}** attacks **{t.id}** ({st.card_of(t).short}, {life_left} life left)",
             f"Attack: {odds.attack_dice} dice ({_why(list(odds.attack_reasons))}) — "
             f"Defense: {odds.defense_dice} dice ({_why(list(odds.defense_reasons))})",
             "Chance of wounds: " + ", ".join(f"{w}: {p:.1%}" for w, p in enumerate(odds.wounds) if p >= 0.0005)
             + (f" (counting {', '.join(odds.powers)})" if odds.powers else ""),
             f"Chance to destroy: {odds.destroy:.1%}. {press}"]
    if odds.returned_ways is not None:
        lines.insert(3, f"Counter Strike: {odds.returned_expected:.2f} wounds back on {a.id} expected, "
                        f"{odds.attacker_destroyed:.1%} chance it is destroyed")
    if friendly:
        whose = "your own figure" if t.controller == pid else f"your teammate {live.session.name(t.controller)}'s figure"
        lines.insert(0, f"⚠️ **{t.id} is {whose}**, not an enemy. The rules allow attacking any figure in "
                        "Range and line of sight (HS-ATTACK-01), so check that this is what you mean.")
    return "\n".join(lines)


def object_attack_preview(live: LiveMatch, pid: str, attacker: str, target: str) -> str:
    """The preview of a normal attack on a destructible object (:func:`bot.game.targets.object_preview`).

    :raises UserError: an unknown figure or a decision waits; :raises RulesError: the engine's refusal.
    """
    st = live.state
    a, obj = st.figures.get(attacker.lower()), objects.find(st, target)
    if a is None or obj is None:
        raise UserError(f"There is no figure '{echo(attacker)}'." if a is None else f"There is no object '{echo(target)}'.")
    if st.pending and st.phase is not Phase.OVER:
        raise UserError(decision_refusal(live, pid))
    refusal = legal.check(st, pid, f"attack {a.id} {obj.id}")
    if refusal is not None:
        raise refusal
    return object_preview(st, a, obj)


#: The Roll button's label when the previewed target is on the attacker's side.
FRIENDLY_ROLL_LABEL = "Roll against my own side"


class PlayCog(commands.Cog):
    """Placing, moving, attacking and looking at the map."""

    place = app_commands.Group(name="place", description="Put your figures in your start zone", guild_only=True)

    def __init__(self, bot: RefereeBot) -> None:
        self.bot = bot

    @place.command(name="figure", description="Put one figure on a space of your start zone")
    @app_commands.describe(figure="One of your figures", space="A free space of your start zone (e.g. A7)",
                           second="The second space of a double-space figure")
    @app_commands.autocomplete(figure=_unplaced, space=_zone, second=_second)
    async def place_figure(self, interaction: discord.Interaction, figure: str, space: str,
                           second: str | None = None) -> None:
        example = "/place figure figure: syvarris space: A7"
        args = [inputs.word(figure, "the figure to place", example),
                inputs.word(space, "a space of your start zone", example)]
        if second is not None and second.strip():
            args.append(inputs.word(second, "the second space (double-space figures)", example + " second: A8"))
        await actions.play(interaction, inputs.command("place", *args), live=here.match_here(interaction))

    @place.command(name="rest", description="Put all your remaining figures on free start spaces")
    async def place_rest(self, interaction: discord.Interaction) -> None:
        live, pid = here.player_here(interaction)
        st = live.state
        if st.phase is Phase.PLACEMENT and not st.pending and not checks.unplaced(st, pid):
            # The rules would accept it and change nothing; refused here so nothing is logged or posted.
            # (A player waiting for another's first placement is told so by the rules.)
            raise UserError("All your figures are on the battlefield already.")
        await actions.play(interaction, "place-rest", live=live)

    @app_commands.command(name="special", description="Make a special attack (Explosion, Fire Line, Grenade)")
    @app_commands.describe(attacker="Your attacking figure", power="The special attack, e.g. explosion or fire line",
                           target="A figure; for a Line attack, the neighbouring space to aim at")
    @app_commands.autocomplete(attacker=_special_attackers, target=_special_targets)
    @app_commands.guild_only()
    async def special(self, interaction: discord.Interaction, attacker: str, power: str, target: str) -> None:
        example = "/special attacker: deathwalker power: explosion target: grimnak"
        attacker = inputs.word(attacker, "your attacking figure", example)
        power = inputs.words(power, "the special attack (e.g. explosion or fire line)", example)
        target = inputs.word(target, "the target figure (or space, for a Line attack)", example)
        text = inputs.command("special", attacker, power, target)
        live = here.match_here(interaction)
        question = friendly_fire_question(live.state, text)
        if question is not None and live.is_player(str(interaction.user.id)):
            # The confirmation step (HS-ATTACK-01 allows it): nothing happens until the button.
            button = SpecialButton(live.match_id, live.version, attacker.lower(), " ".join(power.lower().split()),
                                   target.lower())
            await interaction.response.send_message(
                f"⚠️ {question} Press **{SpecialButton.LABEL}** to make the special attack anyway.",
                view=view_of(button), ephemeral=True)
            return
        await actions.play(interaction, text, live=live)

    @app_commands.command(name="end-turn", description="End your Player Turn")
    @app_commands.guild_only()
    async def end_turn(self, interaction: discord.Interaction) -> None:
        await actions.play(interaction, "end-turn", live=here.match_here(interaction))



# --- Heroscape's prototypes of the shared slash commands (bot.discord.shared registers them once for
# every game; these run in the channels of Heroscape matches) ---------------------------------------

@app_commands.command(name="move", description="Move a figure of the card whose turn it is")
@app_commands.describe(figure="The figure to move", to="Where to (only reachable spaces are offered)",
                       via="Spaces to pass through, in order; 'fly'/'walk' between them takes off or lands "
                           "there (then name every space)", mode="Fly or walk")
@app_commands.choices(mode=[app_commands.Choice(name="fly", value="fly"), app_commands.Choice(name="walk", value="walk")])
@app_commands.autocomplete(figure=_movers, to=_dest)
@app_commands.guild_only()
async def move(interaction: discord.Interaction, figure: str, to: str, via: str | None = None,
               mode: str | None = None) -> None:
    example = "/move figure: tarn1 to: F7"
    # The figure resolved as its ``to`` autocomplete resolved it (``syv`` typed, not picked: syvarris).
    args = [ac.acting_figure_id(interaction, inputs.word(figure, "the figure to move", example)),
            inputs.word(to, "the space to move to", example)]
    waypoints = inputs.spaces(via)
    if waypoints:
        args += ["via", *waypoints]
    if mode:
        args.append(mode)
    await actions.play(interaction, inputs.command("move", *args))


@app_commands.command(name="attack", description="See the odds of an attack, then roll it")
@app_commands.describe(attacker="Your attacking figure", target="A figure (or destructible object) it can attack now")
@app_commands.autocomplete(attacker=_attackers, target=_targets)
@app_commands.guild_only()
async def attack(interaction: discord.Interaction, attacker: str, target: str) -> None:
    with actions.bot_of(interaction).busy("attack-preview"):
        example = "/attack attacker: syvarris target: grimnak"
        attacker = inputs.word(attacker, "your attacking figure", example)
        target = inputs.word(target, "the figure to attack", example)
        live, pid = here.player_here(interaction)
        if objects.is_object(live.state, target):  # a destructible object (HS-DESTRUCT-01)
            await interaction.response.send_message(
                object_attack_preview(live, pid, attacker, target),
                view=view_of(RollButton(live.match_id, live.version, attacker.lower(), target.lower())),
                ephemeral=True)
            return
        text = attack_preview(live, pid, attacker, target)
        button = RollButton(live.match_id, live.version, attacker.lower(), target.lower())
        st = live.state
        if friendly_target(st, st.figures[attacker.lower()], st.figures[target.lower()]):
            # The confirmation step: the button itself says whom it attacks (HS-ATTACK-01 allows it).
            button.item.label = FRIENDLY_ROLL_LABEL
        await interaction.response.send_message(text, view=view_of(button), ephemeral=True)


@app_commands.command(name="map", description="The battlefield now (only you see it)")
@app_commands.describe(reach="Shade the spaces this figure can move to",
                       targets="Mark the figures this figure can attack")
@app_commands.autocomplete(reach=_board, targets=_board)
@app_commands.guild_only()
async def map_command(interaction: discord.Interaction, reach: str | None = None, targets: str | None = None) -> None:
    live = here.match_here(interaction)
    st = live.state
    await interaction.response.defer(ephemeral=True, thinking=True)
    mark_placeholder(interaction, True)  # an error below is written into it (components.tell)
    kw: dict[str, object] = {}
    words = f"Round {st.round}, {st.phase.value}."
    reach, targets = (" ".join((x or "").split()) or None for x in (reach, targets))
    for name in (reach, targets):
        if name and (name.lower() not in st.figures or not st.figures[name.lower()].on_battlefield):
            raise UserError(f"'{echo(name)}' is not a figure on the battlefield.")
    if reach:
        fig = st.figures[reach.lower()]
        kw.update(reach=reach_of(st, fig), focus=fig.id)  # the console's reach: legal's moves now
    if targets:
        fig = st.figures[targets.lower()]
        found = figure_attacks(st, fig)  # the console's targets: legal's attacks in the figure's turn
        options = found.options
        kw.update(targets=marked(options), focus=fig.id)
        if found.refused:
            words += f"\n{fig.id} cannot attack now: {found.refused}"
        words += f"\n{fig.id} can attack:\n" + "\n".join(
            f"- {option_line(o, '' if o.special else found.why_none)}" for o in options)
        if len(words) > 1800:  # a message holds 2000 characters; the picture shows the rest
            words = words[:1799] + "…"
    png = await render(actions.bot_of(interaction), public_view(st), (), **kw)
    if png is None:
        await interaction.followup.send(words + " (Map images are turned off.)", ephemeral=True)
        return
    await interaction.followup.send(words, file=discord.File(io.BytesIO(png), "map.png"),
                                    ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    """Extension entry point."""
    await bot.add_cog(PlayCog(bot))  # type: ignore[arg-type]
