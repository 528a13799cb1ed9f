"""The ONE place that answers what is legal now in an Onslaught match.

:func:`check` says whether a command text is legal for a party (it runs the engine on a copy, so the
answer can never disagree with what ``apply`` would do); :func:`legal_commands` lists the commands a
party may send now: the answers to a pending decision, a few initiative assignments (any assignment
of the dealt cards is legal; :func:`assignments` gives them), ``activate``, and in an activation every
move, attack, ability, loot, item, door command and ``end`` that the engine would accept.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from bot.onslaught.board import reach
from bot.onslaught.engine import Game
from bot.onslaught.events import ParseError, RulesError
from bot.onslaught.grid import around, name, orthogonal
from bot.onslaught.match import clone
from bot.onslaught.state import MONSTERS, GameState


def check(game: Game, player: str, text: str) -> str | None:
    """``None`` when ``text`` is legal for ``player`` now, else the reason a player would read."""
    try:
        clone(game).apply(player, text)
    except (ParseError, RulesError, LookupError) as exc:
        return str(exc)
    return None


def waiting_for(st: GameState) -> list[str]:
    """The parties the game waits for now."""
    if st.phase == "over":
        return []
    if st.pending:
        return [st.pending[0].player]
    if st.phase == "initiative":
        done = {st.minis[n].side for n in st.assigned}
        return [s for s in ("A", "B") if s not in done]
    if st.awaiting:
        return [st.minis[st.awaiting].side]
    if st.activation is not None:
        return [st.minis[st.activation.mini].side]
    return []


def assignments(st: GameState, player: str) -> Iterator[str]:
    """Every ``assign`` command the party could send (its characters times its dealt cards; the
    active player's Initiative 1 must be used, DDO-INIT-05)."""
    names = st.held[player]
    cards = sorted(st.hands[player])
    for combo in itertools.permutations(cards, len(names)):
        if 1 in cards and 1 not in combo:
            continue
        yield "assign " + " ".join(f"{n}={c}" for n, c in zip(names, combo, strict=True))


def candidates(st: GameState, player: str) -> Iterator[str]:
    """Commands worth trying now (not yet checked)."""
    if player not in waiting_for(st):
        return
    if st.pending:
        d = st.pending[0]
        verb = {"levelup": f"levelup {d.mini}", "keep": "keep", "react": "", "approach": "choose", "target": "choose",
                "place": "choose"}[d.kind]
        if d.kind == "react":
            yield f"react {d.mini}"
            yield "pass"
            return
        for o in d.options:
            yield f"{verb} {o.replace(' ', '-')}"
        return
    if st.phase == "initiative":
        yield from itertools.islice(assignments(st, player), 5)
        return
    if st.awaiting:
        yield f"activate {st.awaiting}"
        return
    act = st.activation
    if act is None:
        return
    m = st.minis[act.mini]
    yield "end"
    for sq in reach(st, m, st.speed(m)):
        if sq != m.square:
            yield f"move {m.name} {name(sq)}"
    foes = [x for x in st.living() if x.side != m.side]
    for f in foes:
        yield f"attack {m.name} {f.name}"
        yield f"attack {m.name} {f.name} ranged"
    for ab in st.abilities(m):
        ab_word = ab.name.replace(" ", "-")
        # A square only for what is aimed at one (DDO-AOE-01, DDO-CONE-01, a move, Spike Growth's token):
        # a condition on a miniature names the miniature (DDO-HEAL-01's "choose targets in range").
        if ab.area or ab.cone or any(e.kind in ("teleport", "move") or e.condition == "spike growth"
                                     for e in ab.effects):
            squares = {s for f in foes for s in f.squares} if ab.area else set(orthogonal(m.square))
            if any(e.kind in ("teleport", "move") for e in ab.effects):
                squares = {s for s in around(m.square, 4) if 0 <= s[0] < st.map.width and 0 <= s[1] < st.map.height}
            if any(e.kind == "condition" and e.condition == "spike growth" for e in ab.effects):
                squares = set(around(m.square, 2))
            for s in sorted(squares):
                if 0 <= s[0] < st.map.width and 0 <= s[1] < st.map.height:
                    yield f"use {m.name} {ab_word} {name(s)}"
        for x in st.living():
            if x.side != MONSTERS or ab.attack:
                yield f"use {m.name} {ab_word} {x.name}"
        yield f"use {m.name} {ab_word}"
    yield f"loot {m.name}"
    for t in m.loot:
        yield f"equip {m.name} {t}"
        for x in st.living():
            if x.side == m.side and x is not m:
                yield f"give {m.name} {t} {x.name}"
    for t in m.equipped:
        yield f"unequip {m.name} {t}"
    for sq in st.map_loot:
        yield f"pickup {m.name} {name(sq)}"
    for door in st.map.doors:
        yield f"door {m.name} {door} {'close' if door in st.open_doors else 'open'}"


def legal_commands(game: Game, player: str) -> list[str]:
    """Every candidate command the engine accepts for ``player`` now, in a stable order."""
    seen: dict[str, None] = {}
    for text in candidates(game.st, player):
        if text not in seen and check(game, player, text) is None:
            seen[text] = None
    return list(seen)
