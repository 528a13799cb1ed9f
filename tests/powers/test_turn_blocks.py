"""Turn building blocks (``bot/rules/powers/turn_*.py``) with real cards built from the shared
card file's params: bonding before and after a card's turn (HS-TURN-05), and each kind's check.
"""

from __future__ import annotations

from typing import Any

from bot.rules import modifiers
from bot.rules.hexes import Hex
from bot.rules.match import Match
from bot.rules.powers import mind_shackle, spirits, turn_bonding
from tests.powers.conftest import F, powers
from tests.powers.shared_cards import shared_card, shared_powers
from tests.rules.conftest import (
    BLANK,
    DUMMY,
    SKULL,
    begin_round,
    card,
    fig,
    full_match,
    markers,
    roll,
    sandbox,
)

PALADINS = shared_card("Frostclaw Paladins")  # Jandar Champion Bonding, before its turn
IRENE = shared_card("Knight Irene")  # an Ursine Champion that follows Jandar
GRIMNAK = shared_card("Grimnak")  # an Orc Champion that follows Utgar
VISCEROT = shared_card("Iron Lich Viscerot")  # Ironclad Puppeteer, after its turn
MANDUKOR = shared_card("Hellforge Mandukor")  # a Unique Eisenek Hero
FINN = shared_card("Finn the Viking Champion")


def match_of(first: Any, *army: Any) -> Match:
    m = full_match({"p1": [first, *army], "p2": [DUMMY]})
    begin_round(m, None, p1=markers(first.name), p2=markers("Dummy"))
    while m.state.pending and m.state.pending[0].kind == "pre_round_move":
        m.apply("p1", "choose stay")  # Eisenek Advance (Hellforge Mandukor): staying put
    begin_round(m, [20, 1])
    return m


def test_frostclaw_paladins_let_a_jandar_champion_take_its_turn_first() -> None:
    # rule: HS-TURN-05
    m = match_of(PALADINS, IRENE, GRIMNAK)
    pend = m.state.pending[0]
    assert (pend.kind, pend.options) == ("bonding", ["p1/knight-irene", "skip"])  # not Grimnak (Utgar)
    assert pend.prompt.startswith("Jandar Champion Bonding: take a turn with a Champion you control that follows Jandar")
    m.apply("p1", "choose p1/knight-irene")
    assert m.state.turn is not None and m.state.turn.card_key == "p1/knight-irene"
    while m.state.pending:  # her own Run 3 question (the attack-side stat_bonus block): not now
        m.apply("p1", "choose skip")
    m.apply("p1", "end-turn")
    while m.state.pending:
        m.apply("p1", "choose skip")
    assert m.state.turn is not None and m.state.turn.card_key == "p1/frostclaw-paladins"


def test_frostclaw_paladins_without_a_jandar_champion_are_asked_nothing() -> None:
    m = match_of(PALADINS, GRIMNAK)
    # no Bonding question: only their own Run 3 (the attack-side stat_bonus block) as their turn begins
    assert [p.kind for p in m.state.pending] == ["stat_bonus_paid"]
    assert m.state.turn is not None and m.state.turn.card_key == "p1/frostclaw-paladins"


def test_viscerot_lets_another_unique_eisenek_take_a_turn_after_his() -> None:
    # rule: HS-TURN-05
    m = match_of(VISCEROT, MANDUKOR)
    assert not m.state.pending  # nothing before his turn: Ironclad Puppeteer comes after it
    m.apply("p1", "end-turn")
    while m.state.pending and m.state.pending[0].kind != "bonding_after":
        m.apply("p1", "choose skip")
    pend = m.state.pending[0]
    assert (pend.kind, pend.options) == ("bonding_after", ["p1/hellforge-mandukor", "skip"])
    m.apply("p1", "choose p1/hellforge-mandukor")
    assert m.state.turn is not None and m.state.turn.card_key == "p1/hellforge-mandukor"
    assert m.state.turn.player == "p1"


