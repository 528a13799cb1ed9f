"""``python -m bot local``: play a whole match in one terminal with the bot's text commands.

Players type ``NAME: command`` or just ``command``: the prompt shows whose input is expected and
a bare command is theirs. Computer seats (``--vs-computer``, or the name ``computer`` at the
prompt) play by themselves through :mod:`bot.game.ai`. Order Markers are secret: an accepted
``orders`` line is echoed only as "locked in", ``orders`` alone asks for the markers without
echo, and ``hide`` clears the screen before the next player sits down.

Console commands besides the game's: ``help``, ``cards``, ``map``, ``reach FIG``, ``targets FIG``,
``status``, ``undo``, ``save PATH``, ``load PATH``, ``hide``, ``quit``. After every Player Turn the
picture goes to ``OUT/turn-NNN.png``. Works with piped stdin (no readline needed).
"""

from __future__ import annotations

import argparse
import getpass
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.console.demo import TurnRecorder, armies_for, player_id, result_line
from bot.game import ai
from bot.game.session import GameSession, cards
from bot.rules.combat import attack_dice, defense_dice, legal_targets
from bot.rules.errors import RulesError
from bot.rules.movement import reachable_hexes
from bot.rules.state import Figure, MatchState, Phase
from bot.rules.views import public_view

HELP = """\
Type game commands as  NAME: command  or just  command  (for the player the prompt names).
Game commands:
  army CARD; CARD; ...        choose an army (setup; 'cards' lists them)   start   leave setup
  place FIG SPACE | place-rest                                 put figures in your start zone
  orders 1=CARD 2=CARD 3=CARD X=CARD   (or just 'orders' to type them unseen)
  initiative                  roll for initiative
  move FIG SPACE [via SPACE ...] [fly|walk]     attack FIG TARGET     special FIG POWER TARGET
  end-turn     choose OPTION     concede
Console commands:
  help  cards  status  map  reach FIG  targets FIG  undo  save PATH  load PATH  hide  quit"""

COMPUTER_NAMES = ("computer", "cpu", "ai", "bot")


