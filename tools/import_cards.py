"""Bring the shared card file (``../shared/cards/heroscape-cards.json``) into ``data/cards/``.

Run once, then the written files are the source of truth (their power texts may be edited by hand;
running this again rewrites them, so rerun only on purpose)::

    python3 tools/import_cards.py ../shared/cards/heroscape-cards.json

Statistics, points, sets, lines, Basic-game numbers are copied exactly. Each power becomes
``{"name", "text", "kind", "values"}``: ``kind`` is its ``params.pattern`` and ``values`` the other
params, except that a power of a card already shipped keeps its kind and values when the rules
enforce it today (so saved matches and tests stay valid), and keeps its written text. New power
texts are written here from the params, in our own words (the source's ``mechanics`` sentences are
never read).
"""

from __future__ import annotations

import json
import re
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.rules.cards import slug  # noqa: E402
from bot.rules.powers import ENFORCED_KINDS  # noqa: E402

CARDS = ROOT / "data" / "cards"
FORMAT = "heroscape-cards/1"

#: Existing file names for sets shipped before (kept so that nothing else moves).
FILE_OF_SET = {
    "Age of Annihilation pre-order promo": ("promos", "Promos"),
    None: ("rulebook-examples", "Rulebook examples"),
    "G.I. JOE Heroscape: Rumble at the Rift Battle Box": (
        "gi-joe-rumble-at-the-rift", "G.I. JOE Heroscape: Rumble at the Rift Battle Box"),
    "Thyraxis Dragoon (2025 army expansion)": ("thyraxis-dragoon", "Thyraxis Dragoon (2025 army expansion)"),
}
GI_JOE_UNKNOWN = ("gi-joe-2025", "G.I. JOE (set not public)")


#: Texts written by hand where a template reads too close to the printed card.
OVERRIDES: dict[tuple[str, str], str] = {
    ("Wo-Sa-Ga", "Coil Crush"): "A Small, Medium or Large figure that Wo-Sa-Ga wounds twice or more in one attack is "
    "crushed on a d20 roll of 15 or more: it is destroyed.",
    ("Greater Ice Elemental", "Ice Spikes 15"): "An enemy stepping next to the Elemental risks a wound: roll the d20, "
    "adding 2 when the Elemental stands on snow or ice, and 15 or more wounds it once.",
    ("Phantom Knights", "Insubstantial 3"): "Shot at by a normal attack from farther than next to them, Phantom "
    "Knights roll 3 more defense dice.",
    ("Ornak", "Red Flag of Fury Aura"): "When Ornak's Order Marker 1 is revealed, you may instead give a turn to up "
    "to 2 other Unique Utgar Heroes of yours within 8 spaces in his clear sight, before they move.",
    ("Sir Gilbert", "Jandar's Dispatch"): "After his turn, roll 12 combat dice and count Jandar symbols: up to 4 "
    "Jandar Squad figures of yours within 8 spaces in his clear sight may each move that many spaces.",
    ("Sir Dupuis", "Chalice of Fortitude"): "Once Sir Dupuis carries 4 wounds or more, he defends with 1 more die.",
    ("Spider-Man", "Spidey-Sense 11"): "Whenever an enemy's attack shows a skull, Spider-Man rolls the d20 first: "
    "11 or more and he is unharmed, free to swing off with Swing Line 4; lower, he defends as usual.",
    ("Venom", "Spider Sense 14"): "Whenever an enemy's attack shows a skull, Venom rolls the d20 first: 14 or more "
    "and he is unharmed, free to swing off with Swing Line 4; lower, he defends as usual.",
    ("Ice Troll Berserker", "Ice Troll Charge"): "Once it has moved and before it attacks, roll the d20 (+3 on snow "
    "or ice): 13 or more lets the Berserker move a second time.",
    ("Agent Skahen", "Cover Fire"): "Each time Skahen's attack wounds an enemy, one other Tricky Vydar figure of "
    "yours within 8 spaces in her clear sight may move up to 4 spaces.",
    ("Iron Lich Viscerot", "Dismissive Strider"): "Small and Medium figures never slow Viscerot: he moves through "
    "them, draws no leaving-engagement attacks from them, and may shoot past them while engaged with only them.",
    ("Hellforge Mandukor", "Feed the Forge 15"): "Something falls beside Hellforge (a figure or a destructible "
    "object)? Roll the d20 (+8 for Eisenek, Soulborg or object); 15 or more heals Hellforge 1 wound.",
    ("Revnan Acolytes", "Risen By Revna"): "Each round, before Order Markers go down, one destroyed Acolyte of yours "
    "may return on an empty space next to a Revna Hero you control.",
    ("Ninjas of the Northern Wind", "Disappearing Ninja"): "Hit by a normal attack with a skull, a Ninja rolls the "
    "d20: 12 or more and it vanishes from harm, moving up to 4 spaces to a spot next to no enemy.",
    ("Thyraxis Dragoon", "Battle Frenzy 16"): "Each attack Thyraxis makes is followed by a d20 roll; 16 or more "
    "grants it one more attack.",
    ("Heirloom", "Warforged Resolve"): "Every defense roll of Heirloom, against normal or special attacks, starts "
    "with 1 free shield.",
    ("Kurrok the Elementalist", "Master of the Elements"): "When an Order Marker on Kurrok is revealed, you may "
    "instead give a turn to up to 3 Small or Medium Elementals of yours within 8 spaces in his clear sight.",
    ("Warforged Soldiers", "Warforged Resolve"): "Every defense roll of a Warforged Soldier, against normal or "
    "special attacks, starts with 1 free shield.",
    ("Fire Elemental", "Negative Element"): "Standing in water, the Fire Elemental defends with no dice at all.",
    ("Sacred Band", "Disciplined Army Defense Bonus"): "If all your Army Cards are Disciplined, each Sacred Band "
    "soldier defends with 1 more die.",
}


