"""Autocomplete answers: card names with points, the cards a drafter may still add, the user's
figures, legal destinations, legal targets. Each reads the live state and never raises (a failing
autocomplete shows nothing).

What may be done is never decided here: figures to place, spaces to place on, figures that may
move or attack, destinations and targets all come from the rules' one list of legal commands
(:class:`bot.rules.legal.LegalCommands`), so a figure that has already attacked, or a space it
cannot reach, is not offered (issue 11)."""

from __future__ import annotations

import itertools
import logging
import re
from collections.abc import Callable, Iterable

import discord
from discord import app_commands

from bot.content import formats
from bot.discord.matches import MatchManager
from bot.game.figure_names import figure_named
from bot.game.session import cards, library_for, maps, scenarios
from bot.game.targets import object_line
from bot.games.heroscape.discord.live import HeroscapeLive as LiveMatch
from bot.rules import draft as drafting
from bot.rules import objects
from bot.rules.actions.cannon import cannon_named
from bot.rules.army import card_cost
from bot.rules.cards import ArmyCard
from bot.rules.combat import friendly_target
from bot.rules.legal import Legal, LegalCommands
from bot.rules.scenario import Format
from bot.rules.state import Figure, MatchState

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
    """The channel's match when it is a Heroscape one (another game's offers nothing here)."""
    matches: MatchManager = interaction.client.matches  # type: ignore[attr-defined]
    live = matches.in_channel(interaction.channel_id)
    return live if isinstance(live, LiveMatch) else None


def _in_match(interaction: discord.Interaction, answer: Callable[[LiveMatch, str], Choices]) -> Choices:
    """``answer(live, user_id)`` for the match of the interaction's channel, through :func:`_safe`;
    no choices where the channel has no match."""
    live = _live(interaction)
    if live is None:
        return []
    pid = str(interaction.user.id)
    return _safe(lambda: answer(live, pid))


#: Discord's limit on a choice's name and value, in characters.
CHOICE_MAX = 100


def set_tag(card: ArmyCard) -> str:  # for lists that show the set beside the name
    """A short tag of the card's set for a choice: the initials of its words (``BftW`` for Battle for
    the Wellspring, ``RotV``), or ``""`` when the set is not public."""
    if not card.set:
        return ""
    words = [w for w in card.set.replace(":", " ").replace("(", " ").split() if w[:1].isalpha()]
    return "".join(w[0] if w.islower() else w[0].upper() for w in words)[:6]


def card_choice(card: ArmyCard, prefix: str, fmt: Format | None) -> tuple[str, str] | None:
    """One ``/army set`` choice: name ``"PREFIX Short (80 pts, RotV)"`` (the points the match counts,
    Delta in a Delta match, and the set's tag, see :func:`set_tag`), value ``"PREFIX Short"``; ``None`` when the value would pass Discord's 100
    characters (the list typed so far is too long to complete: the typed text still works)."""
    value = f"{prefix}{card.short}"
    if len(value) > CHOICE_MAX:
        return None
    cost = card_cost(card, fmt)
    facts = [f"{cost} pts"] if cost is not None else []
    facts += [tag] if (tag := set_tag(card)) else []
    label = f"{card.short} ({', '.join(facts)})" if facts else card.short
    name = f"{prefix}{label}"
    if len(name) > CHOICE_MAX:  # keep the end, where the card being chosen is
        name = "…" + name[-(CHOICE_MAX - 1):]
    return name, value


def card_list(current: str, interaction: discord.Interaction | None = None) -> Choices:
    """``/army set``: complete the last card of a ``;``-separated list by name, short name or set,
    showing points (Standard, or Delta in a Delta match) and set; only complete cards the match's
    format allows (its product lines), from the server's card library."""
    def run() -> Choices:
        """Up to 25 choices (see :func:`card_choice`)."""
        head, _, last = current.rpartition(";")
        prefix = (head.strip() + "; ") if head.strip() else ""
        stand = stand_ins(last.strip())
        if stand:
            return _choices((f"{prefix}{name} ({pts} pts)", f"{prefix}{name}") for name, pts in stand)
        live = _live(interaction) if interaction is not None else None
        fmt = live.state.scenario.format if live is not None else None
        lib = library_for(interaction.guild_id if interaction is not None else None)
        found = lib.search(last.strip(), limit=4 * MAX, sets=True)
        ok = (c for c in found if c.complete and (fmt is None or fmt.lines is None or c.line in fmt.lines))
        return _choices(pair for c in ok if (pair := card_choice(c, prefix, fmt)) is not None)
    return _safe(run)


