"""The last powers of the 2024+ sets enforced with the shipped library cards (``data/cards/``), not
the shared file: Overwhelm (Knight Irene) and Boarding Party (Admiral EJ-1M) as the special-attack
blocks read them; the d20 getaways Stealthy 13 (Exiles of the Sundered Sea) and Kieru 14 (Shiori); Mutiny (Cornelius
Breech); Blast Furnace 15 (Hellforge Mandukor); Ninjutsu Mastery (Shiori).

The default field is 8 x 8 grass at level 1; (q, r) axial coordinates; (2, 2) and (3, 2) are adjacent.
"""

from __future__ import annotations

from bot.game.card_text import not_enforced_reason
from bot.game.coverage import coverage
from bot.rules.hexes import Hex
from bot.rules.powers.block_aura_source import source_of
from bot.rules.special import special_attack
from tests.powers.conftest import LIB, F
from tests.rules.conftest import BLANK, SKULL, card, fig, refused, roll, sandbox

TARGET = card(name="Target", life=20, defense=0)


def test_overwhelm_library_irene_two_attacks_the_second_on_the_same_figure_rolls_4() -> None:
    # rule: HS-SPECIAL-01, HS-SPECIAL-02
    irene = LIB.get("Knight Irene")
    power = next(p for p in irene.powers if p.name.startswith("Overwhelm"))
    assert not_enforced_reason(power) is None
    eng = sandbox(fig("i", "p1", (2, 2), irene), fig("t", "p2", (3, 2), TARGET), fig("u", "p2", (2, 3), TARGET))
    assert special_attack(eng, F(eng, "i"), "Overwhelm Special Attack", "t").dice == 3
    roll(eng, [BLANK] * 3)
    eng.execute("p1", "special i Overwhelm t")
    assert special_attack(eng, F(eng, "i"), "Overwhelm Special Attack", "t").dice == 4
    roll(eng, [BLANK] * 4)
    eng.execute("p1", "special i Overwhelm t")
    refused(eng, "p1", "special i Overwhelm u")  # 2 attacks at most


def test_overwhelm_library_irene_not_in_a_turn_she_used_run() -> None:
    irene = LIB.get("Knight Irene")
    eng = sandbox(fig("i", "p1", (2, 2), irene), fig("t", "p2", (3, 2), TARGET))
    roll(eng, [BLANK] * 3)
    eng.execute("p1", "special i Overwhelm t")  # the turn is under way
    st = eng.state
    assert st.turn is not None
    st.turn.data[f"used:run:{F(eng, 'i').card_key}"] = True  # what Run 3 records when paid
    err = refused(eng, "p1", "special i Overwhelm t")
    assert str(err) == "Overwhelm Special Attack may be made only when: run not used this turn"


def test_the_library_enforced_figure_does_not_fall_back() -> None:
    # 2026-12-01: 452 / 548 once Overwhelm's parameters came from the card file, 453 with
    # Boarding Party's, 455 with Stealthy 13 and Kieru 14, 456 with Mutiny, 457 with Blast Furnace,
    # 458 with Ninjutsu Mastery.
    _, total = coverage(LIB)
    assert total.powers == 548 and total.enforced >= 458


PIRATE = card(name="Deck Hand", cls="Pirate")


def test_boarding_party_library_ej_1m_first_attack_at_a_figure_moves_a_pirate_up_to_4() -> None:
    # rule: HS-SPECIAL-02, HS-SPECIAL-08
    ej = LIB.get("Admiral EJ-1M")
    power = next(p for p in ej.powers if p.name.startswith("Boarding Party"))
    assert not_enforced_reason(power) is None
    eng = sandbox(fig("e", "p1", (2, 2), ej), fig("t", "p2", (2, 6), TARGET), fig("p", "p1", (0, 4), PIRATE))
    assert special_attack(eng, F(eng, "e"), "Boarding Party Special Attack", "t").dice == 2
    roll(eng, [BLANK] * 2)
    eng.execute("p1", "special e Boarding t")
    pend = eng.state.pending[0]
    assert (pend.player, pend.kind, pend.options) == ("p1", "special_move_after_attack", ["p", "skip"])
    assert pend.prompt == "Boarding Party Special Attack: which figure moves (up to 4 spaces), or skip?"
    eng.execute("p1", "choose p")
    where = eng.state.pending[0]
    assert where.prompt.startswith("Boarding Party Special Attack: where does p move (up to 4 spaces)?")
    refused(eng, "p1", "choose " + eng.state.battlefield.label(Hex(7, 7)))  # too far: nothing changes
    to = eng.state.battlefield.label(Hex(1, 6))  # next to the target
    eng.execute("p1", "choose " + to)
    assert F(eng, "p").hexes == (Hex(1, 6),)
    # the pirate is now engaged with the target: the next attack rolls 1 die more (HS-SPECIAL-02)
    assert special_attack(eng, F(eng, "e"), "Boarding Party Special Attack", "t").dice == 3