def test_viscerot_alone_ends_his_turn_with_no_question() -> None:
    m = match_of(VISCEROT, IRENE)
    m.apply("p1", "end-turn")
    assert not m.state.pending and m.state.turn is not None and m.state.turn.player == "p2"


def test_bonding_check_names_what_is_not_built() -> None:
    assert turn_bonding.check_bonding({"who": "Beast you control", "when": "before this card's turn"}) is None
    assert turn_bonding.check_bonding({"who": "the Lizard King's cousin", "when": "before this card's turn"}) == \
        "the words \"king's\" in 'the Lizard King's cousin' are not understood"
    assert turn_bonding.check_bonding({"who": "Beast you control", "when": "at dawn"}) == "the moment 'at dawn' is not understood"
    accepted = [name for name, _, v in shared_powers("bonding") if turn_bonding.check_bonding(v) is None]
    assert "Frostclaw Paladins" in accepted and "Marrden Nagrubs" not in accepted


# ---- mind_control (Kee-Mo-Shi's Mind Shackle 19, from the shared params) -------------------------------------


def test_kee_mo_shi_mind_shackle_19_takes_control_of_an_adjacent_unique_card() -> None:
    kee = shared_card("Kee-Mo-Shi")
    eng = sandbox(fig("kee", "p1", (2, 2), kee), fig("finn", "p2", (3, 2), FINN),
                  fig("m1", "p2", (2, 3), card(name="Minion", kind="squad", rarity="common"), card_key="p2/m"))
    eng.execute("p1", "attack kee finn")
    pend = eng.state.pending[0]
    assert (pend.kind, pend.options) == ("mind_control", ["finn", "skip"])  # Unique only
    roll(eng, d20=[19])
    events = eng.execute("p1", "choose finn")
    assert powers(events)[0]["needed"] == 19 and eng.state.cards["p2/finn"].controller == "p1"


def test_mind_shackle_19_fails_on_18_and_an_unknown_cost_is_not_built() -> None:
    kee = shared_card("Kee-Mo-Shi")
    eng = sandbox(fig("kee", "p1", (2, 2), kee), fig("finn", "p2", (3, 2), FINN))
    eng.execute("p1", "attack kee finn")
    roll(eng, [BLANK] * 12, d20=[18, 1])  # the Shackle, then Kee-Mo-Shi's Toxic Skin after the attack
    eng.execute("p1", "choose finn")
    assert eng.state.cards["p2/finn"].controller == "p2"
    soul = next(v for n, _, v in shared_powers("mind_control") if n == "Shades of Bleakewoode")
    assert mind_shackle.check_mind_control(soul) is None
    assert mind_shackle.check_mind_control({**soul, "cost": "a favour"}) == "the cost 'a favour' is not built yet"


# ---- spirit (Eldgrim's Warrior's Swiftness Spirit, from the shared params) ----------------------------------


def test_eldgrims_swiftness_spirit_raises_the_chosen_cards_move() -> None:
    eldgrim = shared_card("Eldgrim the Viking Champion")
    eng = sandbox(fig("eld", "p1", (2, 2), eldgrim, wounds=eldgrim.life - 1), fig("finn", "p1", (6, 6), FINN),
                  fig("orc", "p2", (3, 2), card(name="Orc", attack=4)))
    before = modifiers.move_value(eng.state, F(eng, "finn"))
    roll(eng, [SKULL, BLANK, BLANK, BLANK] + [BLANK] * 4)
    eng.execute("p2", "attack orc eld")
    pend = eng.state.pending[0]
    assert pend.kind == "warriors_spirit" and "p1/finn" in pend.options
    eng.execute("p1", "choose p1/finn")
    assert modifiers.move_value(eng.state, F(eng, "finn")) == before + 1


