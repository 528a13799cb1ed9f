"""Events into short sentences for players, in the project's own words.

Private events (a player's own Order Markers) become private lines; nothing here ever puts a
hidden number into a public line. Players are named by their display names, decisions' answers
by their labels (card and figure names), and where a line says how to go on it uses the
session's :class:`~bot.game.howto.HowTo` table, so that it names the adapter's own commands.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from bot.game import narrate_scenario, narrate_treasure
from bot.game.card_text import applied_by_players
from bot.game.howto import HowTo
from bot.rules.events import Event
from bot.rules.hexes import Hex
from bot.rules.state import MatchState


class Narrated(Protocol):
    """What the narrator reads from the game it tells (a :class:`bot.game.session.GameSession`): the
    state, players' display names, and the adapter's ways of doing things. Typed here, not
    imported, so that the session may import the narrator without an import cycle."""

    @property
    def state(self) -> MatchState:
        """The current match state."""
        ...

    @property
    def howto(self) -> HowTo:
        """The adapter's ways of doing each action (:mod:`bot.game.howto`)."""
        ...

    def name(self, player: str) -> str:
        """A player's display name."""
        ...


def plural(n: int, word: str, words: str | None = None) -> str:
    """``n`` and ``word`` in the right number: ``plural(1, "wound") -> "1 wound"``, ``plural(0,
    "skull") -> "0 skulls"`` (``words``: an irregular plural)."""
    return f"{n} {word if n == 1 else words or word + 's'}"


def _answers(ev: Event, later: Event) -> bool:
    """Whether the power used in ``ev`` answers the attack ``later`` (Counter Strike: the defender's
    power against its attacker, resolved while the defense dice are rolled)."""
    d, a = ev.data, later.data
    return (ev.kind == "power" and later.kind == "attack" and bool(d.get("figure")) and bool(d.get("target"))
            and a.get("attacker") == d["target"] and a.get("target") == d["figure"])


def reading_order(events: Sequence[Event]) -> list[Event]:
    """``events`` in the order a player reads them best: a power that answers an attack (Counter
    Strike, resolved while the defense dice are rolled, before the attack's result is known) is told
    after the attack it answers, with what it caused (wounds, a destroyed attacker). Nothing else moves."""
    out = list(events)
    i = 0
    while i < len(out):
        ev = out[i]
        j = next((k for k in range(i + 1, len(out)) if out[k].kind == "attack"), None)
        if j is not None and _answers(ev, out[j]):
            out[i:j + 1] = [out[j], *out[i:j]]
            i = j + 1
            continue
        i += 1
    return out


def _initiative_added(d: dict[str, Any], player: str) -> str:
    """What was added to ``player``'s initiative rolls, in words (" (+8 from glyphs, +3 from Combat
    Leader)"), or "": glyphs (Dagmar, Lodin: HS-GLYPH-09, -13) and powers each say their own part."""
    parts = []
    glyphs = (d.get("bonuses") or {}).get(player)
    if glyphs:
        parts.append(f"+{glyphs} from glyphs")
    power = (d.get("bonus") or {}).get(player)
    if power:
        parts.append(f"+{power['amount']} from {power['power']}")
    return f" ({', '.join(parts)})" if parts else ""


def _dice(d: list[str]) -> str:
    icons = {"skull": "💀", "shield": "🛡", "blank": "·"}
    return "".join(icons.get(x, "?") for x in d) or "-"