def test_boarding_party_library_ej_1m_no_move_after_a_second_attack_at_the_same_figure() -> None:
    ej = LIB.get("Admiral EJ-1M")
    eng = sandbox(fig("e", "p1", (2, 2), ej), fig("t", "p2", (2, 6), TARGET), fig("p", "p1", (0, 0), PIRATE),
                  fig("n", "p1", (7, 0), TARGET))  # not a Pirate or Captain: never offered
    roll(eng, [BLANK] * 2)
    eng.execute("p1", "special e Boarding t")
    assert eng.state.pending[0].options == ["p", "skip"]
    eng.execute("p1", "choose skip")
    roll(eng, [BLANK] * 2)
    eng.execute("p1", "special e Boarding t")
    assert not [p for p in eng.state.pending if p.kind == "special_move_after_attack"]
    assert F(eng, "p").hexes == (Hex(0, 0),)


SHOOTER = card(name="Shooter", range=6, attack=3)


def _exiles(attacker_at: tuple[int, int]):  # type: ignore[no-untyped-def]
    exiles = LIB.get("Exiles of the Sundered Sea")
    return sandbox(fig("x", "p1", (2, 2), exiles), fig("s", "p2", attacker_at, SHOOTER))


def test_stealthy_13_library_exiles_13_or_more_no_damage_then_move_up_to_3() -> None:
    # rule: HS-SPECIAL-08
    stealthy = next(p for p in LIB.get("Exiles of the Sundered Sea").powers if p.name == "Stealthy 13")
    assert not_enforced_reason(stealthy) is None
    eng = _exiles((2, 6))
    roll(eng, [SKULL, SKULL, BLANK, BLANK, BLANK], d20=[13])  # 3 attack dice, 2 defense dice
    eng.execute("p2", "attack s x")
    assert F(eng, "x").wounds == 0 and F(eng, "x").on_battlefield
    pend = eng.state.pending[0]
    assert (pend.player, pend.kind) == ("p1", "d20_escape")
    assert pend.prompt.startswith("Stealthy 13: where does x move (up to 3 spaces)?")
    refused(eng, "p1", "choose " + eng.state.battlefield.label(Hex(2, 6)))  # 4 spaces: too far
    eng.execute("p1", "choose " + eng.state.battlefield.label(Hex(5, 2)))
    assert F(eng, "x").hexes == (Hex(5, 2),)


def test_stealthy_13_library_exiles_below_13_or_an_adjacent_attacker_defends_as_usual() -> None:
    eng = _exiles((2, 6))
    roll(eng, [SKULL, SKULL, BLANK, BLANK, BLANK], d20=[12])
    eng.execute("p2", "attack s x")
    assert not F(eng, "x").on_battlefield and not eng.state.pending  # 1 Life: destroyed
    eng = _exiles((2, 3))  # adjacent: no roll at all (no d20 scripted)
    roll(eng, [SKULL, SKULL, BLANK, BLANK, BLANK])
    eng.execute("p2", "attack s x")
    assert not F(eng, "x").on_battlefield


def _shiori(q: int = 2, r: int = 6):  # type: ignore[no-untyped-def]
    return sandbox(fig("k", "p1", (2, 2), LIB.get("Shiori (AoA)")), fig("s", "p2", (q, r), SHOOTER))