def stand_ins(typed: str) -> list[tuple[str, int | None]]:
    """Stand-ins for an incomplete card being typed (DEC-07): ``Duke`` or ``Duke (played by Gr``
    gives ``[("Duke (played by Grimnak)", 120), ...]``, the Unique Heroes nearest Duke's points
    first (filtered by what follows "played by"); ``[]`` when ``typed`` names no incomplete card."""
    from bot.content.standins import stand_in_name

    lib = cards()
    partial = re.match(r"^(?P<named>.+?)\s*\(played by\s*(?P<actor>[^)]*)\)?\s*$", typed, re.IGNORECASE)
    named_text = partial["named"] if partial else typed
    actor_text = (partial["actor"] if partial else "").casefold()
    if not named_text:
        return []
    try:
        named = lib.get(named_text)
    except KeyError:
        return []
    if named.complete or (not partial and named.name.casefold() != named_text.casefold()
                          and named.short.casefold() != named_text.casefold()):
        return []
    want = named.points or 0
    actors = sorted((c for c in lib if c.complete and c.kind == "hero" and c.figures == 1 and c.rarity == "unique"
                     and "," not in c.name and actor_text in c.name.casefold()),
                    key=lambda c: (abs((c.points or 0) - want), c.name))
    return [(stand_in_name(named.name, c.name), c.points) for c in actors[:MAX]]


def draft_cards(interaction: discord.Interaction, current: str) -> Choices:
    """``/army draft card``: only the cards the user may still add to their drafted army (DEC-13),
    with their points, cheapest first; nothing outside a draft or for someone not at the table."""
    def run(live: LiveMatch, pid: str) -> Choices:
        """Choices ``"Name (N pts)"`` -> short name for the pickable cards matching the typed text."""
        st = live.state
        if st.draft is None or st.draft.over or not live.is_player(pid):
            return []
        fits = live.memo(("draft", pid), lambda: drafting.pickable(st, pid, live.session.library))
        q = current.strip().casefold()
        return _choices((f"{c.name} ({c.points} pts)", c.short) for c in fits
                        if q in c.name.casefold() or q in c.short.casefold())
    return _in_match(interaction, run)


def card_names(current: str, guild_id: int | None = None) -> Choices:
    """``/card``: any card of the server's library (by name, short name or set), with its points."""
    return _safe(lambda: _choices((f"{c.name} ({c.points} pts)", c.short)
                                  for c in library_for(guild_id).search(current, limit=MAX, sets=True)))


def scenario_ids(current: str) -> Choices:
    """``/match new scenario``: one choice per scenario and level on offer, with a one-line description
    (``Mission Critical, Veteran: COBRA must activate ...``); a Rookie level is never offered (DEC-06)."""
    from bot.content.scenario_menu import entries

    q = current.casefold()

    def listed() -> Iterable[tuple[str, str]]:
        for e in entries(scenarios()):
            levels = e.offered or list(e.levels)
            for lv in levels:
                sid = e.levels[lv]
                if q in sid or q in e.name.casefold() or q in lv:
                    head = f"{e.name}, {lv.title()}" if len(levels) > 1 or e.key != sid else e.name
                    text = f"{head}: {e.lines.get(lv, e.line)}"
                    yield (text if len(text) <= 100 else text[:99] + "…"), sid
    return _safe(lambda: _choices(listed()))


def map_ids(current: str, guild_id: int | None = None) -> Choices:
    """``/match new map`` and ``/map show``: this server's own maps (marked, first), then the shipped ones."""
    from bot.games.heroscape.discord.servermaps import known

    q = current.casefold()
    own = ((f"{k.name} (this server's)", k.key) for k in known(guild_id)
           if q in k.map_id or q in k.name.casefold())
    shipped = ((m.name or m.id or "?", m.id or "") for m in maps()
               if m.id and (q in m.id or q in (m.name or "").casefold()))
    return _safe(lambda: _choices(itertools.chain(own, shipped)))


def format_ids(current: str) -> Choices:
    """``/match new format`` and ``/league create format``: the named army formats whose id or title
    contains what was typed, described in one line each."""
    q = current.strip().casefold()
    return [app_commands.Choice(name=f.describe()[:100], value=f.id) for f in formats.FORMATS.values()
            if q in f.id or q in f.title.casefold()][:25]


