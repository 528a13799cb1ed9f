"""Destructible objects (HS-DESTRUCT-*): what they are, their wounds, which powers may affect them.

A destructible object is an obstacle with an ``id`` and a Life and Defense: a map's ``objects``
(:attr:`bot.rules.battlefield.Battlefield.destructibles`) or any obstacle with an id that a scenario
rule turns into one: the scenario's ``destructible`` rules (:class:`bot.rules.scenario.DestructibleRule`:
Crumbling Architecture makes the COBRA Fortifications 3 Life / 3 Defense objects), or a rule's code
calling :func:`make_destructible`. It stands like an obstacle (no figure moves onto it) until it is
destroyed; then it leaves the battlefield (:func:`field_now`: movement and line of sight read the
battlefield without it).

Objects are not figures (HS-DESTRUCT-01): they are never in ``MatchState.figures``, so nothing
that looks for figures (engagement, auras, leaving-engagement attacks, glyph effects, victory)
ever sees one. An object counts as a figure only for the attack that targets it
(HS-DESTRUCT-06, HS-HEIGHT-05): :mod:`bot.rules.object_attacks` measures adjacency, engagement
and height advantage against it then.

Which powers may affect one (HS-DESTRUCT-02..05) is :func:`refusal`.

Wounds and destruction are match state, :attr:`MatchState.objects` (id -> :class:`ObjectState`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.rules.battlefield import Battlefield, Obstacle
from bot.rules.cards import Power
from bot.rules.errors import InvalidCommand
from bot.rules.hexes import Hex
from bot.rules.state import MatchState, ObjectState


@dataclass(frozen=True, slots=True)
class PlacedObject:
    """A destructible object as the rules read it: its obstacle, Life, Defense and wounds.

    ``hexes`` its spaces, ``level`` the level of its base, ``height`` its height in levels.
    """

    id: str
    obstacle: Obstacle
    life: int
    defense: int
    wounds: int = 0
    destroyed: bool = False

    @property
    def hexes(self) -> tuple[Hex, ...]:
        """The spaces it stands on."""
        return self.obstacle.hexes

    @property
    def level(self) -> int:
        """The level of its base."""
        return self.obstacle.level

    @property
    def height(self) -> int:
        """Its height in levels."""
        return self.obstacle.height

    @property
    def name(self) -> str:
        """What players call it: its map name, else its kind and id (``fortified wall fort1``)."""
        return self.obstacle.name or f"{self.obstacle.kind.value.replace('_', ' ')} {self.id}"


def states(state: MatchState) -> dict[str, ObjectState]:
    """``state.objects``, created on a state pickled before objects existed (old snapshots)."""
    found: dict[str, ObjectState] | None = getattr(state, "objects", None)
    if found is None:
        found = {}
        state.objects = found
    return found


def _state_of(state: MatchState, oid: str, *, keep: bool = False) -> ObjectState | None:
    """The object's state: the one kept in ``state.objects``, else a fresh one from the battlefield's
    (or the scenario's) Life and Defense, kept there only when ``keep`` (a wound is being put on it):
    reading never changes the state, so a match replays to the same state whatever was looked at."""
    own = states(state)
    key = next((k for k in own if k.lower() == oid.lower()), None)
    if key is not None:
        return own[key]
    obstacle = state.battlefield.obstacle(oid)
    if obstacle is None:
        return None
    spec = next((v for k, v in state.battlefield.destructibles.items() if k.lower() == oid.lower()), None)
    if spec is not None:
        made = ObjectState(spec.life, spec.defense)
        if keep:
            own[obstacle.id] = made
        return made
    # A scenario rule (Crumbling Architecture) may make this obstacle an object.
    rule = next((r for r in getattr(state.scenario, "destructible", ()) if r.covers(obstacle.id, obstacle.kind)), None)
    if rule is None:
        return None
    made = ObjectState(rule.life, rule.defense)
    if keep:
        own[obstacle.id] = made
    return made


def find(state: MatchState, oid: str) -> PlacedObject | None:
    """The destructible object ``oid`` (case-insensitive), destroyed or not; ``None`` when no
    obstacle of that id is a destructible object."""
    obstacle = state.battlefield.obstacle(oid)
    if obstacle is None:
        return None
    st = _state_of(state, obstacle.id)
    if st is None:
        return None
    return PlacedObject(obstacle.id, obstacle, st.life, st.defense, st.wounds, st.destroyed)


def standing(state: MatchState) -> list[PlacedObject]:
    """Every destructible object still on the battlefield, in map order."""
    ids = [o.id for o in state.battlefield.obstacles if o.id]
    found = [find(state, i) for i in ids]
    return [o for o in found if o is not None and not o.destroyed]


def named(state: MatchState, oid: str) -> PlacedObject:
    """The standing object ``oid``.

    :raises InvalidCommand: when no destructible object has that id, or it was destroyed.
    """
    obj = find(state, oid)
    if obj is None:
        raise InvalidCommand(f"there is no figure or destructible object '{oid}'")
    if obj.destroyed:
        raise InvalidCommand(f"{obj.name} was destroyed and has left the battlefield")
    return obj


def is_object(state: MatchState, name: str) -> bool:
    """True when ``name`` is no figure's id but a destructible object's (destroyed or not)."""
    return name.lower() not in state.figures and find(state, name) is not None


def make_destructible(state: MatchState, oid: str, life: int, defense: int) -> PlacedObject:
    """Scenario hook: the obstacle with id ``oid`` becomes a destructible object of ``life`` Life
    and ``defense`` Defense (Crumbling Architecture: COBRA Fortifications, 3 and 3).

    :raises ValueError: when no obstacle has that id, or ``life`` is below 1.
    """
    obstacle = state.battlefield.obstacle(oid)
    if obstacle is None:
        raise ValueError(f"no obstacle of {state.battlefield.name} has the id '{oid}'")
    if life < 1 or defense < 0:
        raise ValueError(f"an object needs Life 1 or more and Defense 0 or more (got {life} and {defense})")
    states(state)[obstacle.id] = ObjectState(life, defense)
    found = find(state, obstacle.id)
    assert found is not None
    return found


def wound(state: MatchState, oid: str, n: int) -> tuple[int, bool]:
    """Put ``n`` Wound Markers on the object; it is destroyed at its Life and leaves the battlefield
    (HS-DESTRUCT-01). Returns ``(wounds now, destroyed)``; the caller emits the events.

    :raises InvalidCommand: when ``oid`` is no destructible object.
    """
    named(state, oid)
    st = _state_of(state, oid, keep=True)
    assert st is not None
    if n > 0 and not st.destroyed:
        st.wounds += n
        if st.wounds >= st.life:
            st.destroyed = True
    return st.wounds, st.destroyed


def destroyed_ids(state: MatchState) -> frozenset[str]:
    """The ids of the destroyed objects."""
    return frozenset(k for k, v in states(state).items() if v.destroyed)


def field_now(state: MatchState, battlefield: Battlefield | None = None) -> Battlefield:
    """``battlefield`` (the state's by default) as it stands now: without the destroyed objects
    (HS-DESTRUCT-01), with the spaces a power changed (``MatchState.terrain_changes``, Create Water)."""
    bf = state.battlefield if battlefield is None else battlefield
    gone = destroyed_ids(state)
    bf = bf.without(gone) if gone else bf
    return bf.with_changes(state.terrain_changes) if state.terrain_changes else bf


#: Power kinds that do nothing but deal wounds (HS-DESTRUCT-02); special attacks are recognised by
#: their Range and Attack values.
WOUND_ONLY_KINDS = frozenset({"special_attack", "grenade", "wound", "deal_wounds"})
#: Power kinds whose effect is to destroy a figure (HS-DESTRUCT-04).
DESTROY_KINDS = frozenset({"chomp", "destroy"})
#: Power text that destroys (not "if the target is destroyed", which only reacts to it).
_DESTROYS = re.compile(r"\bdestroys? (it|them|that|the|target|any|one|all|an?)\b")
#: Power text restricted to figures of certain sizes ("only ... Huge figures").
_SIZED = re.compile(r"\b(small|medium|large|huge)( or (small|medium|large|huge))? figures?\b")
#: Value keys that restrict a power to certain sizes, species, classes or personalities (HS-DESTRUCT-05).
RESTRICTIONS = ("size", "sizes", "species", "class", "classes", "personality", "personalities", "only")


def refusal(power: Power) -> tuple[str, str] | None:
    """Why ``power`` may not target or affect a destructible object, as ``(words, rule)``; ``None``
    when it may (HS-DESTRUCT-02..05).

    A special attack (Range and Attack values) or a power that only deals wounds may, unless it
    destroys (HS-DESTRUCT-04) or is restricted to certain sizes, species, classes or
    personalities (HS-DESTRUCT-05), and unless its text says it affects objects. Every other power
    deals no wounds and may not (HS-DESTRUCT-03).
    """
    v = power.values
    text = f"{power.text} {power.kind}".lower()
    says_so = "destructible object" in text
    if says_so:
        return None
    if v.get("destroy") or power.kind in DESTROY_KINDS or _DESTROYS.search(text):
        return (f"{power.name} destroys, and a power that destroys cannot target or affect a destructible "
                "object unless it says so", "HS-DESTRUCT-04")
    restricted = [k for k in RESTRICTIONS if v.get(k)] or [m.group(1) for m in [_SIZED.search(text)] if m]
    if restricted:
        return (f"{power.name} works only on certain figures ({restricted[0]}), and a power restricted to certain "
                "sizes, species, classes or personalities never affects a destructible object", "HS-DESTRUCT-05")
    if ("range" in v and "attack" in v) or power.kind in WOUND_ONLY_KINDS:
        return None
    return (f"{power.name} deals no wounds, so it cannot affect a destructible object (only attacks and powers "
            "that do nothing but deal wounds can)", "HS-DESTRUCT-03")
