"""The rules-case runner: ``python -m bot cases PATH...`` (format v1, ``shared/rules-cases/FORMAT.md``).

Each case builds a small battlefield and figures, then runs its steps (queries and actions)
against the rules core, comparing each ``expect``. It prints ``PASS id`` or ``FAIL id: reason``
per case and ends with ``N passed, N failed`` (a folder holding no ``*.json`` is said so, exit 1). A case that cannot be read fails with the file,
the field and what was wrong — never a traceback.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bot.content.maps import MapFileError, MapSpec, build_battlefield
from bot.rules import combat, engagement, movement
from bot.rules.cards import ArmyCard
from bot.rules.commands import Command
from bot.rules.dice import ScriptedDice
from bot.rules.engine import Engine
from bot.rules.errors import DiceExhausted, RulesError
from bot.rules.hexes import Hex
from bot.rules.scenario import SANDBOX
from bot.rules.state import MatchState, Phase

Coord = list[int]


class CaseError(Exception):
    """A case file that cannot be read or run: the message names the file and field."""


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid")


class FigureSpec(_M):
    """One figure of a case: id, card name, owner, one hex or two (double-space), wounds."""

    id: str
    card: str
    owner: str
    at: Coord | list[Coord]
    wounds: int = 0


class CaseSpec(_M):
    """A whole case file (format v1)."""

    id: str
    rules: list[str] = Field(default_factory=list)
    about: str = ""
    map: dict[str, Any]
    cards: list[dict[str, Any]]
    players: list[str]
    figures: list[FigureSpec]
    steps: list[dict[str, Any]] = Field(default_factory=list)


def _hexes(at: Coord | list[Coord]) -> tuple[Hex, ...]:
    coords: list[Any] = list(at)
    if coords and isinstance(coords[0], list):
        return tuple(Hex(int(c[0]), int(c[1])) for c in coords)
    return (Hex(int(coords[0]), int(coords[1])),)


def _loc(err: ValidationError) -> str:
    e = err.errors()[0]
    return ".".join(str(p) for p in e["loc"]) + f": {e['msg']}"


def load_case(path: Path) -> CaseSpec:
    """Read and validate one case file.

    :raises CaseError: naming the file and field when it is not a valid case.
    """
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise CaseError(f"{path}: cannot read the file ({exc})") from None
    except json.JSONDecodeError as exc:
        raise CaseError(f"{path}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    if not isinstance(data, dict):
        raise CaseError(f"{path}: a case is a JSON object with id, map, cards, players, figures, steps")
    try:
        return CaseSpec.model_validate(data)
    except ValidationError as exc:
        raise CaseError(f"{path}: field {_loc(exc)}") from None


class CaseRun:
    """One case being run: its engine, dice queue and figures."""

    def __init__(self, spec: CaseSpec, source: str) -> None:
        self.spec = spec
        self.source = source
        try:
            bf = build_battlefield(MapSpec.model_validate(spec.map), name=spec.id)
        except ValidationError as exc:
            raise CaseError(f"{source}: field map.{_loc(exc)}") from None
        except (MapFileError, ValueError) as exc:
            raise CaseError(f"{source}: field map: {exc}") from None
        cards: dict[str, ArmyCard] = {}
        for i, c in enumerate(spec.cards):
            try:
                card = ArmyCard.model_validate(c)
            except ValidationError as exc:
                raise CaseError(f"{source}: field cards.{i}.{_loc(exc)}") from None
            cards[card.name] = card
        self.dice = ScriptedDice()
        state = MatchState(battlefield=bf, scenario=SANDBOX, phase=Phase.FREE)
        self.engine = Engine(state, self.dice)
        for p in spec.players:
            self.engine.setup_player(p)
        for i, f in enumerate(spec.figures):
            if f.card not in cards:
                raise CaseError(f"{source}: field figures.{i}.card: no card named '{f.card}' in cards")
            if f.owner not in spec.players:
                raise CaseError(f"{source}: field figures.{i}.owner: '{f.owner}' is not in players")
            hexes = _hexes(f.at)
            for h in hexes:
                if h not in bf:
                    raise CaseError(f"{source}: field figures.{i}.at: {list(h)} is not a space of the map")
            self.engine.setup_figure(f.owner, cards[f.card], f.id, hexes, wounds=f.wounds)

    @property
    def state(self) -> MatchState:
        """The engine's current state."""
        return self.engine.state

    def fig(self, name: Any, where: str) -> Any:
        """The figure called ``name``.

        :raises CaseError: naming the step field when there is none.
        """
        f = self.state.figures.get(str(name))
        if f is None:
            raise CaseError(f"{self.source}: field {where}: no figure '{name}'")
        return f

    def run(self) -> None:
        """Run every step; raise :class:`AssertionError` with a reason on the first mismatch."""
        for i, step in enumerate(self.spec.steps):
            where = f"steps.{i}"
            if "query" in step:
                got = self.query(step, where)
                if "expect" in step and got != step["expect"]:
                    raise AssertionError(f"step {i} ({step['query']}): expected {step['expect']!r}, got {got!r}")
            elif "do" in step:
                self.action(step, i, where)
            elif "check" in step:
                self.check(step["check"], i)
            else:
                raise CaseError(f"{self.source}: field {where}: a step needs 'query', 'do' or 'check'")

    def query(self, step: dict[str, Any], where: str) -> Any:
        """Answer one query step."""
        q = step["query"]
        st = self.state
        if q == "range":
            return combat.attack_range(st, self.fig(step.get("from"), where + ".from"), self.fig(step.get("to"), where + ".to"))
        if q in ("adjacent", "engaged", "height_advantage"):
            a, b = self.fig(step.get("a"), where + ".a"), self.fig(step.get("b"), where + ".b")
            if q == "adjacent":
                return engagement.adjacent(st, a, b)
            if q == "engaged":
                return engagement.engaged(st, a, b)
            return engagement.has_height_advantage(st, a, b)
        if q == "move_cost":
            fig = self.fig(step.get("figure"), where + ".figure")
            path = [Hex(int(c[0]), int(c[1])) for c in step.get("path", [])]
            return movement.move_cost(st, fig, path, step.get("fly"))
        if q in ("can_attack", "attack_dice", "defense_dice"):
            a = self.fig(step.get("attacker"), where + ".attacker")
            b = self.fig(step.get("target"), where + ".target")
            if q == "can_attack":
                return bool(combat.check_target(st, a, b))
            if q == "attack_dice":
                return combat.attack_dice(st, a, b)[0]
            return combat.defense_dice(st, a, b)[0]
        raise CaseError(f"{self.source}: field {where}.query: unknown query '{q}'")

    def _command(self, step: dict[str, Any], where: str) -> tuple[str, Command]:
        do = step["do"]
        st = self.state
        if do == "move":
            fig = self.fig(step.get("figure"), where + ".figure")
            path = [f"{c[0]},{c[1]}" for c in step.get("path", [])]
            return fig.controller, Command("move", {"figure": fig.id, "path": path, "fly": step.get("fly")})
        if do == "attack":
            a = self.fig(step.get("attacker"), where + ".attacker")
            self.fig(step.get("target"), where + ".target")
            return a.controller, Command("attack", {"attacker": a.id, "target": str(step["target"])})
        if do == "end_turn":
            player = st.turn.player if st.turn else self.spec.players[0]
            return player, Command("end-turn")
        if do == "end_round":
            return self.spec.players[0], Command("end-round")
        if do == "place_orders":
            return str(step.get("player")), Command("orders", {"markers": dict(step.get("markers", {}))})
        if do == "roll_initiative":
            return self.spec.players[0], Command("initiative")
        raise CaseError(f"{self.source}: field {where}.do: unknown action '{do}'")

    def action(self, step: dict[str, Any], i: int, where: str) -> None:
        """Carry out one action step and check its ``expect``."""
        dice = step.get("dice") or {}
        try:
            self.dice.add(dice.get("combat", []), dice.get("d20", []))
        except ValueError as exc:
            raise CaseError(f"{self.source}: field {where}.dice: {exc}") from None
        player, cmd = self._command(step, where)
        before = _snapshot(self.state)
        expect = step.get("expect", {})
        ok = True
        reason = ""
        try:
            self.engine.execute(player, cmd)
        except DiceExhausted as exc:
            raise AssertionError(f"step {i} ({step['do']}): {exc}") from None
        except RulesError as exc:
            ok = False
            reason = str(exc)
        if self.dice.left:
            raise AssertionError(f"step {i} ({step['do']}): {self.dice.left} scripted dice left over")
        if "ok" in expect and expect["ok"] != ok:
            raise AssertionError(f"step {i} ({step['do']}): expected ok={expect['ok']}, got ok={ok}" + (f" ({reason})" if reason else ""))
        if not ok and _snapshot(self.state) != before:
            raise AssertionError(f"step {i} ({step['do']}): refused, but the state changed")
        self.check(expect, i)

    def check(self, expect: dict[str, Any], i: int) -> None:
        """Compare the state with an ``expect``/``check`` object."""
        st = self.state
        for fid, want in (expect.get("figures") or {}).items():
            f = st.figures.get(fid)
            if f is None:
                raise AssertionError(f"step {i}: no figure '{fid}'")
            if "at" in want:
                got = sorted([h.q, h.r] for h in f.hexes) if f.hexes else None
                exp = sorted(list(h) for h in _hexes(want["at"]))
                if got != exp:
                    raise AssertionError(f"step {i}: {fid} at: expected {want['at']}, got {[list(h) for h in f.hexes]}")
            if "wounds" in want and f.wounds != want["wounds"]:
                raise AssertionError(f"step {i}: {fid} wounds: expected {want['wounds']}, got {f.wounds}")
            if "destroyed" in want and f.destroyed != want["destroyed"]:
                raise AssertionError(f"step {i}: {fid} destroyed: expected {want['destroyed']}, got {f.destroyed}")
        if "first_player" in expect:
            got_first = st.initiative[0] if st.initiative else None
            if got_first != expect["first_player"]:
                raise AssertionError(f"step {i}: first_player: expected {expect['first_player']!r}, got {got_first!r}")
        if "winner" in expect:
            got_w: Any = None
            if st.winners is not None:
                got_w = st.winners[0] if len(st.winners) == 1 else ("draw" if not st.winners else list(st.winners))
            if got_w != expect["winner"]:
                raise AssertionError(f"step {i}: winner: expected {expect['winner']!r}, got {got_w!r}")


