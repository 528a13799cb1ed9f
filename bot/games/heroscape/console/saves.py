"""The console's commands that take back or keep a match: ``undo``, ``save``, ``load``, ``quit`` and
the autosave on Ctrl-C or end of input; what a save file must hold (:func:`save_problem`).
"""

from __future__ import annotations

import json
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.content.maps import MAPS_DIR_ENV, default_maps_dir
from bot.game import ai, mapsource
from bot.game.session import GameSession, maps
from bot.games.heroscape.console.demo import TurnRecorder
from bot.games.heroscape.console.text import PATH_ECHO_MAX, clip_quoted, shown
from bot.games.heroscape.console.views import ConsoleViews
from bot.rules.errors import RulesError
from bot.rules.state import Phase

#: How many save paths ``quit`` asks for before it saves to the autosave file instead.
SAVE_TRIES = 3
#: Where the console saves by itself when the players stop it (Ctrl-C, end of input) mid-match.
#: The autosave file name (``time.strftime`` pattern: one file per match started).
AUTOSAVE = "autosave-%Y%m%d-%H%M%S.json"


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



def shipped_map(map_id: str) -> bool:
    """Whether ``map_id`` is a map shipped in ``data/maps`` (its file cannot have moved or changed)."""
    return (default_maps_dir() / f"{map_id}.json").is_file()


def missing_map(map_id: str) -> str | None:
    """Why a save's map cannot be found, or ``None`` when it can: a map file that is no longer at the
    path the save names, or an imported map id that no map folder holds (``HEROSCAPE_MAPS_DIR``)."""
    if mapsource.added(map_id) is not None or mapsource.is_file(map_id):
        return None
    if map_id.lower().endswith(mapsource.MAP_SUFFIXES):
        return (f"the match was played on the map file {shown(map_id, PATH_ECHO_MAX)}, which is not there now: "
                "put the file back at that path to resume it")
    try:
        maps().get(map_id)
    except KeyError:
        return (f"the match was played on the map '{shown(map_id, PATH_ECHO_MAX)}', which no map folder holds now: "
                f"if it was imported, set {MAPS_DIR_ENV} to the folder that holds {shown(map_id, PATH_ECHO_MAX)}.json")
    except ValueError:
        return None  # a broken map folder: the replay says what is wrong
    return None


class ConsoleSaves(ConsoleViews):
    """Undo, save, load and quit (:class:`ConsoleViews` plus the commands that keep a match)."""

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
        """Write the match (record plus the computer seats) to ``path``; False, said why, when it cannot
        (a folder that does not exist is refused, except the console's own :meth:`save_dir`, which is
        made)."""
        record = self.session.to_record()
        record["console"] = {"computer": sorted(self.computer), "level": self.computer_level}
        folder = Path(path).parent
        if not folder.exists() and folder != self.save_dir():
            # Only the console's own save folder is made; a typo'd folder is not created.
            self.say(f"error: cannot save to {shown(str(path), PATH_ECHO_MAX)}: the folder "
                     f"{shown(str(folder), PATH_ECHO_MAX)} does not exist; save into an existing folder, "
                     f"e.g. {self.save_dir() / Path(path).name}")
            return False
        try:
            folder.mkdir(parents=True, exist_ok=True)
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
        level = record.get("console", {}).get("level")
        map_id = str(record.get("map_id", ""))
        missing = missing_map(map_id)
        if missing is not None:
            self.say(f"error: cannot load {shown(path, PATH_ECHO_MAX)}: {missing}")
            return False
        try:
            session, recorder = self._replayed(record)
        except (KeyError, ValueError) as exc:
            self.say(f"error: cannot load {shown(path, PATH_ECHO_MAX)}: {exc.args[0] if exc.args else exc}")
            return False
        except RulesError as exc:
            changed = "" if shipped_map(map_id) else f" (the map {shown(map_id, PATH_ECHO_MAX)} may have changed since the save)"
            self.say(f"error: cannot load {shown(path, PATH_ECHO_MAX)}: its log does not replay{changed}: "
                     f"{clip_quoted(str(exc))}")
            return False
        if self.under_way() and not self.confirm(
                f"Load {shown(path, PATH_ECHO_MAX)}? The match under way is left, unsaved (save it first with "
                "'save PATH'); load anyway?"):
            self.say("not loaded; the match goes on")
            return False
        self.session, self.recorder = session, recorder
        self.computer = computer
        self.computer_level = level if level in ai.LEVELS else self.computer_level
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
        if self.state.phase is Phase.OVER:
            self.say(f"{why}: nothing to save: the match is over")
            return
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
