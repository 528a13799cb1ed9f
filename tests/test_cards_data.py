"""The shipped Army Card files (data/cards) and their loader (bot.content.cards)."""

from __future__ import annotations

import difflib
import json
import re
from pathlib import Path

import pytest

from bot.content.cards import (
    CardFileError,
    CardLibrary,
    UnknownCardError,
    default_cards_dir,
    load_card_file,
)
from bot.rules.cards import ArmyCard

SOURCE = Path(__file__).resolve().parents[2] / "shared" / "cards" / "classic-cards.json"
NUMERIC = ("height", "base", "figures", "life", "move", "range", "attack", "defense", "points")
TEXTUAL = ("set", "general", "kind", "rarity", "personality", "size", "keywords")
CLASSIC_SETS = ("Rise of the Valkyrie",)
CLASSIC_EXTRA = ("Dumutef Guard", "Blade Gruts", "Omnicron Snipers")
GI_JOE = "G.I. JOE Heroscape: Rumble at the Rift Battle Box"
CLASSIC_SHORTS = {
    "Carr", "Drake", "Syvarris", "Finn", "Thorgrim", "Raelin", "Mimring", "Ne-Gok-Sa", "Grimnak",
    "Deathwalker 9000", "Izumi Samurai", "Tarn Vikings", "Marro Warriors", "Krav Maga",
    "Airborne Elite", "Zettian Guards", "Dumutef Guard", "Blade Gruts", "Omnicron Snipers",
}
SHIPPED_FILES = {
    "rise-of-the-valkyrie", "road-to-the-forgotten-forest", "malliddons-prophecy", "age-of-annihilation",
    "battle-for-the-wellspring", "promos", "gi-joe-rumble-at-the-rift", "rulebook-examples",
}


@pytest.fixture(scope="module")
def library() -> CardLibrary:
    return CardLibrary.default()


@pytest.fixture(scope="module")
def source() -> list[dict[str, object]]:
    if not SOURCE.is_file():
        pytest.skip(f"source card data not present at {SOURCE}")
    data: list[dict[str, object]] = json.loads(SOURCE.read_text(encoding="utf-8"))
    return data


@pytest.fixture(scope="module")
def raw_cards() -> dict[str, dict[str, object]]:
    """Card objects exactly as written in the shipped files, by name."""
    out: dict[str, dict[str, object]] = {}
    for f in default_cards_dir().glob("*.json"):
        for raw in json.loads(f.read_text(encoding="utf-8"))["cards"]:
            out[raw["name"]] = raw
    return out


def classic(library: CardLibrary) -> list[ArmyCard]:
    return [c for c in library if c.set in CLASSIC_SETS or c.name in CLASSIC_EXTRA]


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9'-]+", text.lower())


def _shared_run(a: str, b: str, n: int = 8) -> str | None:
    wa, wb = _words(a), _words(b)
    grams = {tuple(wa[i : i + n]) for i in range(len(wa) - n + 1)}
    for i in range(len(wb) - n + 1):
        if tuple(wb[i : i + n]) in grams:
            return " ".join(wb[i : i + n])
    return None


# -- shipped files ---------------------------------------------------------------------------


def test_every_shipped_file_loads() -> None:
    files = sorted(default_cards_dir().glob("*.json"))
    assert {f.stem for f in files} == SHIPPED_FILES
    for f in files:
        doc = json.loads(f.read_text(encoding="utf-8"))
        assert doc["format"] == "heroscape-cards/1" and doc["set"]
        cards = load_card_file(f)
        assert cards and len(cards) == len(doc["cards"])


def test_ids_and_shorts_are_unique_and_stable(library: CardLibrary) -> None:
    cards = list(library)
    assert len({c.id for c in cards}) == len(cards) == len(library)
    assert len({c.short.casefold() for c in cards}) == len(cards)
    assert library.get("raelin-the-kyrie-warrior").short == "Raelin"
    assert library.get("Raelin (AoA)").id == "raelin-the-kyrie-warrior-aoa"
    assert library.get("Drake (AoA)").set == "Age of Annihilation pre-order promo"


