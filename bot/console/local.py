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
import getpass
import json
import re
import shlex
import shutil
import sys
import tempfile
import time
import unicodedata
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from bot.console.demo import NO_IMAGES, TurnRecorder, armies_for, out_problem, player_id, result_line
from bot.console.help import HELP, HELP_MOVE
from bot.game import ai
from bot.game.card_text import card_block, card_line
from bot.game.computer_army import army_plan
from bot.game.draft_status import draft_status
from bot.game.session import GameSession, cards
from bot.game.targets import friendly_fire_question, marked, odds_text, option_line
from bot.rules import draft as drafting
from bot.rules.commands import VERBS
from bot.rules.errors import InvalidCommand, RulesError
from bot.rules.hexes import natural_key
from bot.rules.movement import reachable_hexes
from bot.rules.odds import attack_odds
from bot.rules.special import attack_options
from bot.rules.state import Figure, MatchState, Phase
from bot.rules.views import public_view

COMPUTER_NAMES = ("computer", "cpu", "ai", "bot")
#: Words the console reads as commands: no player name may start with one.
CONSOLE_WORDS = ("help", "cards", "status", "map", "reach", "targets", "undo", "save", "load", "hide", "quit",
                 "exit")
#: The longest player name accepted.
NAME_MAX = 20
#: Game commands after which the console checks whether anything is left to do in the turn.
TURN_VERBS = ("move", "attack", "special", "choose")
NOTHING_LEFT = "nothing left to do: type end-turn"
#: The longest input line read as a command (the longest army line is a few hundred characters).
LINE_MAX = 1000
#: How much of a player's text an error message repeats.
ECHO_MAX = 60
#: How much of a file path a message repeats (paths are long, but not 200 KB).
PATH_ECHO_MAX = 300
#: The unknown-command message: both kinds of command, briefly.
COMMANDS_BRIEF = ("game commands: " + ", ".join(v for v in VERBS if v not in ("join", "end-round"))
                  + "; console: help, status, map, reach, targets, cards, undo, save, load, hide, quit")
#: How many save paths ``quit`` asks for before it saves to the autosave file instead.
SAVE_TRIES = 3
#: Where the console saves by itself when the players stop it (Ctrl-C, end of input) mid-match.
#: The autosave file name (``time.strftime`` pattern: one file per match started).
AUTOSAVE = "autosave-%Y%m%d-%H%M%S.json"


def shown(text: str, limit: int = ECHO_MAX) -> str:
    """``text`` as an error message may repeat it: control characters escaped (``\\x1b``), at
    most ``limit`` characters, then ``…``."""
    out = "".join(ch.encode("unicode_escape").decode("ascii") if unicodedata.category(ch) == "Cc" else ch
                  for ch in text[: limit + 1])
    return out[:limit] + "…" if len(out) > limit or len(text) > limit else out


def _clip_quoted(message: str) -> str:
    """A rules message with every quoted piece of the player's text passed through :func:`shown`.

    A quotation opens after a space, a bracket or the start and closes before a space, punctuation
    or the end: the apostrophes of the message's own words ("Finn's", "card's") are no quotes, so
    the text between two of them is never cut."""
    return re.sub(r"(?<![\w'])'([^']*)'(?![\w'])", lambda m: f"'{shown(m[1])}'", message)


def label_key(label: str) -> tuple[int, str, int]:
    """Sort key of a space label in reading order: columns A..Z then AA.., rows by number (``A3``
    before ``A11``, ``Z1`` before ``AA1``)."""
    letters = label.rstrip("0123456789")
    digits = label[len(letters):]
    return len(letters), letters.upper(), int(digits) if digits else 0