#: The kinds of legal commands autocomplete lists, and how :class:`LegalCommands` lists each alone.
_KINDS: dict[str, Callable[[LegalCommands], Iterable[Legal]]] = {
    "place": LegalCommands.placements, "move": LegalCommands.moves, "attack": LegalCommands.attacks,
    "special": LegalCommands.specials, "use": LegalCommands.uses, "cannon": LegalCommands.cannons}


def _legal(live: LiveMatch, pid: str, kind: str) -> list[Legal]:
    """The legal commands of ``kind`` (a key of :data:`_KINDS`) for ``pid`` now
    (:class:`LegalCommands`), cached until the state changes (autocomplete asks on every keystroke)."""
    return live.memo(("legal", pid, kind), lambda: list(_KINDS[kind](LegalCommands(live.state, pid))))


def _legal_of(live: LiveMatch, pid: str, kind: str, piece: str) -> list[Legal]:
    """The legal commands of ``kind`` (``move`` or ``attack``) for one piece (its ID), cached like
    :func:`_legal`: the others' routes or targets are listed only when theirs are asked for
    (issue 21: each destination list listed the routes of every piece of the card)."""
    return live.memo(("legal", pid, kind, piece), lambda: list(_ONE[kind](LegalCommands(live.state, pid), piece)))


#: The kinds :func:`_legal_of` lists for one piece.
_ONE: dict[str, Callable[[LegalCommands, str], Iterable[Legal]]] = {
    "move": LegalCommands.moves, "attack": LegalCommands.attacks}


def _figures(st: MatchState, ids: Iterable[str], current: str) -> Choices:
    """Choices ``"id (CARD)"`` -> figure ID for the figures ``ids`` whose ID contains the typed text."""
    q = current.casefold()
    return _choices((f"{st.figures[f].id} ({st.card_of(st.figures[f]).short})", f)
                    for f in sorted(set(ids)) if q in f and f in st.figures)


def unplaced_figures(interaction: discord.Interaction, current: str) -> Choices:
    """``/place figure``: the user's figures the rules let them place now."""
    return _in_match(interaction, lambda live, pid: _figures(
        live.state, (c.figure for c in _legal(live, pid, "place")), current))


def zone_spaces(interaction: discord.Interaction, current: str, figure: str | None = None,
                first: str | None = None) -> Choices:
    """``/place space`` (``first`` None) and ``/place second``: the start-zone spaces ``figure`` may
    be placed on now (any figure of the user's when it names none of theirs); for ``second``, the
    spaces next to ``first`` that complete a legal placement of a double-space figure."""
    def run(live: LiveMatch, pid: str) -> Choices:
        """Choices label -> label, in column/row order, whose label starts with the typed text."""
        placements = _legal(live, pid, "place")
        name = (figure or "").strip().lower()
        if any(c.figure == name for c in placements):
            placements = [c for c in placements if c.figure == name]
        if first is None:
            labels = {c.spaces[0] for c in placements}
        else:
            lead = first.strip().casefold()
            labels = {c.spaces[1] for c in placements if len(c.spaces) == 2 and c.spaces[0].casefold() == lead}
        return _choices((lab, lab) for lab in sorted(labels, key=_label_key) if lab.casefold().startswith(current.casefold()))
    return _in_match(interaction, run)


def moving_figures(interaction: discord.Interaction, current: str) -> Choices:
    """``/move figure``: the user's figures that may move now (of the card whose turn it is, not moved yet)."""
    return _in_match(interaction, lambda live, pid: _figures(
        live.state, (c.figure for c in _legal(live, pid, "move")), current))


def attacking_figures(interaction: discord.Interaction, current: str) -> Choices:
    """``/attack attacker``: the user's figures that may make a normal attack now (none that already has)."""
    return _in_match(interaction, lambda live, pid: _figures(
        live.state, (c.figure for c in _legal(live, pid, "attack")), current))


def special_figures(interaction: discord.Interaction, current: str) -> Choices:
    """``/special attacker``: the user's figures that may make a special attack now."""
    return _in_match(interaction, lambda live, pid: _figures(
        live.state, (c.figure for c in _legal(live, pid, "special")), current))


