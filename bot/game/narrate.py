"""Events into short sentences for players, in the project's own words.

Private events (a player's own Order Markers) become private lines; nothing here ever puts a
hidden number into a public line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.rules.events import Event
from bot.rules.hexes import Hex

if TYPE_CHECKING:
    from bot.game.session import GameSession


def _dice(d: list[str]) -> str:
    icons = {"skull": "💀", "shield": "🛡", "blank": "·"}
    return "".join(icons.get(x, "?") for x in d) or "-"


class Narrator:
    """Turns one event into one line (or ``None`` for events not worth a line)."""

    def __init__(self, session: GameSession) -> None:
        self.session = session

    def _space(self, at: Any) -> str:
        bf = self.session.state.battlefield
        return bf.label(Hex(int(at[0]), int(at[1])))

    def _card(self, key: str | None) -> str:
        if not key:
            return "?"
        c = self.session.state.cards.get(key)
        return c.card.short if c else key

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
        if k == "placement":
            return "Armies are set. Place your figures in your start zones (`place FIGURE SPACE` or `place-rest`)."
        if k == "placed":
            return f"{d['figure']} is placed at {', '.join(self._space(a) for a in d['at'])}."
        if k == "round_started":
            return f"— Round {d['round']} — place your Order Markers."
        if k == "orders_placed":
            return f"{self._who(d['player'])} has locked in Order Markers."
        if k == "orders":
            m = d["markers"]
            return "Your Order Markers: " + ", ".join(f"{n} on {self._card(m[n])}" for n in ("1", "2", "3", "X") if n in m)
        if k == "initiative":
            rolls = "; ".join(f"{self._who(p)} {'/'.join(map(str, r))}" for p, r in d["rolls"].items())
            return f"Initiative: {rolls}. {self._who(d['first'])} goes first."
        if k == "turn_started":
            return f"{self._who(d['player'])} reveals Order Marker {d['marker']}: {self._card(d['card'])} acts."
        if k == "turn_lost":
            return f"{self._who(d['player'])} reveals Order Marker {d['marker']} on {self._card(d['card'])}: turn lost ({d['reason']})."
        if k == "moved":
            path = d["path"]
            if len(path) < 2:
                return None
            how = "flies" if d.get("flew") else "moves"
            n = d["cost"]
            return f"{d['figure']} {how} {self._space(path[0])} → {self._space(path[-1])} ({n} space{'' if n == 1 else 's'})."
        if k == "swipe":
            return f"{d['attacker']} swipes at the leaving {d['target']}: {_dice(d['dice'])} → {d['wounds']} wound(s)."
        if k == "fell":
            roll = f"d20 {d['d20']}" if "d20" in d else _dice(d.get("dice", []))
            return f"{d['figure']} falls {d['drop']} levels: {roll} → {d['wounds']} wound(s)."
        if k == "attack":
            name = f" ({d['special']})" if d.get("special") else ""
            result = f"{d['wounds']} wound(s)" if d["wounds"] else "blocked"
            return (f"{d['attacker']} attacks {d['target']}{name}: {_dice(d['attack_dice'])} vs "
                    f"{_dice(d['defense_dice'])} — {d['skulls']} skull(s), {d['shields']} shield(s): {result}.")
        if k == "terrain":
            roll = f"d20 {d['d20']}" if "d20" in d else _dice(d.get("dice", []))
            return f"{d['figure']} on {d['terrain'].replace('_', ' ')}: {roll}."
        if k == "destroyed":
            return f"☠ {d['figure']} is destroyed ({d['cause']})."
        if k == "pending":
            return f"{self._who(d['player'])} must decide: {d['prompt']} ({' / '.join(d['options'])})"
        if k == "decided":
            return f"{self._who(d['player'])} chose {d['choice']}."
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
            return f"{self._who(d['player'])} concedes."
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
        if k == "attack_cancelled":
            return f"{d['attacker']} can no longer attack {d['target']}."
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
        if "wounds" in d and d["wounds"]:
            parts.append(f"— {d['wounds']} wound(s)")
        if "success" in d:
            parts.append("— success" if d["success"] else "— no effect")
        if d.get("result"):
            parts.append(f"({d['result']})")
        return " ".join(parts) + "."
