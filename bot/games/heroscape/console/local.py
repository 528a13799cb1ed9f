"""``python -m bot local``: play a whole match in one terminal with the bot's text commands.

Players type ``NAME: command`` or just ``command``: the prompt shows whose input is expected and
a bare command is theirs. Computer seats (``--vs-computer``, or the name ``computer`` at the
prompt) play by themselves through :mod:`bot.game.ai`. Order Markers are secret: an accepted
``orders`` line is echoed only as "locked in", ``orders`` alone asks for the markers without
echo, and ``hide`` clears the screen before the next player sits down.

Console commands besides the game's: ``help`` (``help move``: double-space figures), ``cards``,
``map``, ``reach FIG``, ``targets FIG``, ``status``, ``undo``, ``save PATH``, ``load PATH`` (resume a
saved match, asking first when a match is under way; ``--load PATH`` does it at start, and refuses
the options a save fixes), ``hide``, ``quit`` (offers to save a match under way, to
``OUT/save.json`` by default; a path that cannot be written is asked for again, then the autosave
file takes the match). ``concede`` asks first. ``undo`` takes back only the asking player's own last
command, and never one that rolled dice or a concession (seen dice stay rolled). After every
Player Turn the picture of the whole turn goes to ``OUT/turn-NNN.png`` (``--out none``: no
images; ``--out`` is checked at start). Ctrl-C or end of input in a match under way saves it to
``OUT/autosave-<time>.json`` (a loaded match: back to its file) and says how to resume. When a player's figures have nothing left to do in
the turn, the console says so. Works with piped stdin; on a terminal, ``readline`` (where the
platform has it) gives arrow keys and history. Error messages repeat at most 60 characters of
what was typed, control characters escaped.

Drafting (``--draft``, or a scenario whose format drafts, DEC-13): ``start`` opens the draft,
then players pick one Army Card at a time with ``draft CARD`` (or ``draft pass``); the prompt
names whose pick it is and the console lists the cards that player may still add, with their
points. Computer seats pick by themselves; a second ``start`` begins placement.
"""


from __future__ import annotations

import argparse
import shlex
import sys
import unicodedata
from collections.abc import Callable
from pathlib import Path

from bot.content import formats
from bot.game import ai, mapsource
from bot.game.computer_army import army_plan
from bot.game.session import GameSession
from bot.game.targets import friendly_fire_question
from bot.games.heroscape.console.demo import armies_for, player_id
from bot.games.heroscape.console.help import HELP, HELP_MOVE
from bot.games.heroscape.console.saves import ConsoleSaves, save_problem
from bot.games.heroscape.console.text import (
    COMMANDS_BRIEF,
    COMPUTER_NAMES,
    LINE_MAX,
    NAME_MAX,
    PATH_ECHO_MAX,
    label_key,
    name_problem,
    shown,
)
from bot.games.heroscape.console.views import NOTHING_LEFT
from bot.rules import draft as drafting
from bot.rules.state import Phase
from bot.terminal import NO_IMAGES, out_problem

#: Game commands after which the console checks whether anything is left to do in the turn.
#: Said when every seat would be the computer's (a person types the commands, even 'start').
ALL_COMPUTER = ("every other seat is the computer's: this seat needs a person (type your name); to watch the "
                "computer play itself, quit and run 'python -m bot demo'")

TURN_VERBS = ("move", "attack", "special", "choose", "use", "cannon")

__all__ = ["COMMANDS_BRIEF", "HELP", "HELP_MOVE", "NAME_MAX", "NOTHING_LEFT", "Console", "label_key", "line_editing",
           "main", "name_problem", "save_problem", "shown"]


