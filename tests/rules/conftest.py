"""Shared builders for rules tests: battlefields, cards, sandboxes and whole matches.

Import them directly (``from tests.rules.conftest import build, card, fig, sandbox, full_match``)
or use the fixtures of the same purpose at the bottom.

- :func:`build` makes a battlefield from the rules-case ``map`` format (``fill``, ``hexes``,
  ``obstacles``, ``glyphs``, plus ``start_zones``); by default an 8 x 8 grass field at level 1.
- :func:`card` makes an :class:`ArmyCard`: a plain Medium hero (``Soldier``) unless overridden;
  ``kind="squad"`` defaults to 3 figures with 1 Life each. :data:`DUMMY` is a target with no
  powers (a Hero that never blocks and takes 9 wounds); :data:`LIB` is the shipped card library.
- :func:`fig` describes one figure for :func:`sandbox`.
- :func:`sandbox` is an :class:`Engine` in FREE phase (any figure may act, as in rules cases)
  with :class:`ScriptedDice`; :func:`roll` queues more dice.
- :func:`seated` is a :class:`Match` in SETUP with the players joined; :func:`full_match` goes on
  through the real commands (army, start, place-rest, optionally orders and initiative), with
  scripted dice by default; :func:`begin_round` places Order Markers and rolls initiative on a
  match or a sandbox; :func:`end_turns` ends Player Turns.
- :func:`refused` asserts that a command is refused, names the expected rule, and changes nothing
  (the state's stable text, :func:`bot.rules.views.state_json`, is identical before and after).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

import pytest

from bot.content.cards import CardLibrary
from bot.content.maps import build_battlefield, parse_map_spec
from bot.rules import timing
from bot.rules.battlefield import Battlefield
from bot.rules.cards import ArmyCard
from bot.rules.commands import Command
from bot.rules.dice import BLANK, SHIELD, SKULL, ScriptedDice
from bot.rules.engine import Engine
from bot.rules.errors import RulesError
from bot.rules.hexes import Hex
from bot.rules.match import Match
from bot.rules.scenario import SANDBOX, Scenario
from bot.rules.state import MatchState, Phase
from bot.rules.timing import Effect
from bot.rules.views import state_json, to_data

__all__ = [
    "BLANK", "DUMMY", "GRASS", "LIB", "SHIELD", "SKULL", "Fig", "MatchDice", "begin_round", "build", "card", "dice", "end_turns",
    "fig", "full_match", "markers", "match_field", "refused", "roll", "sandbox", "seated", "special_power",
]

Coord = tuple[int, int]

#: The default field: 8 x 8 grass spaces at level 1 (axial q 0-7, r 0-7).
GRASS: list[dict[str, Any]] = [{"q": [0, 7], "r": [0, 7], "level": 1, "terrain": "grass"}]

#: Start zones of the default match field (10 x 10), in seat order (players join in this order).
ZONES: dict[str, list[Any]] = {
    "1-north": [{"q": [0, 9], "r": [0, 1]}],
    "2-south": [{"q": [0, 9], "r": [8, 9]}],
    "3-west": [{"q": [0, 1], "r": [3, 6]}],
    "4-east": [{"q": [8, 9], "r": [3, 6]}],
}


# ---- battlefields ------------------------------------------------------------------------------


def build(
    fill: Sequence[Mapping[str, Any]] | None = None,
    hexes: Sequence[Mapping[str, Any]] = (),
    obstacles: Sequence[Mapping[str, Any]] = (),
    *,
    glyphs: Sequence[Mapping[str, Any]] = (),
    start_zones: Mapping[str, Sequence[Any]] | None = None,
    name: str = "test field",
    ladders: Sequence[Mapping[str, Any]] = (),
    objects: Sequence[Mapping[str, Any]] = (),
) -> Battlefield:
    """A battlefield in the rules-case ``map`` format (``shared/rules-cases/FORMAT.md``).

    >>> len(build())
    64
    >>> build(hexes=[{"at": [2, 2], "level": 4, "terrain": "rock"}]).top_cell(Hex(2, 2)).top
    4
    """
    doc: dict[str, Any] = {
        "fill": [dict(f) for f in (GRASS if fill is None else fill)],
        "hexes": [dict(h) for h in hexes],
        "obstacles": [dict(o) for o in obstacles],
        "glyphs": [dict(g) for g in glyphs],
        "ladders": [dict(x) for x in ladders],
        "objects": [dict(x) for x in objects],
    }
    if start_zones is not None:
        doc["start_zones"] = {k: list(v) for k, v in start_zones.items()}
    return build_battlefield(parse_map_spec(doc), name=name)


# ---- cards -------------------------------------------------------------------------------------

_HERO: dict[str, Any] = {
    "name": "Soldier", "kind": "hero", "rarity": "unique", "figures": 1, "life": 4, "move": 5, "range": 1,
    "attack": 3, "defense": 3, "height": 5, "size": "medium", "base": 1, "points": 50,
    "species": "human", "class": "soldier", "personality": "valiant", "keywords": [],
}


def card(**overrides: Any) -> ArmyCard:
    """An Army Card: a Medium Unique hero called ``Soldier`` (Life 4, Move 5, Range 1, Attack 3,
    Defense 3, Height 5, 50 points) unless overridden. ``class_`` may be written ``cls``.

    >>> card(name="Archer", range=7).range
    7
    >>> card(kind="squad", rarity="common").figures
    3
    """
    data = dict(_HERO)
    if overrides.get("kind") == "squad":
        data.update(figures=3, life=1)
    if "cls" in overrides:
        overrides["class"] = overrides.pop("cls")
    data.update(overrides)
    return ArmyCard.model_validate(data)


#: A target with no powers: a Hero that never blocks (Defense 0) and takes 9 wounds (Life 9).
DUMMY = card(name="Dummy", defense=0, life=9)

#: The shipped cards (``data/cards``): ``LIB.get("Finn")`` is a real card by name, short name or id.
LIB = CardLibrary.default()


def special_power(name: str = "Blast", **values: int) -> dict[str, Any]:
    """A special attack power for :func:`card` (``powers=[special_power("Blast", range=5, attack=3, explosion=1)]``)."""
    return {"name": name, "text": f"{name} (test power).", "kind": None, "values": values}


# ---- sandboxes ---------------------------------------------------------------------------------


@dataclass
class Fig:
    """One figure of a sandbox: id, owner, hex (or two hexes, leading end first) and card.

    ``card_key`` lets several figures share one card (a Squad); by default each figure gets its own.
    """

    id: str
    owner: str
    at: Coord | Sequence[Coord]
    card: ArmyCard | None = None
    wounds: int = 0
    card_key: str | None = None
    level: int | None = None

    def hexes(self) -> tuple[Hex, ...]:
        """The figure's hexes."""
        at = self.at
        if at and isinstance(at[0], int):
            q, r = cast(Coord, at)
            return (Hex(q, r),)
        return tuple(Hex(q, r) for q, r in cast(Sequence[Coord], at))