def test_all_source_cards_present_with_same_statistics(
    library: CardLibrary, source: list[dict[str, object]], raw_cards: dict[str, dict[str, object]]
) -> None:
    assert len(source) == 55 == len(library)
    for src in source:
        name = str(src["name"])
        card = library.get(name)
        assert card.name == name
        for field in NUMERIC:
            if field == "base" and src["base"] is None:
                assert "base" not in raw_cards[name], f"{name}: unknown base must not be claimed"
                continue
            assert getattr(card, field) == src[field], f"{name}.{field}"
        for field in TEXTUAL:
            assert getattr(card, field) == src[field], f"{name}.{field}"
        assert card.species == ([] if src["species"] is None else str(src["species"]).split(" & "))
        assert card.class_ == ([] if src["class"] is None else str(src["class"]).split(" & "))
        src_powers = src["powers"] or []
        assert isinstance(src_powers, list)
        assert [p.name for p in card.powers] == [p["name"] for p in src_powers], name


def test_classic_cards_complete_with_hooked_powers(library: CardLibrary) -> None:
    cards = classic(library)
    assert {c.short for c in cards} == CLASSIC_SHORTS
    for c in cards:
        assert c.complete, (c.name, c.missing_fields())
        for p in c.powers:
            assert p.kind and re.fullmatch(r"[a-z]+(_[a-z]+)*", p.kind), (c.name, p.name)
            for number in re.findall(r"\d+", p.name):
                assert number in p.text, (c.name, p.name)
    assert library.get("Drake").power("grapple_gun").values == {"levels": 25}  # type: ignore[union-attr]
    assert library.get("Carr").power("sword_of_reckoning").values == {"dice": 4}  # type: ignore[union-attr]
    assert library.get("Ne-Gok-Sa").power("mind_shackle").values == {"roll": 20}  # type: ignore[union-attr]
    dw = library.get("Deathwalker 9000").power("explosion_special_attack")
    assert dw is not None and dw.values == {"range": 7, "attack": 3, "explosion": 1}
    fire = library.get("Mimring").power("fire_line_special_attack")
    assert fire is not None and fire.values["line"] == 8 and fire.values["attack"] == 4


def test_gi_joe_cards_are_incomplete(library: CardLibrary) -> None:
    joes = [c for c in library if c.set == GI_JOE]
    assert len(joes) == 8
    for c in joes:
        assert not c.complete
        assert "life" in c.missing_fields() and "attack" in c.missing_fields()
        assert c.points is not None
    assert "move" in library.get("Duke").missing_fields()
    assert "move" not in library.get("Scarlett").missing_fields()


def test_power_texts_are_our_own_words(library: CardLibrary, source: list[dict[str, object]]) -> None:
    mechanics = {
        (str(s["name"]), p["name"]): p["mechanics"]
        for s in source
        for p in (s["powers"] or [])  # type: ignore[attr-defined]
    }
    checked = 0
    for c in classic(library):
        for p in c.powers:
            original = mechanics[(c.name, p.name)]
            ratio = difflib.SequenceMatcher(None, original.lower(), p.text.lower()).ratio()
            assert ratio < 0.75, (c.name, p.name, ratio)
            assert _shared_run(original, p.text) is None, (c.name, p.name, _shared_run(original, p.text))
            assert 1 <= len(re.findall(r"[.!?](\s|$)", p.text)) <= 3, (c.name, p.name)
            checked += 1
    assert checked == 31


# -- lookups ---------------------------------------------------------------------------------


def test_lookup_by_id_name_short_case_insensitive(library: CardLibrary) -> None:
    finn = library.get("Finn the Viking Champion")
    assert library.get("finn") is finn
    assert library.get("FINN-THE-VIKING-CHAMPION") is finn
    assert library.get("loviatak").name == "Loviatäk the Kyrie Warrior"
    assert "Thorgrim" in library and finn in library and "Nobody" not in library


