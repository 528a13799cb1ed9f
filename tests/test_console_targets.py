"""The console's ``targets FIG``: each attack of the figure listed apart (normal attack, then each
special attack, with the dice against each target), and the image marking what they can hit.
The ``lane`` map comes from ``tests/conftest.py``."""

from __future__ import annotations

import re
from collections.abc import Callable
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
        # The reason, as the picture's caption gives it (QA: "no figure in reach" said nothing of why).
        f"  normal attack: no figure in reach ({drake.id} has Thorian Speed: only a figure next to him may aim "
        "a normal attack at him)",
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


STRIP: dict[str, object] = {
    "format": "heroscape-map/1", "id": "strip", "name": "Strip",
    "fill": [{"q": [0, 7], "r": [0, 0], "level": 1, "terrain": "grass"}], "hexes": [], "obstacles": [],
    "glyphs": [], "start_zones": {"red": [[0, 0]], "blue": [[5, 0], [6, 0], [7, 0]]}}


def test_targets_odds_count_stealth_dodge(tmp_path: Path, extra_maps: Callable[..., None]) -> None:
    # rule: HS-ATTACK-11 (issue 11: targets showed the plain dice's odds, ignoring Stealth Dodge)
    extra_maps(STRIP)
    out: list[str] = []
    session = GameSession.create("local", map_id="strip", seed=3)
    names = iter(["Alice", "Bob"])
    con = Console(session, tmp_path, read=lambda _prompt: next(names), write=out.append, tty=False, screen=False)
    assert con.seat_players(False)
    for line in ("army Syvarris", "Bob: army Krav Maga Agents", "start", "place-rest", "Bob: place-rest"):
        assert con.handle(line)
    st = session.state
    syvarris = next(f for f in st.figures.values() if f.owner == st.players[0].id)
    out.clear()
    con.cmd_targets(syvarris.id)
    lines = [line for line in out if " attack vs " in line]
    assert lines, out  # the nearest Agent (it hides the others on the strip)
    for line in lines:
        m = re.search(r": (\d+) attack vs (\d+) defense dice, .*\(1 Life left\), (\d+)% to destroy \(Stealth Dodge\)$", line)
        assert m is not None, line
        a, d, shown = (int(g) for g in m.groups())
        # Not adjacent: the Agent is destroyed only when no shield shows and a skull does.
        assert shown == round(100 * (2 / 3) ** d * (1 - 0.5**a)), line
