"""The chance to hit shown before an attack is rolled (DDO-ATTACK-08, DDO-COVER-02, DDO-CRIT-01/02)."""

from __future__ import annotations

import pytest

from bot.games.onslaught.ruleset import library
from bot.onslaught.events import RulesError
from bot.onslaught.grid import parse_square
from bot.onslaught.match import Match
from bot.onslaught.preview import odds, preview


def _match() -> Match:
    lib = library()
    m = Match(lib, "skirmish", {"A": lib.parties["Lantern Company (invented)"], "B": lib.parties["Thorn Circle (invented)"]}, 3)
    return m


def test_two_dice_keep_the_higher_and_one_with_cover() -> None:
    # rule: DDO-ATTACK-08
    # rule: DDO-COVER-02
    st = _match().state
    brask, grell = st.minis["Brask"], st.minis["Grell"]
    card = st.character_card(brask)
    assert card.melee is not None
    need = st.ac(grell) - card.melee.to_hit - st.bonus(brask, "to_hit")  # the face that hits
    one_die = sum(1 for f in range(1, 21) if f == 20 or (f != 1 and f >= need)) / 20
    n, chance, crit = odds(st, brask, card.melee, grell, cover=True, basic=True)
    assert (n, chance, crit) == (1, pytest.approx(one_die), pytest.approx(1 / 20))
    n, chance, crit = odds(st, brask, card.melee, grell, cover=False, basic=True)
    assert (n, chance, crit) == (2, pytest.approx(1 - (1 - one_die) ** 2), pytest.approx(1 - (19 / 20) ** 2))


def test_preview_checks_the_attack_like_the_engine() -> None:
    st = _match().state
    with pytest.raises(RulesError, match="no ranged basic attack"):
        preview(st, "Brask", "Grell", "ranged")
    st.minis["Brask"].squares = [parse_square("C8")]  # next to Grell's start? placed beside C9
    st.minis["Grell"].squares = [parse_square("C9")]
    p = preview(st, "brask", "grell")
    assert p.attacker == "Brask" and p.dice == 2 and not p.cover and 0 < p.chance < 1
    assert "to hit" in p.text() and f"AC {st.ac(st.minis['Grell'])}" in p.text()