def test_unknown_name_suggests_closest(library: CardLibrary) -> None:
    with pytest.raises(UnknownCardError) as err:
        library.get("Fin the Viking")
    assert isinstance(err.value, KeyError)
    assert "not" in str(err.value).lower() and "Finn the Viking Champion" in str(err.value)


def test_search_for_autocomplete(library: CardLibrary) -> None:
    assert [c.short for c in library.search("thor")] == ["Thorgrim"]
    found = [c.short for c in library.search("raelin")]
    assert found[:2] == ["Raelin", "Raelin (AoA)"]
    assert {c.short for c in library.search("viking")} == {"Finn", "Thorgrim", "Tarn Vikings"}
    assert len(library.search("", limit=5)) == 5


# -- user files ------------------------------------------------------------------------------

USER_CARD = {
    "name": "Sir Testalot the Brave", "short": "Testalot", "set": "Homebrew", "general": "Jandar",
    "species": "Human", "kind": "hero", "rarity": "unique", "class": "Knight", "personality": "Valiant",
    "size": "medium", "height": 5, "base": 1, "figures": 1, "life": 5, "move": 5, "range": 1,
    "attack": 4, "defense": 4, "points": 90,
    "powers": [{"name": "Shield Wall 2", "text": "Adds 2 defense dice.", "values": {"dice": 2}}],
}


def _write(tmp_path: Path, cards: list[dict[str, object]], name: str = "mine.json", fmt: str = "heroscape-cards/1") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps({"format": fmt, "set": "Homebrew", "cards": cards}), encoding="utf-8")
    return path


def test_user_file_loads_alongside_defaults(tmp_path: Path) -> None:
    lib = CardLibrary.from_paths(default_cards_dir(), _write(tmp_path, [USER_CARD]))
    assert len(lib) == 56
    card = lib.get("testalot")
    assert card.id == "sir-testalot-the-brave" and card.class_ == ["Knight"] and card.complete
    assert lib.get("Finn").points == 80


@pytest.mark.parametrize(
    ("change", "field"),
    [({"life": "five"}, "life"), ({"kind": "army"}, "kind"), ({"powers": [{"name": "X"}]}, "powers #1.text"),
     ({"colour": "red"}, "colour")],
)
def test_bad_user_card_names_file_card_and_field(tmp_path: Path, change: dict[str, object], field: str) -> None:
    path = _write(tmp_path, [{**USER_CARD, **change}])
    with pytest.raises(CardFileError) as err:
        CardLibrary.from_paths(default_cards_dir(), path)
    msg = str(err.value)
    assert str(path) in msg and "Sir Testalot the Brave" in msg and f"'{field}'" in msg


def test_bad_json_and_wrong_format(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "heroscape-cards/1", "cards": [', encoding="utf-8")
    with pytest.raises(CardFileError, match=r"broken\.json: not valid JSON at line 1"):
        load_card_file(broken)
    with pytest.raises(CardFileError, match=r"old\.json: field 'format' must be"):
        load_card_file(_write(tmp_path, [USER_CARD], "old.json", fmt="cards/0"))
    with pytest.raises(CardFileError, match="no such card file"):
        CardLibrary.from_paths(tmp_path / "missing.json")


def test_duplicate_id_names_both_files(tmp_path: Path) -> None:
    clash = {**USER_CARD, "name": "Finn the Viking Champion", "short": "Finn2"}
    path = _write(tmp_path, [clash])
    with pytest.raises(CardFileError) as err:
        CardLibrary.from_paths(default_cards_dir(), path)
    assert str(path) in str(err.value) and "rise-of-the-valkyrie.json" in str(err.value)


def test_env_var_folder_adds_to_the_shipped_cards(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _write(tmp_path, [USER_CARD])
    monkeypatch.setenv("HEROSCAPE_CARDS_DIR", str(tmp_path))
    lib = CardLibrary.default()
    assert [c.short for c in lib][-1] == "Testalot"
    assert len(lib) == len(CardLibrary.from_paths(default_cards_dir())) + 1 and lib.get("Finn").life == 4
    assert lib.errors == []
