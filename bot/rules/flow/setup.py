"""Before the battle: seats at the table, armies, and ``start`` (HS-ARMY-01, -17, DEC-06).

``join`` seats a player and gives them a scenario side or a start zone; ``army`` checks and sets a
player's whole army (HS-ARMY-01..08); ``start`` opens the draft when the format drafts (DEC-13,
:mod:`bot.rules.flow.draft`), else begins placement (:mod:`bot.rules.flow.placement`).
"""

from __future__ import annotations

from bot.rules import checks, lookup
from bot.rules import draft as drafting
from bot.rules.army import (
    add_army,
    check_army,
    remove_army,
    renumber_figures,
    split_aside,
    zone_pairs,
    zone_room,
)
from bot.rules.cards import ArmyCard
from bot.rules.context import Referee
from bot.rules.errors import IllegalCommand
from bot.rules.flow.draft import open_draft
from bot.rules.state import MatchState, Phase, Player


def seat_player(st: MatchState, pid: str, name: str | None = None, team: str = "", zone: str = "",
                role: str = "") -> Player:
    """Seat a player without checks (``join`` checks first; rules cases and tests call it directly)."""
    p = Player(id=pid, name=name or pid, seat=len(st.players), team=team, zone=zone, role=role)
    st.players.append(p)
    st.orders.setdefault(pid, {})
    st.revealed.setdefault(pid, [])
    if role in st.scenario.trackers:  # the side's tracker starts on space 0 (HS-SCEN-CRIT2-ALL-03)
        st.trackers[pid] = 0
    return p


def join(eng: Referee, player: str, name: str) -> None:
    """``join NAME``: sit at the table before the match starts (HS-ARMY-17, DEC-13).

    :raises IllegalCommand: once the match or the draft has started, or the table is full.
    """
    st = eng.state
    if st.phase is not Phase.SETUP:
        what = "is over" if st.phase is Phase.OVER else "has started"
        raise IllegalCommand(f"the match {what}, so the table is closed: players join before the match "
                             "starts", "HS-ARMY-17")
    if st.draft is not None:
        raise IllegalCommand("the draft has begun, so the table is closed: players join before the draft "
                             "opens", drafting.RULE)
    if any(p.id == player and not p.conceded for p in st.players):
        raise IllegalCommand("you are already in this match")
    seated = [p for p in st.players if not p.conceded]
    if len(seated) >= st.scenario.max_players:
        raise IllegalCommand(f"{st.scenario.name} is for at most {st.scenario.max_players} players")
    # Someone who left the table before the battle may sit down again, in a new seat.
    st.players = [p for p in st.players if p.id != player]
    p = seat_player(st, player, name)
    p.role, p.zone = seat_for(eng, seated)
    # Sides the scenario makes unbreakable allies play as one team (HS-SCEN-DUMUTEF-MASTER-08).
    p.team = next(("+".join(t) for t in st.scenario.teams if p.role in t), p.team)
    eng.emit("joined", player=player, name=name, role=p.role, zone=p.zone)


def seat_for(eng: Referee, seated: list[Player]) -> tuple[str, str]:
    """The scenario side (role) and start zone of a player joining after ``seated``.

    The n-th player takes the scenario's n-th side, or else the n-th of the usual table
    colours (red, blue, green, yellow, then any other zone by name; round again when there are
    more players than zones). Areas a scenario names on the map are no seats of their own: a zone
    sharing a space with one before it (Player 3's "blue-orange") is skipped, and a zone with
    fewer than half the spaces of the smallest usual colour present (the five-space "bridge")
    comes after the others.
    When a player left the table before the battle, that player's side or zone is free again and
    the newcomer takes the first free one instead of a taken one.
    """
    st = eng.state
    n = len(seated)
    roles = {p.role for p in seated}
    zones_taken = {p.zone for p in seated}
    sides = st.scenario.sides
    if sides and n < len(sides):
        side = sides[n]
        if side.name in roles:
            side = next((s for s in sides if s.name not in roles), side)
        return side.name, side.zone
    usual = ["red", "blue", "green", "yellow"]
    areas = st.battlefield.start_zones
    listed = [z for z in usual if z in areas]
    smallest = min((len(areas[z]) for z in listed), default=0)
    listed += sorted(sorted(z for z in areas if z not in usual), key=lambda z: 2 * len(areas[z]) < smallest)
    zones: list[str] = []
    for z in listed:
        if not any(set(areas[z]) & set(areas[y]) for y in zones):
            zones.append(z)
    if not zones:
        return "", ""
    zone = zones[n % len(zones)]
    if zone in zones_taken:
        zone = next((z for z in zones if z not in zones_taken), zone)
    return "", zone


