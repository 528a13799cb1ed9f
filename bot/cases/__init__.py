"""The rules-case runner: ``python -m bot cases PATH...`` (formats v1 and v2, ``shared/rules-cases/FORMAT.md``).

Each case builds a small battlefield and figures, then runs its steps (queries, actions, checks)
against the rules core, comparing each ``expect``. It prints ``PASS id`` or ``FAIL id: reason`` per
case and ends with ``N passed, N failed``. A case that cannot be read fails with the file, the field
and what was wrong — never a traceback; a case that needs a feature the engine lacks fails on a
step that names the feature.

One job per module:

- :mod:`~bot.cases.model` reads a case file (v1 and v2); :mod:`~bot.cases.stepmodel` its steps;
- :mod:`~bot.cases.mapping` builds the battlefield of its ``map``;
- :mod:`~bot.cases.setup` sets up the position (cards, library cards, shared cards and copies,
  scenario, round, teams, figures, glyphs);
- :mod:`~bot.cases.steps` turns actions into engine commands; :mod:`~bot.cases.queries` answers
  queries; :mod:`~bot.cases.checks` compares ``expect`` objects with the state;
- :mod:`~bot.cases.dice` is the dice queue (with v2 ``pick``);
- :mod:`~bot.cases.features` is the one adapter to features other parts of the project build
  (carried glyphs, objects, ladders, cannons, scenario trackers);
- :mod:`~bot.cases.run` runs one case; :mod:`~bot.cases.report` finds files and prints results.
"""

from __future__ import annotations

from bot.cases.model import CaseError, load_case
from bot.cases.report import case_files, main
from bot.cases.run import CaseRun, run_case

__all__ = ["CaseError", "CaseRun", "case_files", "load_case", "main", "run_case"]