class Console:
    """A local match: the session, who sits where, which seats the computer plays, I/O."""

    def __init__(self, session: GameSession, out: Path, read: Callable[[str], str] | None = None,
                 write: Callable[[str], None] | None = None, tty: bool | None = None) -> None:
        self.session = session
        self.out = out
        self.read = read or input
        self.write = write or print
        self.tty = sys.stdin.isatty() if tty is None else tty
        self.computer: set[str] = set()
        self.recorder = TurnRecorder(session, out)

    # ---- I/O ---------------------------------------------------------------------------------

    def ask(self, prompt: str, secret: bool = False) -> str | None:
        """One line from the players (``None`` at end of input)."""
        try:
            if secret and self.tty:
                return getpass.getpass(prompt)
            line = self.read(prompt)
        except EOFError:
            return None
        if not self.tty:  # keep piped transcripts readable, without the secret markers
            head, sep, rest = line.partition(":")
            cmd = rest if sep and self.player_named(head) else line
            hidden = secret or cmd.strip().lower().startswith("orders ")
            self.write((f"{head}{sep} " if cmd is rest else "") + "orders (hidden)" if hidden else line)
        return line

    def say(self, *lines: str) -> None:
        for line in lines:
            self.write(line)

    # ---- seats ---------------------------------------------------------------------------------

    @property
    def state(self) -> MatchState:
        return self.session.state

    def seat_players(self, vs_computer: bool) -> bool:
        """Ask for names and seat everyone; computer seats get a classic army. False on end of input."""
        scen = self.session.scenario
        self.say(f"{scen.name} on {self.state.battlefield.name} ({scen.min_players}-{scen.max_players} players).")
        zones = len(self.state.battlefield.start_zones)
        seats = scen.max_players if scen.sides or not zones else max(scen.min_players, min(scen.max_players, zones))
        names: list[tuple[str, bool]] = []
        while len(names) < seats:
            seat = len(names) + 1
            if vs_computer and seat == 2:
                names.append(("Computer", True))
                continue
            side = f" [{scen.sides[seat - 1].name}]" if seat - 1 < len(scen.sides) else ""
            if seat <= scen.min_players:
                hint = " (or 'computer')" if seat > 1 else ""
                line = self.ask(f"Player {seat}{side} name{hint}: ")
                if line is None:
                    return False
                line = line.strip()
                if not line:
                    self.say("a name is needed")
                    continue
            else:
                line = self.ask(f"Player {seat}{side} name (empty to begin): ")
                if line is None or not line.strip():
                    break
                line = line.strip()
            if ":" in line or ";" in line or line.lower() in (n.lower() for n, _ in names):
                self.say("please choose another name (unique, without ':' or ';')")
                continue
            is_cpu = line.lower() in COMPUTER_NAMES
            names.append(("Computer" if is_cpu else line, is_cpu))
        armies = armies_for(self.session, len(names))
        taken: list[str] = []
        for (name, is_cpu), (_n, army) in zip(names, armies, strict=True):
            pid = player_id(name, taken)
            taken.append(pid)
            self.apply(pid, f"join {name}", show_command=False)
            if is_cpu:
                self.computer.add(pid)
                self.apply(pid, "army " + "; ".join(army), show_command=False)
        humans = [p.name for p in self.state.players if p.id not in self.computer]
        self.say(f"Choose armies ({', '.join(humans)}): NAME: army CARD; CARD; ...  then 'start'. 'help' for more.")
        return True

    def player_named(self, text: str) -> str | None:
        t = text.strip().lower()
        for p in self.state.players:
            if t in (p.id.lower(), p.name.lower()):
                return str(p.id)
        return None

    def expected(self) -> str | None:
        """The human seat whose input is expected now (the first of those the match waits for)."""
        waiting = [p for p in ai.waiting_for(self.state) if p not in self.computer]
        if waiting:
            return waiting[0]
        humans = [p.id for p in self.state.players if p.id not in self.computer]
        return humans[0] if humans else None

    def prompt(self) -> str:
        st = self.state
        who = self.expected()
        name = self.session.name(who) if who else "?"
        if st.phase is Phase.TURNS and st.turn is not None and st.turn.card_key:
            where = f"R{st.round} {self.session.name(st.turn.player)}'s turn: {st.cards[st.turn.card_key].card.short}"
        elif st.phase in (Phase.ORDERS, Phase.INITIATIVE, Phase.TURNS):
            where = f"R{st.round} {st.phase.value}"
        else:
            where = st.phase.value
        if st.pending:
            where += ", decision"
        return f"[{where}] {name}> "

    # ---- commands --------------------------------------------------------------------------------

    def apply(self, player: str, text: str, show_command: bool = True) -> bool:
        """Run a game command; print what happened; False when refused (nothing changes)."""
        verb = text.strip().split(" ", 1)[0].lower()
        try:
            outcome = self.session.apply(player, text)
        except RulesError as exc:
            self.say(f"error: {exc}")
            return False
        except Exception as exc:  # a bug: rebuild from the record so that the dice stay in step
            self.say(f"internal error: {exc!r}; the command was not applied")
            self.session = GameSession.from_record(self.session.to_record())
            self.recorder.session = self.session
            return False
        name = self.session.name(player)
        if show_command and player in self.computer:
            self.say(f"{name} (computer): {'orders' if verb == 'orders' else text}")
        if verb == "orders":
            self.say(f"{name}: locked in.")
        lines = [ln for ln in outcome.public if not (verb == "orders" and "locked in" in ln)]
        self.say(*lines)
        for pid, private in outcome.private.items():
            if verb == "orders" or pid in self.computer:
                continue  # never print secret markers in a shared terminal
            self.say(*(f"(to {self.session.name(pid)}) {ln}" for ln in private))
        for _line, path in self.recorder.feed(outcome.events):
            if path is not None:
                self.say(f"turn image: {path}")
        if verb == "orders" and self.state.phase is Phase.ORDERS and any(
                p not in self.computer for p in ai.waiting_for(self.state)):
            self.say("(type 'hide' to clear the screen before the next player enters orders)")
        if outcome.game_over:
            self.say(result_line(self.session))
        return True

    def run_computer(self) -> None:
        """Let computer seats act while the match waits for them."""
        for _ in range(5000):
            waiting = [p for p in ai.waiting_for(self.state) if p in self.computer]
            cmd = None
            for pid in waiting:
                cmd = ai.next_command(self.state, pid)
                if cmd is not None:
                    break
            if cmd is None:
                return
            if not self.apply(pid, cmd):
                self.say(f"the computer is stuck on '{cmd}'; a person must act")
                return

    def handle(self, line: str) -> bool:
        """Handle one input line; False to stop."""
        text = line.strip()
        if not text:
            return True
        player = self.expected()
        head, sep, rest = text.partition(":")
        if sep and (self.player_named(head) or " " not in head.strip()):
            named = self.player_named(head)
            if named is None:
                self.say(f"error: no player called '{head.strip()}' (players: {', '.join(p.name for p in self.state.players)})")
                return True
            player, text = named, rest.strip()
        word, _, arg = text.partition(" ")
        word = word.lower()
        arg = arg.strip()
        if word in ("quit", "exit"):
            return False
        local = {
            "help": lambda: self.say(HELP), "cards": self.cmd_cards, "status": self.cmd_status,
            "map": self.cmd_map, "hide": self.cmd_hide, "undo": self.cmd_undo,
        }
        if word in local:
            local[word]()
        elif word in ("reach", "targets", "save", "load"):
            if not arg:
                self.say(f"usage: {word} {'FIG' if word in ('reach', 'targets') else 'PATH'}")
            else:
                {"reach": self.cmd_reach, "targets": self.cmd_targets, "save": self.cmd_save,
                 "load": self.cmd_load}[word](arg)
        elif word == "orders" and not arg:
            if player is None:
                self.say("error: nobody is seated")
                return True
            secret = self.ask(f"{self.session.name(player)}, your markers (1=CARD 2=CARD 3=CARD X=CARD): ", secret=True)
            if secret is not None and self.apply(player, "orders " + secret.strip()):
                self.run_computer()
        elif player is None:
            self.say("error: nobody is seated")
        elif self.apply(player, text):
            self.run_computer()
        return True

    # ---- console commands --------------------------------------------------------------------

    def cmd_cards(self) -> None:
        lib = cards()
        rows = sorted((c for c in lib._cards.values() if c.complete), key=lambda c: (c.set or "", c.name))
        for c in rows:
            self.say(f"  {c.name} ({c.short}): {c.points} pts, {c.figures} figure(s), "
                     f"Life {c.life} Move {c.move} Range {c.range} Attack {c.attack} Defense {c.defense}")

    def cmd_status(self) -> None:
        view = public_view(self.state)
        self.say(f"{self.session.scenario.name} on {view.battlefield.name}: {view.phase.value}, round {view.round}")
        if view.turn is not None:
            card = view.cards[view.turn.card_key].card.short if view.turn.card_key else "-"
            self.say(f"  turn: {self.session.name(view.turn.player)} with {card} (marker {view.turn.marker}), "
                     f"moved {', '.join(view.turn.moved) or '-'}; attacked {', '.join(view.turn.attacked) or '-'}")
        for p in view.players:
            tag = " (computer)" if p.id in self.computer else ""
            self.say(f"  {p.name}{tag}{' — conceded' if p.conceded else ''}:")
            markers = view.orders.get(p.id, {})
            for key, cip in view.cards.items():
                if cip.controller != p.id:
                    continue
                figs = []
                for fid in cip.figure_ids:
                    f = view.figures[fid]
                    if f.on_battlefield:
                        life = cip.card.life or 1
                        figs.append(f"{fid}@{view.battlefield.label(f.hex)}" + (f" {life - f.wounds}/{life}" if life > 1 else ""))
                    elif f.destroyed:
                        figs.append(f"{fid} ✝")
                    else:
                        figs.append(f"{fid} (unplaced)")
                on = [m for m, k in sorted(markers.items()) if k == key]
                mk = f" [markers {' '.join(on)}]" if on else ""
                self.say(f"    {cip.card.short}{mk}: {', '.join(figs)}")
        if view.pending:
            self.say(f"  waiting for {self.session.name(view.pending[0].player)} to decide")
        waiting = ai.waiting_for(self.state)
        if waiting:
            self.say(f"  waiting for: {', '.join(self.session.name(p) for p in waiting)}")

    def cmd_map(self) -> None:
        path = self.recorder.write_image([], name="map.png")
        self.say(f"map image: {path}")

    def _figure(self, name: str) -> Figure | None:
        fig = self.state.figures.get(name.strip().lower())
        if fig is None:
            self.say(f"error: there is no figure '{name}' (figures: {', '.join(sorted(self.state.figures))})")
            return None
        if not fig.on_battlefield:
            self.say(f"error: {fig.id} is not on the battlefield")
            return None
        return fig

    def cmd_reach(self, name: str) -> None:
        fig = self._figure(name)
        if fig is None:
            return
        from bot.render import render_png

        reach = reachable_hexes(self.state, fig)
        bf = self.state.battlefield
        self.say(f"{fig.id} can reach {len(reach)} spaces: " + " ".join(sorted(bf.label(h) for h in reach)))
        self.out.mkdir(parents=True, exist_ok=True)
        path = self.out / f"reach-{fig.id}.png"
        path.write_bytes(render_png(public_view(self.state), reach=reach, focus=fig.id))
        self.say(f"reach image: {path}")

    def cmd_targets(self, name: str) -> None:
        fig = self._figure(name)
        if fig is None:
            return
        st = self.state
        targets = legal_targets(st, fig)
        if not targets:
            self.say(f"{fig.id} has no target it could attack from where it stands")
        for t in targets:
            a, _ = attack_dice(st, fig, t)
            d, _ = defense_dice(st, fig, t)
            ew = ai.expected_wounds(a, d, 99)
            self.say(f"  {t.id} at {st.battlefield.label(t.hex)}: {a} attack vs {d} defense dice, {ew:.2f} wounds expected")
        from bot.render import render_png

        self.out.mkdir(parents=True, exist_ok=True)
        path = self.out / f"targets-{fig.id}.png"
        path.write_bytes(render_png(public_view(st), targets=[t.id for t in targets], focus=fig.id))
        self.say(f"targets image: {path}")

    def cmd_hide(self) -> None:
        if self.tty:
            self.write("\033[2J\033[H")
        else:
            self.write("\n" * 60)
        self.say("(screen cleared)")

    def _rebuild(self, record: dict[str, Any]) -> None:
        """Replace the session by ``record`` replayed, counting its turns for the image numbers."""
        log = record.get("log", [])
        fresh = GameSession.from_record({**record, "log": []})
        recorder = TurnRecorder(fresh, None)
        for pid, text in log:
            recorder.feed(fresh.apply(pid, text).events)
        self.session = fresh
        self.recorder = TurnRecorder(fresh, self.out, first_turn=recorder.turn_number + 1)
        self.recorder.round, self.recorder.in_round = recorder.round, recorder.in_round

    def cmd_undo(self) -> None:
        log = self.session.match.log
        # Take back the last person's command and everything the computer did after it.
        cut = len(log)
        while cut > 0 and log[cut - 1][0] in self.computer:
            cut -= 1
        if cut == 0:
            self.say("nothing to undo")
            return
        pid, text = log[cut - 1]
        shown = "orders (hidden)" if text.startswith("orders") else text
        extra = f" and {len(log) - cut} computer command(s) after it" if cut < len(log) else ""
        answer = self.ask(f"undo {self.session.name(pid)}: {shown}{extra}? [y/N] ")
        if answer is None or answer.strip().lower() not in ("y", "yes"):
            self.say("not undone")
            return
        record = self.session.to_record()
        record["log"] = [list(x) for x in log[: cut - 1]]
        self._rebuild(record)
        self.say(f"undone: {self.session.name(pid)}: {shown}")

    def cmd_save(self, path: str) -> None:
        record = self.session.to_record()
        record["console"] = {"computer": sorted(self.computer)}
        try:
            Path(path).write_text(json.dumps(record, indent=1), encoding="utf-8")
        except OSError as exc:
            self.say(f"error: cannot write {path}: {exc.strerror or exc}")
            return
        self.say(f"saved to {path} (the file holds the secret dice seed)")

    def cmd_load(self, path: str) -> None:
        try:
            record = json.loads(Path(path).read_text(encoding="utf-8"))
            computer = set(record.get("console", {}).get("computer", []))
            self._rebuild(record)
        except (OSError, ValueError, KeyError, RulesError) as exc:
            self.say(f"error: cannot load {path}: {exc}")
            return
        self.computer = computer
        self.say(f"loaded {path}: {len(self.session.match.log)} commands, {self.state.phase.value}, round {self.state.round}")
        self.run_computer()

    # ---- main loop ---------------------------------------------------------------------------

    def loop(self) -> int:
        self.run_computer()
        while True:
            line = self.ask(self.prompt())
            if line is None:
                self.say("end of input; bye")
                return 0
            if not self.handle(line):
                self.say("bye")
                return 0


def main(args: argparse.Namespace) -> int:
    """Play a match in this terminal; returns the exit status."""
    try:
        session = GameSession.create("local", map_id=getattr(args, "map", None),
                                     scenario_id=getattr(args, "scenario", None) or "last-army-standing",
                                     seed=getattr(args, "seed", None))
    except KeyError as exc:
        print(f"error: {exc.args[0] if exc.args else exc}")
        return 2
    console = Console(session, Path(getattr(args, "out", None) or "renders/local"))
    if not console.seat_players(bool(getattr(args, "vs_computer", False))):
        return 0
    return console.loop()