def acting_figure(live: LiveMatch, pid: str, typed: str) -> Figure | None:
    """The figure ``typed`` into ``/move figure`` names, as the command resolves it: an id, or the
    start of one of the user's acting figures' ids or card names when it fits one figure only
    (:func:`bot.game.figure_names.figure_named`)."""
    st = live.state
    card = st.turn.card_key if st.turn is not None and st.turn.player == pid else None
    return figure_named(st, typed, (f for f in st.figures.values()
                                    if f.controller == pid and f.on_battlefield and f.card_key == card))


def acting_figure_id(interaction: discord.Interaction, typed: str) -> str:
    """The id of the figure ``typed`` names for ``/move`` (:func:`acting_figure`), or ``typed``
    itself when it names none or several (the rules then say what is wrong)."""
    live = _live(interaction)
    fig = None if live is None else acting_figure(live, str(interaction.user.id), typed)
    return fig.id if fig is not None else typed


def destinations(interaction: discord.Interaction, figure: str | None, current: str) -> Choices:
    """``/move to``: spaces the figure may move to now, cheapest first, with their cost and the
    leaving-engagement attacks the move would give (HS-ENGAGE-05); the figure as typed is resolved
    like the command does (:func:`acting_figure`), picked or not."""
    if not figure:
        return []

    def run(live: LiveMatch, pid: str) -> Choices:
        """Choices ``"LABEL (N spaces)"`` -> label for the legal destinations (the current space
        excluded), cheapest first; none for a figure that may not move now."""
        st = live.state
        fig = acting_figure(live, pid, figure)
        if fig is None or not fig.on_battlefield:
            return []
        here = {st.battlefield.label(h) for h in fig.hexes}
        q = current.casefold()
        rows = sorted((c for c in _legal_of(live, pid, "move", fig.id) if c.figure == fig.id and c.spaces[0] not in here),
                      key=lambda c: (c.cost, c.swipes, _label_key(c.spaces[0])))
        return _choices((f"{c.spaces[0]} ({c.cost} space{'s' if c.cost != 1 else ''}"
                         + (f", {c.swipes} leaving-engagement attack{'s' if c.swipes != 1 else ''}" if c.swipes else "")
                         + (f", stops on {c.glyph}" if c.glyph else "") + ")", c.spaces[0])
                        for c in rows if c.spaces[0].casefold().startswith(q))
    return _in_match(interaction, run)


def targets(interaction: discord.Interaction, attacker: str | None, current: str) -> Choices:
    """``/attack target``: figures the attacker may attack now."""
    if not attacker:
        return []

    def run(live: LiveMatch, pid: str) -> Choices:
        """Choices ``"id (CARD, LABEL)"`` -> figure ID for the legal targets whose ID contains the typed
        text, enemies first, then the attacker's own side marked ``"your side"`` (legal, HS-ATTACK-01,
        and confirmed before the roll); none for an attacker that may not attack now."""
        st = live.state
        fig = st.figures.get(attacker.strip().lower())
        if fig is None or not fig.on_battlefield:
            return []
        q = current.casefold()
        named = [c.target for c in _legal_of(live, pid, "attack", fig.id) if c.figure == fig.id]
        found = [st.figures[t] for t in named if t in st.figures]
        ordered = sorted(found, key=lambda t: friendly_target(st, fig, t))  # stable: enemies first
        things = [o for o in (objects.find(st, t) for t in named if t not in st.figures) if o is not None]
        return _choices([(f"{t.id} ({st.card_of(t).short}, {st.battlefield.label(t.hex)}"
                          f"{', your side' if friendly_target(st, fig, t) else ''})", t.id)
                         for t in ordered if q in t.id]
                        + [(f"{o.id} (object: {object_line(st, o).split(' (', 1)[1]}", o.id)
                           for o in things if q in o.id.casefold()])
    return _in_match(interaction, run)


def special_targets(interaction: discord.Interaction, attacker: str | None, power: str | None,
                    current: str) -> Choices:
    """``/special target``: what the attacker's special attacks may be aimed at now (a figure, or
    for a Line the neighbouring space), with the figures each would affect; only those of the
    special attack named in ``power`` when it names one."""
    if not attacker:
        return []

    def run(live: LiveMatch, pid: str) -> Choices:
        """Choices ``"AIM (affects a, b)"`` -> aim, whose aim contains the typed text."""
        name = attacker.strip().lower()
        wanted = " ".join((power or "").split()).casefold()
        q = current.casefold()
        seen: dict[str, tuple[str, ...]] = {}
        for c in _legal(live, pid, "special"):
            if c.figure == name and (not wanted or wanted in c.command.casefold()) and c.target not in seen:
                seen[c.target] = c.affected
        return _choices((f"{aim} (affects {', '.join(hit) or 'nobody'})", aim)
                        for aim, hit in seen.items() if q in aim.casefold())
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