def test_kieru_14_library_shiori_ignores_the_wounds_and_is_placed_within_2_spaces() -> None:
    # rule: HS-SPECIAL-08
    kieru = next(p for p in LIB.get("Shiori (AoA)").powers if p.name == "Kieru 14")
    assert not_enforced_reason(kieru) is None
    eng = _shiori()
    roll(eng, [SKULL, SKULL, SKULL, BLANK, BLANK, BLANK], d20=[14])  # 3 attack dice, 3 defense dice
    eng.execute("p2", "attack s k")
    assert F(eng, "k").wounds == 0
    pend = eng.state.pending[0]
    assert (pend.player, pend.kind) == ("p1", "d20_escape")
    assert pend.prompt == "Kieru 14: place k on a space within 2 spaces? Name the space, or stay."
    err = refused(eng, "p1", "choose " + eng.state.battlefield.label(Hex(2, 5)))  # 3 spaces away
    assert "cannot be placed on" in str(err)
    eng.execute("p1", "choose " + eng.state.battlefield.label(Hex(0, 2)))
    assert F(eng, "k").hexes == (Hex(0, 2),)


def test_kieru_14_library_shiori_below_14_takes_the_wounds_and_stays() -> None:
    eng = _shiori()
    roll(eng, [SKULL, SKULL, SKULL, BLANK, BLANK, BLANK], d20=[13])
    eng.execute("p2", "attack s k")
    assert F(eng, "k").wounds == 3 and F(eng, "k").hexes == (Hex(2, 2),) and not eng.state.pending


CAPTAIN = card(name="Captain Hook", cls="Captain", life=5, defense=0)


def _mutiny(wounds_of_cornelius: int = 2):  # type: ignore[no-untyped-def]
    knaves = LIB.get("Knaves of the Silver Scimitar")
    cornelius = LIB.get("Cornelius Breech, The Derelict Prince")
    return sandbox(fig("c", "p1", (0, 0), cornelius, wounds=wounds_of_cornelius),
                   fig("h", "p1", (2, 2), CAPTAIN), fig("k", "p1", (4, 4), knaves, card_key="p1/knaves"),
                   fig("s", "p2", (2, 6), SHOOTER), fig("s2", "p2", (1, 6), SHOOTER), fig("s3", "p2", (0, 6), SHOOTER))


def test_mutiny_library_cornelius_becomes_the_knaves_captain_and_heals() -> None:
    # rule: HS-SPECIAL-08
    cornelius = LIB.get("Cornelius Breech, The Derelict Prince")
    power = next(p for p in cornelius.powers if p.name == "Mutiny")
    assert not_enforced_reason(power) is None
    eng = _mutiny()
    knaves = eng.state.cards["p1/knaves"]
    aura = next(p for p in knaves.card.powers if p.kind == "aura")
    assert source_of(eng.state, knaves, aura) is F(eng, "h")  # the only Captain
    roll(eng, [SKULL, BLANK, BLANK])  # 1 wound on the Captain (Defense 0)
    eng.execute("p2", "attack s h")
    assert F(eng, "h").wounds == 1
    pend = eng.state.pending[0]
    assert (pend.player, pend.kind, pend.options) == ("p1", "mutiny", ["switch", "keep"])
    eng.execute("p1", "choose switch")
    assert knaves.data["chosen"] == F(eng, "c").card_key and F(eng, "c").wounds == 0
    assert source_of(eng.state, knaves, aura) is F(eng, "c")  # The Captain's Way now comes from him


def test_mutiny_library_keep_or_an_unhurt_captain_changes_nothing() -> None:
    eng = _mutiny()
    knaves = eng.state.cards["p1/knaves"]
    roll(eng, [BLANK, BLANK, BLANK])  # no wound: no question
    eng.execute("p2", "attack s h")
    assert not eng.state.pending
    roll(eng, [SKULL, BLANK, BLANK])
    eng.execute("p2", "attack s2 h")
    eng.execute("p1", "choose keep")
    assert "chosen" not in knaves.data and F(eng, "c").wounds == 2
    roll(eng, [BLANK, BLANK, BLANK])  # asked once per wound taken
    eng.execute("p2", "attack s3 h")
    assert not eng.state.pending


FRIEND = card(name="Stoker", life=5, defense=0)