class Console(ConsoleSaves):
    """A local match in this terminal: seating, the prompt, reading each line and the main loop
    (the commands themselves: :class:`~bot.games.heroscape.console.views.ConsoleViews`,
    :class:`~bot.games.heroscape.console.saves.ConsoleSaves`)."""

    def seat_players(self, vs_computer: bool) -> bool:
        """Ask for names and seat everyone; computer seats get a classic army. False on end of input.

        ``vs_computer``: one person and the computer (more computer seats only when the
        scenario needs more than two players); only the first name is asked.
        """
        scen = self.session.scenario
        self.say(f"{scen.name} on {self.state.battlefield.name} ({scen.min_players}-{scen.max_players} players).")
        zones = len(self.state.battlefield.start_zones)
        seats = scen.max_players if scen.sides or not zones else max(scen.min_players, min(scen.max_players, zones))
        if vs_computer:
            seats = max(2, scen.min_players)
        names: list[tuple[str, bool]] = []
        while len(names) < seats:
            seat = len(names) + 1
            if vs_computer and seat > 1:
                names.append(("Computer" if seat == 2 else f"Computer {seat - 1}", True))
                continue
            side = f" [{scen.sides[seat - 1].name}]" if seat - 1 < len(scen.sides) else ""
            cpu_hint = "" if vs_computer else "or 'computer'"
            if seat <= scen.min_players:
                hint = f" ({cpu_hint})" if seat > 1 and cpu_hint else ""
                line = self.ask(f"Player {seat}{side} name{hint}: ")
                if line is None:
                    return False
            else:
                to_start = "" if all(c for _, c in names) else f"; empty line to start with {len(names)} players"
                line = self.ask(f"Player {seat}{side} name ({cpu_hint}{to_start}): ")
                if line is None or not line.strip():
                    if line is not None and names and all(c for _, c in names):
                        self.say(ALL_COMPUTER)
                        continue
                    break
            line = line.strip()
            if line.lower() in ("quit", "exit"):
                return False
            if line.lower() == "help":
                self.say("Type the name this player goes by at the table (up to "
                         f"{NAME_MAX} characters){'' if vs_computer else ', or computer to let the computer play the seat'}"
                         "; quit leaves.")
                continue
            is_cpu = line.lower() in COMPUTER_NAMES
            if is_cpu and vs_computer:
                self.say("the computer takes the other seat; please type your own name")
                continue
            name = "Computer" if is_cpu else line
            seated = [n for n, _ in names]
            problem = name_problem(name, seated)
            if is_cpu and problem:  # a second computer seat
                name = f"Computer {sum(1 for _, c in names if c) + 1}"
                problem = name_problem(name, seated)
            if problem:
                self.say(f"{problem}; please choose another name")
                continue
            if is_cpu and seat == seats and all(c for _, c in names):
                # Nobody would be left to type 'start' and the players' commands.
                self.say(ALL_COMPUTER)
                continue
            names.append((name, is_cpu))
        if vs_computer:
            self.say(f"{', '.join(n for n, c in names if c)} plays against {names[0][0]}.")
        armies = armies_for(self.session, len(names))
        drafting_match = self.session.scenario.format.draft
        taken: list[str] = []
        for (name, is_cpu), (_n, army) in zip(names, armies, strict=True):
            pid = player_id(name, taken)
            taken.append(pid)
            self.apply(pid, f"join {shlex.quote(name)}", show_command=False)
            if is_cpu:
                self.computer.add(pid)
                if not drafting_match:
                    plan = army_plan(self.state, pid, army)
                    if plan.note:
                        self.say(plan.note)
                    self.apply(pid, plan.command, show_command=False)
        humans = [p.name for p in self.state.players if p.id not in self.computer]
        if drafting_match:
            self.say("Armies are drafted one Army Card at a time: type 'start' to open the draft, then "
                     "draft CARD (or draft pass) when it is your pick. 'help' for more.")
        else:
            self.say(f"Choose armies ({', '.join(humans)}): NAME: army CARD; CARD; ...  then 'start'. 'help' for more.")
        return True

    def prompt(self) -> str:
        """The input prompt, e.g. ``"[R2 orders] Ann> "``: the round and phase (the card being played
        during a turn, whose pick and points left during a draft), ``", decision"`` while a decision is
        pending, then the name of the seat expected to type."""
        st = self.state
        who = self.expected()
        name = self.session.name(who) if who else "?"
        if st.phase is Phase.TURNS and st.turn is not None and st.turn.card_key:
            where = f"R{st.round} {self.session.name(st.turn.player)}'s turn: {st.cards[st.turn.card_key].card.short}"
        elif st.phase is Phase.SETUP and st.draft is not None and st.draft.next is not None:
            left = drafting.points_left(st, st.draft.next)
            where = f"draft: {self.session.name(st.draft.next)}'s pick" + (f", {left} pts left" if left is not None else "")
        elif st.phase is Phase.SETUP and st.draft is not None:
            where = "setup, draft over"
        elif st.phase in (Phase.ORDERS, Phase.INITIATIVE, Phase.TURNS):
            where = f"R{st.round} {st.phase.value}"
        else:
            where = st.phase.value
        if st.pending:
            where += ", decision"
        return f"[{where}] {name}> "

    def handle(self, line: str) -> bool:
        """Handle one input line; False to stop."""
        text = line.strip()
        if not text:
            return True
        if len(text) > LINE_MAX:
            self.say(f"error: that line has {len(text)} characters ('{shown(text)}'); a command has at most {LINE_MAX}")
            return True
        if any(unicodedata.category(ch) == "Cc" for ch in text):
            self.say(f"error: the line holds control characters ('{shown(text)}'), e.g. from arrow keys on a "
                     "terminal without line editing; type the command again without them")
            return True
        player = self.expected()
        head, sep, rest = text.partition(":")
        if sep and (self.player_named(head) or " " not in head.strip()):
            named = self.player_named(head)
            if named is None:
                self.say(f"error: no player called '{shown(head.strip())}' (players: {', '.join(p.name for p in self.state.players)})")
                return True
            if named in self.computer:  # the computer's seat is not a second seat for a person
                humans = [p.name for p in self.state.players if p.id not in self.computer]
                self.say(f"error: the computer plays {self.session.name(named)}'s seat and types its own commands; "
                         f"type yours without a name or as {' or '.join(f'{h}: ...' for h in humans) or 'your seat'}")
                return True
            player, text = named, rest.strip()
        word, _, arg = text.partition(" ")
        word = word.lower()
        arg = arg.strip()
        if word in ("quit", "exit"):
            self.cmd_quit()
            return False
        local: dict[str, Callable[[], None]] = {
            "help": lambda: self.cmd_help(arg), "cards": lambda: self.cmd_cards(), "status": self.cmd_status,
            "map": self.cmd_map, "hide": self.cmd_hide, "undo": lambda: self.cmd_undo(player),
        }
        if word == "cards" and arg:
            self.cmd_cards(arg)
        elif word == "glyph":
            self.cmd_glyph(arg)
        elif word in local:
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
            refusal = self.orders_refusal(player)
            if refusal is not None:
                self.say(f"error: {refusal}")
                return True
            secret = self.ask(f"{self.session.name(player)}, your markers (1=CARD 2=CARD 3=CARD X=CARD): ", secret=True)
            if secret is not None and self.apply(player, "orders " + secret.strip()):
                self.run_computer()
        elif player is None:
            self.say("error: nobody is seated")
        elif word == "concede" and not self.confirm(
                f"{self.session.name(player)}, concede the match? You leave it for good; it cannot be undone."):
            self.say("not conceded; the match goes on")
        elif not self.friendly_fire_confirmed(text):
            self.say("not attacked")
        elif self.apply(player, text):
            self.run_computer()
            if word in TURN_VERBS:
                self.turn_hint()
            self.draft_hint()
        return True

    def friendly_fire_confirmed(self, text: str) -> bool:
        """True unless ``text`` attacks a figure of the attacker's own side and the player does not
        answer yes to the question (the rules allow it, HS-ATTACK-01; nobody should do it by mistake)."""
        question = friendly_fire_question(self.state, text)
        return question is None or self.confirm(question)

    def orders_refusal(self, player: str) -> str | None:
        """Why ``player`` cannot place Order Markers now (``None``: they can), checked before the
        hidden markers are asked for."""
        st = self.state
        if st.phase is not Phase.ORDERS:
            when = f"round {st.round}, {st.phase.value}" if st.round else st.phase.value
            return (f"Order Markers are placed at the start of each round, before initiative; now it is {when}, "
                    "so there are none to place")
        if player not in ai.waiting_for(st):
            return f"{self.session.name(player)} has no Order Markers to place now (they are locked in)"
        return None

    # ---- main loop ---------------------------------------------------------------------------

    def loop(self) -> int:
        """Read and run commands until ``quit`` or end of input (0) or Ctrl-C (130); a match under
        way is saved by itself in the last two cases (:meth:`autosave`)."""
        try:
            self.run_computer()
            while True:
                line = self.ask(self.prompt())
                if line is None:
                    if self.tty:
                        self.write("")  # Ctrl-D leaves the cursor after the prompt
                    self.autosave("end of input")
                    self.say("end of input; bye")
                    return 0
                if not self.handle(line):
                    self.say("bye")
                    return 0
        except KeyboardInterrupt:
            self.write("")  # end the line the ^C was typed on
            self.autosave("stopped (Ctrl-C)")
            self.say("bye")
            return 130



