"""The checks of a rules case: an action's ``expect`` or a ``check`` step compared with the state.

Only the keys a case writes are checked. v1: a figure's ``at`` (two spaces compared as a set),
``wounds``, ``destroyed``; ``first_player``; ``winner``. v2 adds a figure's ``carries``,
``flipped``, ``controller`` and ``off_battlefield``; ``objects``; ``glyphs`` (the whole list on the
battlefield, compared as a set); ``trackers``; ``round``; ``pending``; ``orders`` (markers on cards
now, unrevealed ones included); ``reinforcements``. A mismatch raises :class:`AssertionError`
naming the step, the check and both values.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.cases import features
from bot.cases.model import hexes_of
from bot.cases.queries import pending_of
from bot.cases.stepmodel import Expect, Expect2, FigureExpect2
from bot.rules.state import MatchState


def _fail(i: int, what: str, want: Any, got: Any) -> AssertionError:
    return AssertionError(f"step {i}: {what}: expected {want!r}, got {got!r}")


def card_name(st: MatchState, key: str) -> str:
    """How a case names the card under ``key``: its name, ``Card#2`` for a second copy."""
    cip = st.cards.get(key)
    if cip is None:
        return key
    return cip.card.name + (f"#{key.rsplit('#', 1)[1]}" if "#" in key else "")


def winner_of(st: MatchState) -> Any:
    """The result as cases write it: ``None`` (none yet), ``"draw"``, a player id, or a list of ids."""
    if st.winners is None:
        return None
    if not st.winners:
        return "draw"
    return st.winners[0] if len(st.winners) == 1 else list(st.winners)


def winner_matches(st: MatchState, want: Any) -> bool:
    """Whether the result is ``want``: a list is compared as a set; ``"draw"`` is no winner at all
    or winners of several sides (equal top scores, HS-VICTORY-03)."""
    got = winner_of(st)
    if want == "draw" and st.winners is not None and len(st.winners) > 1:
        sides = {p.side for p in st.players if p.id in st.winners}
        return len(sides) > 1
    if isinstance(want, list) and isinstance(got, list | str):
        return sorted(want) == sorted(got if isinstance(got, list) else [got])
    return bool(got == want)


def check(st: MatchState, expect: Expect, i: int) -> None:
    """Compare the state with ``expect``.

    :raises AssertionError: on the first mismatch.
    :raises features.Unbuilt: a check of a feature the engine lacks.
    """
    for fid, want in expect.figures.items():
        f = st.figures.get(fid)
        if f is None:
            raise AssertionError(f"step {i}: no figure '{fid}'")
        if want.at is not None:
            got = sorted([h.q, h.r] for h in f.hexes) if f.hexes else None
            exp = sorted([q, r] for q, r in hexes_of(want.at))
            if got != exp:
                raise AssertionError(f"step {i}: {fid} at: expected {_plain(want.at)}, got {[list(h) for h in f.hexes]}")
        if want.wounds is not None and f.wounds != want.wounds:
            raise AssertionError(f"step {i}: {fid} wounds: expected {want.wounds}, got {f.wounds}")
        if want.destroyed is not None and f.destroyed != want.destroyed:
            raise AssertionError(f"step {i}: {fid} destroyed: expected {want.destroyed}, got {f.destroyed}")
        if isinstance(want, FigureExpect2):
            if want.controller is not None and f.controller != want.controller:
                raise _fail(i, f"{fid} controller", want.controller, f.controller)
            if want.off_battlefield is not None and (not f.on_battlefield) != want.off_battlefield:
                raise _fail(i, f"{fid} off_battlefield", want.off_battlefield, not f.on_battlefield)
            if want.carries is not None and sorted(features.carried(f)) != sorted(want.carries):
                raise _fail(i, f"{fid} carries", want.carries, features.carried(f))
            if want.flipped is not None and sorted(features.flipped(f)) != sorted(want.flipped):
                raise _fail(i, f"{fid} flipped", want.flipped, features.flipped(f))
    if expect.has("first_player"):
        got_first = st.initiative[0] if st.initiative else None
        if got_first != expect.first_player:
            raise _fail(i, "first_player", expect.first_player, got_first)
    if expect.has("winner") and not winner_matches(st, expect.winner):
        raise _fail(i, "winner", expect.winner, winner_of(st))
    if isinstance(expect, Expect2):
        _check_v2(st, expect, i)


def _check_v2(st: MatchState, expect: Expect2, i: int) -> None:
    if expect.has("round") and st.round != expect.round:
        raise _fail(i, "round", expect.round, st.round)
    if expect.has("pending"):
        want = None if expect.pending is None else {"player": expect.pending.player}
        if pending_of(st) != want:
            got = pending_of(st)
            what = f" ({st.pending[0].prompt})" if st.pending else ""
            raise AssertionError(f"step {i}: pending: expected {want!r}, got {got!r}{what}")
    if expect.has("glyphs"):
        want_g = sorted((g.name, g.at[0], g.at[1], g.side) for g in expect.glyphs)
        got_g = sorted((n, h.q, h.r, side) for h, (n, side) in st.glyphs.items())
        if want_g != got_g:
            raise _fail(i, "glyphs", _glyphs(want_g), _glyphs(got_g))
    for pid, want_o in expect.orders.items():
        got_o = {m: card_name(st, k) for m, k in st.orders.get(pid, {}).items()}
        if got_o != want_o:
            raise _fail(i, f"orders of {pid}", want_o, got_o)
    for oid, want_obj in expect.objects.items():
        wounds, destroyed = features.object_status(st, oid)
        if want_obj.wounds is not None and wounds != want_obj.wounds:
            raise _fail(i, f"{oid} wounds", want_obj.wounds, wounds)
        if want_obj.destroyed is not None and destroyed != want_obj.destroyed:
            raise _fail(i, f"{oid} destroyed", want_obj.destroyed, destroyed)
    if expect.has("trackers"):
        got_t = features.trackers(st)
        for pid, n in expect.trackers.items():
            if got_t.get(pid, 0) != n:
                raise _fail(i, f"trackers of {pid}", n, got_t.get(pid, 0))
    if expect.has("reinforcements"):
        got_r = features.reinforcements(st)
        for pid, n in expect.reinforcements.items():
            if got_r.get(pid, 0) != n:
                raise _fail(i, f"reinforcements of {pid}", n, got_r.get(pid, 0))


def _plain(at: Any) -> Any:
    """``at`` as the case wrote it (lists, not tuples)."""
    return [list(h) for h in at] if at and isinstance(at[0], list | tuple) else list(at)


def _glyphs(rows: Sequence[tuple[str, int, int, str]]) -> list[dict[str, Any]]:
    return [{"name": n, "at": [q, r], "side": s} for n, q, r, s in rows]