def fig(id: str, owner: str, at: Coord | Sequence[Coord], card_: ArmyCard | None = None, **kw: Any) -> Fig:
    """Shorthand for :class:`Fig` (``fig("a", "p1", (2, 2), card(name="Archer", range=7))``)."""
    return Fig(id, owner, at, card_, **kw)


def sandbox(
    *figures: Fig,
    battlefield: Battlefield | None = None,
    players: Sequence[str] = ("p1", "p2"),
    teams: Mapping[str, str] | None = None,
    scenario: Scenario = SANDBOX,
    combat: Iterable[str] = (),
    d20: Iterable[int] = (),
) -> Engine:
    """An engine in FREE phase: players seated (``teams`` maps player -> team), figures placed
    without checks, dice scripted (``combat`` faces and ``d20`` results, more with :func:`roll`)."""
    state = MatchState(battlefield=battlefield or build(), scenario=scenario, phase=Phase.FREE)
    eng = Engine(state, ScriptedDice(combat, d20))
    for p in players:
        eng.setup_player(p, team=(teams or {}).get(p, ""))
    for f in figures:
        eng.setup_figure(f.owner, f.card or card(), f.id, f.hexes(), level=f.level, wounds=f.wounds,
                         card_key=f.card_key)
    return eng


def dice(engine: Engine) -> ScriptedDice:
    """The engine's scripted dice."""
    assert isinstance(engine.dice, ScriptedDice), "this engine does not use scripted dice"
    return engine.dice


