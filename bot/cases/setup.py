"""Setting up a case's position: cards, players, scenario, figures and glyphs, in free mode.

- Cards: written in full, or in v2 ``{"library": NAME}``, the card of that name in the project's
  card library (:class:`bot.content.cards.CardLibrary`).
- Figures: in v1 each entry is its own copy of its card. **(v2 only)** entries of one owner naming
  the same card share one Army Card (a squad's figures), and ``"copy": 2`` puts them on a second
  copy, whose key ends in ``#2`` as in armies built by the bot (HS-ARMY-06), so ``Card#2`` names it in
  ``place_orders``. A v2 figure may start off the battlefield, or carrying glyphs
  (:mod:`bot.cases.features`).
- Scenario (v2): the seed scenario by name and level from the project's scenario library, with each
  player's side (role) and start zone; ``round`` and ``teams`` set the round and the teammates.
- Glyphs: the map's glyphs are put on the battlefield (``MatchState.glyphs``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from pydantic import ValidationError

from bot.cases import features
from bot.cases.dice import CaseDice
from bot.cases.mapping import build_map
from bot.cases.model import CaseError, CaseSpec, CaseSpec2, FigureSpec2, ScenarioSpec, hexes_of, loc
from bot.content.cards import CardLibrary, UnknownCardError
from bot.content.scenarios import ScenarioLibrary
from bot.rules.cards import ArmyCard
from bot.rules.engine import Engine
from bot.rules.hexes import Hex
from bot.rules.lookup import squash
from bot.rules.scenario import SANDBOX, Scenario
from bot.rules.state import CardInPlay, Figure, MatchState, Phase


@dataclass
class Setup:
    """A case ready to run: its engine and dice, the blocking notes (features the engine lacks
    that the case needs from its start) and the waiting notes (what a failing step waits for)."""

    engine: Engine
    dice: CaseDice
    blocking: list[str] = field(default_factory=list)
    waiting: list[str] = field(default_factory=list)


@cache
def card_library() -> CardLibrary:
    """The project's card library (shipped cards plus the user's folder), read once."""
    return CardLibrary.default()


@cache
def scenario_library() -> ScenarioLibrary:
    """The project's scenario library, read once."""
    return ScenarioLibrary.default()


def set_up(spec: CaseSpec, source: str) -> Setup:
    """Build the position ``spec`` describes.

    :raises CaseError: naming the file and field when a part of the case is not valid.
    """
    cmap = build_map(spec.map, spec.version, spec.id, source)
    bf = cmap.battlefield
    cards = _cards(spec, source)
    scenario, blocking = SANDBOX, list(cmap.notes)
    roles: dict[str, tuple[str, str]] = {}
    if isinstance(spec, CaseSpec2) and spec.scenario is not None:
        found = _scenario(spec.scenario)
        if found is None:
            level = f" ({spec.scenario.level.title()})" if spec.scenario.level else ""
            blocking.append(f"the scenario {spec.scenario.name}{level} is not built yet "
                            f"(the project's scenarios: {', '.join(scenario_library().ids())})")
        else:
            scenario = found
            roles = _roles(spec.scenario, scenario, spec.players, source)
    dice = CaseDice()
    state = MatchState(battlefield=bf, scenario=scenario, phase=Phase.FREE)
    # The card library is the pool a scenario's reinforcements are chosen from (HS-SCEN-DUMUTEF-MASTER-09).
    engine = Engine(state, dice, pool=lambda: list(card_library()))
    teams = _teams(spec, source) if isinstance(spec, CaseSpec2) else {}
    if len(set(spec.players)) != len(spec.players):
        raise CaseError(f"{source}: field players: a player is listed twice")
    for p in spec.players:
        role, zone = roles.get(p, ("", ""))
        engine.setup_player(p, team=teams.get(p, ""), role=role, zone=zone)
    if isinstance(spec, CaseSpec2):
        state.round = spec.round
    waiting: list[str] = []
    _figures(engine, spec, cards, source, blocking)
    for g in bf.glyphs:
        note = features.put_glyph(state, g.at, g.name, g.side, g.at in cmap.traps)
        waiting += [n for n in (note, features.glyph_note(g.name) if spec.version == 2 else None) if n]
    features.start_objects(state)
    return Setup(engine, dice, blocking, _grouped(waiting))


def _grouped(notes: list[str]) -> list[str]:
    """Waiting notes ``"family (name)"`` merged per family: ``power glyphs (gerda, ivor)``."""
    families: dict[str, list[str]] = {}
    for note in notes:
        family, _, name = note.partition(" (")
        names = families.setdefault(family, [])
        if name.rstrip(")") not in names:
            names.append(name.rstrip(")"))
    return [f"{family} ({', '.join(names)})" if any(names) else family for family, names in families.items()]


def _cards(spec: CaseSpec, source: str) -> dict[str, ArmyCard]:
    """The case's cards by name (library cards by their library name)."""
    cards: dict[str, ArmyCard] = {}
    for i, c in enumerate(spec.cards):
        if spec.version == 2 and "library" in c:
            extra = sorted(set(c) - {"library"})
            if extra:
                raise CaseError(f"{source}: field cards.{i}.{extra[0]}: a library card is written "
                                '{"library": NAME} alone; write the whole card instead to change it')
            name = c["library"]
            if not isinstance(name, str) or not name.strip():
                raise CaseError(f"{source}: field cards.{i}.library: name a card of the project's card library")
            try:
                card = card_library().get(name)
            except UnknownCardError as exc:
                raise CaseError(f"{source}: field cards.{i}.library: {exc}") from None
            if card.name.casefold() != name.strip().casefold():
                # Figures name the card by its library name: a short or partial name is not enough.
                raise CaseError(f"{source}: field cards.{i}.library: write the card's full name as the library "
                                f"has it: '{card.name}' (not '{name}')")
        else:
            try:
                card = ArmyCard.model_validate(c)
            except ValidationError as exc:
                raise CaseError(f"{source}: field {loc(exc, f'cards.{i}')}") from None
        if card.name in cards:
            raise CaseError(f"{source}: field cards.{i}.name: two cards are called '{card.name}'")
        cards[card.name] = card
    return cards


