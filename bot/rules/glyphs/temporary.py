"""Temporary power glyphs: each works once when a figure moves onto it, then leaves the game
(HS-GLYPH-05, -20..31). Called by :class:`bot.rules.glyphs.arrival.GlyphActs` once the glyph is off
the battlefield.

:func:`start` carries a glyph's rule out for the figure that landed (the trigger's ``subject``);
where the rule lets its player choose ("you may", "choose a figure") it asks with the engine's
decision (:meth:`~bot.rules.context.RulesContext.ask`), and the answer comes back to :func:`step`
with the trigger's ``step`` saying where the rule stands. Every d20 comes from the dice source with
Lodin's +1 for its roller (HS-GLYPH-13); Oreld's random Order Marker is a pick from the dice source.
Figures moved or placed by a glyph (Erland, Quillivon, Sturla) are in :mod:`bot.rules.glyphs.moves`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from bot.rules.glyphs import moves
from bot.rules.glyphs.common import in_roll_order, name_of, opponents, roll, say
from bot.rules.hexes import Hex
from bot.rules.state import MARKERS, Figure, MatchState
from bot.rules.timing import Trigger

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

SKIP = "skip"
YES = "yes"
NO = "no"
DONE = "done"


# ==== Felaron, Haukeland, Kelda, Mitonsoul ==========================================================


def felaron(eng: RulesContext, trig: Trigger, fig: Figure) -> None:
    """Felaron: take any one other glyph off the battlefield (HS-GLYPH-22)."""
    st = eng.state
    spots = sorted(st.glyphs, key=lambda h: (h.r, h.q))
    if not spots:
        say(eng, trig, "there is no other glyph on the battlefield to remove")
        return
    labels = [f"{st.battlefield.label(h)} ({glyph_label(st, h)})" for h in spots]
    eng.ask(trig.with_data(step="felaron"), "Glyph of Felaron: which glyph leaves the battlefield?",
            [st.battlefield.label(h) for h in spots], "HS-GLYPH-22", labels=labels)


def glyph_label(st: MatchState, h: Hex) -> str:
    """How a glyph lying on ``h`` is shown: its name power side up, "face down" symbol side up."""
    name, side = st.glyphs[h]
    return f"Glyph of {name.capitalize()}" if side == "power" else "face down"


def remove_glyph(eng: RulesContext, h: Hex, why: str) -> None:
    """Take the glyph on ``h`` off the battlefield (a temporary glyph used up, Felaron) and say so."""
    spot = eng.state.glyphs.pop(h, None)
    if spot is not None:
        eng.emit("glyph_removed", glyph=spot[0], side=spot[1], at=[h.q, h.r], reason=why)


def felaron_step(eng: RulesContext, trig: Trigger, choice: str | None) -> None:
    st = eng.state
    h = st.battlefield.parse_space(choice or "")
    gone = glyph_label(st, h)
    remove_glyph(eng, h, "Glyph of Felaron")
    say(eng, trig, f"the glyph at {st.battlefield.label(h)} ({gone}) leaves the battlefield")


def haukeland(eng: RulesContext, trig: Trigger, fig: Figure) -> None:
    """Haukeland: the player may take up to 3 Wound Markers off their figures (HS-GLYPH-23)."""
    ask_heal(eng, trig.with_data(step="haukeland", left=3))


def ask_heal(eng: RulesContext, trig: Trigger) -> None:
    st = eng.state
    left = int(trig.get("left", 0))
    hurt = [f.id for f in st.figures.values() if f.on_battlefield and f.controller == trig.controller and f.wounds]
    if left <= 0 or not hurt:
        return
    eng.ask(trig, f"Glyph of Haukeland: take a Wound Marker off which figure? ({left} left; 'done' to stop)",
            [*hurt, DONE], "HS-GLYPH-23")


def haukeland_step(eng: RulesContext, trig: Trigger, choice: str | None) -> None:
    st = eng.state
    if choice in (None, DONE):
        return
    left = int(trig.get("left", 0))
    for fid in (choice or "").split():
        if left <= 0:
            break
        f = st.figures[fid]
        if f.wounds:
            f.wounds -= 1
            left -= 1
            say(eng, trig, f"{f.id} loses a Wound Marker", healed=f.id, wounds=f.wounds)
    ask_heal(eng, trig.with_data(left=left))


def kelda(eng: RulesContext, trig: Trigger, fig: Figure) -> None:
    """Kelda: the figure that ends its move on it loses all its Wound Markers (HS-GLYPH-25)."""
    healed = fig.wounds
    fig.wounds = 0
    say(eng, trig, f"{fig.id} loses all {healed} of its Wound Markers", healed=fig.id, wounds=0)


def mitonsoul(eng: RulesContext, trig: Trigger, fig: Figure) -> None:
    """Mitonsoul: every player rolls the d20 for each of their figures; a 1 destroys it (HS-GLYPH-27)."""
    st = eng.state
    rolls: dict[str, int] = {}
    for player, figs in in_roll_order(st):
        for f in figs:
            if f.on_battlefield:
                rolls[f.id] = roll(eng, player)
    doomed = [fid for fid, r in rolls.items() if r <= 1]
    say(eng, trig, f"every figure rolls: {', '.join(doomed) or 'none'} destroyed", rolls=rolls, destroyed=doomed)
    for fid in doomed:
        eng.destroy(st.figures[fid], "the Glyph of Mitonsoul")


# ==== Nilrend, Oreld =================================================================================


def nilrend(eng: RulesContext, trig: Trigger, fig: Figure) -> None:
    """Nilrend: the player may pick an opponent's Unique Army Card and roll; 5+ negates its special
    powers for the rest of the game (HS-GLYPH-28)."""
    st = eng.state
    foes = opponents(st, trig.controller)
    keys = [k for k, c in st.cards.items() if c.controller in foes and c.card.is_unique
            and not c.data.get("negated") and any(st.figures[f].on_battlefield for f in c.figure_ids)]
    if not keys:
        say(eng, trig, "no opponent has a Unique Army Card on the battlefield")
        return
    labels = [f"{st.cards[k].card.name} ({name_of(st, st.cards[k].controller)})" for k in keys]
    eng.ask(trig.with_data(step="nilrend"), "Glyph of Nilrend: pick an opponent's Unique Army Card to try to "
            "negate (5 or more on the d20), or skip", [*keys, SKIP], "HS-GLYPH-28", labels=[*labels, SKIP])


def nilrend_step(eng: RulesContext, trig: Trigger, choice: str | None) -> None:
    st = eng.state
    if choice in (None, SKIP):
        return
    assert choice is not None
    r = roll(eng, trig.controller)
    cip = st.cards[choice]
    if r < 5:
        say(eng, trig, f"rolled {r}: nothing happens to {cip.card.name}", d20=r, card=choice)
        return
    negate(st, choice)
    say(eng, trig, f"rolled {r}: the Gold Negation Marker goes on {cip.card.name}; its special powers are off "
                   "for the rest of the battle", d20=r, card=choice, negated=True)


def negate(st: MatchState, key: str) -> None:
    """Switch off every special power of card ``key`` for the rest of the game (the Gold Negation
    Marker, HS-GLYPH-28): the card in play becomes a copy without powers (Flying included, a special
    power too); ``data["negated"]`` records the marker."""
    cip = st.cards[key]
    cip.card = cip.card.model_copy(update={"powers": [], "keywords": []})
    cip.data["negated"] = True
    # The power index (bot.rules.powers._common) is kept per cards dict and its keys: a new dict
    # makes it look again, so no hook finds the negated powers.
    st.cards = dict(st.cards)


def oreld(eng: RulesContext, trig: Trigger, fig: Figure) -> None:
    """Oreld: roll; 10+ lets the player take away one random face-down Order Marker of an opponent
    (HS-GLYPH-29)."""
    st = eng.state
    r = roll(eng, trig.controller)
    foes = [p for p in opponents(st, trig.controller) if face_down(st, p)]
    if r < 10:
        say(eng, trig, f"rolled {r}: nothing happens", d20=r)
        return
    if not foes:
        say(eng, trig, f"rolled {r}, but no opponent has an Order Marker face down", d20=r)
        return
    say(eng, trig, f"rolled {r}: {name_of(st, trig.controller)} may take away an opponent's face-down Order Marker",
        d20=r)
    if len(foes) == 1:
        eng.ask(trig.with_data(step="oreld", foe=foes[0]), f"Glyph of Oreld: take away one of "
                f"{name_of(st, foes[0])}'s face-down Order Markers, picked at random?", [YES, NO], "HS-GLYPH-29")
        return
    eng.ask(trig.with_data(step="oreld"), "Glyph of Oreld: whose face-down Order Marker do you take away "
            "(picked at random)?", [*foes, NO], "HS-GLYPH-29", labels=[*(name_of(st, p) for p in foes), NO])


def face_down(st: MatchState, player: str) -> list[str]:
    """``player``'s Order Markers still face down on cards, in marker order (1, 2, 3, X)."""
    placed = st.orders.get(player, {})
    shown = st.revealed.get(player, [])
    return [m for m in MARKERS if m in placed and m not in shown]