def roll(target: Engine | Match, combat: Iterable[str] = (), d20: Iterable[int] = ()) -> None:
    """Queue scripted dice for the next rolls (``roll(eng, [SKULL, SKULL, BLANK], d20=[12])``)."""
    eng = target.engine if isinstance(target, Match) else target
    dice(eng).add(combat, d20)


def refused(
    target: Engine | Match, player: str, command: str | Command, rule: str | None = None
) -> RulesError:
    """Assert ``command`` is refused (with ``rule`` when given) and that nothing changed; return the error."""
    before = _fingerprint(target)
    with pytest.raises(RulesError) as info:
        if isinstance(target, Match):
            target.apply(player, command)
        else:
            target.execute(player, command)
    if rule is not None:
        assert info.value.rule == rule, f"refused for {info.value.rule}, expected {rule}: {info.value}"
    assert _fingerprint(target) == before, "a refused command changed the state"
    return info.value


def _fingerprint(target: Engine | Match) -> str:
    if isinstance(target, Match):
        return target.state_json() + repr(target.log)
    return state_json(target.state) + repr(to_data(list(target.open_windows)))


# ---- whole matches -----------------------------------------------------------------------------


class MatchDice(ScriptedDice):
    """Scripted dice a :class:`Match` can save and restore around a refused command."""

    def snapshot(self) -> object:
        return (list(self.combat_queue), list(self.d20_queue), list(self.pick_queue))

    def restore(self, snap: object) -> None:
        combat, d20, pick = cast(tuple[list[str], list[int], list[int]], snap)
        self.combat_queue.clear()
        self.combat_queue.extend(combat)
        self.d20_queue.clear()
        self.d20_queue.extend(d20)
        self.pick_queue.clear()
        self.pick_queue.extend(pick)


def match_field() -> Battlefield:
    """A 10 x 10 grass field with four start zones (see :data:`ZONES`)."""
    return build([{"q": [0, 9], "r": [0, 9], "level": 1, "terrain": "grass"}], start_zones=ZONES)


def markers(one: str, two: str | None = None, three: str | None = None, x: str | None = None) -> str:
    """Order Markers as command text: ``markers("Finn")`` puts all four on Finn."""
    two = two or one
    three = three or two
    x = x or three
    return f"1={one!r} 2={two!r} 3={three!r} X={x!r}".replace("'", '"')


def seated(
    players: Sequence[str] = ("p1", "p2"),
    *,
    battlefield: Battlefield | None = None,
    scenario: Scenario | None = None,
    library: Iterable[ArmyCard] = (),
    seed: int | None = None,
) -> Match:
    """A match in SETUP with every player joined (in seat order) and no army chosen yet.

    ``library`` holds the cards an ``army`` command may name (by name or id, any case). Dice are
    scripted (:class:`MatchDice`) unless ``seed`` is given.
    """
    lib: dict[str, ArmyCard] = {}
    for c in library:
        lib[c.name.lower()] = c
        lib[c.id] = c

    def lookup(name: str) -> ArmyCard:
        try:
            return lib[name.strip().lower()]
        except KeyError:
            raise KeyError(f"no card called {name!r} in this test") from None

    m = Match(battlefield or match_field(), scenario or SANDBOX, seed if seed is not None else 0, lookup)
    if seed is None:
        m.dice = MatchDice()
        m.engine.dice = m.dice
    for p in players:
        m.apply(p, f"join {p}")
    return m


