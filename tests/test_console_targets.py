"""The console's ``targets FIG``: each attack of the figure listed apart (normal attack, then each
special attack, with the dice against each target), and the image marking what they can hit.
The ``lane`` map comes from ``tests/conftest.py``."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from bot.console.local import Console
from bot.game.session import GameSession
from bot.rules.state import Phase


def test_targets_lists_the_normal_and_each_special_attack(tmp_path: Path, lane_map: None) -> None:
    # rule: HS-SPECIAL-09 (Thorian Speed forbids Drake's distant normal attackers, not special ones)
    out: list[str] = []
    session = GameSession.create("local", map_id="lane", seed=3)
    names = iter(["Alice", "Bob"])
    con = Console(session, tmp_path, read=lambda _prompt: next(names), write=out.append, tty=False, screen=False)
    assert con.seat_players(False)
    for line in ("army Deathwalker 9000", "Bob: army Sgt. Drake Alexander", "start", "place-rest",
                 "Bob: place-rest"):
        assert con.handle(line)
    st = session.state
    assert st.phase is Phase.ORDERS
    walker = next(f for f in st.figures.values() if f.card_key.endswith("deathwalker-9000"))
    drake = next(f for f in st.figures.values() if f is not walker)
    out.clear()
    con.cmd_targets(walker.id)
    label = st.battlefield.label(drake.hex)
    assert out[:4] == [
        f"{walker.id} can attack:",
        "  normal attack: no figure in reach",
        f"  Explosion Special Attack: {drake.id}",
        f"    {drake.id} at {label}: 3 attack vs 3 defense dice, 0.75 wounds expected (5 Life left), 0% to destroy",
    ], out
    image = tmp_path / f"targets-{walker.id}.png"
    assert out[4] == f"targets image: {image}"
    with Image.open(image) as img:
        assert img.format == "PNG"

    # With 1 Life left, no attack can do more than 1 wound: the expectation is capped, and the
    # chance to destroy is the chance of at least 1 wound (1 - 0.4907 for 3 dice against 3).
    drake.wounds = 4
    out.clear()
    con.cmd_targets(walker.id)
    assert out[3] == f"    {drake.id} at {label}: 3 attack vs 3 defense dice, 0.51 wounds expected (1 Life left), 51% to destroy"
