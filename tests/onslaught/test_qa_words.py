"""An attack roll reads as two dice, the one kept, then the modifiers (QA F10: "d20 17+10, total 21"
read as a sum)."""

from __future__ import annotations

from bot.games.onslaught.narrate import line
from bot.onslaught.events import Event


def test_an_attack_roll_names_both_dice_the_kept_one_and_the_modifier() -> None:
    # rule: DDO-ATTACK-08 (two dice, the higher kept), DDO-ATTACK-09 (modifiers added to the kept die)
    ev = Event("attack", {"attacker": "Merrin", "target": "Grell", "ability": "Ember Mote", "faces": [17, 10],
                          "kept": 17, "total": 21, "ac": 18, "hit": True})
    assert line(ev) == "Merrin attacks Grell with Ember Mote: d20 17 and 10 (17 kept) +4 = 21 vs AC 18: hits"
    ev = Event("attack", {"attacker": "Merrin", "target": "Grell", "ability": "Ember Mote", "faces": [5],
                          "kept": 5, "total": 9, "ac": 18, "hit": False, "cover": True})
    assert line(ev) == "Merrin attacks Grell with Ember Mote: d20 5 (one die: cover) +4 = 9 vs AC 18: misses"


def test_item_what_takes_the_forms_its_description_shows() -> None:
    """QA F11: ``/item what:give I1 to YorraC`` (the option's own example) did not read, nor an item by
    its name."""
    from types import SimpleNamespace

    from bot.games.onslaught.discord.cog import _item_words
    from bot.onslaught.cases import _activate, _set, build, parse_case
    from bot.onslaught.files import load

    lib = load()
    g = build(parse_case("title: t\nrules: DDO-LOOT-01\nmap:\n  ....\nA: Brask@A1 Kestra@B1\nB: Grell@D1\n", "t"), lib)
    _set(g, ["Brask", "loot=I1"])
    game = SimpleNamespace(state=g.st)
    name = lib.items["I1"].name
    assert _item_words(game, "Brask", ["give", "I1", "to", "Kestra"]) == ["I1", "Kestra"]  # type: ignore[arg-type]
    assert _item_words(game, "Brask", ["give", *name.split(), "to", "Kestra"]) == ["I1", "Kestra"]  # type: ignore[arg-type]
    assert _item_words(game, "Brask", ["equip", *name.split()]) == ["I1"]  # type: ignore[arg-type]
    assert _item_words(game, "Brask", ["give", "I1", "Kestra"]) == ["I1", "Kestra"]  # type: ignore[arg-type]
    _activate(g, "Brask")
    g.apply("A", "give Brask " + " ".join(_item_words(game, "Brask", ["give", "I1", "to", "Kestra"])))  # type: ignore[arg-type]
    assert "I1" in g.st.minis["Kestra"].loot


def test_a_monsters_tie_says_who_chose_whom_and_asks_the_player() -> None:
    """QA F13: "Cinder1 chooses whom the monster goes for" (it is the player who chooses), and the choice
    was never said."""
    # rule: DDO-MONSTER-06 (the non-active player decides a monster's tie)
    from pathlib import Path

    from bot.games.onslaught.discord.texts import decision_words
    from bot.games.onslaught.narrate import lines
    from bot.onslaught.cases import build, parse_case
    from bot.onslaught.files import load

    text = (Path(__file__).parent / "cases" / "monsters_ties.case").read_text(encoding="utf-8")
    steps = text.split("refuse A: choose Brask")[0]
    g = build(parse_case(steps, "ties.case"), load())
    for line_ in steps.splitlines():
        if line_.startswith("do "):
            side, _, command = line_[3:].partition(": ")
            g.apply(side, command)
    d = g.st.pending[0]
    assert decision_words(d.kind, d.mini) == "choose whom **Gloomrat1** goes for"
    g.events = []
    g.apply("B", "choose Kestra")
    said = lines(g.events, "")
    assert said[0] == ("party B chooses Kestra for Gloomrat1 to go for; it moves toward Kestra and attacks what "
                       "it can reach"), said
    assert any("Gloomrat1 moves" in s and "(toward Kestra)" in s for s in said), said


def test_a_card_with_absurd_numbers_is_refused_naming_the_field_and_bounds() -> None:
    """QA F16: damage 999999999 and range [0, 999] were accepted."""
    import copy
    import json

    import pytest

    from bot.onslaught.content import ContentError, character
    from bot.onslaught.files import DATA

    base = json.loads((DATA / "cards.json").read_text(encoding="utf-8"))["characters"][0]
    character(base)  # the shipped card is fine

    def refused(change: object) -> str:
        card = copy.deepcopy(base)
        change(card)  # type: ignore[operator]
        with pytest.raises(ContentError) as err:
            character(card)
        return str(err.value)

    assert "'range' is a whole number from 0 to 30, not 999" in refused(
        lambda c: c["abilities"][0].__setitem__("range", [0, 999]))
    assert "'amount' is a whole number from 0 to 99, not 999999999" in refused(
        lambda c: c["abilities"][0].setdefault("effects", []).append({"do": "damage", "amount": 999999999}))
    assert "'speed' is a whole number from 0 to 30" in refused(lambda c: c["wheel"].__setitem__("speed", 10 ** 12))
    assert "'hp' is a whole number from 1 to 500, not -5" in refused(lambda c: c["wheel"].__setitem__("hp", -5))
