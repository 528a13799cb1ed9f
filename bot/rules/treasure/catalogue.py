"""The Treasure Glyphs, Ancient Artifacts and Tech Glyphs: what each one is and does, in the project's words.

One :class:`GlyphInfo` per glyph, keyed by its name in lower case with underscores (``heroic_rune``,
``bolt_of_the_witherwood``, ``jump_pack``), the same names the map files and rules cases use.
:func:`describe` finds one by any spelling a player types ("Heroic Rune", "gulløx wing render").

The shape matches the power-glyph registry's (``bot.rules.glyphs.describe``): ``name``, ``title``,
``family``, ``permanent``, ``text``; the extra fields say when a glyph is used (``when``), which
ledger clauses it carries out (``rules``) and whether the bot applies it by itself (``enforced``).
The texts are written for players here; they are not the rulebooks' words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: Families: a Treasure Glyph, an Ancient Artifact (a Treasure Glyph of which an army holds one copy,
#: HS-TREASURE-41) and a Tech Glyph (a permanent Treasure Glyph turned over when used, HS-TECH-01).
TREASURE, ARTIFACT, TECH = "treasure", "artifact", "tech"

#: When a glyph is used (``GlyphInfo.when``): never by choice (always working while carried), with the
#: ``use`` command in its carrier's turn, or by answering a decision the rules offer at its moment.
ALWAYS, USE, OFFERED = "always", "use", "offered"


@dataclass(frozen=True, slots=True)
class GlyphInfo:
    """One Treasure, Artifact or Tech Glyph.

    ``name`` is the key (``heroic_rune``); ``title`` the name on the glyph; ``family`` is
    :data:`TREASURE`, :data:`ARTIFACT` or :data:`TECH`; ``permanent`` whether it keeps working while
    carried (else it is used once and leaves the game, HS-TREASURE-31); ``text`` what it does, for
    players; ``when`` how it is used (:data:`ALWAYS`, :data:`USE`, :data:`OFFERED`); ``target`` what a
    ``use`` names after the glyph (``""``: nothing, ``"space"``, ``"figure"``, ``"enemy"``);
    ``small_only`` only Small or Medium figures may use it (HS-TECH-04, -05); ``rules`` the ledger
    clauses; ``enforced`` whether the bot carries it out by itself (else the players apply it).
    """

    name: str
    title: str
    family: str
    permanent: bool
    text: str
    when: str = ALWAYS
    target: str = ""
    small_only: bool = False
    rules: tuple[str, ...] = ()
    enforced: bool = True

    @property
    def kind(self) -> str:
        """``"permanent"``, ``"temporary"``, ``"artifact"`` or ``"tech"``, as the players' texts say it."""
        if self.family != TREASURE:
            return self.family
        return "permanent" if self.permanent else "temporary"


def _g(name: str, title: str, family: str, permanent: bool, text: str, **kw: object) -> GlyphInfo:
    return GlyphInfo(name, title, family, permanent, text, **kw)  # type: ignore[arg-type]


