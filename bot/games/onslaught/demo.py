"""``python -m bot demo --game onslaught``: two computer parties play a scenario to its end.

Prints one line per activation (``R2 Brask (initiative 4): Brask moves A1→C3, Brask attacks Grub
(Sword): hit 5``; monster groups too), writes ``OUT/activation-NNN.png`` after each (``--out none``: no
pictures) and ``OUT/final.png``, and ends with the winner and where the pictures are. ``--seed`` fixes
every roll and shuffle; ``--scenario`` picks a shipped scenario (default ``skirmish``).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

from bot.games.onslaught.match import DEFAULT_SCENARIO, OnslaughtMatch
from bot.games.onslaught.recorder import Recorder
from bot.onslaught.content import Library
from bot.onslaught.files import load
from bot.terminal import NO_IMAGES, out_problem

#: A demo stops after this many commands even without a winner (it never should).
COMMAND_LIMIT = 5000


def options(args: argparse.Namespace, default_out: str, say: Callable[[str], None]) -> tuple[Library, str, Path | None] | None:
    """The content, scenario and pictures' folder (``None``: no pictures) of ``args`` (``scenario``,
    ``out``), or ``None`` after saying what is wrong with them."""
    library = load()
    scenario = getattr(args, "scenario", None) or DEFAULT_SCENARIO
    problem = scenario_problem(library, scenario)
    if problem:
        say(f"error: {problem}")
        return None
    text = str(getattr(args, "out", None) or default_out)
    out = None if text.strip().lower() in NO_IMAGES else Path(text)
    if out is not None and (problem := out_problem(out)):
        say(f"error: --out {out}: {problem}; give a folder you can write to, or --out none for no pictures")
        return None
    return library, scenario, out


def scenario_problem(library: Library, scenario: str) -> str | None:
    """Why ``scenario`` cannot be played (``None``: it can)."""
    if scenario in library.scenarios:
        return None
    return f"there is no Onslaught scenario {scenario!r}; scenarios: {', '.join(sorted(library.scenarios))}"


def run(library: Library, scenario: str, seed: int, out: Path | None, say: Callable[[str], None] = print) -> OnslaughtMatch:
    """Play the whole demo and return its match (``match.state.winner`` is set).

    :raises RuntimeError: when no winner comes within :data:`COMMAND_LIMIT` commands.
    """
    match = OnslaughtMatch(library, scenario, seed, {"A": "Computer A", "B": "Computer B"}, computer=("A", "B"))
    st = match.state
    say(f"{st.scenario.name} on {st.map.name}, {st.scenario.rounds} rounds, seed {seed}")
    say(f"party A: {match.party_names['A']} ({', '.join(st.held['A'])})")
    say(f"party B: {match.party_names['B']} ({', '.join(st.held['B'])})")
    recorder = Recorder(out)
    for _ in range(COMMAND_LIMIT):
        if match.state.phase == "over":
            break
        side = match.sides_waited()[0]
        outcome = match.apply(side, match.computer_command(side))
        for line in recorder.feed(match.state, outcome.events):
            say(line)
    else:
        raise RuntimeError(f"the demo found no winner in {COMMAND_LIMIT} commands")
    final = recorder.write(match.state, [], "final.png")
    say(match.result_line())
    if final is not None:
        say(f"pictures: {len(recorder.images)} activations and final.png in {out}")
    return match


def main(args: argparse.Namespace) -> int:
    """Run the demo with the options of ``args`` (``scenario``, ``seed``, ``out``); returns the exit status
    (2 for a bad option)."""
    checked = options(args, "renders/onslaught-demo", print)
    if checked is None:
        return 2
    seed = getattr(args, "seed", None)
    run(checked[0], checked[1], 7 if seed is None else int(seed), checked[2])
    return 0