def words(v: Any) -> str:
    """A params value as words for a sentence."""
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, list):
        return " and ".join(words(x) for x in v)
    if isinstance(v, dict):
        return "; ".join(f"{k.replace('_', ' ')} {words(x)}" for k, x in v.items())
    return str(v).replace("_", " ")


def spaces(v: Any) -> str:
    if v == "adjacent":
        return "adjacent"
    if isinstance(v, int):
        return f"within {v} clear sight space{'s' if v != 1 else ''}"
    return f"within {words(v)}"


def signed(v: Any) -> str:
    if isinstance(v, int):
        return f"+{v}" if v >= 0 else str(v)
    return str(v)


def dice(v: Any, what: str) -> str:
    """``2 extra attack dice``, ``1 extra defense die``, ``extra attack dice (1 per wound)``."""
    if isinstance(v, int):
        return f"{v} extra {what} {'die' if v == 1 else 'dice'}"
    return f"extra {what} dice ({words(v)})"


def times(n: Any) -> str:
    return f"{n} more time{'' if n == 1 else 's'}" if isinstance(n, int) else f"more times ({words(n)})"


def sentence(text: str) -> str:
    text = " ".join(text.split()).strip()
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def when(v: Any) -> str:
    return f" when {words(v)}" if v else ""


def if_(v: Any) -> str:
    return f" if {words(v)}" if v else ""


def poss(who: str) -> str:
    """``Finn's``, ``Venoc Vipers'``."""
    return f"{who}'" if who.endswith("s") else f"{who}'s"


def threshold(v: Any) -> str:
    if isinstance(v, int):
        return f"{v} or more"
    if isinstance(v, dict):
        return ", ".join(f"{x} or more for a {k.replace('_', ' ')}" if isinstance(x, int) else f"{words(x)} for a {k}"
                         for k, x in v.items())
    return words(v)


def extras(p: dict[str, Any], skip: set[str]) -> str:
    rest = [f"{k.replace('_', ' ')}: {words(v)}" for k, v in p.items() if k not in skip and k != "pattern"]
    return (" (" + "; ".join(rest) + ")") if rest else ""