_ALL = (
    # ---- permanent Treasure Glyphs (HS-TREASURE-15..30) ----
    _g("bloodcursed_blade", "Bloodcursed Blade", TREASURE, True,
       "A normal attack by its carrier against a figure next to it counts 1 more skull. But the blade thirsts: "
       "at the end of the carrier's turn, if no figure was wounded during that turn, the carrier takes 1 wound. "
       "It can never be dropped on purpose.", rules=("HS-TREASURE-16", "HS-TREASURE-17", "HS-TREASURE-18")),
    _g("brandars_chest", "Brandar's Chest", ARTIFACT, True,
       "What the chest holds and does is up to the scenario that uses it; without one it does nothing.",
       rules=("HS-TREASURE-19",), enforced=False),
    _g("breath", "B.R.E.A.T.H.", TREASURE, True,
       "Its carrier gains the Heat Beam special attack: a line of 6 spaces with 4 attack dice. When a carrier "
       "that is not a Scientist fires it, the glyph is destroyed.", rules=("HS-TREASURE-20", "HS-TREASURE-21"),
       enforced=False),
    _g("brooch_of_shielding", "Brooch of Shielding", TREASURE, True,
       "Its carrier takes no leaving-engagement attacks when it moves away from engaged figures.",
       rules=("HS-TREASURE-22",)),
    _g("claws", "C.L.A.W.S.", TREASURE, True,
       "Before rolling a normal attack against a figure next to it, the carrier may pick another figure next to "
       "it; if the defender is wounded, the picked figure takes 1 wound too. A carrier that is not a Scientist "
       "destroys the glyph by using it.", when=OFFERED, rules=("HS-TREASURE-23", "HS-TREASURE-24")),
    _g("giant_hunter_stone", "Giant Hunter Stone", TREASURE, True,
       "Against Large or Huge figures its carrier rolls 1 more attack die when attacking and 1 more defense die "
       "when defending.", rules=("HS-TREASURE-25",)),
    _g("gullox_wing_render", "Gulløx Wing Render", TREASURE, True,
       "When its carrier makes a normal attack against a figure next to it, it may roll again 1 attack die that "
       "did not show a skull.", when=OFFERED, rules=("HS-TREASURE-26",)),
    _g("heroic_rune", "Heroic Rune", TREASURE, True, "Its carrier rolls 1 more attack die (Attack +1).",
       rules=("HS-TREASURE-27",)),
    _g("holy_symbol_of_pelor", "Holy Symbol of Pelor", TREASURE, True,
       "Its carrier rolls 2 more attack dice when it attacks an Undead figure.", rules=("HS-TREASURE-28",)),
    _g("oceanstrider_amulet", "Oceanstrider Amulet", TREASURE, True,
       "Its carrier need not stop when it enters water.", rules=("HS-TREASURE-29",), enforced=False),
    _g("talisman_of_defense", "Talisman of Defense", TREASURE, True,
       "Its carrier rolls 1 more defense die (Defense +1).", rules=("HS-TREASURE-30",)),
    # ---- temporary Treasure Glyphs (HS-TREASURE-31..40): used once, then out of the game ----
    _g("belt_of_giant_strength", "Belt of Giant Strength", TREASURE, False,
       "Before the attack roll of a normal attack against a figure next to it, the carrier may use it: 2 more "
       "attack dice for the rest of this turn.", when=OFFERED, rules=("HS-TREASURE-32",)),
    _g("bracers_of_teleportation", "Bracers of Teleportation", TREASURE, False,
       "Before moving, instead of its move, the carrier may be put on any empty space on the same level within "
       "10 spaces. Leaving engaged figures this way draws no leaving-engagement attacks.", when=USE,
       target="space", rules=("HS-TREASURE-33", "HS-TREASURE-34")),
    _g("cloak_of_invisibility", "Cloak of Invisibility", TREASURE, False,
       "At any time in its turn the carrier may use it: until the end of the round, or until it attacks, it "
       "cannot be seen (only figures engaged with it may attack it) and takes no leaving-engagement attacks.",
       when=USE, rules=("HS-TREASURE-35",)),
    _g("elixir_of_speed", "Elixir of Speed", TREASURE, False,
       "Before moving, the carrier may drink it: Move +4 for this turn.", when=USE, rules=("HS-TREASURE-36",)),
    _g("potion_of_healing", "Potion of Healing", TREASURE, False,
       "In the turn of its card, before it moves or attacks, the carrier may drink it to take off up to 3 of its "
       "own wounds.", when=USE, rules=("HS-TREASURE-37",)),
    _g("ring_of_protection", "Ring of Protection", TREASURE, False,
       "After the attacker has rolled and before it rolls defense, the carrier may use it: 3 more defense dice "
       "against this attack.", when=OFFERED, rules=("HS-TREASURE-38",)),
    _g("scarab_of_invulnerability", "Scarab of Invulnerability", TREASURE, False,
       "When an attack would wound the carrier, it may roll the 20-sided die: 1-15 takes away 1 of those "
       "wounds, 16 or more takes them all away.", when=OFFERED, rules=("HS-TREASURE-39",)),
    _g("whetstone_of_venom", "Whetstone of Venom", TREASURE, False,
       "Before the attack roll of a normal attack against a figure next to it, the carrier may use it: if the "
       "attack wounds at all, the target takes 2 more wounds.", when=OFFERED, rules=("HS-TREASURE-40",)),
    # ---- Ancient Artifacts (HS-TREASURE-41..45): one copy per army ----
    _g("bolt_of_the_witherwood", "Bolt of the Witherwood", ARTIFACT, False,
       "After moving and before attacking, the carrier may name an opponent's figure within 5 spaces that it "
       "can see and roll the 20-sided die: 16 or more destroys that figure. Either way the bolt is gone.",
       when=USE, target="enemy", rules=("HS-TREASURE-42",)),
    _g("revenants_tome", "Revenant's Tome", ARTIFACT, False,
       "In the turn of its card, before anything else, the carrier may call back one destroyed Unique figure of "
       "its own army onto an empty space within 5 spaces it can see. That figure, with Life 1 and no powers, "
       "makes one normal attack at once and is then destroyed again.", when=USE, target="figure@space",
       rules=("HS-TREASURE-43", "HS-TREASURE-44", "HS-TREASURE-45")),
    # ---- Tech Glyphs (HS-TECH-*): turned symbol side up when used, back at the end of the round ----
    _g("jump_pack", "Jump Pack", TECH, True,
       "Before it starts to move, a Small or Medium carrier may turn it over to fly for that move. It is ready "
       "again next round.", when=USE, small_only=True, rules=("HS-TECH-04",)),
    _g("nanite_shielding", "Nanite Shielding", TECH, True,
       "Before it rolls defense, a Small or Medium carrier may turn it over: 1 shield is added to the roll. It is "
       "ready again next round.", when=OFFERED, small_only=True, rules=("HS-TECH-05",)),
    _g("nanotoxin_coating", "Nanotoxin Coating", TECH, True,
       "When the carrier's normal attack has wounded a figure next to it, it may turn the glyph over: 1 more "
       "wound. It is ready again next round.", when=OFFERED, rules=("HS-TECH-06",)),
)

