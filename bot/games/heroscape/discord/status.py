"""Words describing a match for ``/match status`` and ``/army show`` (public facts only, plus the
asking player's own markers), including a draft under way (DEC-13): the pick order, every pick
so far and whose pick it is, and a decision the rules wait for: the deciding player is told the
buttons come with the status, everyone else who decides and how they get the buttons back."""

from __future__ import annotations

from bot.game.draft_status import draft_status
from bot.games.heroscape.discord.live import HeroscapeLive as LiveMatch
from bot.rules.army import card_cost
from bot.rules.state import MARKERS, Phase


def army_lines(live: LiveMatch) -> list[str]:
    """One line per player: start zone, cards with points, figures standing."""
    st = live.state
    out: list[str] = []
    for p in st.players:
        mine = [c for c in st.cards.values() if c.owner == p.id]
        if not mine:
            out.append(f"• **{p.name}** ({p.zone or 'no zone'}): no army yet")
            continue
        fmt = st.scenario.format
        pts = sum(card_cost(c.card, fmt) or 0 for c in mine)
        figs = [st.figures[f] for c in mine for f in c.figure_ids]
        standing = sum(1 for f in figs if f.on_battlefield)
        cards = ", ".join(f"{c.card.short} ({card_cost(c.card, fmt)})" for c in mine)
        gone = " — conceded" if p.conceded else ""
        out.append(f"• **{p.name}** ({p.zone or 'no zone'}): {cards} = {pts} pts; "
                   f"{standing}/{len(figs)} figures on the battlefield{gone}")
    return out


def draft_lines(live: LiveMatch) -> list[str]:
    """The draft: pick order, the picks so far in order (with points), who is out, whose pick is next."""
    st = live.state
    ds = draft_status(st, live.session.name)
    if ds is None:
        return []
    lines = [f"Draft order: {', '.join(ds.order)}."]
    picks = [f"{p.number}. {p.name}: " + (f"{p.card.short} ({card_cost(p.card, st.scenario.format)})" if p.card is not None else p.card_id)
             for p in ds.picks]
    lines.append("Picks: " + ("; ".join(picks) if picks else "none yet") + ".")
    if ds.out:
        lines.append(f"Out of the draft: {', '.join(ds.out)}.")
    if ds.next is not None:
        budget = f", {ds.next.left} points left" if ds.next.left is not None else ""
        lines.append(f"Now: {ds.next.name}'s pick{budget} (`/army draft`, or `/army pass`).")
    elif st.phase is Phase.SETUP:
        lines.append("The draft is over; the creator begins placement with `/match start`.")
    return lines


def decision_line(live: LiveMatch, asker: str | None) -> str:
    """The decision the rules wait for (the first pending one), for ``asker``: the deciding player
    reads that the buttons are attached; anyone else reads who decides and how they get the buttons.

    :raises IndexError: when no decision is pending.
    """
    pend = live.state.pending[0]
    rule = f" ({pend.rule})" if pend.rule else ""
    if asker == pend.player:
        how = " Answer with the buttons below." if pend.options else ""
        return f"**You must decide**: {pend.prompt}{rule}{how}"
    who = live.session.name(pend.player)
    return (f"Waiting for {who} to decide: {pend.prompt}{rule} ({who} gets the buttons again with "
            "`/match status`.)")


def decision_refusal(live: LiveMatch, asker: str) -> str:
    """Why nothing else can happen while a decision is pending (the rules refuse every other
    command then, HS-TIMING-04 or the asking rule), for ``asker``, naming whose decision it is.

    :raises IndexError: when no decision is pending.
    """
    pend = live.state.pending[0]
    rule = f" ({pend.rule})" if pend.rule else ""
    if asker == pend.player:
        return f"Decide first: {pend.prompt}{rule} Answer with its buttons (`/match status` shows them again)."
    return f"Waiting for {live.session.name(pend.player)} to decide: {pend.prompt}{rule}"


def status_text(live: LiveMatch, asker: str | None) -> str:
    """The state of the match in a few lines."""
    st = live.state
    s = live.session
    head = (f"**{st.scenario.name}** on **{st.battlefield.name}** — "
            f"{'round ' + str(st.round) + ', ' if st.round else ''}{st.phase.value}")
    lines = [head, *army_lines(live)]
    if st.phase is Phase.SETUP and st.draft is not None:
        lines.extend(draft_lines(live))
    elif st.phase is Phase.SETUP and st.scenario.format.draft:
        lines.append("Join with `/match join`; armies are drafted one Army Card at a time once the creator "
                     "opens the draft with `/match start`.")
    elif st.phase is Phase.SETUP:
        lines.append("Join with `/match join`, pick an army with `/army set`; the creator starts with `/match start`.")
    elif st.phase is Phase.PLACEMENT:
        left = [s.name(p) for p in live.waiting_for("place")]
        lines.append(f"Placing figures (`/place figure`, `/place rest`); waiting for {', '.join(left) or 'nobody'}.")
    elif st.phase is Phase.ORDERS:
        waiting = [s.name(p) for p in live.waiting_for_orders()]
        lines.append(f"Order Markers: waiting for {', '.join(waiting) or 'nobody'}.")
    elif st.phase is Phase.TURNS and st.turn is not None:
        card = st.cards[st.turn.card_key].card.short if st.turn.card_key else "?"
        lines.append(f"Now: {s.name(st.turn.player)}'s turn with {card} (Order Marker {st.turn.marker}).")
    elif st.phase is Phase.OVER:
        winners = ", ".join(s.name(w) for w in st.winners or []) or "nobody"
        lines.append(f"Over: {st.result} (winner: {winners}).")
    if st.pending:
        lines.append(decision_line(live, asker))
    revealed = {pid: [f"{m} on {st.cards[k].card.short}" for m, k in o.items() if m in st.revealed.get(pid, [])]
                for pid, o in st.orders.items()}
    shown = [f"{s.name(pid)}: {', '.join(v)}" for pid, v in revealed.items() if v]
    if shown:
        lines.append("Markers turned over: " + "; ".join(shown))
    if asker is not None and st.orders.get(asker):
        mine = st.orders[asker]
        lines.append("Your markers (only you see this): "
                     + ", ".join(f"{m} → {st.cards[mine[m]].card.short}" for m in MARKERS if m in mine))
    return "\n".join(lines)