def _snapshot(state: MatchState) -> Any:
    return (
        sorted((f.id, f.hexes, f.level, f.wounds, f.destroyed) for f in state.figures.values()),
        {k: dict(v) for k, v in state.orders.items()},
        state.phase, state.round, list(state.initiative), state.winners,
        None if state.turn is None else (state.turn.player, state.turn.card_key, tuple(state.turn.moved), tuple(state.turn.attacked)),
    )


def case_files(paths: Sequence[str | Path]) -> list[Path]:
    """Every ``*.json`` case under the given files and folders, sorted."""
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            out.extend(sorted(p.glob("*.json")))
        else:
            out.append(p)
    return out


def run_case(path: Path) -> tuple[str, bool, str]:
    """Run one case file; return ``(id, passed, reason)``."""
    case_id = path.stem
    try:
        spec = load_case(path)
        case_id = spec.id
        CaseRun(spec, str(path)).run()
    except CaseError as exc:
        return case_id, False, str(exc)
    except AssertionError as exc:
        return case_id, False, str(exc)
    except Exception as exc:  # a crash in the engine is a failed case, reported in one line
        return case_id, False, f"{path}: the engine raised {type(exc).__name__}: {exc}"
    return case_id, True, ""


def main(paths: Iterable[str]) -> int:
    """Run cases and print results; exit status 0 only when every case passed."""
    paths = list(paths)
    files = case_files(paths)
    if not files:
        where = ", ".join(str(p) for p in paths)
        print(f"no case files (*.json; check FORMAT.md) found in {where}")
        return 1
    passed = failed = 0
    for f in files:
        if not f.exists():
            print(f"FAIL {f.name}: {f} does not exist")
            failed += 1
            continue
        cid, ok, reason = run_case(f)
        if ok:
            passed += 1
            print(f"PASS {cid}")
        else:
            failed += 1
            print(f"FAIL {cid}: {reason}")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 and passed > 0 else 1
