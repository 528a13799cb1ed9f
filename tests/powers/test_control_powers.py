"""Powers that change who controls what, or that outlive their figure, with the real classic cards:
Mind Shackle (Ne-Gok-Sa), Warrior's Attack Spirit (Finn) and Warrior's Armor Spirit (Thorgrim),
Orc Champion Bonding (Blade Gruts).
"""

from __future__ import annotations

from typing import Any

from bot.rules.combat import attack_dice, defense_dice
from bot.rules.engine import Engine
from bot.rules.events import Event
from bot.rules.match import Match
from bot.rules.state import Phase
from bot.rules.timing import Expiry
from tests.powers.conftest import DUMMY, LIB, MINION, kinds, powers
from tests.rules.conftest import BLANK, SKULL, build, card, fig, full_match, markers, refused, roll, sandbox

NEGOKSA = LIB.get("Ne-Gok-Sa")
FINN = LIB.get("Finn the Viking Champion")
THORGRIM = LIB.get("Thorgrim the Viking Champion")
TARN = LIB.get("Tarn Viking Warriors")
GRUTS = LIB.get("Blade Gruts")
GRIMNAK = LIB.get("Grimnak")


# ---- Mind Shackle (Ne-Gok-Sa) ------------------------------------------------------------------


def shackle() -> Engine:
    """Ne-Gok-Sa next to Finn (Unique, 2 wounds) and a Common minion."""
    return sandbox(fig("negoksa", "p1", (2, 2), NEGOKSA), fig("finn", "p2", (3, 2), FINN, wounds=2),
                   fig("minion1", "p2", (2, 3), MINION, card_key="p2/minion"))


def test_mind_shackle_on_20_takes_control_of_the_card_and_keeps_its_wounds() -> None:
    eng = shackle()
    eng.execute("p1", "attack negoksa finn")
    pend = eng.state.pending[0]
    assert (pend.player, pend.kind, pend.options) == ("p1", "mind_shackle", ["finn", "skip"])  # Unique only
    refused(eng, "p2", "choose finn")
    refused(eng, "p1", "choose minion1")  # not a Unique figure
    roll(eng, d20=[20])
    events = eng.execute("p1", "choose finn")
    st = eng.state
    assert powers(events)[0]["d20"] == 20 and powers(events)[0]["success"]
    control = next(e.data for e in events if e.kind == "control")
    assert (control["card"], control["player"], control["previous"]) == ("p2/finn", "p1", "p2")
    assert st.cards["p2/finn"].controller == "p1" and st.figures["finn"].controller == "p1"
    assert st.figures["finn"].wounds == 2 and st.cards["p2/finn"].owner == "p2"
    assert "attack_cancelled" in kinds(events)  # Finn is no longer an enemy
    assert not st.is_enemy(st.figures["negoksa"], st.figures["finn"])


def test_mind_shackle_under_20_changes_nothing_and_the_attack_goes_on() -> None:
    eng = shackle()
    eng.execute("p1", "attack negoksa finn")
    roll(eng, [SKULL, BLANK, BLANK] + [BLANK] * 4, d20=[19])
    events = eng.execute("p1", "choose finn")
    assert not powers(events)[0]["success"] and eng.state.figures["finn"].controller == "p2"
    assert [e.data["target"] for e in events if e.kind == "attack"] == ["finn"]


def test_mind_shackle_needs_an_adjacent_unique_enemy() -> None:
    eng = sandbox(fig("negoksa", "p1", (2, 2), NEGOKSA), fig("minion1", "p2", (2, 3), MINION, card_key="p2/m"),
                  fig("finn", "p2", (6, 6), FINN))
    roll(eng, [BLANK] * 3)
    eng.execute("p1", "attack negoksa minion1")
    assert not eng.state.pending


def test_a_shackled_card_stays_taken_when_ne_gok_sa_is_destroyed() -> None:
    eng = shackle()
    eng.execute("p1", "attack negoksa finn")
    roll(eng, d20=[20])
    eng.execute("p1", "choose finn")
    eng.destroy(eng.state.figures["negoksa"], "test")
    assert eng.state.figures["finn"].controller == "p1"


