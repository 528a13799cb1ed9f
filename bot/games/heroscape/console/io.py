"""The console's core: reading lines, writing them, sending a game command and printing its outcome,
and letting the computer seats play (:class:`ConsoleIO`, the base of :class:`bot.games.heroscape.console.local.Console`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from bot.game import ai
from bot.game.session import GameSession
from bot.games.heroscape.console.demo import TurnRecorder, result_line
from bot.games.heroscape.console.text import COMMANDS_BRIEF, clip_quoted
from bot.rules.errors import InvalidCommand, RulesError
from bot.rules.state import MatchState, Phase
from bot.terminal import read_line


class ConsoleIO:
    """A local match's session, who sits where, which seats the computer plays, and its I/O."""

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
        #: How hard the computer seats play (:data:`bot.game.ai.LEVELS`).
        self.computer_level: str = ai.DEFAULT
        #: Where this match saves itself on Ctrl-C / end of input: the file it was loaded from, or
        #: a new ``autosave-<time>.json`` (chosen at the first autosave), so that two matches never
        #: overwrite each other's autosave.
        self.autosave_path: Path | None = None
        self.recorder = TurnRecorder(session, out)

    # ---- I/O ---------------------------------------------------------------------------------

    def ask(self, prompt: str, secret: bool = False) -> str | None:
        """One line from the players (``None`` at end of input); piped transcripts hide the secret
        markers (:func:`bot.terminal.read_line`)."""
        return read_line(self.read, self.write, prompt, secret=secret, tty=self.tty,
                         is_seat=lambda head: self.player_named(head) is not None, secret_verb="orders")

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

    # ---- commands --------------------------------------------------------------------------------

    def apply(self, player: str, text: str, show_command: bool = True) -> bool:
        """Run a game command; print what happened; False when refused (nothing changes)."""
        verb = text.strip().split(" ", 1)[0].lower()
        try:
            outcome = self.session.apply(player, text)
        except InvalidCommand as exc:
            if exc.message.endswith("is not a command"):
                self.say(f"error: {clip_quoted(exc.message)}. {COMMANDS_BRIEF}; 'help' explains them")
            else:
                self.say(f"error: {clip_quoted(str(exc))}")
            return False
        except RulesError as exc:
            self.say(f"error: {clip_quoted(str(exc))}")
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
                cmd = ai.next_command(self.state, pid, self.computer_level)
                if cmd is not None:
                    break
            if cmd is None:
                return
            if not self.apply(pid, cmd):
                self.say(f"the computer is stuck on '{cmd}'; a person must act")
                return
