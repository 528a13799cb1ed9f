"""Auras from a figure named at the start of the battle (``block_aura_source``) with real cards of
the shared card file: The Captain's Way (Knaves of the Silver Scimitar; Fia Bonny and Bok-Bur-Na
are Unique Captains) and Loyalty to the Lizard King (Greenscale Warriors: its reading only).

The default field is 8 x 8 grass at level 1; (q, r) axial coordinates; (2, 2) and (3, 2) are adjacent.
"""

from __future__ import annotations

from bot.rules import combat
from bot.rules.engine import Engine
from bot.rules.powers import enforcement
from tests.powers.conftest import DUMMY, F
from tests.powers.shared_cards import shared
from tests.rules.conftest import card, fig, full_match, refused, sandbox

KNAVES = shared("Knaves of the Silver Scimitar")
FIA = shared("Fia Bonny the Void Siren")
BOK = shared("Bok-Bur-Na")
SOLDIER = card(name="Soldier")
ARCHER = card(name="Archer", range=7, life=9)


def dfn(eng: Engine, a: str, t: str) -> int:
    return combat.defense_dice(eng.state, F(eng, a), F(eng, t))[0]


def test_the_captains_way_adds_a_die_against_distant_attackers_near_the_captain() -> None:
    # rule: HS-ATTACK-09
    way = next(p for p in KNAVES.powers if p.name == "The Captain's Way")
    assert enforcement(way) is None
    loyalty = next(p for p in shared("Greenscale Warriors").powers if p.kind == "aura")
    assert enforcement(loyalty) is None
    eng = sandbox(fig("k", "p1", (2, 2), KNAVES, card_key="p1/knaves"), fig("fia", "p1", (2, 5), FIA),
                  fig("a", "p2", (6, 2), ARCHER), fig("s", "p2", (3, 2), SOLDIER))
    assert dfn(eng, "a", "k") == KNAVES.defense + 1  # Fia 3 spaces away, in clear sight; a distant attacker
    assert dfn(eng, "s", "k") == KNAVES.defense  # an adjacent attacker: nothing


def test_the_captains_way_needs_the_captain_within_4_spaces() -> None:
    eng = sandbox(fig("k", "p1", (2, 1), KNAVES, card_key="p1/knaves"), fig("fia", "p1", (2, 6), FIA),
                  fig("a", "p2", (6, 1), ARCHER))
    assert dfn(eng, "a", "k") == KNAVES.defense  # 5 spaces
    eng = sandbox(fig("k", "p1", (2, 1), KNAVES, card_key="p1/knaves"), fig("a", "p2", (6, 1), ARCHER))
    assert dfn(eng, "a", "k") == KNAVES.defense  # no Captain at all


def test_with_two_captains_the_player_names_one_at_the_start_and_it_never_changes() -> None:
    m = full_match({"p1": [KNAVES, FIA, BOK], "p2": [DUMMY]})
    pend = m.state.pending[0]
    assert (pend.player, pend.kind, pend.options) == ("p1", "aura_source", ["bokburna", "fia"])
    refused(m, "p2", "choose fia")
    m.apply("p1", "choose fia")
    st = m.state
    # the card chosen, where Captain's Orders (Bonding) reads it too
    assert st.cards["p1/knaves-of-the-silver-scimitar"].data["chosen"] == "p1/fia-bonny-the-void-siren"
    knave, dummy = st.figures["knaves4"], st.figures["dummy"]  # Fia 1 space away, Bok-Bur-Na 2
    assert combat.defense_dice(st, dummy, knave)[0] == KNAVES.defense + 1
    m.engine.destroy(st.figures["fia"], "test")
    assert combat.defense_dice(m.state, dummy, knave)[0] == KNAVES.defense  # Bok-Bur-Na does not take over