def neighbours_field() -> Any:
    """Four spaces in a row: p1's start zone the first, p2's the other three (figures side by side)."""
    return build([{"q": [0, 3], "r": [0, 0], "level": 1, "terrain": "grass"}],
                 start_zones={"red": [{"q": [0, 0], "r": [0, 0]}], "blue": [{"q": [1, 3], "r": [0, 0]}]})


def shackle_match(p2_army: list[Any], p2_orders: str) -> Match:
    m = full_match({"p1": [NEGOKSA], "p2": p2_army}, battlefield=neighbours_field(),
                   orders={"p1": markers("Ne-Gok-Sa"), "p2": p2_orders}, initiative=[20, 1])
    assert m.state.turn is not None and m.state.turn.player == "p1"
    return m


def test_a_shackled_card_loses_its_markers_and_serves_its_new_controller_from_next_round() -> None:
    # rule: HS-ARMY-10 (cards you take control of are in your army)
    m = shackle_match([FINN, DUMMY], markers("Finn", "Finn", "Dummy", "Finn"))
    st = m.state
    finn = next(f.id for f in st.figures.values() if f.card_key == "p2/finn-the-viking-champion")
    m.apply("p1", f"attack negoksa {finn}")
    roll(m, d20=[20])
    events = m.apply("p1", f"choose {finn}")
    control = next(e for e in events if e.kind == "control")
    removed = next(e for e in events if e.kind == "orders_removed")
    assert control.data["markers_removed"] == 3 and control.to is None
    assert removed.to == "p2" and removed.data["markers"] == ["1", "2", "X"]  # which ones: p2's secret
    assert m.state.orders["p2"] == {"3": "p2/dummy"}
    m.apply("p1", "end-turn")
    # p2's marker 1 is gone: its turn is lost, and p1 goes on with marker 2.
    assert m.state.turn is not None and m.state.turn.player == "p1" and m.state.turn.marker == "2"
    refused(m, "p1", f"move {finn} 3,0", "HS-TURN-05")  # no marker of p1's is on Finn this round
    m.apply("p1", "end-turn")
    assert m.state.turn is not None and (m.state.turn.player, m.state.turn.marker) == ("p1", "3")
    m.apply("p1", "end-turn")
    assert m.state.turn is not None and (m.state.turn.player, m.state.turn.marker) == ("p2", "3")
    m.apply("p2", "end-turn")
    assert m.state.round == 2
    refused(m, "p2", "orders " + markers("Finn", "Dummy"), "HS-ORDER-04")
    m.apply("p1", "orders " + markers("Finn", "Ne-Gok-Sa"))  # the new controller's markers
    assert m.state.orders["p1"]["1"] == "p2/finn-the-viking-champion"


def test_victory_counts_the_figures_each_player_controls() -> None:
    # rule: HS-VICTORY-01 (a shackled last card leaves its owner with no army)
    m = shackle_match([FINN], markers("Finn"))
    m.apply("p1", "attack negoksa finn")
    roll(m, d20=[20])
    m.apply("p1", "choose finn")
    events = m.apply("p1", "end-turn")
    assert m.state.winners == ["p1"] and "victory" in kinds(events)


# ---- Warrior's Attack Spirit (Finn), Warrior's Armor Spirit (Thorgrim) ---------------------------


def spirit(champion: Any) -> Engine:
    """A champion (1 Life left) with a Tarn Viking squad; p2's orc can finish the champion."""
    orc = card(name="Orc", attack=4, range=1)
    return sandbox(fig("champ", "p1", (2, 2), champion, wounds=3), fig("tarn1", "p1", (6, 6), TARN, card_key="p1/tarn"),
                   fig("orc", "p2", (3, 2), orc), fig("foe", "p2", (6, 5), DUMMY))


def kill_champion(eng: Engine) -> list[Event]:
    roll(eng, [SKULL, BLANK, BLANK, BLANK] + [BLANK] * 4)
    return eng.execute("p2", "attack orc champ")