def write_text(who: str, name: str, p: dict[str, Any]) -> str:
    """The players' text for a power, written from its params sketch."""
    pat = p.get("pattern")
    g = p.get
    if pat == "d20_trigger":
        tgt = f", choosing {words(g('target'))}" if g("target") else ""
        mod = f" ({words(g('modifier'))})" if g("modifier") else ""
        t = (f"{words(g('window'))}: roll the d20{mod}{tgt}. On {threshold(g('threshold'))}: "
             f"{words(g('effect'))}")
        return sentence(t + extras(p, {"window", "threshold", "target", "effect", "modifier"}))
    if pat == "special_attack":
        if "range" not in p and "attack" not in p:
            return sentence(f"{poss(who)} own special attack; its numbers are not public yet")
        t = f"Special attack: Range {words(g('range'))}, Attack {words(g('attack'))}"
        area = g("area")
        if area:
            t += f", hitting {words(area)}"
        if g("line_length"):
            t += f" {g('line_length')} spaces long"
        t += ". "
        more = []
        if g("self_immune"):
            more.append(f"{who} is never hit by it")
        if g("lob"):
            more.append(f"it can be lobbed over obstacles up to {g('lob')} levels high, without clear sight")
        if g("no_los"):
            more.append("no clear sight is needed")
        if g("extra_attacks"):
            more.append(f"it may be made {times(g('extra_attacks'))} in the turn")
        if g("repeat"):
            more.append(f"repeat it {words(g('repeat'))}")
        if g("limit"):
            more.append(f"limit: {words(g('limit'))}")
        if more:
            t += sentence("; ".join(more)) + " "
        t += extras(p, {"range", "attack", "area", "line_length", "self_immune", "lob", "no_los", "extra_attacks",
                        "repeat", "limit"}).strip(" ()")
        return sentence(t)
    if pat == "flying":
        if g("leaving_engagement") == "ignores":
            return sentence(f"{who} flies over figures and terrain, counting no climbing, and is never attacked "
                            "for leaving engagement when taking off")
        return sentence(f"{who} flies over figures and terrain, counting no climbing; taking off from an engaged "
                        "space still draws leaving-engagement attacks")
    if pat == "aura":
        stat = g("stat")
        amt = g("amount")
        eff = (f"{signed(amt)} {words(stat)}" if stat and amt is not None else words(g("effect") or stat))
        excl = f" ({who} excluded)" if g("excludes_self") else ""
        near = "next to it" if g("distance") == "adjacent" else spaces(g("distance"))
        t = f"{poss(who)} aura: {eff} for {words(g('who'))} {near}{excl}"
        return sentence(t + if_(g("condition")) + extras(p, {"stat", "amount", "who", "distance", "excludes_self",
                                                           "condition", "effect"}))
    if pat == "attack_bonus":
        cap = f", at most {g('max')}" if g("max") else ""
        cond = f"{words(g('condition'))}: " if g("condition") else ""
        return sentence(f"{cond}{poss(who)} attack gets {dice(g('amount'), 'attack')}{cap}"
                        + extras(p, {"amount", "condition", "max"}))
    if pat == "defense_bonus":
        cap = f", at most {g('max')}" if g("max") else ""
        cond = f"{words(g('condition'))}: " if g("condition") else ""
        return sentence(f"{cond}{poss(who)} defense gets {dice(g('amount'), 'defense')}{cap}"
                        + extras(p, {"amount", "condition", "max"}))
    if pat == "bonding":
        return sentence(f"{words(g('when'))}, you may take a turn with one {words(g('who'))} first"
                        + extras(p, {"who", "when"}))
    if pat == "stat_bonus":
        amount = g("amount")
        change = signed(amount) if isinstance(amount, int) else f"up by {words(amount)}"
        return sentence(f"{poss(who)} {words(g('stat'))} {change}{when(g('condition'))}"
                        + extras(p, {"stat", "amount", "condition"}))
    if pat == "extra_attack":
        n = g("extra")
        t = f"{who} may attack {times(n)} each turn"
        return sentence(t + if_(g("condition")) + extras(p, {"extra", "condition"}))
    if pat == "heal":
        roll = f" roll the d20 and on {g('d20_threshold')} or more" if g("d20_threshold") else ""
        trig = words(g("trigger") or g("window") or "when allowed")
        return sentence(f"{trig}:{roll} remove {words(g('amount'))} wound(s) from {words(g('target'))}"
                        + extras(p, {"trigger", "window", "amount", "target", "d20_threshold"}))
    if pat == "disengage":
        return sentence(f"{who} is never attacked for leaving engagement")
    if pat == "d20_table":
        rows = "; ".join(f"{k}: {words(v)}" for k, v in (g("table") or {}).items())
        tgt = f" for {words(g('target'))}" if g("target") else ""
        return sentence(f"{words(g('window'))}: roll the d20{tgt}. {rows}" + extras(p, {"window", "target", "table"}))
    if pat == "move_through":
        t = f"{who} may move through {words(g('who'))}"
        if g("disengage"):
            t += " and is never attacked for leaving engagement"
        return sentence(t + extras(p, {"who", "disengage"}))
    if pat == "counter_strike":
        ex = f" ({words(g('exempt'))} attackers are spared)" if g("exempt") else ""
        return sentence(f"Against a {words(g('vs'))}, every shield beyond the skulls rolled deals one unblockable "
                        f"wound to the attacker{ex}" + extras(p, {"vs", "exempt"}))
    if pat == "water_move":
        return sentence(f"Water spaces never end {poss(who)} move" + extras(p, set()))
    if pat == "alt_move":
        t = f"Instead of moving normally, {who} may move {words(g('move'))} space(s)"
        if g("ignore_elevation"):
            t += ", ignoring height"
        if g("max_levels"):
            t += f" up to {words(g('max_levels'))} levels"
        le = g("leaving_engagement")
        if le:
            t += f"; leaving engagement: {words(le)}"
        return sentence(t + extras(p, {"move", "ignore_elevation", "max_levels", "leaving_engagement"}))
    if pat == "teleport":
        t = f"Instead of moving, {who} may be placed on {words(g('destination') or 'a space')}"
        if g("distance"):
            t += f" {spaces(g('distance'))}"
        return sentence(t + if_(g("condition")) + extras(p, {"destination", "distance", "condition"}))
    if pat == "targeting_restriction":
        src = g("normal_attacks_only_from")
        t = (f"Normal attacks can target {who} only from {words(src)}" if src else
             f"Attacks can target {who} only from {words(g('normal_and_special_only_from'))}")
        return sentence(t + if_(g("condition")) + extras(p, {"normal_attacks_only_from", "normal_and_special_only_from",
                                                           "condition"}))
    if pat == "roll_modifier":
        return sentence(f"{words(g('applies_to'))}: {signed(g('amount'))} to the roll" + extras(p, {"amount", "applies_to"}))
    if pat == "move_other":
        d = f" up to {words(g('distance'))} spaces" if g("distance") else ""
        return sentence(f"{words(g('trigger'))}: move {words(g('who'))}{d}" + extras(p, {"trigger", "who", "distance"}))
    if pat == "climb":
        if g("multiplier"):
            return sentence(f"{who} climbs {g('multiplier')} times as high as its height allows")
        return sentence(f"{who} climbs {words(g('add'))} extra levels")
    if pat == "take_turn_instead":
        return sentence(f"Instead of taking a turn with {who}, you may take one with {words(g('who'))}"
                        + extras(p, {"who"}))
    if pat == "lava_resistant":
        return sentence(f"Molten lava never harms {who}, and it need not roll for it")
    if pat == "defense_penalty":
        target = who if g("who") == "self" else words(g("who"))
        return sentence(f"{target} lose(s) {words(g('amount'))} defense dice" + when(g("condition") or g("when"))
                        + extras(p, {"who", "amount", "condition", "when"}))
    if pat == "auto_shield":
        vs = f" against {words(g('vs'))}" if g("vs") else ""
        return sentence(f"{who} counts {words(g('amount'))} shield(s) more on each defense roll{vs}, free"
                        + if_(g("condition")) + extras(p, {"amount", "vs", "condition"}))
    if pat == "marker_resource":
        return sentence(f"{poss(who)} card holds {words(g('markers'))} marker(s): {words(g('effect') or g('gain'))}"
                        + extras(p, {"markers", "effect", "gain"}))
    if pat == "skull_bonus":
        n = g("extra_hits_per_skull")
        hits = f"{n + 1} hits" if isinstance(n, int) else f"more hits ({words(n)})"
        return sentence(f"On attack, each skull {who} rolls is worth {hits}")
    if pat == "summon":
        return sentence(f"Bring {words(g('what'))} into play" + extras(p, {"what"}))
    if pat == "grab":
        return sentence(f"Pull an enemy figure ({words(g('sizes'))}) next to {who}" + extras(p, {"sizes"}))
    if pat == "spirit":
        eff = f"{words(g('stat'))} {signed(g('amount'))}" if g("stat") else words(g("grants"))
        return sentence(f"When {who} is destroyed, put its spirit on {words(g('target'))}: {eff} for the rest of "
                        "the game")
    if pat == "one_shield_blocks_all":
        return sentence(f"Against {words(g('vs'))}, one shield blocks every skull on {who}")
    if pat == "mind_control":
        return sentence(f"{words(g('window'))}: roll the d20; on {threshold(g('threshold'))} take control of "
                        f"{words(g('target'))} ({words(g('duration'))})" + extras(p, {"window", "threshold", "target",
                                                                                       "duration"}))
    if pat == "extra_turn":
        return sentence(f"{who} may take an extra turn" + extras(p, set()))
    if pat == "attack_all_adjacent":
        return sentence(f"{who} attacks every adjacent figure at once, rolling separately for each")
    if pat == "all_skulls_bonus":
        return sentence(f"If every attack die is a skull: {words(g('effect'))}" + extras(p, {"effect"}))
    if pat == "reroll":
        return sentence(f"Re-roll {words(g('dice'))}" + extras(p, {"dice"}))
    if pat == "move_and_attack_special":
        return sentence(f"Special move and attack: move up to {words(g('move'))} spaces, attacking on the way"
                        + extras(p, {"move"}))
    if pat in ("pre_round_move", "post_turn_move"):
        at = "at the start of the round" if pat == "pre_round_move" else "after attacking"
        d = g("distance")
        unit = "space" if d == 1 else "spaces"
        return sentence(f"{at}: a free move of up to {words(d)} {unit} for {who}" + extras(p, {"distance"}))
    if pat == "deploy_delayed":
        return sentence(f"{who} is not placed at the start; it arrives later" + extras(p, set()))
    if pat == "carry":
        return sentence(f"{who} may carry {words(g('who'))} along when it moves")
    if pat == "immobilize":
        return sentence(f"{words(g('who'))} next to {who} cannot move away")
    if pat == "dice_pool_attack":
        return sentence(f"{who} splits a pool of {words(g('pool'))} attack dice into attacks of "
                        f"{words(g('per_attack'))} (Range {words(g('range'))})")
    if pat == "wound_cap":
        return sentence(f"{who} takes at most {words(g('max_wounds'))} wound(s) per attack{when(g('condition'))}")
    if pat == "initiative_bonus":
        return sentence(f"Add {words(g('amount'))} to your initiative roll" + if_(g("condition"))
                        + extras(p, {"amount", "condition"}))
    if pat == "movement_restriction":
        return sentence(f"{words(g('who'))} near {who} are held back" + extras(p, {"who"}))
    if pat == "place_terrain":
        return sentence(f"{words(g('window'))}: place {words(g('count'))} {words(g('terrain'))}")
    if pat == "swap":
        return sentence(f"{who} may swap places with {words(g('with'))}" + extras(p, {"with"}))
    if pat == "bonus_wounds":
        return sentence(f"{who} deals extra wounds{when(g('condition'))}" + extras(p, {"condition"}))
    if pat == "shield_bonus":
        return sentence(f"Each shield {who} rolls blocks {words(g('extra_blocks_per_shield'))} more skull(s)")
    if pat == "terrain_move":
        return sentence(f"{words(g('terrain'))} costs {words(g('cost'))} to enter for {who}")
    if pat == "squad_activation":
        return sentence(f"The squad moves and attacks as a horde (move {words(g('move'))}, attack {words(g('attack'))})")
    if pat == "taunt":
        return sentence(f"{words(g('who'))} next to {who} must attack it")
    if pat == "auto_skull":
        return sentence(f"{words(g('condition')) + ': ' if g('condition') else ''}{words(g('amount'))} skull(s) are added to {poss(who)} roll, free")
    if pat == "auto_wound":
        return sentence(f"{words(g('window'))}: deal {words(g('wounds'))} wound(s) to {words(g('target'))}, no roll")
    if pat == "los_proxy":
        return sentence(f"{words(g('who'))} can see for {poss(who)} powers")
    if pat == "terrain_as":
        return sentence(f"{who} counts as on {words(g('counts_as'))}" + extras(p, {"counts_as"}))
    if pat is None:
        return sentence(f"{name}: only part of this power is public; the players agree how it works")
    # Every other pattern: its effect in a few words, then its details.
    head = words(g("effect") or pat)
    return sentence(f"{head}" + extras(p, {"effect"}))