def _forge():  # type: ignore[no-untyped-def]
    hellforge = LIB.get("Hellforge Mandukor")
    return sandbox(fig("h", "p1", (2, 2), hellforge), fig("a", "p1", (2, 1), FRIEND), fig("b", "p2", (3, 4), FRIEND))


def test_blast_furnace_15_library_hellforge_burns_before_moving_and_on_each_space_entered() -> None:
    # rule: HS-SPECIAL-08
    furnace = next(p for p in LIB.get("Hellforge Mandukor").powers if p.name == "Blast Furnace 15")
    assert not_enforced_reason(furnace) is None
    eng = _forge()
    roll(eng, d20=[15, 20])  # before moving: a (next to it); then b, once it enters the space next to b
    eng.execute("p1", "move h " + eng.state.battlefield.label(Hex(2, 4)))
    assert F(eng, "h").hexes == (Hex(2, 4),)
    assert F(eng, "a").wounds == 1 and F(eng, "b").wounds == 1  # its own figures too: every adjacent figure
    rolls = [(e.data["target"], e.data["d20"]) for e in eng.events
             if e.kind == "power" and e.data.get("power") == "Blast Furnace 15"]
    assert rolls == [("a", 15), ("b", 20)]


def test_blast_furnace_15_library_below_15_no_wound_and_each_figure_rolled_once_a_turn() -> None:
    eng = _forge()
    roll(eng, d20=[14, 3])
    eng.execute("p1", "move h " + eng.state.battlefield.label(Hex(2, 4)))
    assert F(eng, "a").wounds == 0 and F(eng, "b").wounds == 0
    turn = eng.state.turn
    assert turn is not None
    turn.moved.remove("h")  # a second move in the same turn (as a power would give)
    roll(eng, [BLANK])  # b's leaving-engagement attack misses
    eng.execute("p1", "move h " + eng.state.battlefield.label(Hex(2, 2)))  # back next to a: no roll again
    assert F(eng, "h").hexes == (Hex(2, 2),) and F(eng, "a").wounds == 0


NINJUTSU = "Ninjutsu Mastery Special Attack"


def _ninja():  # type: ignore[no-untyped-def]
    return sandbox(fig("k", "p1", (2, 2), LIB.get("Shiori (AoA)")), fig("t", "p2", (2, 4), TARGET),
                   fig("u", "p2", (6, 2), TARGET))


def test_ninjutsu_mastery_library_shiori_is_placed_next_to_an_enemy_2_spaces_away_then_attacks() -> None:
    # rule: HS-SPECIAL-08, HS-SPECIAL-02
    power = next(p for p in LIB.get("Shiori (AoA)").powers if p.name == NINJUTSU)
    assert not_enforced_reason(power) is None
    eng = _ninja()
    assert special_attack(eng, F(eng, "k"), NINJUTSU, "t").dice == 2
    eng.state.orders["p1"] = {"3": F(eng, "k").card_key}  # exactly 1 unrevealed marker on her card
    assert special_attack(eng, F(eng, "k"), NINJUTSU, "t").dice == 3
    eng.state.orders["p1"] = {}
    roll(eng, [BLANK] * 2)
    eng.execute("p1", "special k Ninjutsu t")
    pend = eng.state.pending[0]
    lab = eng.state.battlefield.label
    assert (pend.player, pend.kind) == ("p1", "special_place_before_attack")
    assert pend.prompt == f"{NINJUTSU}: on which space next to t is k placed before the attack?"
    assert lab(Hex(2, 3)) in pend.options and "stay" not in pend.options
    eng.execute("p1", "choose " + lab(Hex(1, 4)))
    assert F(eng, "k").hexes == (Hex(1, 4),)
    refused(eng, "p1", "special k Ninjutsu u")  # 5 spaces away: out of reach


def test_ninjutsu_mastery_library_shiori_not_beyond_2_spaces_nor_after_moving() -> None:
    eng = _ninja()
    err = refused(eng, "p1", "special k Ninjutsu u")
    assert str(err).startswith(f"{NINJUTSU}: the target must be an enemy in clear sight within 2 spaces")
    eng.execute("p1", "move k " + eng.state.battlefield.label(Hex(1, 2)))
    refused(eng, "p1", "special k Ninjutsu t")  # she made her normal move