def army(eng: Referee, player: str, cards: list[str]) -> None:
    """``army CARD...``: choose (or choose again) the player's whole army (HS-ARMY-01..08).

    :raises IllegalCommand: after setup, in a drafting match, or for an army the format refuses;
        :raises InvalidCommand: for an unknown card.
    """
    st = eng.state
    checks.seated(st, player)
    if st.phase is not Phase.SETUP:
        raise IllegalCommand("armies are chosen before placement", "HS-ARMY-01")
    if st.scenario.format.draft:
        when = "once the match starts and the draft opens, " if st.draft is None else ""
        raise IllegalCommand(f"this match drafts its armies one Army Card at a time: {when}pick one card "
                             "each time your pick comes, or pass to stop picking", drafting.RULE,
                             actions=("draft", "pass"))
    if eng.cards is None:
        raise IllegalCommand("this match has no card library")
    names, aside_names = split_aside(cards)
    chosen: list[ArmyCard] = []
    aside: list[ArmyCard] = []
    for name, into in [(n, chosen) for n in names] + [(n, aside) for n in aside_names]:
        into.append(lookup.card_named(eng.cards, name))
    check_named_army(st, player, chosen)
    summary = check_army(chosen, st.scenario.format_for(st.player(player).role), zone_room(st, player), aside,
                         pairs=zone_pairs(st, player))
    # Choosing again replaces the earlier army.
    remove_army(st, player)
    keys = add_army(st, player, chosen, aside)
    renumber_figures(st)  # ids as if every army had been chosen once, in this order
    set_aside = [f for k in keys for f in st.cards[k].figure_ids if st.figures[f].set_aside]
    eng.emit("army", player=player, cards=[st.cards[k].card.name for k in keys],
              points=summary.points, figures=summary.figures, spaces=summary.spaces, set_aside=set_aside)


def _named_as(card: ArmyCard) -> set[str]:
    """What a chosen card answers to when a scenario names it: its id, and its name without a
    stand-in's ``(played by ...)`` (a stand-in keeps the named figure's id, DEC-07)."""
    return {lookup.squash(card.id), lookup.squash(card.name.split(" (played by")[0])}


def check_named_army(st: MatchState, player: str, chosen: list[ArmyCard]) -> None:
    """When ``player``'s scenario side names its army (``Side.army``: the heroes Wherever There's
    Trouble gives each player, HS-SCEN-TROUBLE3-ALL-03), the army must be exactly those cards, each
    as printed or played by a stand-in (DEC-07).

    :raises IllegalCommand: naming the side's cards, those missing and those it does not field.
    """
    role = st.player(player).role
    side = st.scenario.side_named(role) if role else None
    if side is None or not side.army:
        return
    named = {lookup.squash(n): n for n in side.army}
    missing = [n for k, n in named.items() if not any(k in _named_as(c) for c in chosen)]
    extra = [c.name for c in chosen if not _named_as(c) & set(named)]
    if not missing and not extra and len(chosen) == len(named):
        return
    def listed(names: list[str]) -> str:
        return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    why = [f"missing {listed(missing)}" if missing else "",
           f"{listed(extra)} {'is' if len(extra) == 1 else 'are'} not among them" if extra else ""]
    if not missing and not extra:
        why = ["each of them once"]
    example = "; ".join(f"{n} (played by ...)" for n in side.army[:2])
    raise IllegalCommand(f"in {st.scenario.name} {role} fields exactly {listed(side.army)} "
                         f"({'; '.join(w for w in why if w)}). Name each of them; a card whose statistics are not "
                         f"public is played by a stand-in from the library, e.g. `{example}` (DEC-07)",
                         actions=("army",))


def start(eng: Referee, player: str) -> None:
    """``start``: open the draft (drafting formats) or begin placement once every army is chosen.

    :raises IllegalCommand: naming who is missing, or why the match cannot start.
    """
    st = eng.state
    checks.seated(st, player)
    if st.phase is not Phase.SETUP:
        raise IllegalCommand("the match has already started")
    seated = [p for p in st.players if not p.conceded]  # who conceded left the table
    # Once the draft has begun nobody can join, so a player who left it does not hold up the rest.
    if st.draft is None and len(seated) < st.scenario.min_players:
        raise IllegalCommand(f"{st.scenario.name} needs at least {st.scenario.min_players} players")
    if st.scenario.format.draft and (st.draft is None or not st.draft.over):
        open_draft(eng)
        return
    missing = [p.name for p in seated if not any(c.owner == p.id for c in st.cards.values())]
    if missing and st.draft is not None:
        raise IllegalCommand(f"no Army Card was drafted by {', '.join(missing)}, who cannot fight without one; "
                             "they can concede and the others play on", "HS-ARMY-01", actions=("concede",))
    if missing:
        raise IllegalCommand(f"waiting for an army from {', '.join(missing)}", "HS-ARMY-01")
    if st.scenario.level == "rookie":
        raise IllegalCommand("Rookie levels need the Basic Game rules, which are not available (DEC-06)")
    st.phase = Phase.PLACEMENT
    eng.emit("placement", zones={p.id: p.zone for p in seated})
