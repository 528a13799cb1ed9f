"""Special attacks several figures of a squad make together, one roll (``bot/rules/powers/
combined_attack.py``): Arrow Volley (Roman Archers: unengaged, next to one another on one level,
each seeing the target), Zombie Onslaught and Encircle (Range 1: all next to the target)."""

from __future__ import annotations

from bot.rules.engine import Engine
from bot.rules.legal import LegalCommands
from bot.rules.los import clear_sight
from bot.rules.powers import enforcement
from tests.powers.conftest import F, powers
from tests.rules.conftest import BLANK, LIB, SKULL, build, card, fig, refused, roll, sandbox

ARCHERS = LIB.get("Roman Archers")
YARI = LIB.get("Ashigaru Yari")
TARGET = card(name="Target", defense=0, life=9)


def _archers(*places: tuple[int, int], target_at: tuple[int, int] = (2, 6), battlefield: object = None) -> Engine:
    figs = [fig(f"a{i}", "p1", at, ARCHERS, card_key="p1/archers") for i, at in enumerate(places, start=1)]
    figs.append(fig("t", "p2", target_at, TARGET))
    return sandbox(*figs, battlefield=battlefield) if battlefield is not None else sandbox(*figs)  # type: ignore[arg-type]


def test_the_three_combined_attacks_are_enforced() -> None:
    for card_, name in ((ARCHERS, "Arrow Volley Special Attack"), (YARI, "Encircle Special Attack"),
                        (LIB.get("Zombies of Morindan"), "Zombie Onslaught Special Attack")):
        assert enforcement(next(p for p in card_.powers if p.name == name)) is None, name


def test_arrow_volley_three_archers_side_by_side_roll_6_once_and_all_have_attacked() -> None:
    # rule: HS-SPECIAL-01
    eng = _archers((1, 1), (2, 1), (3, 1))
    roll(eng, [SKULL] * 6)
    events = eng.execute("p1", "special a2 Arrow t")
    assert [len(e.data["attack_dice"]) for e in events if e.kind == "special_roll"] == [6]
    assert F(eng, "t").wounds == 6
    assert powers(events)[0]["result"] == "a2, a1, a3 attack together"
    turn = eng.state.turn
    assert turn is not None and {"a1", "a2", "a3"} <= set(turn.attacked)
    refused(eng, "p1", "attack a1 t")  # a1 joined the volley: no attack of its own


def test_arrow_volley_refused_when_one_archer_stands_apart() -> None:
    eng = _archers((1, 1), (2, 1), (6, 1))
    refused(eng, "p1", "special a2 Arrow t")
    assert F(eng, "t").wounds == 0
    assert not [c for c in LegalCommands(eng.state, "p1").specials() if "Arrow" in c.command]


def test_arrow_volley_refused_when_one_archer_cannot_see_the_target() -> None:
    wall = build([{"q": [0, 9], "r": [0, 9], "level": 1, "terrain": "grass"}],
                 obstacles=[{"kind": "tree", "at": [[0, 2]], "height": 12}])
    eng = _archers((0, 1), (1, 1), (2, 1), target_at=(0, 3), battlefield=wall)
    st = eng.state
    sees = {a: clear_sight(st, F(eng, a), F(eng, "t")) for a in ("a1", "a2", "a3")}
    assert sees == {"a1": False, "a2": True, "a3": True}
    refused(eng, "p1", "special a2 Arrow t")


def test_encircle_three_yari_next_to_the_target_the_fourth_cannot_attack() -> None:
    key = "p1/yari"
    eng = sandbox(fig("y1", "p1", (2, 2), YARI, card_key=key), fig("y2", "p1", (3, 3), YARI, card_key=key),
                  fig("y3", "p1", (2, 4), YARI, card_key=key), fig("y4", "p1", (7, 7), YARI, card_key=key),
                  fig("t", "p2", (2, 3), TARGET))
    roll(eng, [SKULL, SKULL] + [BLANK] * 4)
    eng.execute("p1", "special y1 Encircle t")
    assert F(eng, "t").wounds == 2
    turn = eng.state.turn
    assert turn is not None and {"y1", "y2", "y3", "y4"} <= set(turn.attacked)


def test_encircle_with_two_next_to_the_target_is_refused() -> None:
    key = "p1/yari"
    eng = sandbox(fig("y1", "p1", (2, 2), YARI, card_key=key), fig("y2", "p1", (3, 3), YARI, card_key=key),
                  fig("y3", "p1", (6, 6), YARI, card_key=key), fig("t", "p2", (2, 3), TARGET))
    refused(eng, "p1", "special y1 Encircle t")