CATALOGUE: dict[str, GlyphInfo] = {g.name: g for g in _ALL}


def key(text: str) -> str:
    """The catalogue key a player's spelling stands for (case, spaces, dots, apostrophes and "ø" ignored).

    >>> key("Gulløx Wing Render"), key("B.R.E.A.T.H."), key("Revenant's Tome")
    ('gullox_wing_render', 'breath', 'revenants_tome')
    """
    t = text.strip().lower().replace("ø", "o").replace("'", "").replace("’", "").replace(".", "")
    return re.sub(r"[^a-z0-9]+", "_", t).strip("_")


def describe(name: str) -> GlyphInfo | None:
    """The Treasure, Artifact or Tech Glyph ``name`` names (any spelling :func:`key` reads), or ``None``.

    >>> describe("Heroic Rune").family, describe("jump pack").small_only, describe("astrid")
    ('treasure', True, None)
    """
    k = key(name)
    if k in CATALOGUE:
        return CATALOGUE[k]
    return next((g for g in _ALL if key(g.title) == k), None)


def is_treasure(name: str) -> bool:
    """Whether ``name`` is a Treasure Glyph of any family (treasure, artifact, tech): such a glyph never
    stops a figure moving onto it (HS-TREASURE-01)."""
    return describe(name) is not None


def title(name: str) -> str:
    """The name people know a glyph by ("Heroic Rune"), or ``name`` itself when it is not in the catalogue."""
    info = describe(name)
    return info.title if info else name.replace("_", " ")