def test_misaerx_life_drain_spirit_gives_a_revna_warrior_hero_life_drain() -> None:
    misaerx, kilkorax = shared_card("Misaerx the Kyrie Warrior"), shared_card("Kilkorax the Kyrie Warrior")
    eng = sandbox(fig("mi", "p1", (2, 2), misaerx, wounds=misaerx.life - 1),
                  fig("kil", "p1", (5, 5), kilkorax, wounds=2, card_key="p1/kil"), fig("finn", "p1", (0, 6), FINN),
                  fig("orc", "p2", (3, 2), card(name="Orc", attack=4)),
                  fig("pawn", "p2", (5, 6), card(name="Pawn", life=1, defense=0)))
    assert spirits.check_spirit(misaerx.powers[1].values) is None
    roll(eng, [SKULL, BLANK, BLANK, BLANK] + [BLANK] * (misaerx.defense or 0))
    eng.execute("p2", "attack orc mi")
    pend = eng.state.pending[0]
    assert pend.kind == "warriors_spirit" and pend.options == ["p1/kil"]  # not Finn: no Revna Warrior
    eng.execute("p1", "choose p1/kil")
    roll(eng, [SKULL] + [BLANK] * 6)
    eng.execute("p1", "attack kil pawn")
    eng.execute("p1", "choose skip")  # Kilkorax's own Witchcraft Telekinesis, after moving
    assert F(eng, "pawn").destroyed and F(eng, "kil").wounds == 1  # Life Drain, granted


def test_without_the_spirit_kilkorax_has_no_life_drain() -> None:
    kilkorax = shared_card("Kilkorax the Kyrie Warrior")
    eng = sandbox(fig("kil", "p1", (5, 5), kilkorax, wounds=2), fig("pawn", "p2", (5, 6), card(name="Pawn", life=1, defense=0)))
    roll(eng, [SKULL] + [BLANK] * 6)
    eng.execute("p1", "attack kil pawn")
    assert not eng.state.pending and F(eng, "pawn").destroyed and F(eng, "kil").wounds == 2


# ---- take_turn_instead ----------------------------------------------------------------------------------------


def instead_match(first: Any, *army: Any) -> Match:
    m = full_match({"p1": [first, *army], "p2": [DUMMY]}, place=True)
    begin_round(m, [20, 1], p1=markers(first.name), p2=markers("Dummy"))
    return m


def test_minions_of_utgar_give_their_turn_to_a_kyrie_warrior_that_follows_utgar() -> None:
    # rule: HS-TURN-05
    minions, loviatak = shared_card("Minions of Utgar"), shared_card("Loviatäk the Kyrie Warrior")
    m = instead_match(minions, loviatak, shared_card("Raelin the Kyrie Warrior"))
    pend = m.state.pending[0]
    assert (pend.kind, pend.options) == ("take_turn_instead", ["p1/loviatak-the-kyrie-warrior", "skip"])  # not Raelin (Jandar)
    m.apply("p1", "choose p1/loviatak-the-kyrie-warrior")
    assert m.state.turn is not None and m.state.turn.card_key == "p1/loviatak-the-kyrie-warrior"
    m.apply("p1", "end-turn")
    while m.state.pending:
        m.apply("p1", "choose skip")
    assert m.state.turn is not None and m.state.turn.player == "p2"  # the Minions took no turn


def test_utgars_orders_declined_the_minions_take_their_own_turn() -> None:
    minions, loviatak = shared_card("Minions of Utgar"), shared_card("Loviatäk the Kyrie Warrior")
    m = instead_match(minions, loviatak)
    m.apply("p1", "choose skip")
    assert m.state.turn is not None and m.state.turn.card_key == "p1/minions-of-utgar"


def test_ulginesh_mind_link_gives_his_turn_to_two_elf_wizards_in_sight() -> None:
    ulginesh, arkmer, kyntela = (shared_card("Ulginesh"), shared_card("Arkmer"), shared_card("Kyntela Gwyn"))
    m = full_match({"p1": [ulginesh, arkmer, kyntela], "p2": [DUMMY]})
    st = m.state
    spots = {"ulginesh": (Hex(4, 4), Hex(5, 4)), "arkmer": (Hex(4, 6),), "kyntela": (Hex(6, 6),)}
    for f in st.figures.values():
        for name, hexes in spots.items():
            if f.card_key.startswith(f"p1/{name}"):
                f.hexes, f.level = hexes[: st.card_of(f).base], 1
    begin_round(m, [20, 1], p1=markers(ulginesh.name), p2=markers("Dummy"))
    pend = m.state.pending[0]
    assert pend.kind == "take_turn_instead" and set(pend.options) == {"p1/arkmer", "p1/kyntela-gwyn", "skip"}
    m.apply("p1", "choose p1/arkmer")
    assert m.state.pending[0].options == ["p1/kyntela-gwyn", "done"]
    m.apply("p1", "choose p1/kyntela-gwyn")
    assert m.state.turn is not None and m.state.turn.card_key == "p1/arkmer"
    assert m.state.turn.card_turns == ["p1/kyntela-gwyn"]