def _scenario(spec: ScenarioSpec) -> Scenario | None:
    """The project's scenario of that name and level, or ``None`` when it has none."""
    lib = scenario_library()
    for sid in ([f"{spec.name}-{spec.level}"] if spec.level else []) + [spec.name]:
        if sid in lib.ids():
            return lib.get(sid)
    return None


def _roles(spec: ScenarioSpec, scenario: Scenario, players: list[str], source: str) -> dict[str, tuple[str, str]]:
    """Each player's side (the scenario's name for it) and start zone, from the case's roles."""
    out: dict[str, tuple[str, str]] = {}
    sides = {squash(s.name): s for s in scenario.sides}
    for pid, role in spec.roles.items():
        if pid not in players:
            raise CaseError(f"{source}: field scenario.roles.{pid}: '{pid}' is not in players")
        side = sides.get(squash(role))
        if side is None:
            known = ", ".join(s.name for s in scenario.sides) or "none"
            raise CaseError(f"{source}: field scenario.roles.{pid}: '{role}' is not a side of {scenario.name} "
                            f"(sides: {known})")
        out[pid] = (side.name, side.zone)
    return out


def _teams(spec: CaseSpec2, source: str) -> dict[str, str]:
    """Each player's team name (its members joined by ``+``), from ``teams``."""
    out: dict[str, str] = {}
    for i, team in enumerate(spec.teams):
        for pid in team:
            if pid not in spec.players:
                raise CaseError(f"{source}: field teams.{i}: '{pid}' is not in players")
            if pid in out:
                raise CaseError(f"{source}: field teams.{i}: '{pid}' is on two teams")
            out[pid] = "+".join(team)
    return out


def _figures(engine: Engine, spec: CaseSpec, cards: dict[str, ArmyCard], source: str, blocking: list[str]) -> None:
    """Put the case's figures on their cards and spaces (or off the battlefield)."""
    st = engine.state
    bf = st.battlefield
    v2 = spec.version == 2
    if v2:
        # Copies in order (the first copy's key first), so a card's plain name names copy 1.
        for f in sorted(spec.figures, key=lambda f: f.copy_ if isinstance(f, FigureSpec2) else 1):
            if f.card in cards and f.owner in spec.players:
                k = _key(f, cards[f.card])
                st.cards.setdefault(k, CardInPlay(key=k, card=cards[f.card], owner=f.owner, controller=f.owner))
    on_card: Counter[str] = Counter()
    for i, f in enumerate(spec.figures):
        where = f"{source}: field figures.{i}"
        if f.card not in cards:
            raise CaseError(f"{where}.card: no card named '{f.card}' in cards")
        if f.owner not in spec.players:
            raise CaseError(f"{where}.owner: '{f.owner}' is not in players")
        if f.id in st.figures:
            raise CaseError(f"{where}.id: two figures are called '{f.id}'")
        card = cards[f.card]
        key: str | None = _key(f, card) if v2 else None
        if key is not None:
            on_card[key] += 1
            if on_card[key] > (card.figures or 1):
                raise CaseError(f"{where}.card: '{card.name}' has {card.figures} figure"
                                f"{'' if card.figures == 1 else 's'}; another entry needs \"copy\": 2 "
                                "(a second copy of the card)")
        off = isinstance(f, FigureSpec2) and f.off_battlefield
        if off:
            if f.at is not None:
                raise CaseError(f"{where}.at: a figure off the battlefield has no 'at'; leave it out")
            fig = _off_battlefield(engine, f, key or f"{f.owner}/{f.id}", card)
        else:
            if f.at is None:
                raise CaseError(f"{where}.at: Field required (or \"off_battlefield\": true)")
            hexes = tuple(Hex(q, r) for q, r in hexes_of(f.at))
            if len(hexes) != card.base:
                raise CaseError(f"{where}.at: '{card.name}' stands on {card.base} space"
                                f"{'' if card.base == 1 else 's'}; 'at' names {len(hexes)}")
            for h in hexes:
                if h not in bf:
                    raise CaseError(f"{where}.at: {list(h)} is not a space of the map")
            fig = engine.setup_figure(f.owner, card, f.id, hexes, wounds=f.wounds, card_key=key)
        if isinstance(f, FigureSpec2):
            note = features.put_carried(fig, f.carries, f.flipped)
            if note and note not in blocking:
                blocking.append(note)


def _key(f: Any, card: ArmyCard) -> str:
    """The key of the Army Card a v2 figure is on: one per owner, card and copy."""
    copy = f.copy_ if isinstance(f, FigureSpec2) else 1
    return f"{f.owner}/{card.id}" + (f"#{copy}" if copy > 1 else "")


def _off_battlefield(engine: Engine, f: FigureSpec2, key: str, card: ArmyCard) -> Figure:
    """A figure that starts off the battlefield (a reserve, a Drop figure)."""
    st = engine.state
    st.cards.setdefault(key, CardInPlay(key=key, card=card, owner=f.owner, controller=f.owner))
    fig = Figure(id=f.id, card_key=key, owner=f.owner, controller=f.owner, wounds=f.wounds, reserve=True)
    st.figures[f.id] = fig
    st.cards[key].figure_ids.append(f.id)
    return fig