#: Options that ``--load`` cannot honour (the save file fixes them): (option, attribute).
LOAD_FIXES = (("--map", "map"), ("--scenario", "scenario"), ("--seed", "seed"), ("--draft", "draft"), ("--format", "format"),
              ("--vs-computer", "vs_computer"), ("--computer-level", "computer_level"))


def line_editing() -> bool:
    """Turn on arrow keys and history for :func:`input` where the platform has ``readline``
    (Linux, macOS; not Windows). True when it is on."""
    try:
        import readline  # noqa: F401  (importing it is what hooks it into input())
    except ImportError:
        return False
    return True


def _seat_level(console: Console, args: argparse.Namespace) -> bool:
    """Set the computer seats' level from ``--vs-computer LEVEL`` or ``--computer-level``; whether
    ``--vs-computer`` was given (one person against the computer)."""
    vs = getattr(args, "vs_computer", None)
    level = getattr(args, "computer_level", None) or (vs if isinstance(vs, str) else None)
    if level:
        console.computer_level = ai.parse_level(level)
    return bool(vs)


def main(args: argparse.Namespace) -> int:
    """Play a match in this terminal (``--load PATH``: resume a saved one); returns the exit status:
    0, 2 for bad options or files, 130 when stopped with Ctrl-C."""
    load = getattr(args, "load", None)
    if load:
        fixed = [opt for opt, attr in LOAD_FIXES if getattr(args, attr, None) not in (None, False)]
        if fixed:
            print(f"error: --load resumes a saved match with its own map, scenario, seed, players and draft; "
                  f"leave out {', '.join(fixed)}")
            return 2
    out_arg = str(getattr(args, "out", None) or "renders/local")
    out = None if out_arg.lower() in NO_IMAGES else Path(out_arg)
    if out is not None:
        problem = out_problem(out)
        if problem is not None:
            print(f"error: --out {shown(out_arg, PATH_ECHO_MAX)}: {problem}; give a folder you can write to, or --out none for no images")
            return 2
    try:
        fmt = formats.overrides(getattr(args, "format", None), {"draft": True} if getattr(args, "draft", False) else {})
        session = GameSession.create("local", map_id=None if load else getattr(args, "map", None),
                                     scenario_id="last-army-standing" if load else
                                     getattr(args, "scenario", None) or "last-army-standing",
                                     seed=getattr(args, "seed", None),
                                     # Without --seed every roll is fresh (not foretold by a save file).
                                     fresh_dice=getattr(args, "seed", None) is None,
                                     fmt=fmt if fmt and not load else None)
    except (KeyError, ValueError) as exc:
        print(f"error: {exc.args[0] if exc.args else exc}")
        return 2
    if sys.stdin.isatty():  # arrow keys and history for a person typing; piped input needs none
        line_editing()
    console = Console(session, out)
    told = mapsource.notice(session.map_id)
    if told and not load:
        console.say(told)
    try:
        if load:
            if not console.cmd_load(str(load)):
                return 2
            console.say("resumed; 'help' lists the commands.")
        elif not console.seat_players(_seat_level(console, args)):
            console.say("no players; bye")
            return 0
    except KeyboardInterrupt:
        console.write("")
        console.say("stopped (Ctrl-C) before the match began; bye")
        return 130
    return console.loop()