def test_take_turn_instead_check_over_the_shared_file() -> None:
    results = {n: turn_bonding.check_take_turn_instead(v) for n, _, v in shared_powers("take_turn_instead")}
    # Kato Katsuro's alternatives ("1 Samurai Hero, or ...") are read too now (test_newest_sets_powers.py)
    assert [n for n, r in results.items() if r is not None] == []


# ---- extra_turn -----------------------------------------------------------------------------------------------


def test_eldgrim_overextends_for_a_wound_once_per_round() -> None:
    # rule: HS-TURN-05
    eldgrim = shared_card("Eldgrim the Viking Champion")
    m = full_match({"p1": [eldgrim], "p2": [DUMMY]}, orders={"p1": markers(eldgrim.name), "p2": markers("Dummy")},
                   initiative=[20, 1])
    fig = next(f for f in m.state.figures.values() if f.card_key.endswith("eldgrim-the-viking-champion"))
    m.apply("p1", "end-turn")
    pend = m.state.pending[0]
    assert (pend.kind, pend.options) == ("extra_turn", ["take", "skip"])
    m.apply("p1", "choose take")
    assert fig.wounds == 1 and m.state.turn is not None and m.state.turn.card_key == fig.card_key
    assert m.state.turn.player == "p1"
    m.apply("p1", "end-turn")
    assert not m.state.pending and m.state.turn is not None and m.state.turn.player == "p2"


def test_overextend_declined_costs_nothing() -> None:
    eldgrim = shared_card("Eldgrim the Viking Champion")
    m = full_match({"p1": [eldgrim], "p2": [DUMMY]}, orders={"p1": markers(eldgrim.name), "p2": markers("Dummy")},
                   initiative=[20, 1])
    m.apply("p1", "end-turn")
    m.apply("p1", "choose skip")
    assert all(f.wounds == 0 for f in m.state.figures.values()) and m.state.turn is not None
    assert m.state.turn.player == "p2"


def test_brandis_archers_glory_earns_a_turn_for_a_unique_hero_destroyed_from_afar() -> None:
    brandis = shared_card("Brandis Skyhunter")
    m = full_match({"p1": [brandis], "p2": [card(name="Hero", life=1, defense=0)]})
    st = m.state
    b = next(f for f in st.figures.values() if f.card_key.startswith("p1/"))
    h = next(f for f in st.figures.values() if f.card_key.startswith("p2/"))
    b.hexes, h.hexes = (Hex(2, 2),), (Hex(2, 5),)
    begin_round(m, [20, 1], p1=markers(brandis.name), p2=markers("Hero"))
    roll(m, [SKULL] + [BLANK] * 10)
    m.apply("p1", f"attack {b.id} {h.id}")
    assert m.state.figures[h.id].destroyed
    m.apply("p1", "end-turn")
    pend = m.state.pending[0]
    assert (pend.kind, pend.options) == ("extra_turn", ["take", "skip"])
    m.apply("p1", "choose take")
    assert m.state.turn is not None and m.state.turn.player == "p1" and m.state.turn.card_key == b.card_key


# ---- linked_fate and initiative_bonus ---------------------------------------------------------------------


