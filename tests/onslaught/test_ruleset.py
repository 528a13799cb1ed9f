"""Onslaught behind the seam: the registry finds it, matches start from settings and rebuild from their
records, the secret initiative assignment, the demo to its end and the bench figures."""

from __future__ import annotations

import io
import re
from contextlib import redirect_stdout
from pathlib import Path

import pytest
from PIL import Image

from bot import cli, games
from bot.games.onslaught.bench import bench_legal, bench_match, bench_sight
from bot.games.onslaught.demo import run
from bot.games.onslaught.match import OnslaughtMatch
from bot.games.ruleset import GameMatch, MatchSettings, Refused, Ruleset
from bot.onslaught.combat import defeat
from bot.onslaught.files import load
from bot.onslaught.match import state_json

LIB = load()
RULES = games.get("onslaught")


def test_the_registry_offers_onslaught() -> None:
    assert "onslaught" in games.names()
    assert isinstance(RULES, Ruleset) and RULES.title == "D&D Onslaught"
    assert RULES.packages == ("bot.onslaught", "bot.games.onslaught")
    assert RULES.content_problems() == []
    assert RULES.parse("attack  Brask Grell") == "attack Brask Grell"
    with pytest.raises(Refused, match="write: move NAME SQUARE"):
        RULES.parse("move Brask")


def test_options_are_checked() -> None:
    with pytest.raises(ValueError, match="unknown match option"):
        RULES.new_match(MatchSettings("m1", 1, {"armies": 3}))
    with pytest.raises(ValueError, match="is played on map 'vault'"):
        RULES.new_match(MatchSettings("m1", 1, {"scenario": "vault", "map": "crossroads"}))
    with pytest.raises(ValueError, match="no Onslaught scenario 'moon'"):
        RULES.new_match(MatchSettings("m1", 1, {"scenario": "moon"}))
    m = RULES.new_match(MatchSettings("m1", 1, {"scenario": "vault", "map": "vault",
                                                "format": {"names": {"A": "Ann", "B": "Bob"}}}))
    assert isinstance(m, GameMatch)
    assert [(s.id, s.name) for s in m.seats()] == [("A", "Ann"), ("B", "Bob")]


def test_the_secret_assignment_becomes_the_assign_command() -> None:
    # rule: DDO-INIT-05, DDO-INIT-06
    m = RULES.new_match(MatchSettings("m2", 7, {}))
    secret = m.secret("A")
    assert secret is not None and secret.verb == "assign" and secret.distinct
    assert [s.key for s in secret.slots] == ["Brask", "Ysolde", "Merrin", "Tobbit", "Kestra"]
    assert [c.value for c in secret.slots[0].options] == ["1", "3", "4", "7", "9"]
    picks = {"Brask": "3", "Ysolde": "1", "Merrin": "4", "Tobbit": "7", "Kestra": "9"}
    assert secret.problem({**picks, "Kestra": "7"}) == "Each option may be picked only once."
    assert [w.on for w in m.waiting()] == ["initiative", "initiative"]
    out = m.apply("A", secret.command(picks))
    assert out.public == ["Initiative 1 is face up on Ysolde"]
    assert out.private["A"] == ["you assigned Brask=3, Ysolde=1, Merrin=4, Tobbit=7, Kestra=9"] and out.private["B"] == []
    assert m.secret("A") is None and m.secret("B") is not None
    assert m.turn_words() == "round 1's initiative"
    with pytest.raises(Refused):
        m.apply("C", "end")


def test_a_record_replays_to_the_same_state_and_tolerates_refused_commands() -> None:
    m = OnslaughtMatch(LIB, "vault", 11, {"A": "Ann", "B": "Bob"}, computer=("A", "B"), match_id="m3")
    key = m.turn_key()
    for _ in range(40):
        side = m.sides_waited()[0]
        m.apply(side, m.computer_command(side))
    assert m.turn_key() != key and m.version == 40
    record = m.to_record()
    assert record["ruleset"] == "onslaught" and record["scenario_id"] == "vault" and record["map_id"] == "vault"
    again = RULES.from_record(record)
    assert isinstance(again, OnslaughtMatch)
    assert state_json(again.state) == state_json(m.state) and again.names == m.names
    broken = {**record, "log": [*record["log"][:5], ["A", "move Brask Z99"], *record["log"][5:]]}
    with pytest.raises(Refused, match="command 6 of the record"):
        RULES.from_record(broken)
    tolerant = RULES.from_record(broken, tolerant=True)
    assert [s[:2] for s in tolerant.skipped] == [(5, "move Brask Z99")]
    assert state_json(tolerant.state) == state_json(m.state)


def test_a_defeated_character_without_tokens_leaves_no_empty_pile() -> None:
    # rule: DDO-DAMAGE-05
    m = OnslaughtMatch(LIB, "skirmish", 1)
    st = m.state
    brask, grell = st.minis["Brask"], st.minis["Grell"]
    defeat(st, None, brask, [])
    assert brask.square not in st.map_loot
    grell.loot.append("I1")
    defeat(st, None, grell, [])
    assert st.map_loot[grell.square] == [("I1", False)]


def test_the_demo_plays_to_its_end_and_writes_pictures(tmp_path: Path) -> None:
    said: list[str] = []
    match = run(LIB, "skirmish", 4, tmp_path, say=said.append)
    st = match.state
    assert st.phase == "over" and st.winner in ("A", "B", "draw")
    assert match.result() is not None
    assert said[-2] == match.result_line() and "pictures: " in said[-1]
    assert any(re.match(r"R1 \w+ \(initiative 1\): ", line) for line in said)
    assert any("Gloomrat monsters (5.5)" in line for line in said)
    images = sorted(tmp_path.glob("activation-*.png"))
    assert len(images) >= 10 and (tmp_path / "final.png").exists()
    with Image.open(images[-1]) as img:
        assert img.size == (2 * 26 + 12 * 64 + 430, max(2 * 26 + 9 * 64, img.size[1]))
        assert len(img.convert("RGB").getcolors(1 << 16) or []) > 50


def test_the_command_line_reaches_the_demo_and_refuses_bad_options(tmp_path: Path) -> None:
    buf = io.StringIO()
    with redirect_stdout(buf):
        assert cli.main(["demo", "--game", "onslaught", "--seed", "2", "--out", "none"]) == 0
    assert re.search(r"^(Party [AB] \(Computer [AB]\) wins|the game ends in a draw)", buf.getvalue(), re.MULTILINE)
    assert "pictures:" not in buf.getvalue()
    buf = io.StringIO()
    with redirect_stdout(buf):
        assert cli.main(["demo", "--game", "onslaught", "--scenario", "moon", "--out", str(tmp_path)]) == 2
    assert "error: there is no Onslaught scenario 'moon'; scenarios: skirmish, vault" in buf.getvalue()


def test_bench_rows_are_named_with_units() -> None:
    rows = bench_legal(LIB, "skirmish", samples=3) + bench_sight(LIB, "vault", runs=40) + bench_match(LIB, "skirmish")
    names = [r[0] for r in rows]
    assert names[:3] == ["legal_skirmish_median", "legal_skirmish_max", "legal_skirmish_commands"]
    assert "los_vault_median" in names and "match_skirmish_finished" in names
    assert dict((n, (v, u)) for n, v, u in rows)["match_skirmish_finished"] == (1.0, "bool")
    assert all(u in ("ms", "commands", "%", "s", "rounds", "bool") for _, _, u in rows)