class Narrator:
    """Turns one event into one line (or ``None`` for events not worth a line)."""

    def __init__(self, session: Narrated) -> None:
        self.session = session

    def lines(self, events: Sequence[Event]) -> list[tuple[Event, str]]:
        """The lines for one command's ``events``, each with its event, in reading order
        (:func:`reading_order`), without a line that repeats the one before it (a power's result
        already says the figure may attack again)."""
        out: list[tuple[Event, str]] = []
        told: set[tuple[str, str]] = set()
        for ev in reading_order(events):
            d = ev.data
            if ev.kind == "power" and d.get("result") and d.get("figure"):
                told.add((str(d["figure"]), str(d["result"])))
            if ev.kind == "attack_again" and (d["figure"], f"{d['figure']} may attack again") in told:
                continue
            line = self.line(ev)
            if line:
                out.append((ev, line))
        return out

    def _space(self, at: Any) -> str:
        bf = self.session.state.battlefield
        return bf.label(Hex(int(at[0]), int(at[1])))

    def _card(self, key: str | None) -> str:
        if not key:
            return "?"
        c = self.session.state.cards.get(key)
        return c.card.short if c else key

    def _by_players(self, key: str | None) -> str:
        """`` Su-Bak-Na's Hive Supremacy is applied by the players.`` for the powers of the card ``key`` the
        rules do not enforce (empty when there are none), so that none is silently ignored."""
        c = self.session.state.cards.get(key or "")
        if c is None:
            return ""
        mine = applied_by_players(c.card)
        if not mine:
            return ""
        names = [p.name for p in mine]
        listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        verb = "is" if len(names) == 1 else "are"
        return f" {c.card.short}'s {listed} {verb} applied by the players (the bot does not enforce {'it' if len(names) == 1 else 'them'})."

    def _spaces(self, at: list[Any]) -> str:
        return "+".join(self._space(a) for a in at)

    def _who(self, pid: str) -> str:
        return self.session.name(pid)

    def line(self, ev: Event) -> str | None:
        """The sentence for ``ev``."""
        d = ev.data
        k = ev.kind
        if k == "joined":
            extra = f" as {d['role']}" if d.get("role") else ""
            return f"{d['name']} joins the match{extra} (start zone {d.get('zone') or 'none'})."
        if k == "army":
            n = d["figures"]
            return f"{self._who(d['player'])} fields {', '.join(d['cards'])}: {d['points']} points, {n} figure{'' if n == 1 else 's'}."
        if k.startswith("draft"):
            return self._draft(k, d)
        if k == "placement":
            way = self.session.howto
            return f"Armies are set. Place your figures in your start zones ({way('place')} or {way('place-rest')})."
        if k == "placed":
            return f"{d['figure']} is placed at {', '.join(self._space(a) for a in d['at'])}."
        if k == "placed_again":
            at, before = self._spaces(d["at"]), self._spaces(d["before"])
            if at == before:
                return f"{d['figure']} stays at {at}."
            return f"{d['figure']} moves from {before} to {at} in the start zone."
        if k == "round_started":
            if self.session.howto.announces_rounds:
                return None  # the adapter's own round message tells it
            return f"— Round {d['round']} — place your Order Markers."
        if k == "orders_placed":
            return f"{self._who(d['player'])} has locked in Order Markers."
        if k == "orders":
            m = d["markers"]
            return "Your Order Markers: " + ", ".join(f"{n} on {self._card(m[n])}" for n in ("1", "2", "3", "X") if n in m)
        if k == "initiative":
            rolls = "; ".join(f"{self._who(p)} {'/'.join(map(str, r))}{_initiative_added(d, p)}"
                              for p, r in d["rolls"].items())
            return f"Initiative: {rolls}. {self._who(d['first'])} goes first."
        if k == "turn_started":
            return (f"{self._who(d['player'])} reveals Order Marker {d['marker']}: {self._card(d['card'])} acts."
                    + self._by_players(d["card"]))
        if k == "turn_lost":
            who = self._who(d["player"])
            if d.get("controller") == d["player"]:  # taken and taken back: the marker is still gone
                return (f"{who}'s Order Marker {d['marker']} left {self._card(d['card'])} when the card changed "
                        f"hands: {who}'s turn is lost.")
            if d.get("controller"):  # the marker left the card when it changed hands: nothing to reveal
                return (f"{who}'s Order Marker {d['marker']} was on {self._card(d['card'])}, which "
                        f"{self._who(d['controller'])} controls now: {who}'s turn is lost.")
            return f"{who} reveals Order Marker {d['marker']} on {self._card(d['card'])}: turn lost ({d['reason']})."
        if k == "orders_removed":
            m = d["markers"]
            return (f"Your Order Marker{'' if len(m) == 1 else 's'} {', '.join(m)} left {self._card(d['card'])}: "
                    f"{'that turn is' if len(m) == 1 else 'those turns are'} lost this round.")
        if k == "card_turn":
            return f"{self._who(d['player'])} goes on with {self._card(d['card'])}."
        if k == "moved":
            path = d["path"]
            if len(path) < 2:  # a move of 0 spaces still activates the figure
                return f"{d['figure']} stays at {self._space(path[0])}." if path else None
            if d.get("teleport"):  # Bracers of Teleportation: put there, no spaces counted
                return f"{d['figure']} teleports {self._space(path[0])} → {self._space(path[-1])}."
            how = "flies" if d.get("flew") else "moves"
            n = d["cost"]
            return f"{d['figure']} {how} {self._space(path[0])} → {self._space(path[-1])} ({n} space{'' if n == 1 else 's'})."
        if k == "swipe":
            return (f"{d['attacker']} swipes at the leaving {d['target']}: {_dice(d['dice'])} → "
                    f"{plural(d['wounds'], 'wound')}.")
        if k == "fell":
            roll = f"d20 {d['d20']}" if "d20" in d else _dice(d.get("dice", []))
            return f"{d['figure']} falls {plural(d['drop'], 'level')}: {roll} → {plural(d['wounds'], 'wound')}."
        if k == "special_roll":
            if d.get("affected"):
                return None  # each affected figure's defense gets its own line, with these dice
            return f"{d['attacker']} uses {d['special']}: {_dice(d['attack_dice'])} — it hits no figure."
        if k == "attack":
            name = f" ({d['special']})" if d.get("special") else ""
            result = plural(d["wounds"], "wound") if d["wounds"] else "blocked"
            return (f"{d['attacker']} attacks {d['target']}{name}: {_dice(d['attack_dice'])} vs "
                    f"{_dice(d['defense_dice'])} — {plural(d['skulls'], 'skull')}, {plural(d['shields'], 'shield')}: "
                    f"{result}.")
        if k == "terrain":
            return self._terrain(d)
        if k == "scenario_rule":  # a scenario's special rule says what it did (bot.rules.scenarios)
            return str(d["text"]) if d.get("text") else None
        if k == "destroyed":
            return f"☠ {d['figure']} is destroyed ({d['cause']})."
        if k == "pending":
            shown = d.get("labels") or d["options"]
            return f"{self._who(d['player'])} must decide: {d['prompt']} ({' / '.join(shown)})"
        if k == "decided":
            return f"{self._who(d['player'])} chose {d.get('label') or d['choice']}."
        if k == "turn_ended":
            return f"{self._who(d['player'])}'s turn ends."
        if k == "round_ended":
            return f"Round {d['round']} ends."
        if k == "scores":
            return "Scores: " + ", ".join(f"{self._who(p)} {v:g}" for p, v in d["scores"].items())
        if k == "victory":
            w = d["winners"]
            if len(w) == 1:
                return f"🏆 {self._who(w[0])} wins — {d['result']}."
            if not w:
                return f"The match ends in a draw — {d['result']}."
            return f"🏆 {', '.join(self._who(p) for p in w)} — {d['result']}."
        if k == "conceded":
            who = d.get("name") or self._who(d["player"])
            if d.get("left_table"):
                return f"{who} leaves the table; the seat is free again."
            return f"{who} concedes."
        if k == "control":
            return f"{self._who(d['player'])} takes control of {self._card(d['card'])}."
        if k == "entered":
            return f"{d['figure']} enters the battlefield at {', '.join(self._space(a) for a in d['at'])} ({d['cause']})."
        if k == "move_again":
            return f"{', '.join(d['figures'])} may move again ({d['cause']})."
        if k == "attack_again":
            return f"{d['figure']} may attack again ({d['cause']})."
        if k == "power":
            return self._power(d)
        if k.startswith("glyph"):
            return self._glyph(k, d)
        if k == "attack_cancelled":
            return f"{d['attacker']} can no longer attack {d['target']}."
        if k in narrate_treasure.KINDS:
            return narrate_treasure.line(k, d, self._space)
        if k in narrate_scenario.KINDS:
            return narrate_scenario.line(k, d, self._space, self._who)
        return self._field(k, d)

    def _glyph(self, k: str, d: dict[str, Any]) -> str | None:
        """A glyph turned over, put down by a power, acting, or leaving the battlefield (HS-GLYPH-*)."""
        title = d.get("title") or f"Glyph of {str(d.get('glyph', '')).capitalize()}"
        if k == "glyph_turned":
            return f"✦ {d['figure']} turns over the glyph at {self._space(d['at'])}: it is the {title}."
        if k == "glyph_removed":
            what = f"The {title}" if d.get("side") == "power" else "The face-down glyph"
            why = "used up" if d.get("reason") == "used" else f"removed by the {d.get('reason')}"
            return f"✦ {what} at {self._space(d['at'])} leaves the game ({why})."
        if k == "glyph_placed":  # a card's power puts one of its glyphs down (Summon Vines)
            left = f"; {d['left']} left on the card" if "left" in d else ""
            return f"✦ {d['figure']}: {d['cause']} — a {title} now lies on {self._space(d['at'])}{left}."
        if k == "glyph":
            rolls = d.get("rolls")
            said = f" (d20: {', '.join(f'{f} {r}' for f, r in rolls.items())})" if rolls else ""
            return f"✦ {title}: {d['result']}{said}."
        return None

    def _field(self, k: str, d: dict[str, Any]) -> str | None:
        """Destructible objects, cannons (HS-DESTRUCT-*, HS-OBSTACLE-04..08) and changed terrain."""
        if k == "object_attack":
            name = f" ({d['special']})" if d.get("special") else ""
            result = plural(d["wounds"], "wound") if d["wounds"] else "blocked"
            defense = _dice(d["defense_dice"]) if d["defense_dice"] else "no defense"
            return (f"{d['attacker']} attacks the object {d['target']}{name}: {_dice(d['attack_dice'])} vs "
                    f"{defense} — {plural(d['skulls'], 'skull')}, {plural(d['shields'], 'shield')}: {result}.")
        if k == "object_destroyed":
            return f"💥 The object {d['object']} is destroyed and leaves the battlefield ({d['cause']})."
        if k == "terrain_changed":  # a power changed a space's tile (Create Water), for the rest of the match
            left = f"; {d['left']} left on the card" if "left" in d else ""
            who = f"{d['figure']}: " if d.get("figure") else ""
            return (f"🌊 {who}{d['cause']} — {self._space(d['at'])} is {d['terrain'].replace('_', ' ')} now "
                    f"(it was {d['was'].replace('_', ' ')}){left}.")
        if k == "cannon_fire":
            return f"{d['figure']} turns cannon {d['cannon']} and fires at {d['target']} (Cannon Fire: Range 8, Attack 3, Explosion 1)."
        return None

    def _terrain(self, d: dict[str, Any]) -> str:
        """A terrain's effect on a figure: the roll, if any, and what it did."""
        roll = f"d20 {d['d20']}" if "d20" in d else _dice(d["dice"]) if d.get("dice") else ""
        n = int(d.get("wounds") or 0)
        if n < 0:
            result = "it does not survive"  # molten lava: the destroyed line follows
        elif n:
            result = f"{n} wound{'' if n == 1 else 's'}"
        elif d.get("healed"):
            result = f"{d['healed']} wound healed"
        else:
            result = "no harm"
        return f"{d['figure']} on {d['terrain'].replace('_', ' ')}: {roll + ' → ' if roll else ''}{result}."

    def _draft(self, k: str, d: dict[str, Any]) -> str | None:
        """A draft event (DEC-13): its start and order, each pick with the points left, who is out,
        whose pick is next, the end."""
        if k == "draft_started":
            order = ", ".join(self._who(p) for p in d["order"])
            if d["by"] == "roll":
                rolls = ", ".join(f"{self._who(p)} {'/'.join(map(str, r))}" for p, r in d["rolls"].items())
                head = f"The draft begins. d20 for the first pick: {rolls}."
            else:
                head = f"The draft begins. {self._who(d['first'])} picks first, as the scenario says."
            budget = f" Each army may spend up to {d['points']} points." if d.get("points") is not None else ""
            return f"{head} Pick order: {order}.{budget}"
        if k == "drafted":
            n = d["figures"]
            left = f"; {d['points_left']} points left" if d.get("points_left") is not None else ""
            return (f"{self._who(d['player'])} drafts {d['card']} ({d['card_points']} points): army "
                    f"{d['points']} points, {n} figure{'' if n == 1 else 's'}{left}.")
        if k == "draft_out":
            who = self._who(d["player"])
            why = {"passed": f"{who} passes and is out of the draft.",
                   "no card fits": f"No Army Card fits {who}'s army any more: {who} is out of the draft.",
                   "conceded": f"{who} leaves the draft."}
            return why.get(d["reason"], f"{who} is out of the draft ({d['reason']}).")
        if k == "draft_turn":
            left = f" ({d['points_left']} points left)" if d.get("points_left") is not None else ""
            must = f"; the first pick must be {d['must_pick']}" if d.get("must_pick") else ""
            return f"Next pick: {self._who(d['player'])}{left}{must}."
        if k == "draft_ended":
            armies = ", ".join(f"{self._who(p)} {pts} points" for p, pts in d["armies"].items())
            return f"The draft is over: {armies}. Placement begins with {self.session.howto('start')}."
        return None

    def _power(self, d: dict[str, Any]) -> str:
        """A power's use: who, what, the roll against its need, and the result."""
        who = d.get("figure") or self._card(d.get("card"))
        parts = [f"✨ {who}: {d.get('power', 'power')}"]
        if d.get("target"):
            parts.append(f"on {d['target']}")
        if "d20" in d:
            need = f" (needs {d['needed']}+)" if d.get("needed") else ""
            parts.append(f"— d20 {d['d20']}{need}")
        if d.get("rolls"):  # one d20 per figure (Water Clone), each against its own need
            needs = d.get("needs") or {}
            parts.append("— d20 " + ", ".join(
                f"{f} {r}" + (f" (needs {needs[f]}+) {'✓' if r >= needs[f] else '✗'}" if f in needs else "")
                for f, r in d["rolls"].items()))
        if "wounds" in d and d["wounds"]:
            parts.append(f"— {plural(d['wounds'], 'wound')}")
        result = str(d.get("result") or "")
        if "success" in d:
            word = "success" if d["success"] else "no effect"
            # The result says what the success did; a result that only repeats the word is left out.
            parts.append(f"— {result}" if d["success"] and result else f"— {word}")
            if not d["success"] and result and result != word:
                parts.append(f"({result})")
        elif result:
            parts.append(f"({result})")
        return " ".join(parts) + "."
