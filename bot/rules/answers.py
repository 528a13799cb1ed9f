"""Reading a player's answer to a pending decision (``choose ...``) the way people write it.

A decision's options are the values the rules read (card keys such as ``p1/grimnak``, figure ids,
spaces, ``skip``); people are shown labels (card and figure names, see
:attr:`bot.rules.state.Pending.shown`). An answer may name an option in any of the ways a player
knows it, case-insensitively: the option itself, its label, and for an option that is a card in
play, the card's name, short name, id or the id of one of its figures; for an option that is a
figure, its card's name, short name or id. A name that fits more than one option is refused with
the labels it could mean, so a player is never guessed at.
"""

from __future__ import annotations

from bot.rules.state import MatchState, Pending


def _aliases(state: MatchState, option: str, label: str) -> set[str]:
    """Every lower-case way of naming ``option`` (shown as ``label``)."""
    names = {option, label}
    cip = state.cards.get(option)
    if cip is not None:
        names |= {cip.card.name, cip.card.short, cip.card.id, *cip.figure_ids}
        if "#" in option:  # a second copy: also its short name with the copy number (Feral Troll #2)
            names.add(f"{cip.card.short} #{option.rsplit('#', 1)[1]}")
    fig = state.figures.get(option)
    if fig is not None and fig.card_key in state.cards:
        card = state.cards[fig.card_key].card
        names |= {card.name, card.short, card.id}
    return {n.strip().lower() for n in names if n}


def read_answer(state: MatchState, pend: Pending, answer: str) -> tuple[str | None, list[str]]:
    """The option ``answer`` names: ``(option, [])``; or ``(None, labels)`` when it fits several
    options (their labels, to say which are meant), or ``(None, [])`` when it fits none.

    An exact option or label wins over other names (``finn`` the figure id over ``Finn`` the card
    of another figure). With options ``["p1/grimnak", "skip"]`` shown as ``["Grimnak", "skip"]``,
    ``Grimnak``, ``grimnak``, ``p1/GRIMNAK`` and ``Grimnak, Orc Warlord`` (its card name) all read
    ``p1/grimnak``.
    """
    want = answer.strip().lower()
    shown = pend.shown
    exact = [o for o, s in zip(pend.options, shown, strict=True) if want in (o.lower(), s.lower())]
    if len(exact) == 1:
        return exact[0], []
    fits = [o for o, s in zip(pend.options, shown, strict=True) if want in _aliases(state, o, s)]
    if len(fits) == 1:
        return fits[0], []
    return None, [pend.label(o) for o in fits]
