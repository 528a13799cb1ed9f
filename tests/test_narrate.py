"""Narration (bot.game.narrate): the lines players read for events the engine emits, driven by
real matches and sandboxes with the classic cards.

Covers the gaps found by checking every ``emit(`` of ``bot/rules`` against the narrator: a Player
Turn lost because Mind Shackle took the card under the marker, a Line attack that hits nobody,
Water Clone's d20 rolls, terrain results, the removed markers' private line, an added Army Card
turn and a move of 0 spaces.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import pytest

from bot.game.howto import CONSOLE, HowTo
from bot.game.narrate import Narrator
from bot.rules.events import Event
from bot.rules.state import MatchState
from bot.rules.views import player_view, public_view
from tests.rules.conftest import (
    BLANK,
    DUMMY,
    LIB,
    SHIELD,
    SKULL,
    build,
    fig,
    full_match,
    markers,
    roll,
    sandbox,
)

if TYPE_CHECKING:
    from bot.game.session import GameSession
    from bot.rules.engine import Engine
    from bot.rules.match import Match

NEGOKSA = LIB.get("Ne-Gok-Sa")
FINN = LIB.get("Finn the Viking Champion")
MIMRING = LIB.get("Mimring")
MARRO = LIB.get("Marro Warriors")


class Table:
    """What the narrator reads of a session: the state and the players' names."""

    def __init__(self, game: Engine | Match, names: dict[str, str] | None = None, howto: HowTo = CONSOLE) -> None:
        self.game = game
        self.names = names or {}
        self.howto = howto

    @property
    def state(self) -> MatchState:
        return self.game.state

    def name(self, player: str) -> str:
        return self.names.get(player, player)


def narrator(game: Engine | Match, **names: str) -> Narrator:
    return Narrator(cast("GameSession", Table(game, names)))


def lines(n: Narrator, events: list[Event], to: str | None = None) -> list[str]:
    return [line for e in events if e.to == to and (line := n.line(e))]


def only(events: list[Event], kind: str) -> dict[str, Any]:
    found = [e.data for e in events if e.kind == kind]
    assert len(found) == 1, [e.kind for e in events]
    return found[0]


# ---- a Player Turn lost to Mind Shackle ----------------------------------------------------------


def neighbours_field() -> Any:
    """Four spaces in a row: p1's start zone the first, p2's the other three."""
    return build([{"q": [0, 3], "r": [0, 0], "level": 1, "terrain": "grass"}],
                 start_zones={"red": [{"q": [0, 0], "r": [0, 0]}], "blue": [{"q": [1, 3], "r": [0, 0]}]})


def shackled() -> tuple[Match, list[Event]]:
    """Ne-Gok-Sa (Alice, p1) takes Finn from Bob (p2), whose markers 1, 2 and X were on Finn."""
    m = full_match({"p1": [NEGOKSA], "p2": [FINN, DUMMY]}, battlefield=neighbours_field(),
                   orders={"p1": markers("Ne-Gok-Sa"), "p2": markers("Finn", "Finn", "Dummy", "Finn")},
                   initiative=[20, 1])
    finn = next(f.id for f in m.state.figures.values() if f.card_key == "p2/finn-the-viking-champion")
    m.apply("p1", f"attack negoksa {finn}")
    roll(m, d20=[20])
    return m, m.apply("p1", f"choose {finn}")


def test_a_turn_lost_because_mind_shackle_took_the_card_is_announced() -> None:
    # rule: HS-ARMY-10 (the taken card's face-down markers leave it: those turns are lost)
    m, events = shackled()
    n = narrator(m, p1="Alice", p2="Bob")
    assert "Your Order Markers 1, 2, X left Finn: those turns are lost this round." in lines(n, events, "p2")
    assert not any("1, 2, X" in line for line in lines(n, events))  # which numbers: Bob's secret
    events = m.apply("p1", "end-turn")
    lost = only(events, "turn_lost")
    assert (lost["player"], lost["marker"], lost["card"], lost["controller"]) == (
        "p2", "1", "p2/finn-the-viking-champion", "p1")
    assert "Bob's Order Marker 1 was on Finn, which Alice controls now: Bob's turn is lost." in lines(n, events)
    # The round goes on: Alice's marker 2 is next; Bob's marker 2 (also on Finn) is announced in turn.
    assert m.state.turn is not None and (m.state.turn.player, m.state.turn.marker) == ("p1", "2")
    events = m.apply("p1", "end-turn")
    assert only(events, "turn_lost")["marker"] == "2"
    events = m.apply("p1", "end-turn")
    assert "turn_lost" not in [e.kind for e in events]  # Bob's marker 3 is on the Dummy: his turn
    assert m.state.turn is not None and (m.state.turn.player, m.state.turn.marker) == ("p2", "3")