def full_match(
    armies: Mapping[str, Sequence[ArmyCard | str]] | None = None,
    *,
    players: Sequence[str] = ("p1", "p2"),
    battlefield: Battlefield | None = None,
    scenario: Scenario | None = None,
    library: Iterable[ArmyCard] = (),
    seed: int | None = None,
    place: bool = True,
    orders: Mapping[str, str] | None = None,
    initiative: Sequence[int] | None = None,
) -> Match:
    """A match driven through the real commands: every player joins, chooses an army, ``start``,
    ``place-rest`` (unless ``place`` is False); then, if given, ``orders`` (player -> text such as
    :func:`markers`) and ``initiative`` (the d20 results, in seat order).

    Armies default to ``p1``: Soldier (Range 1), ``p2``: Archer (Range 7, Defense 2); a player
    with no army listed gets a Soldier named after them. An army entry is a card, or the text of
    an ``army`` entry (a card name, or ``aside CARD``). Dice are scripted (:class:`MatchDice`, add
    them with :func:`roll`) unless ``seed`` is given, then seeded as in a real match.
    """
    defaults: dict[str, list[ArmyCard | str]] = {
        "p1": [card(name="Soldier")],
        "p2": [card(name="Archer", range=7, defense=2)],
    }
    chosen: dict[str, list[ArmyCard | str]] = {}
    for p in players:
        given = (armies or {}).get(p)
        chosen[p] = list(given) if given is not None else defaults.get(p, [card(name=f"Soldier {p}")])
    cards_given = [c for cs in chosen.values() for c in cs if isinstance(c, ArmyCard)]
    m = seated(players, battlefield=battlefield, scenario=scenario, library=[*library, *cards_given], seed=seed)
    for p in players:
        m.apply(p, "army " + "; ".join(c.name if isinstance(c, ArmyCard) else c for c in chosen[p]))
    m.apply(players[0], "start")
    if not place:
        return m
    for p in players:
        if m.state.phase is Phase.PLACEMENT:
            m.apply(p, "place-rest")
    if orders:
        begin_round(m, initiative, **orders)
    return m


def begin_round(target: Engine | Match, initiative: Sequence[int] | None = None, **orders: str) -> None:
    """Place Order Markers (``p1=markers("Soldier")``...) and, when ``initiative`` d20 results are
    given, roll initiative; works on a :class:`Match` or a sandbox :class:`Engine` (which leaves
    FREE play for the round structure, as rules cases do)."""
    for p, text in orders.items():
        _do(target, p, "orders " + text)
    if initiative is not None:
        roll(target, d20=initiative)
        _do(target, next(iter(orders)) if orders else "p1", "initiative")


def _do(target: Engine | Match, player: str, command: str) -> None:
    if isinstance(target, Match):
        target.apply(player, command)
    else:
        target.execute(player, command)


def end_turns(target: Engine | Match, n: int = 1) -> None:
    """End the current Player Turn ``n`` times, each by the player whose turn it is."""
    for _ in range(n):
        st = target.state
        assert st.turn is not None, "no Player Turn is under way"
        _do(target, st.turn.player, "end-turn")


# ---- timing-window effects made in tests -------------------------------------------------------


@pytest.fixture
def effects() -> Iterator[Callable[[type[Effect]], type[Effect]]]:
    """Register test Effects for one test; they are removed afterwards.

    Use as a decorator inside the test: ``@effects`` over an :class:`Effect` subclass.
    """
    added: list[str] = []

    def add(cls: type[Effect]) -> type[Effect]:
        timing.register(cls)
        added.append(cls.name)
        return cls

    yield add
    for name in added:
        timing.unregister(name)
