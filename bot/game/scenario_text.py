"""A scenario explained to players (``/rules scenario``, the console's ``rules scenario``): its goal,
level, round limit, how it is won and each special rule, in words (HS-SCEN-*).

Built from the scenario file and the special-rule registry (:mod:`bot.rules.scenarios.registry`),
so every scenario, whoever wrote its plug-ins, is explained the same way.
"""

from __future__ import annotations

from bot.rules.scenario import Scenario, Side, VictoryRule
from bot.rules.scenarios.registry import RULES


def victory_line(s: Scenario, v: VictoryRule) -> str:
    """One victory condition in words."""
    limit = v.round if v.round is not None else s.format.round_limit
    if v.kind == "last_standing":
        return "Be the only side with figures left on the battlefield."
    if v.kind == "round_limit_side":
        return f"If nobody has won by the end of Round {limit}, {v.side} wins."
    if v.kind == "round_limit_score":
        return f"At the end of Round {limit}, the highest score wins (points of the Life left on the battlefield)."
    if v.kind == "tracker":
        names = " / ".join(f"{side}: {name}" for side, name in s.trackers.items()) or "your tracker"
        return f"Move your tracker ({names}) to space {v.reach} and you win."
    return v.kind.replace("_", " ")


def side_line(side: Side) -> str:
    """``Player 2 (525 points, at least 25 points on Dumutef Guard cards) in the orange zone``, with
    its named army when it has one."""
    extra = ([f"{side.points} points"] if side.points is not None else []) + [
        f"at least {sp.points} points on {sp.card} cards" for sp in side.spend]
    own = f" ({', '.join(extra)})" if extra else ""
    return f"{side.name}{own} in the {side.zone} zone" + (f" with {', '.join(side.army)}" if side.army else "")


def explain(s: Scenario) -> str:
    """The scenario in a few short paragraphs (Discord-ready Markdown, under 2,000 characters)."""
    lines = [f"**{s.name}**" + (f" ({s.level.title()})" if s.level and s.level not in s.name.lower() else "")]
    if s.description:
        lines.append(s.description)
    f = s.format
    limits = [f"{f.points} points" if f.points else "", f"{f.figures} figures a side" if f.figures else "",
              f"round limit {s.round_limit}" if s.round_limit else ""]
    if any(limits):
        lines.append("Format: " + ", ".join(x for x in limits if x) + ".")
    if s.sides:
        sides = "; ".join(side_line(side) for side in s.sides)
        lines.append(f"Sides: {sides}.")
    if f.draft_first:
        card = f" and must pick and place a {f.draft_first_card} before anything else" if f.draft_first_card else ""
        lines.append(f"When drafting, {f.draft_first} drafts first{card}.")
    lines.append("**How to win**\n" + "\n".join(f"• {victory_line(s, v)}" for v in s.victory))
    special = [(RULES[r], given) for r, given in s.rule_params().items() if r in RULES]
    if special:
        lines.append("**Special rules**\n" + "\n".join(f"• **{r.title}**: {r.text_for(given)}" for r, given in special))
    if any(side.army for side in s.sides) or "G.I. JOE" in s.name + s.description:
        lines.append("_The G.I. JOE cards' statistics are not public: each named figure is played by a stand-in "
                     "card of the library, shown as \"Duke (played by ...)\", until your server enters the real "
                     "cards (DEC-07)._")
    text = "\n\n".join(lines)
    return text if len(text) <= 1990 else text[:1989] + "…"