def test_a_card_taken_back_in_the_same_round_does_not_get_its_markers_back() -> None:
    # rule: HS-ARMY-10
    m, _ = shackled()
    m.engine.take_control("p2/finn-the-viking-champion", "p2", "test")  # as a second Mind Shackle would
    events = m.apply("p1", "end-turn")
    assert only(events, "turn_lost")["reason"] == "the card changed hands"
    assert ("Bob's Order Marker 1 left Finn when the card changed hands: Bob's turn is lost."
            in lines(narrator(m, p1="Alice", p2="Bob"), events))


def test_the_lost_markers_stay_secret_in_other_players_views() -> None:
    # rule: HS-ORDER-05
    m, _ = shackled()
    assert m.state.lost_orders == {"p2": {"1": "p2/finn-the-viking-champion", "2": "p2/finn-the-viking-champion",
                                          "X": "p2/finn-the-viking-champion"}}
    assert public_view(m.state).lost_orders == {} and player_view(m.state, "p1").lost_orders == {}
    assert player_view(m.state, "p2").lost_orders == m.state.lost_orders


def test_the_lost_markers_are_forgotten_at_the_next_round() -> None:
    m, _ = shackled()
    for _ in range(4):
        assert m.state.turn is not None
        m.apply(m.state.turn.player, "end-turn")
    assert m.state.round == 2 and m.state.lost_orders == {}


# ---- special attacks, powers -----------------------------------------------------------------------


def test_a_fire_line_that_hits_nobody_says_so() -> None:
    # rule: HS-LINE-02 (figures out of sight on the line are not affected)
    hill = build(hexes=[{"at": [3, 2], "level": 14, "terrain": "rock"}])
    eng = sandbox(fig("mimring", "p1", [(1, 2), (0, 2)], MIMRING), fig("hidden", "p2", (5, 2), DUMMY), battlefield=hill)
    roll(eng, [SKULL, SKULL, BLANK, BLANK])
    events = eng.execute("p1", "special mimring fire 2,2")
    assert only(events, "special_roll")["affected"] == []
    assert lines(narrator(eng), events) == ["mimring uses Fire Line Special Attack: 💀💀·· — it hits no figure."]


def test_a_fire_line_that_hits_figures_narrates_each_defense_not_the_roll_twice() -> None:
    eng = sandbox(fig("mimring", "p1", [(1, 2), (0, 2)], MIMRING), fig("t", "p2", (3, 2), DUMMY))
    roll(eng, [SKULL, SKULL, BLANK, BLANK])
    said = lines(narrator(eng), eng.execute("p1", "special mimring fire 2,2"))
    assert said == ["mimring attacks t (Fire Line Special Attack): 💀💀·· vs - — 2 skulls, 0 shields: 2 wounds."]


def test_water_clone_shows_each_d20_roll_against_its_need() -> None:
    field = build(hexes=[{"at": [1, 1], "level": 1, "terrain": "water"}])
    eng = sandbox(fig("marro1", "p1", (1, 1), MARRO, card_key="p1/marro"),
                  fig("marro2", "p1", (5, 5), MARRO, card_key="p1/marro"),
                  fig("marro3", "p1", (6, 0), MARRO, card_key="p1/marro"),
                  fig("foe", "p2", (3, 1), DUMMY), battlefield=field)
    eng.destroy(eng.state.figures["marro3"], "test")
    eng.execute("p1", "attack marro1 foe")
    roll(eng, d20=[10, 14])  # marro1 in water needs 10, marro2 on grass 15
    events = eng.execute("p1", "choose roll")
    said = [line for line in lines(narrator(eng), events) if line.startswith("✨")]
    assert said == ["✨ Marro Warriors: Water Clone — d20 marro1 10 (needs 10+) ✓, marro2 14 (needs 15+) ✗ "
                    "— 1 success."]


# ---- terrain, a 0-space move, an added Army Card turn ------------------------------------------------


def test_terrain_lines_say_what_the_roll_did() -> None:
    eng = sandbox(fig("finn", "p1", (1, 1), FINN))
    n = narrator(eng)
    assert n.line(Event("terrain", {"figure": "finn", "terrain": "lava_field", "dice": [SKULL], "wounds": 1})) == (
        "finn on lava field: 💀 → 1 wound.")
    assert n.line(Event("terrain", {"figure": "finn", "terrain": "thin_ice", "d20": 17, "wounds": 0})) == (
        "finn on thin ice: d20 17 → no harm.")
    assert n.line(Event("terrain", {"figure": "finn", "terrain": "wellspring_water", "d20": 13, "wounds": 0,
                                    "healed": 1})) == "finn on wellspring water: d20 13 → 1 wound healed."
    assert n.line(Event("terrain", {"figure": "finn", "terrain": "molten_lava", "d20": 4, "wounds": -1})) == (
        "finn on molten lava: d20 4 → it does not survive.")
    assert n.line(Event("terrain", {"figure": "finn", "terrain": "cooling_lava", "wounds": 1})) == (
        "finn on cooling lava: 1 wound.")


