"""The ``>>>`` examples in the Onslaught modules' docstrings run and pass."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import bot.games.onslaught
import bot.onslaught

MODULES = sorted(m.name for m in pkgutil.iter_modules(bot.onslaught.__path__, "bot.onslaught."))
MODULES += sorted(m.name for m in pkgutil.iter_modules(bot.games.onslaught.__path__, "bot.games.onslaught.")
                  if m.name != "bot.games.onslaught.__main__")


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
