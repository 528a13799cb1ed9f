"""``python -m bot local --game onslaught``: a whole Onslaught match in one terminal.

Two people, or one against the computer (``--vs-computer``, or the name ``computer`` for party B).
Players type ``NAME: command`` or just ``command``: the prompt shows whose input is expected and a bare
command is theirs. The game's commands are those of :mod:`bot.onslaught.commands` (``activate``,
``move``, ``attack``, ``use``, ``loot``, ``end``, ``keep``, ``equip``, ``door``, ``react``/``pass``,
``levelup``, ``choose`` ...).

Initiative cards are secret (DDO-INIT-06) as Heroscape's Order Markers are: ``assign`` alone shows
the player their dealt cards and asks for the assignment without echo (on a terminal), an accepted
assignment is echoed only as "locked in", typed transcripts show ``assign (hidden)``, and ``hide``
clears the screen before the next player sits down (a terminal is cleared by itself after a hidden
assignment). Console commands: ``help [COMMAND]``, ``status``, ``legal`` (the commands you may send
now), ``card NAME``, ``map`` (writes the picture now), ``hide``, ``save PATH``, ``load PATH``, ``quit``.
After each activation the picture goes to ``OUT/activation-NNN.png`` (``--out none``: no pictures).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path

from bot.games.onslaught.demo import options
from bot.games.onslaught.match import SIDES, OnslaughtMatch
from bot.games.onslaught.narrate import line as event_line
from bot.games.onslaught.picture import initiative_lines, roster_lines
from bot.games.onslaught.recorder import Recorder
from bot.games.ruleset import Outcome
from bot.onslaught.commands import VERBS
from bot.onslaught.content import Library
from bot.onslaught.events import ParseError, RulesError
from bot.onslaught.grid import name as square_name
from bot.onslaught.legal import legal_commands
from bot.onslaught.state import MONSTERS
from bot.terminal import read_line

#: Names that seat the computer.
COMPUTER_NAMES = ("computer", "cpu", "ai")
#: Secret events the console never prints in the shared terminal (initiative, DDO-INIT-06); the
#: player sees their cards when they type ``assign``.
HIDDEN_KINDS = ("dealt", "assigned")
#: Clears a terminal screen (ANSI).
CLEAR = "\033[2J\033[H"

CONSOLE_HELP = {
    "help": "help [COMMAND]: the commands, or one command's form",
    "status": "status: round, victory points, the initiative order the table knows, every mini",
    "legal": "legal: the commands you may send now",
    "card": "card NAME: a character's or monster's card (abilities, dials)",
    "map": "map: write the picture of the map now",
    "hide": "hide: clear the screen before the next player sits down",
    "save": "save PATH: save the match to a file",
    "load": "load PATH: resume a saved match",
    "quit": "quit: leave (the match is not saved unless you 'save' it)",
}


class OnslaughtConsole:
    """A local Onslaught match in this terminal: seats, prompt, lines and the main loop."""

    def __init__(self, library: Library, match: OnslaughtMatch, out: Path | None, read: Callable[[str], str] | None = None,
                 write: Callable[[str], None] | None = None, tty: bool | None = None,
                 screen: bool | None = None) -> None:
        self.library, self.match, self.out = library, match, out
        self.read = read or input
        self.write = write or print
        #: Input from a person at a terminal (secret assignments are read without echo).
        self.tty = sys.stdin.isatty() if tty is None else tty
        #: Output to a terminal (``hide`` clears it).
        self.screen = sys.stdout.isatty() if screen is None else screen
        self.recorder = Recorder(out)

    # ---- I/O -------------------------------------------------------------------------------------
    def ask(self, prompt: str, secret: bool = False) -> str | None:
        """One line from the players (``None`` at end of input); piped transcripts show an assignment
        as ``assign (hidden)`` (:func:`bot.terminal.read_line`)."""
        return read_line(self.read, self.write, prompt, secret=secret, tty=self.tty,
                         is_seat=lambda head: self.side_named(head) is not None, secret_verb="assign")

    def say(self, *lines: str) -> None:
        """Write each line."""
        for ln in lines:
            self.write(ln)

    # ---- seats -----------------------------------------------------------------------------------
    def side_named(self, text: str) -> str | None:
        """The side (``A``/``B``) whose seat name or letter equals ``text`` (case-insensitive)."""
        t = text.strip().lower()
        for s in SIDES:
            if t in (s.lower(), self.match.names[s].lower()):
                return s
        return None

    def seat_players(self, vs_computer: bool) -> bool:
        """Ask the players' names (party B may be ``computer``); False at end of input or ``quit``."""
        st = self.match.state
        self.say(f"{st.scenario.name} on {st.map.name}: {st.scenario.rounds} rounds, parties of {st.scenario.party_size}.")
        names: dict[str, str] = {}
        for side in SIDES:
            if vs_computer and side == "B":
                names[side] = "Computer"
                break
            party = self.match.party_names[side]
            while True:
                hint = " (or 'computer')" if side == "B" else ""
                line = self.ask(f"Party {side} ({party}) player name{hint}: ")
                if line is None or line.strip().lower() in ("quit", "exit"):
                    return False
                nm = line.strip()
                if nm.lower() == "help":
                    self.say("type the name this player goes by at the table"
                             + (", or computer to let the computer play party B" if side == "B" else "") + "; quit leaves")
                elif nm.lower() in COMPUTER_NAMES and side == "A":
                    self.say("party A needs a person; the computer can take party B")
                elif not nm or len(nm) > 32 or nm.upper() in SIDES or ":" in nm:
                    self.say("type a name of 1 to 32 characters, without ':' (and not A or B)")
                elif names and nm.lower() == names["A"].lower():
                    self.say(f"{nm} already plays party A; please choose another name")
                else:
                    names[side] = "Computer" if nm.lower() in COMPUTER_NAMES else nm
                    break
        self.match.names.update(names)
        self.match.computer = {s for s in SIDES if names[s] == "Computer"}
        for side in SIDES:
            chars = ", ".join(self.match.state.held[side])
            who = self.match.names[side] + (" (computer)" if side in self.match.computer else "")
            self.say(f"party {side}: {who} with {self.match.party_names[side]}: {chars}")
        self.show(self.match.opening(), "")
        self.say("'help' lists the commands; 'legal' lists what you may send now.")
        return True

    def expected(self) -> str | None:
        """The human side whose input is expected now."""
        waiting = [s for s in self.match.sides_waited() if s not in self.match.computer]
        return waiting[0] if waiting else None

    def prompt(self) -> str:
        """``[R2 action: Brask] Ann> ``: round, phase (the activating character), decision, whose input."""
        st = self.match.state
        where = f"R{st.round} {st.phase}"
        if st.activation is not None:
            where += f": {st.activation.mini}"
        if st.pending:
            where += f", {st.pending[0].kind} for {st.pending[0].mini}"
        who = self.expected()
        return f"[{where}] {self.match.names[who] if who else '?'}> "

    # ---- showing outcomes ------------------------------------------------------------------------
    def show(self, outcome: Outcome, verb: str) -> None:
        """Print a command's lines: public ones, then private ones as ``(to NAME)`` except the hidden
        initiative; a picture line after an activation; the result at the end."""
        for ev in outcome.events:
            words = event_line(ev)
            if not words:
                continue
            if ev.secret_to:
                if ev.kind in HIDDEN_KINDS or ev.secret_to in self.match.computer:
                    continue
                words = f"(to {self.match.names[ev.secret_to]}) {words}"
            self.say(words)
        before = len(self.recorder.images)
        self.recorder.feed(self.match.state, outcome.events)
        if len(self.recorder.images) > before:
            self.say(f"picture: {self.recorder.images[-1]}")
        if outcome.game_over:
            self.say(self.match.result_line())

    def apply(self, side: str, text: str) -> bool:
        """Send a game command for ``side``; print what happened; False when refused (nothing changes)."""
        verb = text.split()[0].lower() if text.split() else ""
        try:
            outcome = self.match.apply(side, text)
        except (ParseError, RulesError) as exc:
            self.say(f"error: {exc}")
            return False
        if verb == "assign":
            self.say(f"{self.match.names[side]}: locked in.")
        self.show(outcome, verb)
        return True

    def run_computer(self) -> None:
        """Let the computer party act while the game waits for it."""
        for _ in range(5000):
            waiting = [s for s in self.match.sides_waited() if s in self.match.computer]
            if not waiting:
                return
            side = waiting[0]
            cmd = self.match.computer_command(side)
            self.say(f"{self.match.names[side]} (computer): {'assign (hidden)' if cmd.startswith('assign') else cmd}")
            if not self.apply(side, cmd):
                self.say(f"the computer is stuck on '{cmd}'; a person must act")
                return

    def hint(self) -> None:
        """Say what the expected player does next, when it is not obvious from the prompt."""
        side = self.expected()
        st = self.match.state
        if side is None or st.phase == "over":
            return
        name = self.match.names[side]
        if st.pending:
            d = st.pending[0]
            forms = {"react": f"'react {d.mini}' or 'pass'", "levelup": f"'levelup {d.mini} CARD'", "keep": "'keep SYMBOL'"}
            self.say(f"{name}: {d.kind} for {d.mini}: {forms.get(d.kind, 'choose OPTION')} with one of: "
                     f"{', '.join(o.replace(' ', '-') for o in d.options)}")
        elif st.phase == "initiative":
            self.say(f"{name}: assign your initiative cards in secret: type 'assign' (others look away)")
        elif st.awaiting:
            self.say(f"{name}: the next card is on {st.awaiting}: 'activate {st.awaiting}'")

    # ---- console commands ------------------------------------------------------------------------
    def cmd_help(self, arg: str) -> None:
        """``help`` lists the commands; ``help VERB`` gives one command's form."""
        word = arg.strip().lower()
        if word in VERBS:
            self.say(f"{VERBS[word][2]}")
        elif word in CONSOLE_HELP:
            self.say(CONSOLE_HELP[word])
        elif word:
            self.say(f"no command '{word}'; commands: {', '.join(list(VERBS) + list(CONSOLE_HELP))}")
        else:
            self.say("game commands (type them bare, or NAME: command):", *(f"  {u}" for _, _, u in VERBS.values()),
                     "ability names use '-' for spaces (use Merrin Warm-Light Brask); squares are like C4.",
                     "console commands:", *(f"  {t}" for t in CONSOLE_HELP.values()))

    def cmd_status(self) -> None:
        """Round, victory points, initiative as the table knows it, and every mini."""
        st = self.match.state
        self.say(f"round {st.round} of {st.scenario.rounds}, {st.phase}; victory points A {st.vp['A']}, B {st.vp['B']}")
        self.say("initiative:", *(f"  {ln}" for ln, _ in initiative_lines(st, "")))
        for side in (*SIDES, MONSTERS):
            for m in st.minis.values():
                if m.side == side and not (side == MONSTERS and m.defeated):
                    where = "" if m.defeated or side == MONSTERS else f" on {square_name(m.square)}"
                    first, *rest = roster_lines(st, m, "")
                    self.say(f"  [{side}] {first}{where}", *(f"      {ln}" for ln in rest))

    def cmd_card(self, arg: str) -> None:
        """A character's or monster's card: abilities with cost, range, cooldown and effects."""
        lib = self.library
        key = next((k for k in (*lib.characters, *lib.monsters) if k.lower() == arg.strip().lower()), None)
        if key is None:
            mini = next((m for m in self.match.state.minis.values() if m.name.lower() == arg.strip().lower()), None)
            key = mini.card if mini else None
        if key is None:
            self.say(f"no character or monster '{arg.strip()}'; characters: {', '.join(lib.characters)}")
            return
        if key in lib.characters:
            c = lib.characters[key]
            w = c.wheel
            self.say(f"{c.name} ({c.role}): HP {w.hp}, speed {w.speed}, AC {w.ac}; bloodied at {w.bloodied_at}: "
                     f"speed {w.bloodied_speed}, AC {w.bloodied_ac}")
            abilities = [a for a in (c.melee, c.ranged) if a] + list(c.abilities) + [c.reaction] + list(c.level_ups)
        else:
            mc = lib.monsters[key]
            self.say(f"{mc.name}: HP {mc.wheel.hp}, speed {mc.wheel.speed}, AC {mc.wheel.ac}, behaviour {mc.behaviour}"
                     + (", champion" if mc.champion else ""))
            abilities = [mc.attack]
        for a in abilities:
            bits = ["+".join(a.actions)]
            if a.attack:
                bits.append(f"{a.attack} attack +{a.to_hit}, range {a.reach[0]}-{a.reach[1]}")
            if a.area or a.cone:
                bits.append(f"area {a.area}" if a.area else f"cone {a.cone}")
            if a.cooldown is not None:
                bits.append("exhausted after use" if a.cooldown == 0 else f"cooldown {a.cooldown}")
            if a.trigger:
                bits.append(f"reaction when {a.trigger.replace('_', ' ')}")
            effects = ", ".join(f"{e.kind} {e.condition or e.amount}".strip() for e in a.effects)
            self.say(f"  {a.name}: {'; '.join(bits)}" + (f"; {effects}" if effects else ""))

    def cmd_legal(self, side: str | None) -> None:
        """The commands ``side`` may send now (initiative assignments are not listed: they are secret)."""
        if side is None:
            self.say("nobody is expected to type now")
            return
        legal = [c for c in legal_commands(self.match.match.game, side) if not c.startswith("assign")]
        if self.match.state.phase == "initiative":
            self.say(f"{self.match.names[side]}: type 'assign' to assign your initiative cards in secret")
            return
        self.say(f"{self.match.names[side]} may send: " + "; ".join(legal[:60]) + (" ..." if len(legal) > 60 else ""))

    def cmd_map(self) -> None:
        """Write the public picture now to ``OUT/map.png``."""
        path = self.recorder.write(self.match.state, [], "map.png")
        self.say(f"picture: {path}" if path else "no pictures (--out none)")

    def cmd_save(self, arg: str) -> None:
        """Save the match (settings, seats, command log) as JSON to ``arg``."""
        try:
            Path(arg).write_text(json.dumps(self.match.to_record(), indent=1), encoding="utf-8")
        except OSError as exc:
            self.say(f"error: cannot write {arg}: {exc.strerror or exc}; give a file path you can write to")
            return
        self.say(f"saved to {arg}; resume with 'load {arg}'")

    def cmd_load(self, arg: str) -> None:
        """Resume a match saved by :meth:`cmd_save`."""
        try:
            record = json.loads(Path(arg).read_text(encoding="utf-8"))
            self.match = OnslaughtMatch.from_record(self.library, record)
        except OSError as exc:
            self.say(f"error: cannot read {arg}: {exc.strerror or exc}")
            return
        except (ValueError, KeyError, TypeError) as exc:
            self.say(f"error: {arg} is not a saved Onslaught match ({exc})")
            return
        self.recorder = Recorder(self.out)
        self.say(f"resumed {self.match.state.scenario.name}, round {self.match.state.round}")

    def secret_assign(self, side: str) -> None:
        """Show ``side`` its dealt cards and ask for the assignment without echo; clear a terminal after."""
        st = self.match.state
        if st.phase != "initiative" or side not in self.match.sides_waited():
            self.say("error: initiative cards are assigned at the start of each round, before any activation; "
                     f"now it is the {st.phase} phase")
            return
        cards = ", ".join(str(c) for c in sorted(st.hands[side]))
        one = " (Initiative 1 goes face up on one of them)" if 1 in st.hands[side] else ""
        self.say(f"(to {self.match.names[side]} only) your cards: {cards}{one}; "
                 f"characters: {', '.join(st.held[side])}")
        example = " ".join(f"{n}={c}" for n, c in zip(st.held[side], sorted(st.hands[side]), strict=False))
        line = self.ask(f"{self.match.names[side]}, your assignment (like {example}): ", secret=True)
        if line is None:
            return
        if self.apply(side, "assign " + line.strip()):
            if self.screen:
                self.write(CLEAR)
            elif self.expected() is not None and self.match.state.phase == "initiative":
                self.say("(type 'hide' to clear the screen before the next player assigns)")
            self.run_computer()

    # ---- the loop --------------------------------------------------------------------------------
    def handle(self, line: str) -> bool:
        """Handle one input line; False to stop."""
        text = line.strip()
        if not text:
            return True
        side = self.expected()
        head, sep, rest = text.partition(":")
        if sep and " " not in head.strip():
            named = self.side_named(head)
            if named is None:
                self.say(f"error: no player called '{head.strip()}' (players: {', '.join(self.match.names.values())})")
                return True
            if named in self.match.computer:
                self.say(f"error: the computer plays {self.match.names[named]}'s party and types its own commands")
                return True
            side, text = named, rest.strip()
        word, _, arg = text.partition(" ")
        word = word.lower()
        if word in ("quit", "exit"):
            return False
        local: dict[str, Callable[[], None]] = {
            "help": lambda: self.cmd_help(arg), "status": self.cmd_status, "map": self.cmd_map,
            "legal": lambda: self.cmd_legal(side), "hide": lambda: self.write(CLEAR if self.screen else "\n" * 40),
        }
        if word in local:
            local[word]()
        elif word in ("card", "save", "load"):
            if not arg.strip():
                self.say(f"usage: {CONSOLE_HELP[word].split(':')[0]}")
            else:
                {"card": self.cmd_card, "save": self.cmd_save, "load": self.cmd_load}[word](arg.strip())
        elif side is None:
            self.say("error: nobody is expected to type now")
        elif word == "assign" and not arg.strip():
            self.secret_assign(side)
        elif self.apply(side, text):
            self.run_computer()
            self.hint()
        return True

    def loop(self) -> int:
        """Read and run lines until the game is over (0), ``quit`` or end of input (0), Ctrl-C (130)."""
        try:
            self.run_computer()
            self.hint()
            while self.match.state.phase != "over":
                line = self.ask(self.prompt())
                if line is None:
                    self.say("end of input; bye ('save PATH' keeps a match for later)")
                    return 0
                if not self.handle(line):
                    self.say("bye")
                    return 0
            self.recorder.write(self.match.state, [], "final.png")
            return 0
        except KeyboardInterrupt:
            self.write("")
            self.say("stopped (Ctrl-C); bye")
            return 130


def main(args: argparse.Namespace, read: Callable[[str], str] | None = None,
         write: Callable[[str], None] | None = None) -> int:
    """Play an Onslaught match in this terminal with the options of ``args`` (``scenario``, ``seed``,
    ``out``, ``vs_computer``, ``load``); returns the exit status (2 for a bad option)."""
    say = write or print
    checked = options(args, "renders/onslaught-local", say)
    if checked is None:
        return 2
    library, scenario, out = checked
    seed = getattr(args, "seed", None)
    if seed is None:
        import random

        seed = random.SystemRandom().randrange(1, 10**9)  # without --seed, every match rolls afresh
    console = OnslaughtConsole(library, OnslaughtMatch(library, scenario, int(seed)), out, read=read, write=write,
                               tty=None if read is None else False, screen=None if write is None else False)
    load = getattr(args, "load", None)
    if load:
        console.cmd_load(str(load))
    elif not console.seat_players(bool(getattr(args, "vs_computer", False))):
        console.say("no players; bye")
        return 0
    return console.loop()