# ---- /use: carried glyphs (bot.rules.treasure) ------------------------------------------------------------


def using_figures(interaction: discord.Interaction, current: str) -> Choices:
    """``/use figure``: the user's figures that may use a carried glyph now."""
    return _in_match(interaction, lambda live, pid: _figures(
        live.state, (c.figure for c in _legal(live, pid, "use")), current))


def _use_parts(c: Legal) -> tuple[str, str]:
    """The glyph and target of a legal ``use`` (``use FIG GLYPH [TARGET]``)."""
    words = c.command.split()
    return words[2], (words[3] if len(words) > 3 else "")


def usable_glyphs(interaction: discord.Interaction, figure: str | None, current: str) -> Choices:
    """``/use glyph``: the glyphs ``figure`` (any of the user's, when none is named) may use now, by title."""
    from bot.rules.treasure.catalogue import title

    def run(live: LiveMatch, pid: str) -> Choices:
        name = (figure or "").strip().lower()
        uses = [c for c in _legal(live, pid, "use") if not name or c.figure == name]
        q = current.casefold()
        found = dict.fromkeys(_use_parts(c)[0] for c in uses)
        return _choices((title(g), g) for g in found if q in g or q in title(g).casefold())
    return _in_match(interaction, run)


def use_targets(interaction: discord.Interaction, figure: str | None, glyph: str | None, current: str) -> Choices:
    """``/use target``: the targets ``figure`` may name for ``glyph`` now (spaces or figures)."""
    if not figure or not glyph:
        return []

    def run(live: LiveMatch, pid: str) -> Choices:
        from bot.rules.treasure.catalogue import key

        name, g = figure.strip().lower(), key(glyph)
        aims = [_use_parts(c)[1] for c in _legal(live, pid, "use") if c.figure == name and _use_parts(c)[0] == g]
        q = current.casefold()
        return _choices((a, a) for a in aims if a and a.casefold().startswith(q))
    return _in_match(interaction, run)


# ---- /cannon: Cannon Fire (HS-OBSTACLE-04..09) ---------------------------------------------------------


def cannon_figures(interaction: discord.Interaction, current: str) -> Choices:
    """``/cannon figure``: the user's figures that may fire a cannon now (next to one, not engaged)."""
    return _in_match(interaction, lambda live, pid: _figures(
        live.state, (c.figure for c in _legal(live, pid, "cannon")), current))


def cannon_names(interaction: discord.Interaction, figure: str | None, current: str) -> Choices:
    """``/cannon cannon``: the cannons the figure may fire now, by id (or space), with where they stand."""
    def run(live: LiveMatch, pid: str) -> Choices:
        """Choices ``"c1 (cannon at C4)"`` -> cannon name, for the cannons in the legal Cannon Fire commands."""
        want = (figure or "").strip().lower()
        names = dict.fromkeys(c.command.split()[2] for c in _legal(live, pid, "cannon") if not want or c.figure == want)
        st = live.state
        q = current.casefold()
        out = []
        for n in names:
            piece = cannon_named(st, n)
            out.append((f"{n} (cannon at {st.battlefield.label(piece.hexes[0])})", n))
        return _choices(pair for pair in out if q in pair[1].casefold())
    return _in_match(interaction, run)


def cannon_targets(interaction: discord.Interaction, figure: str | None, cannon: str | None, current: str) -> Choices:
    """``/cannon target``: the figures and destructible objects within Range 8 of the cannon and seen
    from its barrel (HS-OBSTACLE-05, -07)."""
    def run(live: LiveMatch, pid: str) -> Choices:
        """Choices ``"t (figure)"`` -> target id for the legal Cannon Fire commands of that figure and cannon."""
        want, gun = (figure or "").strip().lower(), (cannon or "").strip().lower()
        st = live.state
        q = current.casefold()
        out = []
        for c in _legal(live, pid, "cannon"):
            words = c.command.split()
            if (want and c.figure != want) or (gun and words[2].lower() != gun) or c.target is None:
                continue
            t = c.target
            what = f"{st.card_of(st.figures[t]).short}" if t in st.figures else "object"
            out.append((f"{t} ({what})", t))
        return _choices(dict.fromkeys(pair for pair in out if q in pair[1].casefold()))
    return _in_match(interaction, run)
