"""Autocomplete answers: card names with points, the cards a drafter may still add, the user's
figures, legal destinations, legal targets. Each reads the live state and never raises (a failing
autocomplete shows nothing)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable

import discord
from discord import app_commands

from bot.discord.matches import LiveMatch, MatchManager
from bot.game.figure_names import figure_named
from bot.game.session import cards, maps, scenarios
from bot.rules import draft as drafting
from bot.rules.combat import friendly_target, legal_targets
from bot.rules.movement import reachable_hexes
from bot.rules.state import Figure, MatchState, Phase

log = logging.getLogger(__name__)
Choices = list[app_commands.Choice[str]]
MAX = 25


def _choices(pairs: Iterable[tuple[str, str]]) -> Choices:
    out: Choices = []
    for name, value in pairs:
        out.append(app_commands.Choice(name=name[:100], value=value[:100]))
        if len(out) >= MAX:
            break
    return out


def _safe(fn: Callable[[], Choices]) -> Choices:
    try:
        return fn()
    except Exception:
        log.exception("autocomplete failed")
        return []


def _live(interaction: discord.Interaction) -> LiveMatch | None:
    matches: MatchManager = interaction.client.matches  # type: ignore[attr-defined]
    return matches.in_channel(interaction.channel_id)


def _in_match(interaction: discord.Interaction, answer: Callable[[LiveMatch, str], Choices]) -> Choices:
    """``answer(live, user_id)`` for the match of the interaction's channel, through :func:`_safe`;
    no choices where the channel has no match."""
    live = _live(interaction)
    if live is None:
        return []
    pid = str(interaction.user.id)
    return _safe(lambda: answer(live, pid))


def card_list(current: str) -> Choices:
    """``/army set``: complete the last card of a ``;``-separated list, showing points."""
    def run() -> Choices:
        """Up to 25 choices ``"PREFIX CARD (N pts)"`` whose value is the list with the last entry
        completed to a complete card's short name."""
        head, _, last = current.rpartition(";")
        prefix = (head.strip() + "; ") if head.strip() else ""
        found = cards().search(last.strip(), limit=MAX)
        return _choices((f"{prefix}{c.short} ({c.points} pts)" if c.points is not None else f"{prefix}{c.short}",
                         f"{prefix}{c.short}") for c in found if c.complete)
    return _safe(run)


def draft_cards(interaction: discord.Interaction, current: str) -> Choices:
    """``/army draft card``: only the cards the user may still add to their drafted army (DEC-13),
    with their points, cheapest first; nothing outside a draft or for someone not at the table."""
    def run(live: LiveMatch, pid: str) -> Choices:
        """Choices ``"Name (N pts)"`` -> short name for the pickable cards matching the typed text."""
        st = live.state
        if st.draft is None or st.draft.over or not live.is_player(pid):
            return []
        fits = live.memo(("draft", pid), lambda: drafting.pickable(st, pid, cards()))
        q = current.strip().casefold()
        return _choices((f"{c.name} ({c.points} pts)", c.short) for c in fits
                        if q in c.name.casefold() or q in c.short.casefold())
    return _in_match(interaction, run)


def card_names(current: str) -> Choices:
    """``/card``: any card, with its points."""
    return _safe(lambda: _choices((f"{c.name} ({c.points} pts)", c.short) for c in cards().search(current, limit=MAX)))


def scenario_ids(current: str) -> Choices:
    """``/match new scenario``."""
    q = current.casefold()
    return _safe(lambda: _choices((s.name, s.id) for s in scenarios() if q in s.id or q in s.name.casefold()))


def map_ids(current: str) -> Choices:
    """``/match new map``."""
    q = current.casefold()
    return _safe(lambda: _choices((m.name or m.id or "?", m.id or "") for m in maps()
                                  if m.id and (q in m.id or q in (m.name or "").casefold())))


def _mine(st: MatchState, pid: str, current: str, pred: Callable[[Figure], bool]) -> Choices:
    q = current.casefold()
    figs = sorted((f for f in st.figures.values() if f.controller == pid and pred(f) and q in f.id), key=lambda f: f.id)
    return _choices((f"{f.id} ({st.card_of(f).short})", f.id) for f in figs)


def _acting(st: MatchState, pid: str) -> Callable[[Figure], bool]:
    turn = st.turn
    return lambda f: f.on_battlefield and turn is not None and turn.player == pid and f.card_key == turn.card_key


def unplaced_figures(interaction: discord.Interaction, current: str) -> Choices:
    """``/place figure``: the user's figures not yet on the battlefield."""
    return _in_match(interaction, lambda live, pid: _mine(
        live.state, pid, current, lambda f: not f.hexes and not f.destroyed and not f.set_aside))