def name_problem(name: str, taken: Iterable[str] = ()) -> str | None:
    """Why ``name`` cannot be a player's name (``None`` when it can): empty, too long, starting
    with '/', holding ':' or ';', starting with a command word, or taken (case-insensitive)."""
    name = name.strip()
    if not name:
        return "a name is needed"
    if name.startswith("/"):
        return "a name cannot start with '/'"
    if ":" in name or ";" in name:
        return "a name cannot contain ':' or ';'"
    if len(name) > NAME_MAX:
        return f"a name has at most {NAME_MAX} characters"
    if not any(ch.isalnum() for ch in name):
        return "a name needs a letter or a digit"
    first = name.split()[0].lower()
    if first in CONSOLE_WORDS or first.replace("_", "-") in VERBS or first in ("end", "endturn"):
        return f"'{first}' is a command, not a name"
    if name.lower() in (t.lower() for t in taken):
        return f"{name} is already playing"
    return None


#: What a save file holds, for the messages about a bad one.
SAVE_SHAPE = ('A save (written by \'save PATH\') is a JSON object: {"match_id": "local", "map_id": "...", '
              '"scenario_id": "...", "format": null, "seed": 123, "log": [["alice", "join Alice"], ...], '
              '"console": {"computer": []}}')


def save_problem(record: Any) -> str | None:
    """What is wrong with a loaded save file's content (``None``: it has the right shape); the
    log's commands themselves are checked by replaying them."""
    if not isinstance(record, dict):
        return f"it holds a JSON {type(record).__name__ if not isinstance(record, list) else 'list'}, not an object"
    for key, kind in (("match_id", str), ("scenario_id", str), ("seed", int), ("log", list)):
        if key not in record:
            return f"the field '{key}' is missing"
        if not isinstance(record[key], kind) or isinstance(record[key], bool):
            return f"the field '{key}' must be {'a number' if kind is int else 'text' if kind is str else 'a list'}"
    if record.get("map_id") is not None and not isinstance(record["map_id"], str):
        return "the field 'map_id' must be text (a map id)"
    if record.get("format") is not None and not isinstance(record["format"], dict):
        return "the field 'format' must be an object or null"
    for n, entry in enumerate(record["log"], 1):
        if not (isinstance(entry, list) and len(entry) == 2 and all(isinstance(x, str) for x in entry)):
            return f"log entry {n} must be a pair [\"player id\", \"command\"], not {shown(json.dumps(entry))}"
    if not record["log"]:
        return "its log is empty: there is no match to resume"
    console = record.get("console", {})
    if not isinstance(console, dict) or not isinstance(console.get("computer", []), list) or not all(
            isinstance(c, str) for c in console.get("computer", [])):
        return "the field 'console' must be {\"computer\": [player ids]}"
    return None