def test_finns_spirit_goes_onto_a_unique_card_chosen_by_his_controller() -> None:
    eng = spirit(FINN)
    st = eng.state
    before, _ = attack_dice(st, st.figures["tarn1"], st.figures["foe"])
    events = kill_champion(eng)
    assert "destroyed" in kinds(events)
    pend = eng.state.pending[0]
    assert (pend.player, pend.kind) == ("p1", "warriors_spirit")  # Finn's controller decides
    assert pend.options == ["p1/tarn", "p2/foe", "p2/orc"]  # any Unique card in play, one's own first
    refused(eng, "p2", "choose p2/orc")
    events = eng.execute("p1", "choose Tarn Viking Warriors")  # by name as well as by key
    st = eng.state
    spirit_ = st.effects["warriors_attack_spirit:p1/champ"]
    assert spirit_.until is Expiry.END_OF_GAME and spirit_.data["card"] == "p1/tarn"
    after, reasons = attack_dice(st, st.figures["tarn1"], st.figures["foe"])
    assert after == before + 1 and ["Warrior's Attack Spirit 1", 1] in [list(r) for r in reasons]
    eng.execute("p1", "end-round")
    assert "warriors_attack_spirit:p1/champ" in eng.state.effects  # for the rest of the battle


def test_the_spirit_decision_shows_card_names_and_whose_card_it_is() -> None:
    # rule: HS-DESTROY-04 (the decision is put to people: card names, never card keys or player ids)
    eng = spirit(FINN)
    eng.state.player("p2").name = "bob"
    events = kill_champion(eng)
    pend = eng.state.pending[0]
    assert pend.options == ["p1/tarn", "p2/foe", "p2/orc"]  # what 'choose' reads stays a key
    assert pend.labels == ["Tarn Vikings", "Dummy (bob)", "Orc (bob)"]
    asked = next(e for e in events if e.kind == "pending")
    assert asked.data["labels"] == pend.labels and "p1/" not in asked.data["prompt"]
    refused(eng, "p1", "choose Tarn", None)  # neither an option nor a label
    events = eng.execute("p1", "choose dummy (bob)")  # the label as shown is an answer too
    decided = next(e for e in events if e.kind == "decided")
    assert (decided.data["choice"], decided.data["label"]) == ("p2/foe", "Dummy (bob)")


def test_a_refused_answer_lists_the_answers_as_shown() -> None:
    # rule: HS-DESTROY-04
    eng = spirit(FINN)
    kill_champion(eng)
    err = refused(eng, "p1", "choose nothing-of-the-kind", "HS-DESTROY-04")
    assert "the answers are Tarn Vikings / Dummy (p2) / Orc (p2)" in str(err) and err.actions == ("choose",)
    err = refused(eng, "p2", "end-round")  # somebody else waits: named, with the answers as shown
    assert "Waiting for p1 to decide:" in str(err) and "(answers: Tarn Vikings / Dummy (p2) / Orc (p2))" in str(err)
    err = refused(eng, "p1", "end-round")  # the decider is told to decide first
    assert str(err).startswith("Decide first: ") and err.actions == ("choose",)


def test_thorgrims_spirit_adds_one_defense_die() -> None:
    eng = spirit(THORGRIM)
    st = eng.state
    before, _ = defense_dice(st, st.figures["foe"], st.figures["tarn1"])
    kill_champion(eng)
    eng.execute("p1", "choose p1/tarn")
    st = eng.state
    after, reasons = defense_dice(st, st.figures["foe"], st.figures["tarn1"])
    assert after == before + 1 and ("Warrior's Armor Spirit 1", 1) in reasons
    atk, _ = attack_dice(st, st.figures["tarn1"], st.figures["foe"])
    assert atk == TARN.attack  # the armor spirit does not touch Attack


def test_a_spirit_with_no_unique_card_in_play_asks_nothing() -> None:
    orc = card(name="Orc", kind="squad", rarity="common", attack=4)
    eng = sandbox(fig("finn", "p1", (2, 2), FINN, wounds=3), fig("orc1", "p2", (3, 2), orc, card_key="p2/orc"))
    roll(eng, [SKULL, BLANK, BLANK, BLANK] + [BLANK] * 4)
    events = eng.execute("p2", "attack orc1 finn")
    assert "destroyed" in kinds(events) and not eng.state.pending


def test_a_figure_destroyed_without_a_spirit_asks_nothing() -> None:
    eng = spirit(card(name="Plain Champion"))
    kill_champion(eng)
    assert not eng.state.pending


# ---- Orc Champion Bonding (Blade Gruts) --------------------------------------------------------