def zone_spaces(interaction: discord.Interaction, current: str) -> Choices:
    """``/place space``: free spaces of the user's start zone."""
    def run(live: LiveMatch, pid: str) -> Choices:
        """Choices for the user's start-zone spaces not occupied, in column/row order, whose label
        starts with the typed text."""
        st = live.state
        zone = st.battlefield.start_zones.get(st.player(pid).zone, frozenset())
        occupied = st.occupancy()
        labels = sorted((st.battlefield.label(h) for h in zone if h not in occupied), key=_label_key)
        return _choices((lab, lab) for lab in labels if lab.casefold().startswith(current.casefold()))
    return _in_match(interaction, run)


def acting_figures(interaction: discord.Interaction, current: str) -> Choices:
    """``/move figure``, ``/attack attacker``: the user's figures of the card whose turn it is."""
    return _in_match(interaction, lambda live, pid: _mine(live.state, pid, current, _acting(live.state, pid)))


def acting_figure(live: LiveMatch, pid: str, typed: str) -> Figure | None:
    """The figure ``typed`` into ``/move figure`` names, as the command resolves it: an id, or the
    start of one of the user's acting figures' ids or card names when it fits one figure only
    (:func:`bot.game.figure_names.figure_named`)."""
    st = live.state
    return figure_named(st, typed, (f for f in st.figures.values() if _acting(st, pid)(f)))


def acting_figure_id(interaction: discord.Interaction, typed: str) -> str:
    """The id of the figure ``typed`` names for ``/move`` (:func:`acting_figure`), or ``typed``
    itself when it names none or several (the rules then say what is wrong)."""
    live = _live(interaction)
    fig = None if live is None else acting_figure(live, str(interaction.user.id), typed)
    return fig.id if fig is not None else typed


def destinations(interaction: discord.Interaction, figure: str | None, current: str) -> Choices:
    """``/move to``: spaces the figure can reach now, nearest first, with their cost; the figure as
    typed is resolved like the command does (:func:`acting_figure`), picked or not."""
    if not figure:
        return []

    def run(live: LiveMatch, _pid: str) -> Choices:
        """Choices ``"LABEL (N spaces)"`` -> label for reachable spaces (the current one excluded),
        cheapest first; none outside the turns phase or for an unknown or off-board figure."""
        st = live.state
        fig = acting_figure(live, _pid, figure)
        if fig is None or not fig.on_battlefield or st.phase is not Phase.TURNS:
            return []
        reach = live.memo(("reach", fig.id), lambda: reachable_hexes(st, fig))
        bf = st.battlefield
        q = current.casefold()
        rows = sorted(((cost, bf.label(h)) for h, cost in reach.items() if h != fig.hex),
                      key=lambda t: (t[0], _label_key(t[1])))
        return _choices((f"{lab} ({cost} space{'s' if cost != 1 else ''})", lab)
                        for cost, lab in rows if lab.casefold().startswith(q))
    return _in_match(interaction, run)


def targets(interaction: discord.Interaction, attacker: str | None, current: str) -> Choices:
    """``/attack target``: figures the attacker may attack now."""
    if not attacker:
        return []

    def run(live: LiveMatch, _pid: str) -> Choices:
        """Choices ``"id (CARD, LABEL)"`` -> figure ID for the legal targets whose ID contains the typed
        text, enemies first, then the attacker's own side marked ``"your side"`` (legal, HS-ATTACK-01,
        and confirmed before the roll); none for an unknown or off-board attacker."""
        st = live.state
        fig = st.figures.get(attacker.lower())
        if fig is None or not fig.on_battlefield:
            return []
        q = current.casefold()
        found = live.memo(("targets", fig.id), lambda: legal_targets(st, fig))
        ordered = sorted(found, key=lambda t: friendly_target(st, fig, t))  # stable: enemies first
        return _choices((f"{t.id} ({st.card_of(t).short}, {st.battlefield.label(t.hex)}"
                         f"{', your side' if friendly_target(st, fig, t) else ''})", t.id)
                        for t in ordered if q in t.id)
    return _in_match(interaction, run)


def figures_on_board(interaction: discord.Interaction, current: str) -> Choices:
    """``/map reach|targets``: any figure on the battlefield."""
    def run(live: LiveMatch, _pid: str) -> Choices:
        """Choices ``"id (CARD)"`` -> figure ID for every figure on the battlefield whose ID contains the
        typed text, sorted by ID."""
        st = live.state
        q = current.casefold()
        return _choices((f"{f.id} ({st.card_of(f).short})", f.id)
                        for f in sorted(st.on_battlefield(), key=lambda f: f.id) if q in f.id)
    return _in_match(interaction, run)


def _label_key(label: str) -> tuple[str, int]:
    letters = "".join(c for c in label if c.isalpha())
    digits = "".join(c for c in label if c.isdigit())
    return letters, int(digits) if digits else 0