def test_sonya_takes_2_wounds_when_her_cyprien_is_destroyed() -> None:
    cyprien, sonya = shared_card("Cyprien Esenwein"), shared_card("Sonya Esenwein")
    eng = sandbox(fig("cy", "p1", (2, 2), cyprien, wounds=cyprien.life - 1), fig("so", "p1", (6, 6), sonya),
                  fig("orc", "p2", (3, 2), card(name="Orc", attack=4)), fig("pawn", "p1", (0, 6), card(name="Pawn")),
                  fig("orc2", "p2", (1, 6), card(name="Orc2", attack=4)))
    roll(eng, [SKULL, BLANK, BLANK, BLANK] + [BLANK] * (cyprien.defense or 0))
    events = eng.execute("p2", "attack orc cy")
    assert F(eng, "cy").destroyed and F(eng, "so").wounds == 2
    assert powers(events)[-1]["power"] == "Eternal Heartbreak"


def test_eternal_heartbreak_is_only_for_cyprien() -> None:
    sonya = shared_card("Sonya Esenwein")
    eng = sandbox(fig("so", "p1", (6, 6), sonya), fig("pawn", "p1", (2, 2), card(name="Pawn", life=1, defense=0)),
                  fig("orc", "p2", (3, 2), card(name="Orc", attack=4)))
    roll(eng, [SKULL, BLANK, BLANK, BLANK])
    eng.execute("p2", "attack orc pawn")
    assert F(eng, "pawn").destroyed and F(eng, "so").wounds == 0


def test_mogrimm_combat_leader_adds_3_to_initiative_with_a_marker_on_his_card() -> None:
    # rule: HS-INIT-01
    mogrimm = shared_card("Mogrimm Forgehammer")
    m = full_match({"p1": [mogrimm, card(name="Soldier")], "p2": [DUMMY]})
    begin_round(m, None, p1=markers(mogrimm.name), p2=markers("Dummy"))
    roll(m, d20=[10, 12])
    events = m.apply("p1", "initiative")
    init = next(e.data for e in events if e.kind == "initiative")
    assert init["first"] == "p1" and init["rolls"]["p1"] == [13] and init["bonus"]["p1"]["amount"] == 3
    m2 = full_match({"p1": [mogrimm, card(name="Soldier")], "p2": [DUMMY]})
    begin_round(m2, None, p1=markers("Soldier"), p2=markers("Dummy"))
    roll(m2, d20=[10, 12])
    events = m2.apply("p1", "initiative")
    assert next(e.data for e in events if e.kind == "initiative")["first"] == "p2"


# ---- order_marker_shift (Admiral's Orders) ---------------------------------------------------------------------


def test_admiral_moves_his_order_markers_to_a_pirate_card_after_initiative() -> None:
    admiral, knaves = shared_card("Admiral EJ-1M"), shared_card("Knaves of the Silver Scimitar")
    m = full_match({"p1": [admiral, knaves], "p2": [DUMMY]})
    begin_round(m, [20, 1], p1=markers(admiral.name), p2=markers("Dummy"))
    pend = m.state.pending[0]
    assert (pend.kind, pend.options) == ("order_marker_shift", ["p1/knaves-of-the-silver-scimitar", "keep"])
    assert pend.prompt == ("Admiral's Orders: move your next Order Marker on Admiral EJ-1M (in number order) to which "
                           "card, or keep it there?")  # no marker named: they stay secret
    events = m.apply("p1", "choose p1/knaves-of-the-silver-scimitar")  # marker 1
    assert next(e for e in events if e.kind == "orders").to == "p1"
    for _ in range(3):
        m.apply("p1", "choose keep")
    assert m.state.orders["p1"]["1"] == "p1/knaves-of-the-silver-scimitar"
    assert m.state.orders["p1"]["2"] == "p1/admiral-ej-1m"
    while m.state.pending:  # the Knaves' own powers as their turn begins
        m.apply("p1", f"choose {m.state.pending[0].options[-1]}")
    assert m.state.turn is not None and m.state.turn.card_key == "p1/knaves-of-the-silver-scimitar"


def test_admirals_orders_need_a_pirate_or_captain_card() -> None:
    admiral = shared_card("Admiral EJ-1M")
    m = full_match({"p1": [admiral, card(name="Soldier")], "p2": [DUMMY]})
    begin_round(m, [20, 1], p1=markers(admiral.name), p2=markers("Dummy"))
    assert not m.state.pending and m.state.turn is not None and m.state.turn.card_key == "p1/admiral-ej-1m"


