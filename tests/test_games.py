"""The seam (issue 18): the games registry, ``--game`` on the command line, Heroscape answering the
Ruleset / GameMatch protocols, and a stored match recording its game."""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING

import pytest

from bot import games
from bot.cli import main
from bot.games.ruleset import GameMatch, MatchSettings, Refused, Ruleset, SecretAssignment
from bot.rules.errors import RulesError
from bot.storage import MatchMeta, SqliteStorage

if TYPE_CHECKING:
    from pathlib import Path

ARMIES = {"a": "army syvarris, tarn-vikings", "b": "army grimnak, finn"}


def test_registry_names_and_default() -> None:
    assert "heroscape" in games.names()
    assert games.get().name == games.DEFAULT == "heroscape"
    assert games.get(" HeroScape ") is games.get("heroscape")
    assert isinstance(games.get(), Ruleset)


def test_unknown_game_is_refused_with_the_names() -> None:
    with pytest.raises(games.UnknownGame) as err:
        games.get("chess")
    assert str(err.value) == f"there is no game 'chess'; the games are: {', '.join(games.names())}"


@pytest.mark.parametrize("argv", [["local", "--game", "chess"], ["demo", "--game=chess"],
                                  ["bench", "rules", "--game", "chess"]])
def test_cli_refuses_an_unknown_game(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert capsys.readouterr().out.strip() == (
        f"error: there is no game 'chess'; the games are: {', '.join(games.names())}")


def test_cli_game_runs_the_games_demo(monkeypatch: pytest.MonkeyPatch) -> None:
    ruleset = games.get("heroscape")
    seen: list[tuple[str, int | None, str]] = []
    monkeypatch.setattr(type(ruleset), "demo", lambda self, args: seen.append((args.game, args.seed, args.out)) or 0)
    assert main(["demo", "--game", "heroscape", "--seed", "3", "--out", "none"]) == 0
    assert seen == [("heroscape", 3, "none")]


def test_bench_render_is_the_default_games(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(games, "names", lambda: ("heroscape", "other"))
    monkeypatch.setattr(games, "_load", lambda key: type("R", (), {"name": key, "add_arguments": lambda *a: None,
                                                                   "content_problems": lambda self: []})())
    assert main(["bench", "render", "--game", "other"]) == 2
    assert capsys.readouterr().out.strip() == "error: bench render measures heroscape only; leave out --game"


def _started() -> GameMatch:
    m = games.get().new_match(MatchSettings("t", seed=5, options={"map": "practice-field"}))
    for p, name in (("a", "Ann"), ("b", "Bob")):
        m.apply(p, f"join {name}")
    for p, army in ARMIES.items():
        m.apply(p, army)
    m.apply("a", "start")
    while m.waiting() and m.waiting()[0].on == "place":
        w = m.waiting()[0]
        m.apply(w.player, "place-rest")
    return m


def test_heroscape_match_answers_the_protocol() -> None:
    m = _started()
    assert isinstance(m, GameMatch)
    assert m.ruleset == "heroscape" and m.to_record()["ruleset"] == "heroscape"
    assert [(s.id, s.name) for s in m.seats()] == [("a", "Ann"), ("b", "Bob")]
    assert m.round == 1 and m.version > 0 and m.result() is None
    assert {(w.player, w.on) for w in m.waiting()} == {("a", "orders"), ("b", "orders")}
    secret = m.secret("a")
    assert isinstance(secret, SecretAssignment)
    assert [s.key for s in secret.slots] == ["1", "2", "3", "X"]
    assert {c.value for c in secret.slots[0].options} == {"a/syvarris", "a/tarn-viking-warriors"}
    picks = {"1": "a/syvarris", "2": "a/tarn-viking-warriors", "3": "a/syvarris"}
    assert secret.problem(picks) == "Order Marker X has no pick yet."
    picks["X"] = "a/tarn-viking-warriors"
    assert secret.problem(picks) is None
    text = secret.command(picks)
    assert text == "orders 1=a/syvarris 2=a/tarn-viking-warriors 3=a/syvarris X=a/tarn-viking-warriors"
    assert text in m.legal("a")
    m.apply("a", text)
    assert m.secret("a") is None and m.secret("b") is not None
    assert [w.player for w in m.waiting()] == ["b"]
    assert m.log[-1] == ("a", text)


def test_refusals_are_the_seams() -> None:
    m = _started()
    with pytest.raises(Refused):
        m.apply("a", "fly away")
    assert issubclass(RulesError, Refused)
    assert games.get().parse("orders 1=a/syvarris  2=a/syvarris 3=a/syvarris X=a/syvarris") == \
        "orders 1=a/syvarris 2=a/syvarris 3=a/syvarris X=a/syvarris"


def test_record_round_trip_through_the_ruleset() -> None:
    m = _started()
    again = games.get().from_record(m.to_record())
    assert again.log == m.log and again.version == m.version and again.to_record() == m.to_record()


def test_new_match_refuses_unknown_options() -> None:
    with pytest.raises(ValueError, match="unknown match option.s. colour; the options are map, scenario, format"):
        games.get().new_match(MatchSettings("t", options={"colour": "red"}))


async def test_a_stored_match_records_its_game(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    store = SqliteStorage(db)
    await store.open()
    await store.create_match(MatchMeta("m1", 1, 10, 2, "practice-field", "last-army-standing", 7, ruleset="other"))
    await store.create_match(MatchMeta("m2", 1, 11, 2, "practice-field", "last-army-standing", 7))
    one, two = await store.load_match("m1"), await store.load_match("m2")
    await store.close()
    assert one is not None and one.meta.ruleset == "other" and one.record()["ruleset"] == "other"
    assert two is not None and two.meta.ruleset == "heroscape"


async def test_rows_older_than_the_column_are_heroscape(tmp_path: Path) -> None:
    from bot.storage.migrations import ALL

    db = tmp_path / "old.db"
    raw = sqlite3.connect(db)
    for n in sorted(ALL):
        if n < 11:
            for statement in ALL[n]:
                raw.execute(statement)
    raw.execute(f"PRAGMA user_version = {max(n for n in ALL if n < 11)}")
    raw.execute("INSERT INTO matches (match_id, guild_id, channel_id, creator_id, map_id, scenario_id, seed, "
                "created_at) VALUES ('old', 1, 10, 2, 'practice-field', 'last-army-standing', 5, 0)")
    raw.commit()
    raw.close()
    store = SqliteStorage(db)
    await store.open()
    old = await store.load_match("old")
    await store.close()
    assert old is not None and old.meta.ruleset == "heroscape"


@pytest.mark.parametrize("name", games.names())
def test_every_registered_game_is_a_ruleset(name: str) -> None:
    import importlib

    ruleset = games.get(name)
    assert isinstance(ruleset, Ruleset) and ruleset.name == name and ruleset.title
    assert ruleset.terms and all(t == t.lower() for t in ruleset.terms)
    for package in ruleset.packages:
        importlib.import_module(package)
    assert f"bot.games.{name}" in ruleset.packages


def test_a_games_own_options_reach_its_entry_point(monkeypatch: pytest.MonkeyPatch) -> None:
    class Other:
        name, title = "other", "Other"

        def add_arguments(self, command: str, parser: object) -> None:
            parser.add_argument("--party", default="red")  # type: ignore[attr-defined]

        def content_problems(self) -> list[str]:
            return []

        def local(self, args: object) -> int:
            seen.append(("local", args.party))  # type: ignore[attr-defined]
            return 0

        def bench_rules(self, args: object) -> int:
            seen.append(("bench", args.game))  # type: ignore[attr-defined]
            return 0

    seen: list[tuple[str, str]] = []
    monkeypatch.setattr(games, "names", lambda: ("heroscape", "other"))
    monkeypatch.setattr(games, "_load", lambda key: Other())
    assert main(["local", "--game", "other", "--party", "blue"]) == 0
    assert main(["bench", "rules", "--game", "OTHER"]) == 0
    assert seen == [("local", "blue"), ("bench", "OTHER")]