def oreld_step(eng: RulesContext, trig: Trigger, choice: str | None) -> None:
    st = eng.state
    if choice in (None, NO):
        return
    foe = str(trig.get("foe") or choice)
    candidates = face_down(st, foe)
    if not candidates:
        return
    marker = candidates[eng.roll_pick(len(candidates))]
    key = st.orders[foe].pop(marker)
    card = st.cards[key].card.name if key in st.cards else key
    eng.emit("orders_removed", to=foe, player=foe, card=key, markers=[marker])
    say(eng, trig, f"one of {name_of(st, foe)}'s face-down Order Markers is taken off {card}", foe=foe, card=key)


# ==== dispatch =======================================================================================

Start = Callable[["RulesContext", Trigger, Figure], None]
Step = Callable[["RulesContext", Trigger, "str | None"], None]

#: Each temporary glyph's rule, by name.
STARTS: dict[str, Start] = {
    "erland": moves.erland, "felaron": felaron, "haukeland": haukeland, "kelda": kelda,
    "mitonsoul": mitonsoul, "nilrend": nilrend, "oreld": oreld, "quillivon": moves.quillivon,
    "sturla": moves.sturla,
}
#: The follow-up of each decision a temporary glyph asks, by the trigger's ``step``.
STEPS: dict[str, Step] = {
    "erland": moves.erland_figure, "erland_space": moves.erland_space, "felaron": felaron_step,
    "haukeland": haukeland_step, "nilrend": nilrend_step, "oreld": oreld_step,
    "quillivon": moves.quillivon_figure, "quillivon_space": moves.quillivon_space, "sturla": moves.sturla_space,
}