class Console:
    """A local match: the session, who sits where, which seats the computer plays, I/O."""

    def __init__(self, session: GameSession, out: Path | None, read: Callable[[str], str] | None = None,
                 write: Callable[[str], None] | None = None, tty: bool | None = None,
                 screen: bool | None = None) -> None:
        self.session = session
        #: The images' folder (``None``: no images, ``--out none``).
        self.out = out
        self.read = read or input
        self.write = write or print
        #: Input from a person at a terminal (secret markers are read without echo).
        self.tty = sys.stdin.isatty() if tty is None else tty
        #: Output to a terminal ('hide' can clear it).
        self.screen = sys.stdout.isatty() if screen is None else screen
        self.computer: set[str] = set()
        #: Where this match saves itself on Ctrl-C / end of input: the file it was loaded from, or
        #: a new ``autosave-<time>.json`` (chosen at the first autosave), so that two matches never
        #: overwrite each other's autosave.
        self.autosave_path: Path | None = None
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

    def confirm(self, question: str) -> bool:
        """Ask a yes/no ``question`` (``[y/N]`` is added); True only for ``y`` or ``yes`` (end of
        input counts as no)."""
        answer = self.ask(f"{question} [y/N] ")
        return answer is not None and answer.strip().lower() in ("y", "yes")

    def say(self, *lines: str) -> None:
        """Write each line to the console output."""
        for line in lines:
            self.write(line)

    # ---- seats ---------------------------------------------------------------------------------

    @property
    def state(self) -> MatchState:
        """The current match state of the session."""
        return self.session.state

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
                line = self.ask(f"Player {seat}{side} name ({cpu_hint}; empty line to start with {len(names)} players): ")
                if line is None or not line.strip():
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

    def player_named(self, text: str) -> str | None:
        """The seat ID whose ID or display name equals ``text`` (case-insensitive), or ``None``."""
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
        humans = [p.id for p in self.state.players if p.id not in self.computer and not p.conceded]
        return humans[0] if humans else None

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

    # ---- commands --------------------------------------------------------------------------------

    def apply(self, player: str, text: str, show_command: bool = True) -> bool:
        """Run a game command; print what happened; False when refused (nothing changes)."""
        verb = text.strip().split(" ", 1)[0].lower()
        try:
            outcome = self.session.apply(player, text)
        except InvalidCommand as exc:
            if exc.message.endswith("is not a command"):
                self.say(f"error: {_clip_quoted(exc.message)}. {COMMANDS_BRIEF}; 'help' explains them")
            else:
                self.say(f"error: {_clip_quoted(str(exc))}")
            return False
        except RulesError as exc:
            self.say(f"error: {_clip_quoted(str(exc))}")
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

    # ---- console commands --------------------------------------------------------------------

    def cmd_help(self, topic: str = "") -> None:
        """``help``: every command form; ``help move``: how moves are written, double-space figures
        included. Another topic is refused with the ones there are."""
        if not topic:
            self.say(HELP)
        elif topic.lower() in ("move", "moving", "double", "double-space"):
            self.say(HELP_MOVE)
        else:
            self.say(f"error: there is no help on '{shown(topic)}'; type 'help' (every command) or 'help move'")

    def cmd_cards(self, name: str = "") -> None:
        """``cards [NAME]``: one card's statistics and powers, each marked enforced or not, or one line
        per card of the library, by set and name, saying which have their powers enforced;
        incomplete cards say what is missing (:mod:`bot.game.card_text`). An unknown name is an
        error line."""
        lib = cards()
        if name.strip():
            try:
                c = lib.get(name.strip())
            except KeyError as exc:
                self.say(f"error: {_clip_quoted(str(exc.args[0] if exc.args else exc))}")
                return
            self.say(*card_block(c))
            return
        self.say("Army Cards ([powers enforced]: the bot applies them by itself; other powers are for the "
                 "players to apply; 'cards NAME' shows a card's powers):")
        by_set: dict[str, list[str]] = {}
        for c in sorted(lib, key=lambda c: (c.set is None, c.set or "", c.name)):
            by_set.setdefault(c.set or "(no set)", []).append(f"    {card_line(c)}")
        for set_name, rows in by_set.items():
            self.say(f"  {set_name}:", *rows)

    def cmd_status(self) -> None:
        """``status``: phase and round, the current turn, each player's cards with their figures (space
        and wounds, destroyed, set aside or unplaced) and order markers, the draft while in setup, and who
        the match is waiting for. Shows only the public view (no hidden orders)."""
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
                        # Every space of the figure (a double-space figure's two, the leading end first).
                        at = "+".join(view.battlefield.label(h) for h in f.hexes)
                        figs.append(f"{fid}@{at}" + _life_text(cip.card.life or 1, f.wounds))
                    elif f.destroyed:
                        figs.append(f"{fid} ✝")
                    elif f.set_aside:
                        figs.append(f"{fid} (set aside)")
                    else:
                        figs.append(f"{fid} (unplaced)")
                on = [m for m, k in sorted(markers.items()) if k == key]
                mk = f" [{_markers_text(on)}]" if on else ""
                self.say(f"    {cip.card.short}{mk}: {', '.join(figs)}")
        if view.phase is Phase.SETUP:  # the draft's lines apply only until placement begins
            self.say(*self.draft_lines())
        if view.pending:
            self.say(f"  waiting for {self.session.name(view.pending[0].player)} to decide")
        waiting = ai.waiting_for(self.state)
        if waiting:
            self.say(f"  waiting for: {', '.join(self.session.name(p) for p in waiting)}")

    def draft_lines(self) -> list[str]:
        """The draft in a few lines: pick order, every pick so far, who is out, whose pick it is."""
        ds = draft_status(self.state, self.session.name)
        if ds is None:
            return []
        lines = [f"  draft order: {', '.join(ds.order)}"]
        for d in ds.drafters:
            out = " (out)" if d.out else ""
            lines.append(f"    {d.name}{out}: {', '.join(c.short for c in d.cards) or 'no card yet'} = {d.points} pts"
                         + (f", {d.left} left" if d.left is not None else ""))
        lines.append(f"  next pick: {ds.next.name}" if ds.next is not None else "  the draft is over: 'start' begins placement")
        return lines

    def draft_hint(self) -> None:
        """When a person's pick is due, name them and the cards they may add (cheapest first)."""
        st = self.state
        d = st.draft
        if st.phase is not Phase.SETUP or d is None or d.next is None or d.next in self.computer:
            return
        options = drafting.pickable(st, d.next, cards())
        left = drafting.points_left(st, d.next)
        budget = f" ({left} points left)" if left is not None else ""
        self.say(f"{self.session.name(d.next)}'s pick{budget}. Cards that fit: "
                 + ", ".join(f"{c.short} ({c.points})" for c in options) + ".  draft CARD  or  draft pass")

    def cmd_map(self) -> None:
        """``map``: write the battlefield image (``map.png``) and say its path, or that images are off."""
        path = self.recorder.write_image([], name="map.png")
        self.say(f"map image: {path}" if path else "no map image: images are off (--out none)")

    def _figure(self, name: str) -> Figure | None:
        fig = self.state.figures.get(name.strip().lower())
        if fig is None:
            self.say(f"error: there is no figure '{shown(name)}' (figures: "
                     f"{', '.join(sorted(self.state.figures, key=natural_key))})")
            return None
        if not fig.on_battlefield:
            self.say(f"error: {fig.id} is not on the battlefield")
            return None
        return fig

    def cmd_reach(self, name: str) -> None:
        """``reach FIGURE``: list the spaces the figure could move to from where it stands and, when an
        output folder is set, write ``reach-FIGURE.png``. Errors are said, not raised."""
        fig = self._figure(name)
        if fig is None:
            return
        from bot.render import render_png

        turn = self.state.turn
        if turn is not None and fig.id in turn.moved:
            self.say(f"note: {fig.id} has already moved this turn; these are the spaces a move from here would reach")
        reach = reachable_hexes(self.state, fig)
        bf = self.state.battlefield
        self.say(f"{fig.id} can reach {len(reach)} spaces: " + " ".join(sorted((bf.label(h) for h in reach), key=label_key)))
        if self.out is None:
            return
        self.out.mkdir(parents=True, exist_ok=True)
        path = self.out / f"reach-{fig.id}.png"
        path.write_bytes(render_png(public_view(self.state), reach=reach, focus=fig.id))
        self.say(f"reach image: {path}")

    def cmd_targets(self, name: str) -> None:
        """``targets FIGURE``: the attack options from where the figure stands and, for each single
        target, the attack and defense dice counts and the odds of wounding it."""
        fig = self._figure(name)
        if fig is None:
            return
        st = self.state
        options = attack_options(st, fig)
        marks = marked(options)
        self.say(f"{fig.id} can attack:" if marks else f"{fig.id} has no target it could attack from where it stands")
        for option in options:
            self.say(f"  {option_line(option)}")
            power = next((p for p in st.card_of(fig).powers if p.name == option.name), None) if option.special else None
            for aim in option.aims:
                if aim.space:
                    continue  # a Line attack: several figures, listed on the line above
                t = st.figures[aim.aim]
                special = (power.name, power.values["attack"]) if power is not None else None
                odds = attack_odds(st, fig, t, special=special)
                self.say(f"    {t.id} at {st.battlefield.label(t.hex)}: {odds.attack_dice} attack vs "
                         f"{odds.defense_dice} defense dice, {odds_text(odds)}")
        if self.out is None:
            return
        from bot.render import render_png

        self.out.mkdir(parents=True, exist_ok=True)
        path = self.out / f"targets-{fig.id}.png"
        path.write_bytes(render_png(public_view(st), targets=marks, focus=fig.id))
        self.say(f"targets image: {path}")

    def cmd_hide(self) -> None:
        """Clear the terminal, scrollback included, so the next player cannot scroll back to the
        last secret; off a terminal (output to a file or pipe) it writes nothing to clear."""
        if not self.screen:
            self.say("(hide: the output is not a terminal, nothing to clear)")
            return
        rows = shutil.get_terminal_size((80, 24)).lines
        # Blank lines push everything off the screen (for terminals that keep scrollback despite
        # ESC[3J), then: cursor home, clear the screen, clear the scrollback.
        self.write("\n" * (2 * rows + 10) + "\033[H\033[2J\033[3J")
        self.say("(screen cleared)")

    def _replayed(self, record: dict[str, Any]) -> tuple[GameSession, TurnRecorder]:
        """``record`` replayed into a new session, and a recorder that goes on numbering its turns.

        :raises RulesError: when a logged command is refused; :raises KeyError, ValueError: unknown
            map or scenario.
        """
        log = record.get("log", [])
        fresh = GameSession.from_record({**record, "log": []})
        counter = TurnRecorder(fresh, None)
        for pid, text in log:
            counter.feed(fresh.apply(pid, text).events)
        recorder = TurnRecorder(fresh, self.out, first_turn=counter.turn_number + 1)
        recorder.round, recorder.in_round = counter.round, counter.in_round
        return fresh, recorder

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

    def cmd_undo(self, player: str | None) -> None:
        """Take back the last command of ``player`` (the one asking) and the computer's commands after
        it — only when it is the last person's command, is not a concession and rolled no dice (else
        a player could see the dice and try again)."""
        log = self.session.match.log
        cut = len(log)
        while cut > 0 and log[cut - 1][0] in self.computer:
            cut -= 1
        if cut == 0 or player is None:
            self.say("nothing to undo")
            return
        pid, text = log[cut - 1]
        shown_text = "orders (hidden)" if text.startswith("orders") else text
        if pid != player:
            self.say(f"error: undo takes back only your own last command, and the last one was "
                     f"{self.session.name(pid)}'s ({shown_text}); {self.session.name(pid)} may undo it")
            return
        if text.split(" ", 1)[0] == "concede":
            self.say("error: a concession is final; it cannot be undone")
            return
        record = self.session.to_record()
        record["log"] = [list(x) for x in log[: cut - 1]]
        session, recorder = self._replayed(record)
        if session.match.dice.snapshot() != self.session.match.dice.snapshot():
            after = " (or the computer's commands after it)" if cut < len(log) else ""
            self.say(f"error: '{shown(shown_text)}'{after} rolled dice, and dice once seen stay rolled; it cannot be undone")
            return
        if session.state.revealed != self.state.revealed:
            self.say(f"error: '{shown(shown_text)}' revealed an Order Marker, and a revealed marker stays "
                     "revealed; it cannot be undone")
            return
        extra = f" and {len(log) - cut} computer command{'' if len(log) - cut == 1 else 's'} after it" if cut < len(log) else ""
        answer = self.ask(f"undo {self.session.name(pid)}: {shown_text}{extra}? [y/N] ")
        if answer is None or answer.strip().lower() not in ("y", "yes"):
            self.say("not undone")
            return
        self.session, self.recorder = session, recorder
        self.say(f"undone: {self.session.name(pid)}: {shown_text}")

    def write_save(self, path: str | Path) -> bool:
        """Write the match (record plus the computer seats) to ``path``; False, said why, when it cannot."""
        record = self.session.to_record()
        record["console"] = {"computer": sorted(self.computer)}
        try:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            Path(path).write_text(json.dumps(record, indent=1), encoding="utf-8")
        except OSError as exc:
            self.say(f"error: cannot write {shown(str(path), PATH_ECHO_MAX)}: {exc.strerror or exc}")
            return False
        return True

    def cmd_save(self, path: str) -> bool:
        """``save PATH``: write the save file and say how to resume; False if it cannot be written."""
        if not self.write_save(path):
            return False
        self.say(f"saved to {path} (the file holds the secret dice seed); resume with 'load {path}'")
        return True

    def cmd_load(self, path: str) -> bool:
        """``load PATH``: replace the match with the saved one (its log replayed) and its computer seats,
        autosave to ``PATH`` from now on, then let the computer move. False, with the reason said, if the
        file cannot be read, is not JSON, has the wrong shape or its log does not replay."""
        try:
            record = json.loads(Path(path).read_text(encoding="utf-8"))
        except OSError as exc:
            self.say(f"error: cannot load {shown(path, PATH_ECHO_MAX)}: {exc.strerror or exc}")
            return False
        except ValueError as exc:
            self.say(f"error: cannot load {shown(path, PATH_ECHO_MAX)}: it is not JSON ({exc}). {SAVE_SHAPE}")
            return False
        problem = save_problem(record)
        if problem is not None:
            self.say(f"error: cannot load {shown(path, PATH_ECHO_MAX)}: {problem}. {SAVE_SHAPE}")
            return False
        computer = set(record.get("console", {}).get("computer", []))
        try:
            session, recorder = self._replayed(record)
        except (KeyError, ValueError) as exc:
            self.say(f"error: cannot load {shown(path, PATH_ECHO_MAX)}: {exc.args[0] if exc.args else exc}")
            return False
        except RulesError as exc:
            self.say(f"error: cannot load {shown(path, PATH_ECHO_MAX)}: its log does not replay: {_clip_quoted(str(exc))}")
            return False
        if self.under_way() and not self.confirm(
                f"Load {shown(path, PATH_ECHO_MAX)}? The match under way is left, unsaved (save it first with "
                "'save PATH'); load anyway?"):
            self.say("not loaded; the match goes on")
            return False
        self.session, self.recorder = session, recorder
        self.computer = computer
        self.autosave_path = Path(path)
        self.say(f"loaded {path}: {len(self.session.match.log)} commands, {self.state.phase.value}, round {self.state.round}")
        players = [f"{p.name}{' (computer)' if p.id in self.computer else ''}" for p in self.state.players]
        if players:
            self.say(f"players: {', '.join(players)}")
        self.run_computer()
        self.draft_hint()
        return True

    def save_dir(self) -> Path:
        """The folder for save files: the images' folder, or ``renders/local`` when images are off."""
        return self.out if self.out is not None else Path("renders/local")

    def default_save(self) -> Path:
        """Where ``quit`` saves unless told otherwise: ``OUT/save.json`` (``renders/local/save.json``)."""
        return self.save_dir() / "save.json"

    def autosave(self, why: str) -> None:
        """Save a match under way by itself when the players stop the console (``why``: Ctrl-C,
        end of input) to :attr:`autosave_path`; say where and how to resume, or that it could not."""
        if not self.under_way():
            if any(text.split(" ", 1)[0] != "join" for _, text in self.session.match.log):
                self.say(f"{why}: nothing saved: the armies are chosen anew in a moment")
            return
        if self.autosave_path is None:
            self.autosave_path = self.save_dir() / time.strftime(AUTOSAVE)
        path = self.autosave_path
        if not self.write_save(path):
            # The folder went away or became read-only: the system's temporary folder is the last resort.
            path = Path(tempfile.gettempdir()) / path.name
            if not self.write_save(path):
                self.say(f"{why}: the match could NOT be saved (see above); it is lost")
                return
            self.autosave_path = path
        self.say(f"{why}: the match is saved to {path}; resume with: python -m bot local --load {path}")

    def under_way(self) -> bool:
        """True from the draft or placement until the match is over (worth saving before leaving)."""
        st = self.state
        return st.phase is not Phase.OVER and (st.phase is not Phase.SETUP or st.draft is not None)

    def cmd_quit(self) -> None:
        """Offer to save a match under way; end of input counts as no. A path that cannot be
        written is asked for again (an empty line: the default); after :data:`SAVE_TRIES` failures
        or at end of input the match goes to the autosave file instead, so it is never lost
        unsaid."""
        if not self.under_way():
            return
        answer = self.ask("Save before quitting? [y/N] ")
        if answer is None or answer.strip().lower() not in ("y", "yes"):
            self.say("not saved" if answer is not None else "(end of input) not saved")
            return
        default = self.default_save()
        for _ in range(SAVE_TRIES):
            path = self.ask(f"Save to [{default}]: ")
            if path is None:
                break
            if self.cmd_save(path.strip() or str(default)):
                return
            self.say("that file cannot be written; type another path (an empty line: "
                     f"{default}), or end the input to save to the autosave file")
        self.autosave("quit")

    def turn_hint(self) -> None:
        """Say so when the person whose turn it is has nothing left to do but end it."""
        st = self.state
        who = st.turn.player if st.phase is Phase.TURNS and st.turn is not None else None
        if who is not None and who not in self.computer and not ai.actions_left(st, who):
            self.say(NOTHING_LEFT)

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