def gruts_match(*army: Any) -> Match:
    m = full_match({"p1": list(army), "p2": [DUMMY]}, orders={"p1": markers("Blade Gruts"), "p2": markers("Dummy")},
                   initiative=[20, 1])
    return m


def test_blade_gruts_may_let_an_orc_champion_take_its_turn_first() -> None:
    m = gruts_match(GRUTS, GRIMNAK)
    st = m.state
    pend = st.pending[0]
    assert (pend.player, pend.kind, pend.options) == ("p1", "orc_champion_bonding", ["p1/grimnak", "skip"])
    assert pend.shown == ["Grimnak", "skip"] and "p1/" not in pend.prompt  # people see card names
    refused(m, "p2", "choose skip")
    events = m.apply("p1", "choose p1/grimnak")
    assert m.state.turn is not None and m.state.turn.card_key == "p1/grimnak"
    assert [e.data["card"] for e in events if e.kind == "card_turn"] == ["p1/grimnak"]
    refused(m, "p1", "move blade1 A3", "HS-TURN-05")  # the Gruts' turn comes after
    m.apply("p1", "end-turn")
    # Grimnak stands beside blade4: Chomp asks, with no enemy to bite "skip" comes first.
    assert (m.state.pending[0].kind, m.state.pending[0].options) == ("chomp", ["skip", "blade4"])
    m.apply("p1", "choose skip")
    assert m.state.turn is not None and m.state.turn.card_key == "p1/blade-gruts"
    assert not m.state.pending  # no second Bonding in this Player Turn
    m.apply("p1", "end-turn")
    assert m.state.turn is not None and m.state.turn.player == "p2"


def test_bonding_declined_gives_the_blade_gruts_their_turn() -> None:
    m = gruts_match(GRUTS, GRIMNAK)
    m.apply("p1", "choose skip")
    assert m.state.turn is not None and m.state.turn.card_key == "p1/blade-gruts"
    m.apply("p1", "end-turn")
    assert m.state.turn is not None and m.state.turn.player == "p2"


def test_bonding_needs_an_orc_champion() -> None:
    m = gruts_match(GRUTS, TARN)
    assert not m.state.pending and m.state.turn is not None and m.state.turn.card_key == "p1/blade-gruts"


# ---- replay ------------------------------------------------------------------------------------


def test_a_match_full_of_choice_powers_replays_identically() -> None:
    # The computer player answers every decision (first option); the replayed match is the same.
    from bot.console.demo import setup
    from bot.game import ai
    from bot.game.session import GameSession

    s = GameSession.create("t", map_id="cobra-facility", seed=3)
    setup(s, [("Alice", ["Airborne Elite", "Tarn Viking Warriors", "Syvarris", "Finn the Viking Champion"]),
              ("Bob", ["Ne-Gok-Sa", "Marro Warriors", "Grimnak", "Blade Gruts"])])
    asked: set[str] = set()
    while s.state.phase is not Phase.OVER and s.state.round <= 3:
        if s.state.pending:
            asked.add(s.state.pending[0].kind)
        who = ai.waiting_for(s.state)[0]
        cmd = ai.next_command(s.state, who)
        assert cmd is not None
        s.apply(who, cmd)
    assert {"berserker_charge", "orc_champion_bonding", "the_drop"} <= asked
    m = s.match
    again = Match.replay(m.battlefield, m.scenario, m.seed, m.log, m.cards)
    assert again.state_json() == m.state_json()



def test_bonding_accepts_the_champion_by_any_of_its_names_in_any_case() -> None:
    # rule: HS-TURN-05 (Bonding asks which Orc Champion: people answer with the names they see)
    for answer in ("grimnak", "Grimnak", "GRIMNAK", "p1/grimnak", GRIMNAK.name.upper(), GRIMNAK.id):
        m = gruts_match(GRUTS, GRIMNAK)
        events = m.apply("p1", f"choose {answer}")
        assert m.state.turn is not None and m.state.turn.card_key == "p1/grimnak", answer
        assert [e.data["label"] for e in events if e.kind == "decided"] == ["Grimnak"]
    m = gruts_match(GRUTS, GRIMNAK)
    err = refused(m, "p1", "choose grim", "HS-TURN-05")
    assert "the answers are Grimnak / skip" in str(err) and "p1/" not in str(err)