def start(eng: RulesContext, trig: Trigger, fig: Figure) -> None:
    """Carry out the temporary glyph ``trig.get("name")`` for ``fig``, which landed on it."""
    STARTS[str(trig.get("name"))](eng, trig, fig)


def step(eng: RulesContext, trig: Trigger, choice: str | None) -> None:
    """Go on with a temporary glyph's rule after its player answered ``choice``."""
    STEPS[str(trig.get("step"))](eng, trig, choice)


def accept(eng: RulesContext, trig: Trigger, answer: str) -> str | None:
    """Answers a glyph's decision takes beyond its listed options: several figure ids at once for
    Haukeland (``"a a b"``: one Wound Marker each), a space typed for a move or a placement."""
    st = eng.state
    kind = trig.get("step")
    said = answer.strip().lower()
    if said in ("true", "false"):  # a "you may" answered as in rules cases v2
        yes = {"oreld": YES}.get(str(kind))
        no = {"oreld": NO, "nilrend": SKIP, "haukeland": DONE, "quillivon": DONE}.get(str(kind))
        return (yes if said == "true" else no)
    words = answer.replace(",", " ").split()
    if kind == "haukeland" and words and all(w in st.figures for w in words) and len(words) <= int(trig.get("left", 0)):
        return " ".join(words)
    if kind in ("erland_space", "quillivon_space", "sturla"):
        return moves.accept_space(eng, trig, answer)
    return None