def test_a_move_of_no_spaces_is_narrated(monkeypatch: pytest.MonkeyPatch) -> None:
    # rule: HS-MOVE-02 (a figure that stays where it is still counts as moved, where DEC-14 allows it)
    monkeypatch.setattr("bot.rules.actions.move.ZERO_SPACE_MOVES", True)
    eng = sandbox(fig("finn", "p1", (1, 1), FINN))
    label = eng.state.battlefield.label(eng.state.figures["finn"].hex)
    assert lines(narrator(eng), eng.execute("p1", f"move finn {label}")) == [f"finn stays at {label}."]


def test_an_added_army_card_turn_is_announced() -> None:
    # rule: HS-TURN-05 (Bonding: another Army Card turn in the same Player Turn)
    eng = sandbox(fig("finn", "p1", (1, 1), FINN))
    n = narrator(eng, p1="Alice")
    assert n.line(Event("card_turn", {"player": "p1", "card": "p1/finn"})) == "Alice goes on with Finn."


def test_decisions_are_narrated_with_their_labels_and_players_by_name() -> None:
    # rule: HS-DESTROY-04 (Warrior's Attack Spirit asks which card: people read card names, not keys)
    eng = sandbox(fig("finn", "p1", (1, 1), FINN))
    n = narrator(eng, p1="carol")
    asked = Event("pending", {"player": "p1", "kind": "warriors_spirit", "prompt": "Which card?",
                              "options": ["p1/thorgrim", "p2/tarn"], "labels": ["Thorgrim", "Tarn Vikings (bob)"]})
    assert n.line(asked) == "carol must decide: Which card? (Thorgrim / Tarn Vikings (bob))"
    decided = Event("decided", {"player": "p1", "kind": "warriors_spirit", "choice": "p2/tarn",
                                "label": "Tarn Vikings (bob)"})
    assert n.line(decided) == "carol chose Tarn Vikings (bob)."
    # Events of an older log carry no labels: the options are shown as they are.
    assert n.line(Event("decided", {"player": "p1", "kind": "chomp", "choice": "skip"})) == "carol chose skip."


# ---- issue 10: the texts a new player read ------------------------------------------------------------

SYVARRIS = LIB.get("Syvarris")
IZUMI = LIB.get("Izumi Samurai")


def test_counts_are_in_the_right_number() -> None:
    eng = sandbox(fig("finn", "p1", (1, 1), FINN), fig("t", "p2", (2, 1), DUMMY))
    roll(eng, [SKULL, BLANK, BLANK])  # the dummy rolls no defense dice
    said = Narrator(cast("GameSession", Table(eng))).lines(eng.execute("p1", "attack finn t"))
    assert [line for _ev, line in said if " attacks " in line] == ["finn attacks t: 💀·· vs - — 1 skull, 0 shields: 1 wound."]


def test_double_attack_is_told_once() -> None:
    eng = sandbox(fig("syvarris", "p1", (0, 2), SYVARRIS), fig("t", "p2", (4, 2), DUMMY))
    roll(eng, [SKULL, BLANK, BLANK])
    said = [line for _ev, line in narrator(eng).lines(eng.execute("p1", "attack syvarris t"))]
    again = [line for line in said if "may attack again" in line]
    assert again == ["✨ syvarris: Double Attack — syvarris may attack again."]


def test_a_power_without_effect_says_so_once() -> None:
    n = narrator(sandbox(fig("finn", "p1", (1, 1), FINN)))
    ev = Event("power", {"power": "Mind Shackle", "figure": "negoksa", "target": "finn", "d20": 3, "needed": 20,
                         "success": False, "result": "no effect"})
    assert n.line(ev) == "✨ negoksa: Mind Shackle on finn — d20 3 (needs 20+) — no effect."


def test_counter_strike_is_told_after_the_attack_it_answers() -> None:
    eng = sandbox(fig("brute", "p1", (2, 2), FINN), fig("sam", "p2", (3, 2), IZUMI))
    roll(eng, [BLANK, BLANK, BLANK] + [SHIELD, SHIELD, BLANK, BLANK, BLANK])  # 0 skulls, 2 shields: 2 beyond
    said = [line for _ev, line in narrator(eng).lines(eng.execute("p1", "attack brute sam"))]
    attack_at = next(i for i, line in enumerate(said) if line.startswith("brute attacks sam"))
    strike_at = next(i for i, line in enumerate(said) if "Counter Strike" in line)
    assert attack_at < strike_at, said
    assert said[strike_at] == "✨ sam: Counter Strike on brute — 2 wounds."


def test_the_round_is_told_once_where_the_adapter_announces_it_itself() -> None:
    from bot.game.howto import DISCORD

    ev = Event("round_started", {"round": 2})
    eng = sandbox(fig("finn", "p1", (1, 1), FINN))
    assert narrator(eng).line(ev) == "— Round 2 — place your Order Markers."
    assert Narrator(cast("GameSession", Table(eng, howto=DISCORD))).line(ev) is None
