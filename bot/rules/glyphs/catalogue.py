"""The power glyphs of both rulebooks as data: name, title, letter, permanent or temporary, and
what each does in the project's own words (HS-GLYPH-06..31; 000 § Glyphs, 002 § Power Glyphs).

Plain data, no rules: :mod:`bot.rules.glyphs.permanent` and :mod:`bot.rules.glyphs.temporary`
enforce what the texts say; this table is what players read (``/glyph NAME``, console
``glyph NAME``, the map legend) and what the rules look names up in.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class GlyphInfo:
    """One glyph as players know it.

    ``name`` is the key used in maps, scenarios and the state (lower case, no "Glyph of":
    ``astrid``); ``title`` how it is printed (``Glyph of Astrid``) with its short power name in
    ``power`` (``Attack +1``); ``family`` is ``power`` here (``treasure``, ``tech`` and ``artifact``
    come from the treasure catalogue); ``permanent`` tells permanent from temporary glyphs
    (HS-GLYPH-04, -05); ``letter`` is the key letter on the map; ``text`` the effect in our words;
    ``rule`` the ledger clause.
    """

    name: str
    title: str
    power: str
    family: str
    permanent: bool
    letter: str
    text: str
    rule: str


def _g(name: str, power: str, permanent: bool, rule: str, text: str) -> GlyphInfo:
    return GlyphInfo(name=name, title=f"Glyph of {name.capitalize()}", power=power, family="power",
                     permanent=permanent, letter=name[0].upper(), text=text, rule=rule)


#: Every power glyph of the two rulebooks, by name.
POWER_GLYPHS: dict[str, GlyphInfo] = {g.name: g for g in (
    _g("astrid", "Attack +1", True, "HS-GLYPH-06",
       "While one of your figures stands on it, every figure of your army rolls 1 more attack die in its "
       "normal attacks."),
    _g("brandar", "Artifact", True, "HS-GLYPH-07",
       "Its effect is set by the scenario. With no scenario rule for it, a figure stepping on it just stops."),
    _g("crevcor", "Common Attack +1", True, "HS-GLYPH-08",
       "While one of your figures stands on it, your Common figures roll 1 more attack die in their normal "
       "attacks."),
    _g("dagmar", "Initiative +8", True, "HS-GLYPH-09",
       "While one of your figures stands on it, 8 is added to each of your initiative rolls."),
    _g("gerda", "Defense +1", True, "HS-GLYPH-10",
       "While one of your figures stands on it, every figure of your army rolls 1 more defense die."),
    _g("ivor", "Range +4", True, "HS-GLYPH-11",
       "While one of your figures stands on it, your figures whose Range is 4 or more reach 4 spaces "
       "further; shorter-ranged figures gain nothing."),
    _g("jalgard", "Defense +2", True, "HS-GLYPH-12",
       "While one of your figures stands on it, every figure of your army rolls 2 more defense dice."),
    _g("lodin", "Lucky 20-Sider", True, "HS-GLYPH-13",
       "While one of your figures stands on it, 1 is added to your 20-sided die rolls (initiative and "
       "glyph rolls; adding is always to your good, so the referee adds it for you)."),
    _g("proftaka", "Pit Trap", True, "HS-GLYPH-14",
       "A figure standing on it cannot move away unless a figure of its own side stands next to it."),
    _g("rannveig", "Wind", True, "HS-GLYPH-15",
       "While any figure stands on it, no figure of any side can fly: Flying figures walk."),
    _g("thorian", "Thorian", True, "HS-GLYPH-16",
       "While one of your figures stands on it, enemies can hit your figures with normal attacks only from "
       "a space next to them."),
    _g("ulaniva", "Unique Attack +1", True, "HS-GLYPH-17",
       "While one of your figures stands on it, your Unique figures roll 1 more attack die in their normal "
       "attacks."),
    _g("valda", "Move +2", True, "HS-GLYPH-18",
       "While one of your figures stands on it, every figure of your army moves 2 spaces further, except "
       "the figure on it when it moves off."),
    _g("wannok", "Wound", True, "HS-GLYPH-19",
       "At the end of each round the player whose figure stands on it rolls the 20-sided die: on a 1 that "
       "figure takes a wound; otherwise that player may name an opponent, who puts 1 wound on a figure of "
       "their own."),
    _g("erland", "Summoning", False, "HS-GLYPH-20",
       "Once: you pick any figure on the battlefield, of any side, and put it on an empty space next to "
       "your figure on the glyph; it takes no leaving-engagement attacks. Then the glyph leaves the game."),
    _g("felaron", "Glyph Removal", False, "HS-GLYPH-22",
       "Once: you take any one other glyph off the battlefield. Then this glyph leaves the game."),
    _g("haukeland", "Healing", False, "HS-GLYPH-23",
       "Once: you may take up to 3 Wound Markers off your figures, spread as you like. Then the glyph "
       "leaves the game."),
    _g("kelda", "Healing", False, "HS-GLYPH-24",
       "Only a wounded figure may step onto it; that figure loses all its Wound Markers and the glyph "
       "leaves the game. It is never placed symbol side up."),
    _g("mitonsoul", "Massive Curse", False, "HS-GLYPH-27",
       "Once: every figure on the battlefield rolls the 20-sided die for its player; each 1 destroys that "
       "figure. Then the glyph leaves the game."),
    _g("nilrend", "Negation", False, "HS-GLYPH-28",
       "Once: you may pick an opponent's Unique Army Card and roll the 20-sided die; on 5 or more its "
       "special powers stop working for the rest of the battle. Then the glyph leaves the game."),
    _g("oreld", "Intercept Order", False, "HS-GLYPH-29",
       "Once: roll the 20-sided die; on 10 or more you may take away one of an opponent's Order Markers "
       "still face down, picked at random. Then the glyph leaves the game."),
    _g("quillivon", "Sudden Movement", False, "HS-GLYPH-30",
       "Once: up to 3 of your other figures may each move up to 5 spaces. Then the glyph leaves the game."),
    _g("sturla", "Revive", False, "HS-GLYPH-31",
       "Once: every player rolls the 20-sided die for each of their destroyed figures; each 19 or 20 brings "
       "that figure back onto an empty start space. Then the glyph leaves the game."),
)}


#: A glyph a map file leaves unnamed (``"?"`` in Virtualscape and Hexoscape files; imported as
#: ``unknown``, symbol side up): played as a power glyph whose power nobody knows. A figure walking
#: onto it stops and turns it over (HS-GLYPH-02), and it has no effect, which the players are told.
UNKNOWN = GlyphInfo(name="unknown", title="Unknown Glyph", power="No effect", family="power", permanent=True,
                    letter="?", rule="HS-GLYPH-02",
                    text="The map file did not say which glyph this is, so it has no effect here. A figure moving "
                         "onto it stops and turns it over, as on any power glyph.")


#: Glyphs an Army Card brings (not of the rulebooks), by name: put on the battlefield by a power.
#: Xenithrax the Vineweaver's Vines Glyphs (Summon Vines, :mod:`bot.rules.powers.turn_summon_vines`):
#: the card data says only where they go, not what they do. Decided: a Vines Glyph is a power
#: glyph with no power of its own, lying power side up, that stays for the rest of the battle: like
#: every power glyph it stops a figure that walks onto it (HS-GLYPH-03), and a flying figure passes
#: over it (HS-FLY-06). That is the one thing the rulebooks make every glyph do, and it is what
#: vines thrown in an enemy's way are printed to do: hold it where it stands.
VINES = GlyphInfo(name="xenithrax_vines", title="Xenithrax Vines Glyph", power="Stops movement", family="power",
                  permanent=True, letter="XV", rule="HS-GLYPH-03",
                  text="Put on the battlefield by Xenithrax the Vineweaver's Summon Vines. A figure that moves "
                       "onto it must stop there, as on any power glyph; a flying figure passes over it. It has "
                       "no other effect and stays for the rest of the battle.")
CARD_GLYPHS: dict[str, GlyphInfo] = {VINES.name: VINES}
#: Power glyphs that do nothing but stop a figure moving onto them (their arrival is only said).
NO_EFFECT = frozenset({UNKNOWN.name, VINES.name})
