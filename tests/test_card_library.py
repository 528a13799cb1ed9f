"""Issue #14, the players' side of the whole card pool: named army formats (Standard or Delta
points, caps, product lines), server card files completing incomplete cards, search by set, the
coverage report, the card picture and the narration of powers the players apply."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from PIL import Image

from bot.content import formats
from bot.content.cards import CardFileError, CardLibrary
from bot.game.card_text import card_picture, not_enforced_reason, reasons
from bot.game.coverage import coverage, report
from bot.game.session import GameSession, cards, library_for, server_library, set_server_cards
from bot.games.heroscape.discord.autocomplete import CHOICE_MAX, card_choice, set_tag
from bot.render.card import render_card
from bot.rules.army import card_cost, check_army, check_pick, summarize
from bot.rules.cards import ArmyCard, Power
from bot.rules.errors import ArmyError
from bot.rules.events import Event
from bot.rules.scenario import Format

LIB = cards()


def fmt(name: str, **extra: object) -> Format:
    return Format(**formats.overrides(name, dict(extra)))


# -- formats ---------------------------------------------------------------------------------


def test_named_formats_and_their_overrides() -> None:
    assert set(formats.FORMATS) == {"standard", "delta", "hasbro", "modern", "skirmish", "epic"}
    assert formats.get("Delta 500") is formats.get("delta")
    over = formats.overrides("skirmish", {"points": 250})
    assert over["points"] == 250 and over["figures"] == 12 and over["spaces"] == 16  # explicit limits win
    with pytest.raises(formats.UnknownFormatError) as err:
        formats.get("vintage")
    assert "No army format is called 'vintage'" in str(err.value) and "standard" in str(err.value)
    assert formats.overrides(None, {"points": 300}) == {"points": 300}


def test_delta_points_count_in_a_delta_format() -> None:
    # rule: HS-ARMY-01
    carr, finn = LIB.get("Carr"), LIB.get("Finn")
    assert (carr.points, carr.delta_points) == (100, 60)
    assert card_cost(carr, fmt("delta")) == 60 and card_cost(carr, fmt("standard")) == 100
    assert summarize([carr, finn], fmt("delta")).points == 60 + (finn.delta_points or 0)
    # 100 Standard points do not fit in 90; 60 Delta points do.
    with pytest.raises(ArmyError, match="costs 100 points"):
        check_army([carr], fmt("standard", points=90))
    assert check_army([carr], fmt("delta", points=90)).points == 60
    with pytest.raises(ArmyError, match=r"costs 160 Delta points; this match allows 90"):
        check_army([carr, LIB.get("Syvarris")], fmt("delta", points=90))


def test_a_card_without_delta_points_is_refused_in_delta() -> None:
    # rule: HS-ARMY-01
    no_delta = LIB.get("Carr").model_copy(update={"delta_points": None})
    with pytest.raises(ArmyError, match=f"{no_delta.name} has no Delta points"):
        check_army([no_delta], fmt("delta"))
    check_army([no_delta], fmt("standard", points=None))


def test_lines_allowed_by_the_format() -> None:
    # rule: HS-ARMY-01
    irene = LIB.get("Knight Irene")  # Age of Annihilation, 2024
    assert irene.line == formats.MODERN
    with pytest.raises(ArmyError) as err:
        check_army([irene], fmt("hasbro"))
    assert "Knight Irene comes from Avalon Hill / Renegade (2024+)" in str(err.value)
    assert "only Hasbro and Hasbro (Marvel) cards" in str(err.value)
    check_army([irene], fmt("modern"))
    with pytest.raises(ArmyError, match="only Avalon Hill"):
        check_pick([irene], LIB.get("Finn"), fmt("modern"))


def test_figure_and_space_caps_of_a_format() -> None:
    # rule: HS-ARMY-01, HS-ARMY-03
    tarn = LIB.get("Tarn Vikings")  # 4 figures
    with pytest.raises(ArmyError, match="would bring your army to 16 figures; this match allows 12"):
        check_pick([tarn, tarn, tarn], tarn, fmt("skirmish", points=None))


def test_marro_hive_cannot_be_placed_yet() -> None:
    hive = LIB.get("Marro Hive")
    assert hive.base == 6 and hive.complete
    with pytest.raises(ArmyError, match="Marro Hive stands on a 6-space piece"):
        check_army([hive], fmt("standard"))


def test_unique_reprints_count_once_in_any_format() -> None:
    # rule: HS-ARMY-04
    with pytest.raises(ArmyError, match="same character"):
        check_army([LIB.get("Raelin"), LIB.get("Raelin (SotM)")], fmt("epic"))


def test_a_match_names_its_format() -> None:
    s = GameSession.create("f", fmt=formats.overrides("delta", {}), seed=1)
    f = s.state.scenario.format
    assert (f.name, f.points_system, f.points) == ("delta", "delta", 500)
    again = GameSession.from_record(json.loads(json.dumps(s.to_record())))
    assert again.state.scenario.format == f


# -- incomplete cards and server card files ---------------------------------------------------------

DUKE = {"id": "duke", "name": "Duke", "short": "Duke", "set": "House rules", "general": "Vydar", "species": "Human",
        "kind": "hero", "rarity": "unique", "class": "Soldier", "personality": "Valiant", "size": "medium",
        "height": 5, "base": 1, "figures": 1, "life": 5, "move": 5, "range": 5, "attack": 3, "defense": 4,
        "points": 120, "powers": [{"name": "Leader", "text": "House rule: none.", "values": {}}]}


def _file(*cards: dict[str, object]) -> str:
    return json.dumps({"format": "heroscape-cards/1", "set": "House rules", "cards": list(cards)})


def test_incomplete_cards_name_their_missing_fields() -> None:
    # rule: DEC-07
    duke = LIB.get("Duke")
    assert not duke.complete and {"life", "move", "base", "powers"} <= set(duke.missing_fields())
    with pytest.raises(ArmyError) as err:
        check_army([duke], fmt("standard"))
    assert "Duke is incomplete (missing rarity, life, move" in str(err.value)


def test_a_server_file_completes_an_incomplete_card_for_that_server_only() -> None:
    # rule: DEC-07
    lib = server_library([("house.json", _file(DUKE))])
    assert lib.get("Duke").complete and lib.get("Duke").life == 5 and len(lib) == len(LIB)
    assert not LIB.get("Duke").complete  # the shipped library is untouched
    set_server_cards(111, [("house.json", _file(DUKE))])
    try:
        assert library_for(111).get("Duke").complete
        assert not library_for(222).get("Duke").complete  # another server keeps the shipped card
        s = GameSession.create("g", seed=1, library=library_for(111))
        s.apply("ann", "join Ann")
        s.apply("ann", "army Duke")
        assert any(c.card.name == "Duke" for c in s.state.cards.values())
        again = GameSession.from_record(s.to_record(), library=library_for(111))
        assert again.match.state_json() == s.match.state_json()
    finally:
        set_server_cards(111, [])
    assert not library_for(111).get("Duke").complete


def test_a_server_file_never_replaces_a_complete_card() -> None:
    finn = {**DUKE, "id": "finn-the-viking-champion", "name": "Finn the Viking Champion", "short": "Finn X"}
    with pytest.raises(CardFileError) as err:
        server_library([("house.json", _file(finn))])
    assert "house.json" in str(err.value) and "already used by 'Finn the Viking Champion'" in str(err.value)
    with pytest.raises(CardFileError, match=r"house\.json: card #1 \('Duke'\): field 'life'"):
        server_library([("house.json", _file({**DUKE, "life": "five"}))])


# -- choosing from hundreds ------------------------------------------------------------------------


def test_search_finds_cards_by_set_after_names() -> None:
    wells = {c.short for c in LIB.search("wellspring", limit=50, sets=True)}
    assert wells == {c.short for c in LIB if c.set == "Battle for the Wellspring"}
    assert not LIB.search("wellspring", limit=50)  # without sets: names only
    found = LIB.search("raelin", sets=True)
    assert [c.short for c in found[:3]] == ["Raelin", "Raelin (AoA)", "Raelin (SotM)"]


def test_army_choices_fit_discords_limits() -> None:
    carr = LIB.get("Carr")
    assert set_tag(carr) == "RotV" and set_tag(LIB.get("Ewashia")) == "BftW"
    assert card_choice(carr, "", fmt("delta")) == ("Carr (60 pts, RotV)", "Carr")
    assert card_choice(carr, "Finn; ", None) == ("Finn; Carr (100 pts, RotV)", "Finn; Carr")
    long_prefix = "; ".join(["Tarn Vikings"] * 6 + ["Finn"]) + "; "  # 90 characters typed already
    name, value = card_choice(carr, long_prefix, None) or ("", "")
    assert value == long_prefix + "Carr" and len(value) == 94
    assert len(name) == CHOICE_MAX and name.startswith("…") and name.endswith("; Carr (100 pts, RotV)")
    assert card_choice(carr, "x" * 97 + "; ", None) is None  # the value would pass 100 characters


# -- coverage, picture, narration ----------------------------------------------------------------


def test_coverage_counts_every_complete_card() -> None:
    sets, total = coverage(LIB)
    assert total.complete == 251 and total.incomplete == 29
    assert total.powers == sum(len(c.powers) for c in LIB if c.complete) == 548
    assert total.enforced + len(total.missing) == total.powers
    rotv = next(s for s in sets if s.name == "Rise of the Valkyrie")
    assert (rotv.complete, rotv.enforced, rotv.powers) == (16, 26, 26)
    lines = report(LIB)
    assert lines[0] == "Rise of the Valkyrie: 16 cards; powers enforced: 26 / 26"
    assert any(line.startswith("TOTAL: 251 complete cards loaded, 29 incomplete; powers enforced: ") for line in lines)
    assert any("Su-Bak-Na - Hive Supremacy: " in line for line in lines)


def test_not_enforced_reasons() -> None:
    assert not_enforced_reason(LIB.get("Grimnak").powers[0]) is None  # Chomp, a module of its own
    supremacy = LIB.get("Su-Bak-Na").powers[0]
    assert not_enforced_reason(supremacy) == "changing 'd20 rolls for your Marro and Wulsinu cards' is not built yet"
    assert not_enforced_reason(LIB.get("Kelda").powers[0]) is None  # Healing Touch, a table after moving
    assert not_enforced_reason(LIB.get("Killian Vane").powers[0]) is None  # Explosion rolled from its numbers
    # Counter Strike against any normal attack: the attack-side block enforces it since the merge;
    # what it does not understand is told in the players' words.
    assert not_enforced_reason(Power(name="X", text="x", kind="counter_strike", values={"vs": "any normal attack"})) is None
    odd = Power(name="X", text="x", kind="counter_strike", values={"vs": "special attacks from the moon"})
    assert not_enforced_reason(odd) == "the attacks 'special attacks from the moon' are not understood"
    assert not_enforced_reason(Power(name="Y", text="y")) is not None


def test_card_picture_marks_each_power() -> None:
    subakna = LIB.get("Su-Bak-Na")  # Hive Supremacy applied by the players, Flying enforced
    img = render_card(subakna, reasons(subakna))
    assert img.width == 760 and img.height > 400
    png = card_picture(subakna)
    assert png.startswith(b"\x89PNG") and png == card_picture(subakna)  # the same card, the same bytes
    # The "applied by the players" pill is amber, the "enforced" one green: both are drawn for Su-Bak-Na.
    colours = {c for _, c in Image.open(io.BytesIO(png)).convert("RGB").getcolors(1 << 20) or []}
    assert (176, 104, 16) in colours and (34, 120, 60) in colours
    grimnak = LIB.get("Grimnak")
    shown = {c for _, c in render_card(grimnak, reasons(grimnak)).convert("RGB").getcolors(1 << 20) or []}
    assert (176, 104, 16) not in shown  # every power enforced: no amber mark
    with pytest.raises(ValueError, match="2 powers but 1 marks"):
        render_card(subakna, [None])


def test_incomplete_card_picture_says_what_is_missing(tmp_path: Path) -> None:
    img = render_card(LIB.get("Duke"), [])
    assert img.height > 300
    img.save(tmp_path / "duke.png")


def test_the_turn_names_powers_applied_by_the_players() -> None:
    s = GameSession.create("n", seed=3)
    s.apply("ann", "join Ann")
    s.apply("bo", "join Bo")
    s.apply("ann", "army Su-Bak-Na")
    s.apply("bo", "army Grimnak")
    subakna_key = next(k for k, c in s.state.cards.items() if c.card.short == "Su-Bak-Na")
    grimnak_key = next(k for k, c in s.state.cards.items() if c.card.short == "Grimnak")
    said = s.narrator.line(Event("turn_started", {"player": "ann", "marker": "1", "card": subakna_key}))
    assert said is not None and said.endswith(
        "Su-Bak-Na's Hive Supremacy is applied by the players (the bot does not enforce it).")
    plain = s.narrator.line(Event("turn_started", {"player": "bo", "marker": "1", "card": grimnak_key}))
    assert plain is not None and plain.endswith("Grimnak acts.")


def test_card_models_accept_the_new_fields() -> None:
    card = ArmyCard(name="T (AoA)", kind="hero", same_as="T", base=None, incomplete=["powers"])
    assert card.character == "t" and card.missing_fields()[-2:] == ["base", "powers"]
    assert Power(name="P", text="p", values={"range": 5, "attack": "2 or 3"}).special_numbers is None
    assert Power(name="P", text="p", values={"range": 5, "attack": 3}).special_numbers == (5, 3)
    assert isinstance(CardLibrary.default(), CardLibrary)


def test_place_rest_fits_double_space_figures_in_a_nearly_full_zone() -> None:
    # rule: HS-ARMY-02, HS-DOUBLE-01 - the random library playout found an army that fits its start
    # zone by count but that "place rest" could not place: first-fit split the pairs it needed.
    import random

    from bot.game.computer_army import random_army
    from bot.rules import checks
    from bot.rules.flow.placement import _first_fit

    s = GameSession.create("lib", map_id="cobra-facility", seed=1, fmt=formats.overrides("standard", {}))
    rng = random.Random(104729 + len("cobra-facility") + len("standard"))
    for name in ("Ann", "Bo"):
        s.apply(name.lower(), f"join {name}")
    for p in s.state.players:
        zone = s.state.battlefield.start_zones[p.zone]
        s.apply(p.id, "army " + "; ".join(c.id for c in random_army(rng, LIB, s.state.scenario.format, len(zone))))
    s.apply("ann", "start")
    s.apply("bo", "place goblin1 M5")
    s.apply("bo", "place goblin2 L6")  # 2 double-space figures and 5 others left for 11 free spaces
    st = s.state
    zone = sorted(st.battlefield.start_zones[st.player("bo").zone], key=lambda h: (h.r, h.q))
    assert _first_fit(st, zone, checks.unplaced(st, "bo")) is None  # first-fit would split a pair
    s.apply("bo", "place-rest")
    assert not checks.unplaced(s.state, "bo")
    swog = s.state.figures["swog1"]
    assert len(swog.hexes) == 2 and swog.hexes[0].is_adjacent(swog.hexes[1])


def test_cards_coverage_command(capsys: pytest.CaptureFixture[str]) -> None:
    from bot import cli

    assert cli.main(["cards", "coverage", "--summary"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Rise of the Valkyrie: 16 cards; powers enforced: 26 / 26"
    assert out[-1].startswith("TOTAL: 251 complete cards loaded, 29 incomplete; powers enforced: ")
    assert cli.main(["cards", "coverage"]) == 0
    full = capsys.readouterr().out
    assert "Powers not enforced (" in full and "Su-Bak-Na - Hive Supremacy: changing 'd20 rolls for your Marro" in full
    assert cli.main(["cards", "show", "su-bak-na"]) == 0
    assert "Hive Supremacy (not enforced: apply it yourselves)" in capsys.readouterr().out
    assert cli.main(["cards", "show", "Nobody Here"]) == 2
    assert "error: Card 'Nobody Here' not found." in capsys.readouterr().out


def test_place_rest_arranges_the_army_again_when_hand_placed_figures_split_the_pairs() -> None:
    # rule: HS-ARMY-02, HS-DOUBLE-01 - the random library playout placed figures one by one on
    # Shattered Table so that the last two free spaces were apart, and "place rest" refused a
    # double-space figure that the zone had room for: the army is now arranged again.
    s = GameSession.create("lib", map_id="shattered-table", seed=1, fmt=formats.overrides("delta", {}))
    for name in ("Ann", "Bo"):
        s.apply(name.lower(), f"join {name}")
    s.apply("ann", "army horned-skull-brutes; marrden-nagrubs; kato-katsuro; su-bak-na; "
                   "nerak-the-glacian-swog-rider; otonashi")
    s.apply("bo", "army incredible-hulk; ordo-borealis")
    s.apply("ann", "start")
    for cmd in ("place otonashi B8", "place subakna A12 B12", "place horned1 B9", "place horned3 B13",
                "place marrden3 A10", "place horned2 B10", "place kato C13", "place marrden1 C11",
                "place marrden2 B11"):
        s.apply("ann", cmd)
    st = s.state
    free = [h for h in st.battlefield.start_zones[st.player("ann").zone] if st.occupant(h) is None]
    assert len(free) == 2 and not free[0].is_adjacent(free[1])  # Nerak's two spaces are apart
    out = s.apply("ann", "place-rest")
    st = s.state
    nerak = st.figures["nerak"]
    assert len(nerak.hexes) == 2 and nerak.hexes[0].is_adjacent(nerak.hexes[1])
    zone = st.battlefield.start_zones[st.player("ann").zone]
    ann_spaces = [h for f in st.figures.values() if f.owner == "ann" for h in f.hexes]
    assert len(ann_spaces) == len(set(ann_spaces)) == 12 and set(ann_spaces) <= zone
    assert any(e.kind == "placed_again" for e in out.events)  # the moved figures are told


def test_an_army_fits_only_the_start_zone_spaces_without_an_obstacle() -> None:
    # rule: HS-ARMY-02, HS-OBSTACLE-01 - the Forgotten Forest's first start zone has 24 spaces, one
    # under an obstacle: an army of 24 spaces was accepted and then could not be placed.
    from bot.rules.army import zone_room
    from bot.rules.errors import RulesError

    s = GameSession.create("lib", map_id="forgotten-forest", seed=1, fmt=formats.overrides("epic", {}))
    for name in ("Ann", "Bo"):
        s.apply(name.lower(), f"join {name}")
    st = s.state
    zone = st.battlefield.start_zones[st.player("ann").zone]
    assert (len(zone), zone_room(st, "ann")) == (24, 23)
    army = ("horned-skull-brutes; marrden-nagrubs; kato-katsuro; su-bak-na; nerak-the-glacian-swog-rider; jorhdawn; "
            "ashigaru-yari; misaerx-the-kyrie-warrior; zombies-of-morindan; eldgrim-the-viking-champion; "
            "greenscale-warriors")  # 24 spaces
    with pytest.raises(RulesError, match="23"):
        s.apply("ann", f"army {army}")
    assert not [c for c in s.state.cards.values() if c.owner == "ann"]  # nothing changed


def test_an_army_of_double_space_figures_fits_only_the_pairs_its_start_zone_has() -> None:
    # rule: HS-ARMY-02, HS-DOUBLE-01, HS-DOUBLE-02 - on Waypoint Waylay the red start zone has 14
    # spaces, one of them a level higher than its neighbours: it holds 6 double-space figures, not
    # 7. An army of 7 (Major Q10 and two squads of three Templar Cavalry) was accepted, then never placed.
    from bot.rules.army import zone_pairs, zone_room
    from bot.rules.errors import RulesError

    s = GameSession.create("p", map_id="waypoint-waylay", seed=2)
    for name in ("Ann", "Bo"):
        s.apply(name.lower(), f"join {name}")
    ann = next(p.id for p in s.state.players if p.zone == "red")
    assert (zone_room(s.state, ann), zone_pairs(s.state, ann)) == (14, 6)
    with pytest.raises(RulesError, match="holds only 6"):
        s.apply(ann, "army major-q10; templar-cavalry; templar-cavalry")
    assert not [c for c in s.state.cards.values() if c.owner == ann]  # nothing changed
    s.apply(ann, "army templar-cavalry; templar-cavalry")  # 6 double-space figures fit


def test_no_room_in_a_start_zone_is_told_with_the_spaces_counted() -> None:
    # rule: HS-ARMY-02, HS-OBSTACLE-01 - a zone with spaces under an obstacle said only "no room left",
    # which read as "too many figures" to a map maker whose side file drew the zone over a wall.
    from bot.rules.flow.placement import _no_room

    s = GameSession.create("lib", map_id="forgotten-forest", seed=1, fmt=formats.overrides("epic", {}))
    for name in ("Ann", "Bo"):
        s.apply(name.lower(), f"join {name}")
    s.apply("ann", "army nerak-the-glacian-swog-rider; finn-the-viking-champion")
    st = s.state
    zone = sorted(st.battlefield.start_zones[st.player("ann").zone], key=lambda h: (h.r, h.q))
    army = [f for f in st.figures.values() if f.owner == "ann"]
    told = _no_room(st, zone, st.figures["finn"], army)
    assert told == ("no room left in your start zone for finn: it has 24 spaces, 23 free (1 under an obstacle); "
                    "your 2 figures need 3 spaces (1 of them two adjacent spaces of one level)")
