"""Buttons for a decision with more answers than Discord shows (25 at most)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from bot.games.heroscape.discord.components import ChoiceButton
from bot.games.heroscape.discord.results import decision_view
from bot.rules.state import Pending


def test_a_long_list_keeps_its_way_out_among_the_buttons() -> None:
    # Fall of the Dumutef Bridge offers every card that fits the reinforcement points, then "done":
    # with the whole library that is more than 25 answers, and "done" must stay reachable.
    cards = [f"card-{i}" for i in range(40)]
    pending = Pending(player="p3", kind="reinforcements", prompt="Bring in a card?", options=[*cards, "done"])
    live: Any = SimpleNamespace(match_id="ab12")
    view = decision_view(live, 7, pending)
    assert view is not None
    buttons = [c for c in view.children if isinstance(c, ChoiceButton)]
    assert len(buttons) == 25
    assert [b.index for b in buttons] == [*range(24), 40]  # the first 24 cards, then "done" (option 40)
    assert buttons[-1].item.label == "done"


def test_a_short_list_shows_every_answer_in_order() -> None:
    pending = Pending(player="p1", kind="k", prompt="?", options=["a", "b", "skip"])
    live: Any = SimpleNamespace(match_id="ab12")
    view = decision_view(live, 1, pending)
    assert view is not None
    assert [c.index for c in view.children if isinstance(c, ChoiceButton)] == [0, 1, 2]
