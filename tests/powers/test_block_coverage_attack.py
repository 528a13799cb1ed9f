"""How much of the shared card file the attack-side building blocks enforce: ``enforcement`` reads
every power of the file without an error, and the count of enforced powers does not fall back.

Print the figures and the reasons with ``python3 -m tests.powers.shared_cards``.
"""

from __future__ import annotations

from bot.rules import special
from bot.rules.powers import CHECKS, ENFORCED_KINDS, enforcement
from tests.powers.shared_cards import FIRST_SETS, _file, coverage, shared


def test_enforcement_answers_for_every_power_of_the_shared_file() -> None:
    for c in _file():
        if c["incomplete"]:
            continue
        for p in shared(c["name"]).powers:
            why = enforcement(p)
            assert why is None or (isinstance(why, str) and why), (c["name"], p.name)
            special.spec(p)  # reading a special attack never fails either


def test_the_attack_side_figures_do_not_fall_back() -> None:
    # 2026-12-01: 45 / 65 in the 2024+ sets and Rise of the Valkyrie (4 more of Rise of the
    # Valkyrie are enforced under their own kinds), 223 / 338 over every complete card; 60 / 65 and
    # 260 / 338 with Boarding Party's move, 62 / 65 and 262 / 338 with Stealthy and Kieru, 63 / 65 and
    # 263 / 338 with Blast Furnace (pfinal).
    done, total, _ = coverage(FIRST_SETS)
    assert done >= 63 and total == 65
    done, total, _ = coverage()
    assert done >= 263 and total == 338


def test_every_block_kind_has_a_check_and_is_enforced() -> None:
    for kind in ("special_attack", "attack_bonus", "defense_bonus", "stat_bonus", "aura", "skull_bonus", "auto_shield",
                 "counter_strike", "extra_attack", "defense_penalty", "targeting_restriction", "d20_trigger",
                 "d20_table", "one_shield_blocks_all", "wound_cap", "shield_bonus", "auto_skull", "bonus_wounds",
                 "backlash", "reroll", "all_skulls_bonus", "attack_all_adjacent", "auto_wound", "taunt", "mind_control", "spirit"):
        assert kind in CHECKS and kind in ENFORCED_KINDS, kind