def _short(name: str) -> str:
    m = re.search(r"\s*(\([^()]*\))\s*$", name)
    base = re.sub(r"\s*\([^()]*\)\s*$", "", name)
    short = base.split(",")[0].split(" the ")[0].strip().strip('"')
    return f"{short} {m.group(1)}" if m else short


def main(src: Path) -> None:
    shared = json.loads(src.read_text(encoding="utf-8"))
    old: dict[str, dict[str, Any]] = {}
    for f in CARDS.glob("*.json"):
        for raw in json.loads(f.read_text(encoding="utf-8"))["cards"]:
            old[raw["name"]] = raw
    files: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    shorts: set[str] = {o["short"].casefold() for o in old.values()}
    names = {c["name"] for c in shared}
    for c in shared:
        prev = old.get(c["name"])
        if prev is not None:
            cid, short = prev["id"], prev["short"]
        else:
            cid, short = slug(c["name"]), _short(c["name"])
            original = old.get(re.sub(r"\s*\([^()]*\)\s*$", "", c["name"]))
            if original is not None and original["name"] != c["name"]:  # a reprint: the original's short name
                short = original["short"] + " " + short.rsplit(" ", 1)[1]
            if short.casefold() in shorts:
                short = c["name"].strip('"')
            shorts.add(short.casefold())
        who = short.split(" (")[0]
        powers = []
        prev_powers = {p["name"]: p for p in (prev or {}).get("powers", [])}
        order = list(prev_powers)  # a card shipped before keeps its printed power order
        for p in sorted(c["powers"] or [], key=lambda p: order.index(p["name"]) if p["name"] in order else len(order)):
            params = dict(p["params"])
            kind = params.pop("pattern", None)
            mine = prev_powers.get(p["name"])
            text = mine["text"] if mine else OVERRIDES.get((c["name"], p["name"])) or write_text(
                who, p["name"], p["params"])
            values: dict[str, Any] = params
            if mine and (mine["kind"] in ENFORCED_KINDS or _rolled(mine["values"])):
                # Enforced today (a power module's kind, or a special attack rolled from its numbers):
                # keep its kind and values, taking only corrected numbers (Ewashia's Twister, Range 6).
                kind, values = mine["kind"], dict(mine["values"])
                for stat in ("range", "attack"):
                    if _rolled(values) and isinstance(params.get(stat), int):
                        values[stat] = params[stat]
            powers.append({"name": p["name"], "text": text, "kind": kind, "values": values})
        same = None
        base_name = re.sub(r"\s*\([^()]*\)\s*$", "", c["name"])
        if base_name != c["name"] and base_name in names:
            same = base_name
        card = {
            "id": cid, "name": c["name"], "short": short, "set": c["set"], "wave": c["wave"],
            "released": c["released"], "line": c["line"], "general": c["general"],
            "species": [s.strip() for s in (c["species"] or "").split("&") if s.strip()],
            "kind": c["kind"], "rarity": c["rarity"],
            "class": [s.strip() for s in (c["class"] or "").split("&") if s.strip()],
            "personality": c["personality"], "size": c["size"], "height": c["height"], "base": c["base"],
            "figures": c["figures"], "life": c["life"], "move": c["move"], "range": c["range"],
            "attack": c["attack"], "defense": c["defense"], "points": c["points"],
            "delta_points": c["delta_points"], "renegade_points": c["renegade_points"],
            "basic_game": c["basic_game"], "same_as": same, "keywords": c["keywords"], "powers": powers,
            "incomplete": c["incomplete"],
        }
        if prev is not None and prev.get("notes") and not (prev.get("life") is None and not c["incomplete"]):
            card["notes"] = prev["notes"]
        if c["line"] == "G.I. JOE (2025)" and c["set"] is None:
            key = GI_JOE_UNKNOWN
        elif c["set"] in FILE_OF_SET:
            key = FILE_OF_SET[c["set"]]
        else:
            key = (slug(c["set"].replace("'", "")), c["set"])
        files[key].append(card)
    for f in CARDS.glob("*.json"):
        f.unlink()
    for (stem, label), cards in sorted(files.items()):
        doc = {"format": FORMAT, "set": label, "cards": cards}
        (CARDS / f"{stem}.json").write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{sum(len(v) for v in files.values())} cards in {len(files)} files")


def _rolled(values: dict[str, Any]) -> bool:
    return isinstance(values.get("range"), int) and isinstance(values.get("attack"), int)


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else ROOT.parent / "shared" / "cards" / "heroscape-cards.json"))
