"""``python -m bot demo``: two computer players fight a whole match; a map image after every turn.

Defaults: the COBRA Facility map, scenario ``last-army-standing``, two classic Rise of the
Valkyrie armies; with ``--draft`` (or a scenario whose format drafts) the computer players draft
their armies a card at a time instead (DEC-13). For ``rumble-at-the-rift-seasoned`` the sides are G.I. JOE and COBRA, played by
classic stand-in cards (4 figures a side) because the G.I. JOE cards are incomplete (DEC-07).

Prints one line per Player Turn (``R1 T1 Alice: Syvarris: syvarris moves F7→H9, attacks grimnak
2 wounds``; power uses, control changes and figures entering, such as Mind Shackle and Water
Clone, are in it too), writes ``OUT/turn-NNN.png`` after each (``--out none`` for no images), and ends with
the winner and where the images are. Also home of the helpers the local console shares.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from bot.content.standins import parse as parse_stand_in
from bot.game import ai, mapsource
from bot.game.computer_army import army_plan
from bot.game.session import GameSession
from bot.rules.errors import ArmyError, RulesError
from bot.rules.events import Event
from bot.rules.hexes import Hex
from bot.rules.state import MatchState, Phase
from bot.rules.views import public_view
from bot.terminal import NO_IMAGES, out_problem

#: Classic armies (Rise of the Valkyrie), one per seat: (player name, cards).
CLASSIC_ARMIES: list[tuple[str, list[str]]] = [
    ("Alice", ["Finn the Viking Champion", "Tarn Viking Warriors", "Syvarris", "Thorgrim the Viking Champion",
               "Raelin the Kyrie Warrior"]),
    ("Bob", ["Deathwalker 9000", "Marro Warriors", "Ne-Gok-Sa", "Grimnak"]),
    ("Carol", ["Sgt. Drake Alexander", "Izumi Samurai", "Agent Carr", "Blade Gruts"]),
    ("Dave", ["Mimring", "Zettian Guards", "Krav Maga Agents", "Dumutef Guard"]),
]
#: Stand-ins for Rumble at the Rift: 4 figures a side (G.I. JOE first, then COBRA).
RIFT_ARMIES: list[tuple[str, list[str]]] = [
    ("Alice", ["Sgt. Drake Alexander", "Agent Carr", "Syvarris", "Finn the Viking Champion"]),
    ("Bob", ["Deathwalker 9000", "Ne-Gok-Sa", "Grimnak", "Dumutef Guard"]),
]


def scenario_for_level(scenario: str, level: str) -> str:
    """The scenario id of ``scenario`` (an id or a family: ``mission-critical``) at ``level``, or a
    line starting ``error: `` saying why there is none (a Rookie level needs the Basic Game, DEC-06).

    A Master Game scenario with no levels (the Forgotten Forest ones, HS-SCEN-FOREST-ALL-01) is
    played whole for ``--level seasoned`` or ``veteran``, saying so: it has all its special rules.
    """
    from bot.content.scenario_menu import find, level_of
    from bot.content.scenarios import ScenarioLibrary

    found = level_of(scenario, level)
    entry = find(ScenarioLibrary.default(), scenario)
    if (found.startswith("error: ") and entry is not None and list(entry.levels) == ["master"]
            and level.lower() in ("seasoned", "veteran")):
        print(f"{entry.name} is a Master Game scenario with one level, every special rule included: playing it "
              f"for --level {level.lower()}")
        return entry.levels["master"]
    return found


def armies_for(session: GameSession, players: int = 2) -> list[tuple[str, list[str]]]:
    """Names and armies for the first ``players`` seats of this session's scenario. A side's named
    cards (Wherever There's Trouble) are played by stand-ins picked by points when incomplete (DEC-07)."""
    from bot.content.standins import army_names
    from bot.game.session import cards as library

    scen = session.scenario
    four = scen.format.figures == 4 and scen.max_players == 2  # the Rumble at the Rift book: 4 figures a side
    base = RIFT_ARMIES if four or scen.id.startswith("rumble-at-the-rift") else CLASSIC_ARMIES
    out = []
    for seat in range(players):
        name, cards = base[seat % len(base)]
        if seat < len(scen.sides) and scen.sides[seat].army:
            lib = library()
            cards = army_names(scen.sides[seat].army, lib.get, [c for c in lib if not _in_sides(scen, c.name)])
        out.append((name, cards))
    return out


def _in_sides(scen: Any, name: str) -> bool:
    return any(name.lower() == n.lower() for side in scen.sides for n in side.army)


def player_id(name: str, taken: Iterable[str] = ()) -> str:
    """A short lower-case id for a player name, unique among ``taken``."""
    base = "".join(ch for ch in name.lower() if ch.isalnum()) or "player"
    pid, n = base, 2
    while pid in set(taken):
        pid, n = f"{base}{n}", n + 1
    return pid


# ---- per-turn bookkeeping (shared with the local console) ----------------------------------------


class TurnRecorder:
    """Follows a session's events; after each Player Turn, a one-line summary and its image.

    ``out`` ``None`` writes no images. Images show the public view (hidden markers stay hidden).
    """

    def __init__(self, session: GameSession, out: Path | None, first_turn: int = 1) -> None:
        self.session = session
        self.out = out
        self.turn_number = first_turn - 1
        self.in_round = 0
        self.round = session.state.round
        #: The last round whose end the recorder saw (0: none yet).
        self.rounds_ended = 0
        #: The public events of the Player Turn under way: seeded from the match itself, so that a
        #: replayed match (undo, load of a save made mid-turn) still draws the whole turn.
        self.buffer: list[Event] = list(session.match.turn_events)
        self.images: list[Path] = []
        self.render_seconds = 0.0

    def feed(self, events: Sequence[Event]) -> list[tuple[str, Path | None]]:
        """Take a command's events; return ``(summary, image)`` for each Player Turn they ended."""
        done: list[tuple[str, Path | None]] = []
        for ev in events:
            if ev.kind == "round_started":
                self.round = int(ev.data["round"])
                self.in_round = 0
            if ev.kind == "round_ended":
                self.rounds_ended = int(ev.data["round"])
            if ev.to is None:
                self.buffer.append(ev)
            if ev.kind == "turn_ended":
                self.turn_number += 1
                self.in_round += 1
                line = self.summary(self.buffer, ev.data["player"])
                done.append((line, self.write_image(self.buffer)))
                self.buffer = []
        return done

    def write_image(self, events: Sequence[Event], name: str | None = None) -> Path | None:
        """Write the current public picture (``turn-NNN.png`` unless ``name``); ``None`` when off."""
        if self.out is None:
            return None
        from bot.render import render_png, write_turn_png

        t0 = time.perf_counter()
        view = public_view(self.session.state)
        if name is None:
            path = write_turn_png(view, list(events), self.out, self.turn_number)
            self.write_closeup(view, events, path)
        else:
            self.out.mkdir(parents=True, exist_ok=True)
            path = self.out / name
            path.write_bytes(render_png(view, events=list(events)))
        self.render_seconds += time.perf_counter() - t0
        if name is None:
            self.images.append(path)
        return path

    def write_closeup(self, view: MatchState, events: Sequence[Event], path: Path) -> Path | None:
        """On a big map, ``turn-NNN-close.png`` beside the turn picture ``path``: the turn's action
        enlarged to read at phone width (:func:`bot.render.closeup.closeup`); ``None`` when there is none."""
        from PIL import Image

        from bot.render.closeup import closeup

        with Image.open(path) as whole:
            part = closeup(view, events, whole.convert("RGB"))
        if part is None:
            return None
        close = path.with_name(f"{path.stem}-close.png")
        part.save(close, optimize=True)
        return close

    def summary(self, events: Sequence[Event], player: str) -> str:
        """``R1 T2 Alice: Tarn Vikings: tarn1 moves F7→H9, attacks marro2 1 wound`` for one turn."""
        s = self.session
        bf = s.state.battlefield

        def lab(at: Sequence[int]) -> str:
            """The label (e.g. ``F7``) of the space an event gives as ``[q, r]``."""
            return bf.label(Hex(int(at[0]), int(at[1])))

        card = ""
        parts: list[str] = []
        for ev in events:
            d = ev.data
            if ev.kind == "turn_started":
                c = s.state.cards.get(d["card"])
                card = c.card.short if c else str(d["card"])
            elif ev.kind == "turn_lost":
                parts.append(f"marker {d['marker']} lost ({d['reason']})")
            elif ev.kind == "moved" and len(d["path"]) > 1:
                parts.append(f"{d['figure']} {'flies' if d.get('flew') else 'moves'} {lab(d['path'][0])}→{lab(d['path'][-1])}")
            elif ev.kind == "pulled":  # The Rift (a scenario rule)
                parts.append(f"the Rift pulls {d['figure']} {lab(d['start'])}→{lab(d['at'])}")
            elif ev.kind == "tracker":
                parts.append(f"{d['tracker']} tracker {d['value']}/{d['end']}")
            elif ev.kind == "swipe" and d["wounds"]:
                parts.append(f"swiped by {d['attacker']} {d['wounds']} wound{'s' if d['wounds'] != 1 else ''}")
            elif ev.kind == "fell" and d["wounds"]:
                parts.append(f"{d['figure']} falls, {d['wounds']} wound{'s' if d['wounds'] != 1 else ''}")
            elif ev.kind == "special_roll":
                parts.append(f"{d['attacker']} uses {d['special']}")
            elif ev.kind == "attack":
                w = d["wounds"]
                result = f"{w} wound{'s' if w != 1 else ''}" if w else "blocked"
                if d.get("special"):  # one of the figures a special attack affects
                    parts.append(f"{d['target']} {result}")
                    continue
                who = d["attacker"] if not parts or not parts[-1].startswith(f"{d['attacker']} ") else ""
                parts.append(f"{who + ' ' if who else ''}attacks {d['target']} {result}".strip())
            elif ev.kind == "destroyed":
                parts.append(f"{d['figure']} destroyed")
            elif ev.kind == "scenario_rule" and d.get("text"):  # the river's roll, reinforcements...
                parts.append(str(d["text"]))
            elif ev.kind == "power":
                parts.append(self.power_part(d))
            elif ev.kind == "control":
                c = s.state.cards.get(d["card"])
                parts.append(f"{s.name(d['player'])} controls {c.card.short if c else d['card']}")
            elif ev.kind == "entered":
                parts.append(f"{d['figure']} enters at {', '.join(lab(a) for a in d['at'])}")
        head = f"R{self.round} T{self.in_round} {s.name(player)}:"
        if card:
            head += f" {card}:"
        return f"{head} {', '.join(parts) if parts else 'no action'}"


    def power_part(self, d: dict[str, Any]) -> str:
        """A power's use, short: ``negoksa Mind Shackle 20 on thorgrim (d20 20): takes control of Thorgrim``."""
        c = self.session.state.cards.get(d["card"]) if d.get("card") else None
        who = d.get("figure") or (c.card.short if c else "")
        text = f"{who} {d.get('power', 'power')}".strip()
        if d.get("target"):
            text += f" on {d['target']}"
        if "d20" in d:
            text += f" (d20 {d['d20']})"
        result = d.get("result")
        if result is None and "success" in d:
            result = "works" if d["success"] else "fails"
        return f"{text}: {result}" if result else text


def result_line(session: GameSession, after_round: int | None = None) -> str:
    """The outcome in words: the winner(s) or where the match stands (``after_round``: the last
    round played to its end, when the match was stopped between rounds)."""
    st = session.state
    if st.phase is Phase.OVER:
        if not st.winners:
            return f"The match is a draw ({st.result})."
        return f"Winner: {', '.join(session.name(p) for p in st.winners)} ({st.result})."
    from bot.rules.victory import scores

    sc = ", ".join(f"{session.name(p)} {v:g}" for p, v in scores(st).items())
    if after_round:
        return f"No winner after round {after_round} (stopped early); scores now: {sc}."
    return f"No winner yet, in round {st.round} (stopped early); scores now: {sc}."


# ---- the demo --------------------------------------------------------------------------------------


def setup(session: GameSession, armies: Sequence[tuple[str, list[str]]]) -> list[str]:
    """Seat the players, give them their armies and start placement; returns the player ids.

    In a drafting match the armies are not given: ``start`` opens the draft, the computer makes
    every pick (:func:`bot.game.ai.draft_command`), and a second ``start`` begins placement.
    """
    pids: list[str] = []
    for name, _cards in armies:
        pid = player_id(name, pids)
        session.apply(pid, f"join {name}")
        pids.append(pid)
    if session.scenario.format.draft:
        session.apply(pids[0], "start")
        draft(session)
    else:
        for pid, (_name, cards) in zip(pids, armies, strict=True):
            if any(parse_stand_in(c) for c in cards):  # a scenario's named cards, played by stand-ins (DEC-07)
                session.apply(pid, "army " + "; ".join(cards))
                continue
            # The usual army, or one built from the card library when its cards are missing there.
            plan = army_plan(session.state, pid, cards)
            if plan.command == "concede":
                raise ArmyError(plan.note or "no army", "HS-ARMY-01")
            session.apply(pid, plan.command)
    session.apply(pids[0], "start")
    return pids


def draft(session: GameSession, limit: int = 1000) -> int:
    """Let the computer make every pick of the draft under way; returns the number of picks and passes."""
    n = 0
    st = session.state
    while st.draft is not None and st.draft.next is not None and n < limit:
        session.apply(st.draft.next, ai.draft_command(st, st.draft.next))
        n += 1
    return n


def play(session: GameSession, recorder: TurnRecorder | None = None, rounds: int | None = None,
         max_commands: int = 20000, echo: bool = False) -> int:
    """Let the computer play every seat until the match ends or round ``rounds`` ends (exactly
    ``rounds`` rounds are played; it must be 1 or more).

    Returns the number of commands applied. ``echo`` prints the turn lines (and image paths).
    """
    if rounds is not None and rounds < 1:
        raise ValueError(f"rounds must be 1 or more, not {rounds}")
    n = 0
    while session.state.phase is not Phase.OVER and n < max_commands:
        waiting = ai.waiting_for(session.state)
        if not waiting:
            break
        pid = waiting[0]
        cmd = ai.next_command(session.state, pid)
        if cmd is None:
            break
        out = session.apply(pid, cmd)
        n += 1
        if recorder is not None:
            for line, _path in recorder.feed(out.events):
                if echo:
                    print(line, flush=True)
        if rounds is not None and any(e.kind == "round_ended" and int(e.data["round"]) >= rounds for e in out.events):
            break
    return n


def _scenario_map(scenario_id: str) -> str:
    """The map a demo plays on when ``--map`` is not given: the COBRA Facility for the default
    scenario, else the scenario's own (its sides' start zones are on it)."""
    from bot.game.session import scenarios

    if scenario_id == "last-army-standing":
        return "cobra-facility"
    try:
        scen = scenarios().get(scenario_id)
    except KeyError:
        return "cobra-facility"  # the session says the scenario is unknown
    return scen.map or "cobra-facility"


def main(args: argparse.Namespace) -> int:
    """Run the demo; returns the exit status."""
    out_arg = str(getattr(args, "out", "renders/demo") or "")
    out = None if out_arg.lower() in NO_IMAGES else Path(out_arg)
    problem = out_problem(out) if out is not None else None
    if problem is not None:
        print(f"error: --out {out_arg[:300]}: {problem}; give a folder you can write to, or --out none for no images")
        return 2
    rounds = getattr(args, "rounds", None)
    if rounds is not None and rounds < 1:
        print(f"error: --rounds must be 1 or more (got {rounds}); leave it out to play to the end")
        return 2
    scenario_id = getattr(args, "scenario", None) or "last-army-standing"
    level = getattr(args, "level", None)
    if level is not None:
        found = scenario_for_level(scenario_id, level)
        if isinstance(found, str) and found.startswith("error: "):
            print(found)
            return 2
        scenario_id = found
    map_id = getattr(args, "map", None) or _scenario_map(scenario_id)
    try:
        session = GameSession.create("demo", map_id=map_id, scenario_id=scenario_id,
                                     seed=getattr(args, "seed", None),
                                     fmt={"draft": True} if getattr(args, "draft", False) else None)
    except (KeyError, ValueError) as exc:
        print(f"error: {exc.args[0] if exc.args else exc}")
        return 2
    armies = armies_for(session, max(2, session.scenario.min_players))
    try:
        setup(session, armies)
    except RulesError as exc:
        print(f"error: cannot set up the demo armies: {exc}")
        return 2
    st = session.state
    drafted = " (armies drafted)" if st.draft is not None else ""
    print(f"{session.scenario.name} on {st.battlefield.name}, seed {session.seed}{drafted}")
    told = mapsource.notice(session.map_id)
    if told:
        print(told)
    for p in st.players:
        cards = [c.card.short for c in st.cards.values() if c.owner == p.id]
        role = f" ({p.role})" if p.role else ""
        print(f"  {p.name}{role}: {', '.join(cards)}")
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        for old in out.glob("turn-*.png"):
            old.unlink()
    recorder = TurnRecorder(session, out)
    t0 = time.perf_counter()
    try:
        n = play(session, recorder, rounds=rounds, echo=True)
    except KeyboardInterrupt:
        print(f"\nstopped (Ctrl-C) after {recorder.turn_number} Player Turns.")
        return 130
    took = time.perf_counter() - t0
    print(result_line(session, recorder.rounds_ended))
    if recorder.images:
        print(f"{len(recorder.images)} images in {out}/ ({recorder.images[0].name} … {recorder.images[-1].name})")
    else:
        print("no images written")
    print(f"{n} commands in {took:.1f} s ({recorder.render_seconds:.1f} s rendering)")
    return 0
