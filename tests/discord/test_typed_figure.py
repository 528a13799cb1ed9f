"""``/move`` with the figure typed rather than picked from its autocomplete (``syv``): the ``to``
autocomplete offers that figure's spaces, and the command moves it, both resolving the typed text
the same way (:func:`bot.game.figure_names.figure_named`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot_table import Table

from bot.game.figure_names import figure_named
from bot.game.session import GameSession

if TYPE_CHECKING:
    from conftest import NewTable, World

    from bot.fakediscord import FakeDiscord


async def _alices_syvarris_turn(table: Table) -> None:
    """alice (Syvarris) and bob (Izumi Samurai) on practice-field, on to alice's turn."""
    alice, bob = table.players
    await table.setup(("Syvarris", "Izumi Samurai"))
    for user in (alice, bob):
        await table.place_markers(user)
    for _ in range(3):
        turn = table.state.turn
        if turn is None or turn.player == str(alice.id):
            break
        await table.reply(table.user(turn.player), "end-turn")
    assert table.state.turn is not None and table.state.turn.card_key is not None, table.log[-10:]
    assert table.state.turn.card_key.endswith("syvarris")


async def test_move_to_offers_spaces_for_a_typed_figure_and_moves_it(
        fake: FakeDiscord, world: World, new_table: NewTable) -> None:
    # rule: HS-MOVE-01 (the figure of the card whose turn it is moves)
    table = await new_table()
    await _alices_syvarris_turn(table)
    picked = await fake.autocomplete(world.alice, world.channel, "move", options={"figure": "syvarris", "to": ""},
                                     focused="to")
    for typed in ("syv", "Syvarris", "SYV"):
        offered = await fake.autocomplete(world.alice, world.channel, "move", options={"figure": typed, "to": ""},
                                          focused="to")
        assert offered and offered == picked, typed
    nobody = await fake.autocomplete(world.alice, world.channel, "move", options={"figure": "izumi", "to": ""},
                                     focused="to")
    assert nobody == []  # bob's figures are not alice's to move
    start = table.state.figures["syvarris"].hex
    moved = await table.reply(world.alice, "move", figure="syv", to=picked[0]["value"])
    assert f"syvarris moves {table.state.battlefield.label(start)} → {picked[0]['value']}" in moved.content
    assert table.state.figures["syvarris"].hex != start


def test_figure_named_needs_one_figure() -> None:
    session = GameSession.create("t", map_id="practice-field", seed=1)
    for line in ("join Alice", "army Syvarris; Tarn Vikings"):
        session.apply("alice", line)
    st = session.state
    assert figure_named(st, "syv") is st.figures["syvarris"]
    assert figure_named(st, "Syvarris") is st.figures["syvarris"]
    assert figure_named(st, " TARN2 ") is st.figures["tarn2"]
    assert figure_named(st, "tarn") is None  # four Tarn Vikings
    assert figure_named(st, "x") is None and figure_named(st, "") is None