def test_knaves_captains_orders_offer_their_captain_or_a_pirate_hero() -> None:
    # rule: HS-TURN-05
    knaves, fia, dorim = (shared_card("Knaves of the Silver Scimitar"), shared_card("Fia Bonny the Void Siren"),
                          shared_card("Dorim the Bulkhead Brawler"))
    m = match_of(knaves, fia, dorim, card(name="Soldier"))
    pend = m.state.pending[0]
    assert pend.kind == "bonding"
    assert pend.options == ["p1/dorim-the-bulkhead-brawler", "p1/fia-bonny-the-void-siren", "skip"]  # not the Soldier


def test_captains_orders_read_the_captain_chosen_at_the_start() -> None:
    knaves, fia = shared_card("Knaves of the Silver Scimitar"), shared_card("Fia Bonny the Void Siren")
    other = card(name="Captain Hook", cls="Captain", rarity="unique")
    m = full_match({"p1": [knaves, fia, other], "p2": [DUMMY]})
    while m.state.pending and m.state.pending[0].kind == "aura_source":  # The Captain's Way names her
        m.apply("p1", "choose fia")
    m.state.cards["p1/knaves-of-the-silver-scimitar"].data["chosen"] = "p1/fia-bonny-the-void-siren"
    begin_round(m, [20, 1], p1=markers(knaves.name), p2=markers("Dummy"))
    assert m.state.pending[0].options == ["p1/fia-bonny-the-void-siren", "skip"]  # not the other Captain


def test_axegrinders_get_2_more_move_when_no_dwarf_hero_takes_a_turn_first() -> None:
    axes, migol = shared_card("Axegrinders of Burning Forge"), shared_card("Migol Ironwill")
    m = match_of(axes, migol)
    assert m.state.pending[0].kind == "bonding"
    m.apply("p1", "choose skip")
    fig = next(f for f in m.state.figures.values() if f.card_key == "p1/axegrinders-of-burning-forge")
    assert modifiers.move_value(m.state, fig) == (axes.move or 0) + 2
    m2 = match_of(axes, migol)
    m2.apply("p1", "choose p1/migol-ironwill")
    m2.apply("p1", "end-turn")
    while m2.state.pending:
        m2.apply("p1", "choose skip")
    fig2 = next(f for f in m2.state.figures.values() if f.card_key == "p1/axegrinders-of-burning-forge")
    assert m2.state.turn is not None and m2.state.turn.card_key == fig2.card_key
    assert modifiers.move_value(m2.state, fig2) == axes.move  # Migol took a turn first: no bonus


def test_war_cry_needs_two_tribesmen_engaged_as_the_turn_ends() -> None:
    tribe, arrow = shared_card("Mohican River Tribe"), shared_card("Brave Arrow")
    m = match_of(tribe, arrow)
    m.apply("p1", "end-turn")
    assert all(p.kind != "bonding_after" for p in m.state.pending)  # nobody engaged
    m2 = full_match({"p1": [tribe, arrow], "p2": [card(name="Orc"), card(name="Troll")]})
    st = m2.state
    braves = sorted((f for f in st.figures.values() if f.card_key == "p1/mohican-river-tribe"), key=lambda f: f.id)
    foes = sorted((f for f in st.figures.values() if f.controller == "p2"), key=lambda f: f.id)
    for brave, foe, (q, r) in zip(braves, foes, [(2, 2), (6, 2)], strict=False):
        brave.hexes, brave.level = (Hex(q, r),), 1
        foe.hexes, foe.level = (Hex(q + 1, r),), 1
    begin_round(m2, [20, 1], p1=markers(tribe.name), p2=markers("Orc"))
    m2.apply("p1", "end-turn")
    while m2.state.pending and m2.state.pending[0].kind != "bonding_after":
        m2.apply("p1", "choose skip")
    assert m2.state.pending[0].options == ["p1/brave-arrow", "skip"]