def _life_text(life: int, wounds: int) -> str:
    """A figure's wounds as the picture writes them: `` 1/4 wounds`` (taken / Life), `` life 4``
    unhurt; nothing for a figure with Life 1."""
    if life <= 1 and not wounds:
        return ""
    return f" {wounds}/{life} wounds" if wounds else f" life {life}"


def _markers_text(markers: Iterable[str]) -> str:
    """Order Markers on a card as the table sees them: ``marker 1, 2 face-down markers``."""
    marks = list(markers)
    shown = [m for m in marks if not m.startswith("?")]
    hidden = len(marks) - len(shown)
    parts = [f"marker{'s' if len(shown) > 1 else ''} {', '.join(shown)}"] if shown else []
    if hidden:
        parts.append(f"{hidden} face-down marker{'s' if hidden > 1 else ''}")
    return ", ".join(parts)


#: Options that ``--load`` cannot honour (the save file fixes them): (option, attribute).
LOAD_FIXES = (("--map", "map"), ("--scenario", "scenario"), ("--seed", "seed"), ("--draft", "draft"),
              ("--vs-computer", "vs_computer"))


def line_editing() -> bool:
    """Turn on arrow keys and history for :func:`input` where the platform has ``readline``
    (Linux, macOS; not Windows). True when it is on."""
    try:
        import readline  # noqa: F401  (importing it is what hooks it into input())
    except ImportError:
        return False
    return True


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
        session = GameSession.create("local", map_id=None if load else getattr(args, "map", None),
                                     scenario_id="last-army-standing" if load else
                                     getattr(args, "scenario", None) or "last-army-standing",
                                     seed=getattr(args, "seed", None),
                                     # Without --seed every roll is fresh (not foretold by a save file).
                                     fresh_dice=getattr(args, "seed", None) is None,
                                     fmt={"draft": True} if getattr(args, "draft", False) and not load else None)
    except (KeyError, ValueError) as exc:
        print(f"error: {exc.args[0] if exc.args else exc}")
        return 2
    if sys.stdin.isatty():  # arrow keys and history for a person typing; piped input needs none
        line_editing()
    console = Console(session, out)
    try:
        if load:
            if not console.cmd_load(str(load)):
                return 2
            console.say("resumed; 'help' lists the commands.")
        elif not console.seat_players(bool(getattr(args, "vs_computer", False))):
            console.say("no players; bye")
            return 0
    except KeyboardInterrupt:
        console.write("")
        console.say("stopped (Ctrl-C) before the match began; bye")
        return 130
    return console.loop()
