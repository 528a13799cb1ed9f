"""Reading answers to pending decisions (``choose``): options, labels and the names people use."""

from __future__ import annotations

from bot.rules.answers import read_answer
from bot.rules.state import Pending
from tests.rules.conftest import card, fig, refused, sandbox

SQUAD = card(name="Blade Gruts", kind="squad", figures=2, life=1)
HERO = card(name="Grimnak, Orc Warlord", short="Grimnak")


def engine_with_choice() -> tuple[object, Pending]:
    eng = sandbox(fig("blade1", "p1", (1, 1), SQUAD, card_key="p1/blade"),
                  fig("blade2", "p1", (1, 2), SQUAD, card_key="p1/blade"),
                  fig("grimnak", "p1", (3, 3), HERO, card_key="p1/grimnak"))
    pend = Pending(player="p1", kind="defense_order", prompt="Which figure?", options=["blade1", "blade2", "grimnak"],
                   rule="HS-SPECIAL-05")
    return eng, pend


def test_an_answer_may_be_the_option_its_label_or_its_card_name_in_any_case() -> None:
    # rule: HS-SPECIAL-05 (the attacker picks which figure defends next: named as people know it)
    eng, pend = engine_with_choice()
    st = eng.state  # type: ignore[attr-defined]
    assert read_answer(st, pend, "BLADE2") == ("blade2", [])
    assert read_answer(st, pend, "grimnak, orc warlord") == ("grimnak", [])  # the figure's card name
    assert read_answer(st, pend, "Grimnak") == ("grimnak", [])
    # A card name that fits both Blade Gruts figures names neither: both are offered back.
    assert read_answer(st, pend, "blade gruts") == (None, ["blade1", "blade2"])
    assert read_answer(st, pend, "orc") == (None, [])
    cards = Pending(player="p1", kind="orc_champion_bonding", prompt="?", options=["p1/grimnak", "skip"],
                    labels=["Grimnak", "skip"])
    for answer in ("grimnak", "GRIMNAK", "p1/grimnak", "Grimnak, Orc Warlord", "grimnak-orc-warlord"):
        assert read_answer(st, cards, answer) == ("p1/grimnak", []), answer


def test_choose_with_an_ambiguous_name_is_refused_naming_the_answers_it_could_be() -> None:
    # rule: HS-SPECIAL-05
    eng, pend = engine_with_choice()
    eng.state.pending.append(pend)  # type: ignore[attr-defined]
    err = refused(eng, "p1", "choose Blade Gruts", "HS-SPECIAL-05")  # type: ignore[arg-type]
    assert "'Blade Gruts' could mean blade1 or blade2" in str(err)
