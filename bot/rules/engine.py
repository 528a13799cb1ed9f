"""The referee: applies one command at a time to a match state and reports events.

Checked entry point: :meth:`Engine.execute` takes a :class:`~bot.rules.commands.Command` from a
player, checks it in a fixed order (is the match on, is this player allowed now, is the move
legal), then carries it out, drawing every die from the injected dice source. An illegal command
raises a :class:`~bot.rules.errors.RulesError` naming the rule and leaves the state exactly as it
was (the state is restored from a snapshot, so even a half-done command changes nothing).

The round (HS-ROUND-02): start-of-round effects, Order Markers, initiative, Player Turns in
initiative order (HS-TURN-01), end-of-round effects, victory (HS-VICTORY-*). Between steps the
engine runs timing windows (:mod:`bot.rules.timing`); an optional effect stops it with a pending
decision, and ``choose`` goes on from there.

A Player Turn begins before its Order Marker is revealed, so that effects timed "before
revealing an Order Marker" belong to it (HS-TURN-04). It holds one Army Card turn, the card under
the marker, unless a power adds more with :meth:`Engine.add_card_turn` (HS-TURN-05);
``end-turn`` ends the Army Card turn and, when none is left, the Player Turn.

Unchecked entry points (``setup_*``) build positions directly, for rules cases and tests.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from bot.rules import draft as drafting
from bot.rules import modifiers, terrain_effects
from bot.rules.answers import read_answer
from bot.rules.army import add_army, check_army, renumber_figures, split_aside, summarize
from bot.rules.cards import ArmyCard
from bot.rules.combat import attack_dice, check_target, defense_dice, friendly_target, tally
from bot.rules.commands import Command
from bot.rules.decisions import DRAFT_MIN_CARDS_BEFORE_PASS, ZERO_SPACE_MOVES
from bot.rules.dice import DiceSource
from bot.rules.engagement import adjacent, figure_height
from bot.rules.errors import IllegalCommand, InvalidCommand, RulesError
from bot.rules.events import Event, hx
from bot.rules.hexes import Hex, natural_key
from bot.rules.modifiers import AttackContext
from bot.rules.movement import MovePlan, fall_for, leaving, plan, reachable, safest_path
from bot.rules.state import (
    MARKERS,
    NUMBERED,
    DraftState,
    Figure,
    MatchState,
    Pending,
    Phase,
    Player,
    Stage,
    TurnState,
)
from bot.rules.timing import (
    Effect,
    Expiry,
    Lasting,
    Trigger,
    Window,
    WindowRun,
    effect,
    effects_for,
    order_key,
)
from bot.rules.unreachable import why_unreachable
from bot.rules.victory import check_victory, scores

if TYPE_CHECKING:
    from bot.rules.special import SpecialPlan

CardLookup = Callable[[str], ArmyCard]
#: Every Army Card a draft may offer (the card library); asked when a draft needs to know whether
#: a player can add any card at all (DEC-13).
CardPool = Callable[[], Iterable[ArmyCard]]


def _squash(text: str) -> str:
    """Letters and digits only, lower case: ``'Feral Troll #2'`` and ``'feral-troll#2'`` agree."""
    return "".join(ch for ch in text.lower() if ch.isalnum())


class Engine:
    """Applies commands to ``state`` with dice from ``dice``.

    ``cards`` resolves a card name typed in an ``army`` or ``draft`` command to an :class:`ArmyCard`
    (raising ``KeyError``/``ValueError`` with a helpful message when unknown). ``pool`` lists every
    card a draft may offer: with it, a player who can add no card at all is out of the draft by
    itself (DEC-13); without it, such a player has to pass.
    """

    def __init__(self, state: MatchState, dice: DiceSource, cards: CardLookup | None = None,
                 pool: CardPool | None = None) -> None:
        self.state = state
        self.dice = dice
        self.cards = cards
        self.pool = pool
        self.events: list[Event] = []
        self.window_run: WindowRun | None = None
        self._windows: list[WindowRun] = []

    # ==== public entry points =======================================================================

    def execute(self, player: str, command: Command | str) -> list[Event]:
        """Apply one command by ``player``; return the events it caused.

        :raises InvalidCommand: the command cannot be understood.
        :raises IllegalCommand: the rules forbid it now (``rule`` names the clause).
        """
        cmd = Command.parse(command) if isinstance(command, str) else command
        self._refuse_conceded(player, cmd.verb)
        snapshot = self.state.clone()
        saved_windows = copy.deepcopy(self._windows)  # runs are changed in place as they drain
        self.events = []
        try:
            handler = getattr(self, "_cmd_" + cmd.verb.replace("-", "_"))
            handler(player, **cmd.args)
        except RulesError:
            self.state = snapshot
            self._windows = saved_windows
            raise
        except Exception:
            self.state = snapshot
            self._windows = saved_windows
            raise
        self.state.version += 1
        return self.events

    @property
    def open_windows(self) -> tuple[WindowRun, ...]:
        """Timing windows under way, innermost last (non-empty only while a decision is pending)."""
        return tuple(self._windows)

    def emit(self, event_kind: str, /, to: str | None = None, **data: Any) -> Event:
        """Record an event (public unless ``to`` names a player)."""
        ev = Event(event_kind, data, to)
        self.events.append(ev)
        return ev

    # ---- dice -----------------------------------------------------------------------------------

    def roll_combat(self, n: int) -> list[str]:
        """Roll ``n`` combat dice (every roll ends up in an event)."""
        return self.dice.combat(n) if n > 0 else []

    def roll_d20(self) -> int:
        """Roll the 20-sided die."""
        return self.dice.d20()

    # ---- wounds ---------------------------------------------------------------------------------

    def wound(self, fig: Figure, n: int, cause: str) -> None:
        """Give ``fig`` ``n`` wounds; destroy it when they reach its Life (HS-DESTROY-01, -02)."""
        if n <= 0 or not fig.on_battlefield:
            return
        fig.wounds += n
        self.emit("wounded", figure=fig.id, wounds=n, total=fig.wounds)
        if fig.wounds >= self.state.card_of(fig).stat("life"):
            self.destroy(fig, cause)

    def destroy(self, fig: Figure, cause: str) -> None:
        """Destroy ``fig``: it leaves the battlefield for its card and its Wound Markers go back
        to the supply (HS-DESTROY-03); the event keeps how many it had."""
        if fig.destroyed:
            return
        at = [hx(h) for h in fig.hexes]
        wounds = fig.wounds
        fig.destroyed = True
        fig.hexes = ()
        fig.wounds = 0
        self.emit("destroyed", figure=fig.id, at=at, cause=cause, wounds=wounds)
        self._run_inside(Window.DESTROYED, figure=fig.id)  # Warrior's Attack Spirit and the like

    # ---- lasting effects ------------------------------------------------------------------------

    def add_lasting(self, name: str, controller: str, until: Expiry, source: str = "", **data: Any) -> Lasting:
        """Start an effect with a stated duration (``MatchState.effects[name]``), for powers such as
        Dorim's Charge!!!; it ends at ``until`` even if ``source`` is destroyed first (HS-DESTROY-06)."""
        lasting = Lasting(name=name, controller=controller, until=until, source=source, data=dict(data))
        self.state.effects[name] = lasting
        self.emit("effect_started", name=name, controller=controller, until=until.value, source=source)
        return lasting

    def _expire(self, until: Expiry, player: str | None = None) -> None:
        """End the lasting effects that last ``until`` now (those of ``player`` only, when given)."""
        st = self.state
        for name, eff in list(st.effects.items()):
            if isinstance(eff, Lasting) and eff.until is until and (player is None or eff.controller == player):
                del st.effects[name]
                self.emit("effect_ended", name=name, controller=eff.controller)

    # ---- what powers may do (general capabilities; a card's module decides when) ----------------

    def ask(self, trigger: Trigger, prompt: str, options: list[str], rule: str = "",
            labels: Sequence[str] | None = None) -> None:
        """Stop for a follow-up decision of an effect under way (where to place a clone, which card
        gets a spirit): ``trigger.controller`` answers with ``choose``, and the answer goes to that
        effect's :meth:`~bot.rules.timing.Effect.resolve` with ``trigger`` (its ``data`` says which
        step it is; :meth:`~bot.rules.timing.Effect.accept` may take answers not listed).
        ``labels`` are the options as people are shown them, one per option (default: the options)."""
        self._stop_for(Pending(player=trigger.controller, kind=trigger.effect, prompt=prompt, options=list(options),
                               context={"trigger": trigger.to_json()}, rule=rule or effect(trigger.effect).rule,
                               labels=list(labels or [])))

    def _stop_for(self, pend: Pending) -> None:
        """Wait for ``pend``: queue it and say so (the ``pending`` event carries its labels)."""
        self.state.pending.append(pend)
        self.emit("pending", player=pend.player, kind=pend.kind, prompt=pend.prompt, options=pend.options,
                  labels=pend.shown)

    def take_control(self, card_key: str, player: str, cause: str) -> None:
        """``player`` takes control of a card and all its figures (HS-ARMY-10, -11: Mind Shackle).

        The figures keep their wounds and places. The Order Markers still face down on the card are
        removed, so its former controller loses those turns; the new controller puts markers on it
        from the next round on (a card has no marker of theirs this round).
        """
        st = self.state
        cip = st.cards[card_key]
        before = cip.controller
        if before == player:
            return
        cip.controller = player
        for fid in cip.figure_ids:
            st.figures[fid].controller = player
        orders = st.orders.get(before, {})
        removed = sorted(m for m, k in orders.items() if k == card_key and m not in st.revealed.get(before, []))
        lost = st.lost_orders.setdefault(before, {})
        for m in removed:
            del orders[m]
            lost[m] = card_key  # to say, when that turn comes, why it is lost
        self.emit("control", card=card_key, player=player, previous=before, figures=list(cip.figure_ids),
                  markers_removed=len(removed), cause=cause)
        if removed:
            self.emit("orders_removed", to=before, player=before, card=card_key, markers=removed)

    def put_on(self, fig: Figure, hexes: Sequence[Hex], cause: str) -> None:
        """Put a figure that is off the battlefield (destroyed, or waiting to enter) onto empty
        spaces, with no wounds (Water Clone, The Drop). Not a move: nothing is entered or left.

        :raises ValueError: when the figure is on the battlefield or a space cannot take it (the
            power's module checks its own conditions first).
        """
        st = self.state
        bf = st.battlefield
        spaces = tuple(hexes)
        if fig.on_battlefield or fig.set_aside:
            raise ValueError(f"{fig.id} cannot be put on the battlefield")
        if len(spaces) != st.card_of(fig).base or any(h not in bf for h in spaces):
            raise ValueError(f"{fig.id} needs {st.card_of(fig).base} space(s) of the battlefield")
        for h in spaces:
            if st.occupant(h) is not None or bf.obstacles_on(h):
                raise ValueError(f"{bf.label(h)} is not empty")
        levels = {c.top for c in (bf.top_cell(h) for h in spaces) if c is not None}
        if len(levels) != 1:
            raise ValueError(f"{fig.id} needs spaces of one level")
        fig.destroyed = fig.reserve = False
        fig.wounds = 0
        fig.hexes = spaces
        fig.level = levels.pop()
        self.emit("entered", figure=fig.id, at=[hx(h) for h in spaces], cause=cause)

    def move_again(self, figures: Sequence[str], cause: str) -> None:
        """Let ``figures`` move once more this turn, before any attack (Berserker Charge). The turn
        goes back to moving; an attack declared, or the end of the turn asked for, that was waiting
        on the "after moving" window is called off (the player declares it again after moving)."""
        turn = self.state.turn
        if turn is None:
            return
        for f in figures:
            if f in turn.moved:
                turn.moved.remove(f)
                turn.spent.append(f)
        turn.stage = Stage.MOVE
        self._call_off(None)
        self.emit("move_again", figures=list(figures), cause=cause)

    def forgo_attacks(self, figures: Sequence[str]) -> None:
        """``figures`` make no attack this turn: a power used instead of attacking (Water Clone).
        A normal or special attack one of them declared, waiting on the "after moving" window, is
        called off."""
        turn = self.state.turn
        if turn is None:
            return
        forgone: list[str] = turn.data.setdefault("forgone", [])
        for f in figures:
            if f not in turn.attacked:
                turn.attacked.append(f)
            if f not in forgone:
                forgone.append(f)
        self._call_off(set(figures))

    def attack_again(self, figure: str, cause: str) -> None:
        """Let ``figure`` make one more attack this turn (Double Attack)."""
        turn = self.state.turn
        if turn is None or figure not in turn.attacked:
            return
        turn.attacked.remove(figure)
        turn.spent.append(figure)
        self.emit("attack_again", figure=figure, cause=cause)

    def _call_off(self, attackers: set[str] | None) -> None:
        """Call off what the open "after moving" window was to do next: an attack declared by one of
        ``attackers`` (any, and also ending the turn, when ``None``)."""
        runs = [r for r in self._windows if r.window is Window.AFTER_MOVING and r.then]
        if not runs:
            return
        run = runs[-1]
        if run.then in ("_attack_declared", "_special_declared"):
            who = run.args.get("attacker", "")
            if attackers is None or who in attackers:
                self.emit("attack_cancelled", attacker=who, target=run.args.get("target", ""))
                run.then = ""
        elif attackers is None:
            run.then = ""

    # ==== unchecked setup (rules cases, tests) ======================================================

    def setup_player(self, pid: str, name: str | None = None, team: str = "", zone: str = "", role: str = "") -> Player:
        """Seat a player without checks."""
        p = Player(id=pid, name=name or pid, seat=len(self.state.players), team=team, zone=zone, role=role)
        self.state.players.append(p)
        self.state.orders.setdefault(pid, {})
        self.state.revealed.setdefault(pid, [])
        return p

    def setup_figure(self, pid: str, card: ArmyCard, fid: str, hexes: Sequence[Hex], level: int | None = None,
                     wounds: int = 0, card_key: str | None = None) -> Figure:
        """Put a figure of ``card`` for ``pid`` on ``hexes`` without checks (its own card unless ``card_key``)."""
        from bot.rules.state import CardInPlay

        st = self.state
        key = card_key or f"{pid}/{fid}"
        if key not in st.cards:
            st.cards[key] = CardInPlay(key=key, card=card, owner=pid, controller=pid)
        hexes = tuple(hexes)
        if level is None:
            cell = st.battlefield.top_cell(hexes[0])
            if cell is None:
                raise ValueError(f"{hexes[0]} is not a space of the battlefield")
            level = cell.top
        fig = Figure(id=fid, card_key=key, owner=pid, controller=pid, hexes=hexes, level=level, wounds=wounds)
        st.figures[fid] = fig
        st.cards[key].figure_ids.append(fid)
        return fig

    # ==== lookup helpers ============================================================================

    def figure(self, name: str) -> Figure:
        """The figure with id ``name`` (case-insensitive).

        :raises InvalidCommand: naming close ids when there is no such figure.
        """
        key = name.lower()
        fig = self.state.figures.get(key)
        if fig is None:
            import difflib

            close = difflib.get_close_matches(key, list(self.state.figures), n=3)
            # A squad's figure number that does not exist (tarn5): name the whole squad, not the
            # three closest spellings (which left out tarn1).
            stem = key.rstrip("0123456789")
            squad = [f for f in self.state.figures if stem and f != stem and f.rstrip("0123456789") == stem]
            names = sorted(squad if squad and stem != key else close, key=natural_key)
            listed = f"{', '.join(names[:-1])} or {names[-1]}" if len(names) > 1 else "".join(names)
            hint = f"; did you mean {listed}?" if names else ""
            raise InvalidCommand(f"there is no figure '{name}'{hint}")
        return fig

    def space(self, text: str) -> Hex:
        """The space a label names.

        :raises InvalidCommand: when it is not a label or not on the battlefield.
        """
        try:
            return self.state.battlefield.parse_space(text)
        except ValueError as exc:
            raise InvalidCommand(str(exc)) from None

    def card_key(self, player: str, text: str) -> str:
        """The key of a card ``player`` controls, from its name, short name, id or key.

        Copies of an Uncommon card are told apart by their key (HS-ARMY-06): the plain name is
        the first copy, ``Feral Troll #2`` (or ``feral-troll#2``) the second.

        :raises IllegalCommand: when the player controls no such card (HS-ORDER-04).
        """
        t = text.strip().lower()
        mine = [c for c in self.state.cards.values() if c.controller == player]
        for c in mine:
            if t in (c.key.lower(), c.card.id, c.card.name.lower(), c.card.short.lower()):
                return c.key
        for c in mine:
            if _squash(t) in (_squash(c.key.split("/", 1)[-1]), _squash(c.key)):
                return c.key
        for c in mine:
            if c.card.name.lower().startswith(t) or c.card.short.lower().startswith(t):
                return c.key
        names = ", ".join(sorted(c.card.short for c in mine)) or "none"
        raise IllegalCommand(f"'{text}' is not an Army Card in your army (yours: {names})", "HS-ORDER-04")

    def _player(self, pid: str) -> Player:
        try:
            return self.state.player(pid)
        except KeyError:
            raise IllegalCommand("you are not playing in this match", "HS-ARMY-17") from None

    def _refuse_conceded(self, player: str, verb: str) -> None:
        """A player who conceded takes no more part: every command of theirs is refused, except
        sitting down again before the battle (their seat was freed) and ``start``, which closes
        the table and is not playing (the match's creator may have conceded during the draft).

        :raises IllegalCommand: when ``player`` has conceded and may not give ``verb``.
        """
        st = self.state
        p = next((q for q in st.players if q.id == player), None)
        if p is None or not p.conceded:
            return
        if verb == "concede":
            raise IllegalCommand("you have already conceded.")
        if st.phase is Phase.SETUP and (verb == "start" or (verb == "join" and st.draft is None)):
            return
        raise IllegalCommand("you have conceded this match.")

    def _require_on(self, player: str = "") -> None:
        """Refuse a command while the match is over or a decision waits (saying whose and which)."""
        if self.state.phase is Phase.OVER:
            raise IllegalCommand("the match is over", "HS-VICTORY-02")
        if self.state.pending:
            p = self.state.pending[0]
            answers = " / ".join(p.shown)
            if p.player == player:
                raise IllegalCommand(f"decide first: {p.prompt} (answers: {answers})", p.rule or None,
                                     actions=("choose",))
            raise IllegalCommand(f"waiting for {self._name(p.player)} to decide: {p.prompt} (answers: {answers})",
                                 p.rule or None)

    # ==== setup commands ============================================================================

    def _cmd_join(self, player: str, name: str) -> None:
        st = self.state
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
        p = self.setup_player(player, name)
        p.role, p.zone = self._seat_for(seated)
        self.emit("joined", player=player, name=name, role=p.role, zone=p.zone)

    def _seat_for(self, seated: list[Player]) -> tuple[str, str]:
        """The scenario side (role) and start zone of a player joining after ``seated``.

        The n-th player takes the scenario's n-th side, or else the n-th of the usual table
        colours (red, blue, green, yellow, then any other zone; round again when there are more
        players than zones). When a player left the table before the battle, that player's side
        or zone is free again and the newcomer takes the first free one instead of a taken one.
        """
        st = self.state
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
        zones = [z for z in usual if z in st.battlefield.start_zones]
        zones += sorted(z for z in st.battlefield.start_zones if z not in usual)
        if not zones:
            return "", ""
        zone = zones[n % len(zones)]
        if zone in zones_taken:
            zone = next((z for z in zones if z not in zones_taken), zone)
        return "", zone

    def _cmd_army(self, player: str, cards: list[str]) -> None:
        st = self.state
        self._player(player)
        if st.phase is not Phase.SETUP:
            raise IllegalCommand("armies are chosen before placement", "HS-ARMY-01")
        if st.scenario.format.draft:
            when = "once the match starts and the draft opens, " if st.draft is None else ""
            raise IllegalCommand(f"this match drafts its armies one Army Card at a time: {when}pick one card "
                                 "each time your pick comes, or pass to stop picking", drafting.RULE,
                                 actions=("draft", "pass"))
        if self.cards is None:
            raise IllegalCommand("this match has no card library")
        names, aside_names = split_aside(cards)
        chosen: list[ArmyCard] = []
        aside: list[ArmyCard] = []
        for name, into in [(n, chosen) for n in names] + [(n, aside) for n in aside_names]:
            try:
                into.append(self.cards(name))
            except (KeyError, ValueError) as exc:
                msg = exc.args[0] if exc.args else str(exc)
                raise InvalidCommand(str(msg)) from None
        zone = st.battlefield.start_zones.get(st.player(player).zone)
        summary = check_army(chosen, st.scenario.format, len(zone) if zone else None, aside)
        # Choosing again replaces the earlier army.
        for key in [k for k, c in st.cards.items() if c.owner == player]:
            for fid in st.cards[key].figure_ids:
                st.figures.pop(fid, None)
            del st.cards[key]
        keys = add_army(st, player, chosen, aside)
        renumber_figures(st)  # ids as if every army had been chosen once, in this order
        set_aside = [f for k in keys for f in st.cards[k].figure_ids if st.figures[f].set_aside]
        self.emit("army", player=player, cards=[st.cards[k].card.name for k in keys],
                  points=summary.points, figures=summary.figures, spaces=summary.spaces, set_aside=set_aside)

    def _cmd_start(self, player: str) -> None:
        st = self.state
        self._player(player)
        if st.phase is not Phase.SETUP:
            raise IllegalCommand("the match has already started")
        seated = [p for p in st.players if not p.conceded]  # who conceded left the table
        # Once the draft has begun nobody can join, so a player who left it does not hold up the rest.
        if st.draft is None and len(seated) < st.scenario.min_players:
            raise IllegalCommand(f"{st.scenario.name} needs at least {st.scenario.min_players} players")
        if st.scenario.format.draft and (st.draft is None or not st.draft.over):
            self._open_draft()
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
        self.emit("placement", zones={p.id: p.zone for p in seated})

    # ---- drafting (DEC-13) -------------------------------------------------------------------------

    def _open_draft(self) -> None:
        """``start`` in a drafting match: fix the pick order and open the draft (joining closes)."""
        st = self.state
        d = st.draft
        if d is not None:
            raise IllegalCommand(f"the draft is under way: it is {self._name(d.next)}'s pick; once every player "
                                 "is out of the draft, starting the match again begins placement", drafting.RULE)
        if st.scenario.level == "rookie":
            raise IllegalCommand("Rookie levels need the Basic Game rules, which are not available (DEC-06)")
        if self.cards is None:
            raise IllegalCommand("this match has no card library")
        fmt = st.scenario.format
        seats = [p.id for p in st.players if not p.conceded]
        named = next((p.id for p in st.players if not p.conceded and fmt.draft_first and p.role == fmt.draft_first),
                     None)
        first_card: str | None = None
        rolls: dict[str, list[int]] = {}
        if named is not None:
            first = named  # the scenario names the side that drafts first (HS-SCEN-BRIDGE-MASTER-05)
            if fmt.draft_first_card:
                first_card = self._card_named(fmt.draft_first_card).id
        else:
            first, rolls = drafting.roll_for_first(seats, self.roll_d20)
        st.draft = DraftState(order=drafting.around_the_table(seats, first), rolls=rolls, next=first,
                              first_card=first_card)
        self.emit("draft_started", order=list(st.draft.order), rolls=rolls, first=first,
                  by="scenario" if named is not None else "roll", first_card=fmt.draft_first_card if first_card else None,
                  points=fmt.points)
        self._draft_settle()

    def _card_named(self, name: str) -> ArmyCard:
        assert self.cards is not None
        try:
            return self.cards(name)
        except (KeyError, ValueError) as exc:
            msg = exc.args[0] if exc.args else str(exc)
            raise InvalidCommand(str(msg)) from None

    def _name(self, pid: str | None) -> str:
        try:
            return self.state.player(pid or "").name
        except KeyError:
            return "nobody"

    def _cmd_draft(self, player: str, card: str | None) -> None:
        st = self.state
        self._player(player)
        self._require_on(player)
        if not st.scenario.format.draft:
            raise IllegalCommand("this match does not draft: choose your whole army at once, naming all its Army "
                                 "Cards", "HS-ARMY-01", actions=("army",))
        d = st.draft
        if st.phase is not Phase.SETUP or (d is not None and d.over):
            if st.phase is Phase.SETUP:
                raise IllegalCommand("the draft is over: starting the match again begins placement", drafting.RULE,
                                     actions=("start",))
            raise IllegalCommand("the draft is over", drafting.RULE)
        if d is None:
            raise IllegalCommand("the draft has not begun: starting the match opens it, once everyone has joined",
                                 drafting.RULE, actions=("start",))
        if player in d.out:
            raise IllegalCommand("you are out of the draft (you passed, or no card fits your army any more)",
                                 drafting.RULE)
        if d.next != player:
            raise IllegalCommand(f"it is {self._name(d.next)}'s pick; wait for your turn to pick", drafting.RULE)
        if card is None:
            if len(d.picks_of(player)) < DRAFT_MIN_CARDS_BEFORE_PASS:
                raise IllegalCommand("pick at least one Army Card before passing: an army needs one", "HS-ARMY-01")
            self._draft_out(player, "passed")
            d.next = drafting.next_after(d, player)
            self._draft_settle()
            return
        chosen = self._card_named(card)
        summary = drafting.check_draft_pick(st, player, chosen)
        # The army is rebuilt from every pick, so it is exactly the one 'army' would give for them
        # (a Common card picked again joins its first copy's card, HS-ARMY-08).
        picked = [*drafting.drafted_cards(st, player), chosen]
        d.picks.append((player, chosen.id))
        for key in [k for k, c in st.cards.items() if c.owner == player]:
            for fid in st.cards[key].figure_ids:
                st.figures.pop(fid, None)
            del st.cards[key]
        add_army(st, player, picked)
        self.emit("drafted", player=player, card=chosen.name, card_id=chosen.id, card_points=chosen.points or 0,
                  pick=len(d.picks), points=summary.points, figures=summary.figures, spaces=summary.spaces,
                  points_left=drafting.points_left(st, player))
        if self.pool is not None and not drafting.can_pick_any(st, player, self.pool()):
            self._draft_out(player, "no card fits")  # said now, not when their pick comes round again
        d.next = drafting.next_after(d, player)
        self._draft_settle()

    def _draft_out(self, player: str, reason: str) -> None:
        d = self.state.draft
        assert d is not None
        d.out.append(player)
        self.emit("draft_out", player=player, reason=reason)

    def _draft_settle(self) -> None:
        """Whoever picks next but can add no card at all is out (when the card pool is known);
        then say whose pick it is, or that the draft is over."""
        st = self.state
        d = st.draft
        assert d is not None
        while d.next is not None and self.pool is not None and not drafting.can_pick_any(st, d.next, self.pool()):
            who = d.next
            self._draft_out(who, "no card fits")
            d.next = drafting.next_after(d, who)
        if d.next is not None:
            self.emit("draft_turn", player=d.next, points_left=drafting.points_left(st, d.next),
                      must_pick=st.scenario.format.draft_first_card if drafting.required_first(st, d.next) else None)
            return
        armies = {p: summarize(drafting.drafted_cards(st, p)).points for p in d.order if not st.player(p).conceded}
        self.emit("draft_ended", armies=armies)

    def _draft_leave(self, player: str) -> None:
        """A player who concedes during the draft is out of it; if it was their pick, the next picks."""
        d = self.state.draft
        if d is None or d.over or player in d.out:
            return
        self._draft_out(player, "conceded")
        if d.next == player:
            d.next = drafting.next_after(d, player)
            self._draft_settle()

    def _zone(self, player: str) -> frozenset[Hex]:
        p = self.state.player(player)
        zone = self.state.battlefield.start_zones.get(p.zone)
        if zone is None:
            raise IllegalCommand(f"you have no start zone on {self.state.battlefield.name}", "HS-ARMY-02")
        return zone

    def _cmd_place(self, player: str, figure: str, spaces: list[str]) -> None:
        st = self.state
        self._player(player)
        if st.phase is not Phase.PLACEMENT:
            raise IllegalCommand("figures are placed after the armies are chosen and before round 1")
        fig = self.figure(figure)
        if fig.owner != player:
            raise IllegalCommand(f"{fig.id} is not your figure")
        if fig.set_aside:
            raise IllegalCommand(f"{fig.id} was set aside and takes no part in the battle", "HS-ARMY-03")
        if fig.reserve:
            raise IllegalCommand(f"{fig.id} starts the battle off the battlefield; its power brings it on")
        hexes = tuple(self.space(s) for s in spaces)
        card = st.card_of(fig)
        if len(hexes) != card.base:
            raise IllegalCommand(f"{fig.id} takes {'2 spaces' if card.base == 2 else '1 space'}: name {'two adjacent spaces' if card.base == 2 else 'one space'}", "HS-DOUBLE-01")
        self._place(fig, hexes)

    def _place(self, fig: Figure, hexes: tuple[Hex, ...]) -> None:
        st = self.state
        zone = self._zone(fig.owner)
        bf = st.battlefield
        for h in hexes:
            if h not in zone:
                raise IllegalCommand(f"{bf.label(h)} is not in your start zone ({st.player(fig.owner).zone})", "HS-ARMY-02")
            other = st.occupant(h)
            if other is not None and other is not fig:
                raise IllegalCommand(f"{bf.label(h)} is taken by {other.id}", "HS-MOVE-08")
            if bf.obstacles_on(h):
                raise IllegalCommand(f"{bf.label(h)} holds an obstacle", "HS-OBSTACLE-01")
        if len(hexes) == 2 and not hexes[0].is_adjacent(hexes[1]):
            raise IllegalCommand("a double-space figure needs two adjacent spaces", "HS-DOUBLE-01")
        levels = {c.top for c in (bf.top_cell(h) for h in hexes) if c is not None}
        if len(levels) != 1:
            raise IllegalCommand("a double-space figure needs two spaces of the same level", "HS-DOUBLE-02")
        before = [hx(h) for h in fig.hexes]
        fig.hexes = hexes
        fig.level = levels.pop()
        if before:  # placed again: it moves within the start zone, so say where from
            self.emit("placed_again", figure=fig.id, at=[hx(h) for h in hexes], before=before)
        else:
            self.emit("placed", figure=fig.id, at=[hx(h) for h in hexes])
        if self._placement_done():
            self._start_round()

    def _placement_done(self) -> bool:
        """Whether every figure that fights is placed (set-aside figures, a conceded player's among
        them, and figures that enter by a power do not count)."""
        return all(f.hexes or f.set_aside or f.reserve for f in self.state.figures.values())

    def _cmd_place_rest(self, player: str) -> None:
        st = self.state
        self._player(player)
        if st.phase is not Phase.PLACEMENT:
            raise IllegalCommand("figures are placed after the armies are chosen and before round 1")
        zone = sorted(self._zone(player), key=lambda h: (h.r, h.q))
        for fig in [f for f in st.figures.values() if f.owner == player and not f.hexes and not f.set_aside
                    and not f.reserve]:
            base = st.card_of(fig).base
            for h in zone:
                if st.occupant(h) is not None or st.battlefield.obstacles_on(h):
                    continue
                if base == 1:
                    self._place(fig, (h,))
                    break
                mate = next((n for n in h.neighbours() if n in zone and st.occupant(n) is None
                             and not st.battlefield.obstacles_on(n)
                             and (st.battlefield.top_cell(n) or st.battlefield.top_cell(h)) == st.battlefield.top_cell(h)
                             or False), None)
                if mate is not None:
                    self._place(fig, (h, mate))
                    break
            else:
                raise IllegalCommand(f"no room left in your start zone for {fig.id}", "HS-ARMY-02")
            if st.phase is not Phase.PLACEMENT:
                break

    # ==== the round =================================================================================

    def _start_round(self) -> None:
        st = self.state
        st.round += 1
        st.phase = Phase.ORDERS
        st.turns_taken = []
        st.initiative = []
        st.lost_orders = {}
        for p in st.players:
            st.orders[p.id] = {}
            st.revealed[p.id] = []
        self.emit("round_started", round=st.round)
        self.run_window(Window.START_OF_ROUND, "_open_orders")

    def _open_orders(self) -> None:
        self.state.phase = Phase.ORDERS

    def _active_players(self) -> list[Player]:
        st = self.state
        return [p for p in st.players if not p.conceded and st.living_cards(p.id)]

    def _cmd_orders(self, player: str, markers: dict[str, str]) -> None:
        st = self.state
        self._player(player)
        self._require_on(player)
        if st.phase is Phase.FREE:
            st.phase = Phase.ORDERS
            st.round = max(st.round, 1)
            st.turn = None
        if st.orders.get(player) and st.phase in (Phase.ORDERS, Phase.INITIATIVE, Phase.TURNS):
            raise IllegalCommand("your Order Markers are already locked in for this round", "HS-ORDER-06")
        if st.phase is not Phase.ORDERS:
            raise IllegalCommand("Order Markers are placed at the start of a round", "HS-ROUND-02")
        missing = [m for m in MARKERS if m not in markers]
        if missing:
            raise IllegalCommand(f"place all four Order Markers (1, 2, 3 and X); missing {', '.join(missing)}", "HS-ORDER-01")
        placed = {m: self.card_key(player, markers[m]) for m in MARKERS}
        st.orders[player] = placed
        self.emit("orders_placed", player=player)
        self.emit("orders", to=player, player=player, markers=dict(placed))
        waiting = [p for p in self._active_players() if not st.orders.get(p.id)]
        if not waiting:
            self.run_window(Window.AFTER_ORDER_MARKERS, "_open_initiative")

    def _open_initiative(self) -> None:
        self.state.phase = Phase.INITIATIVE

    def _cmd_initiative(self, player: str) -> None:
        st = self.state
        self._player(player)
        self._require_on(player)
        if st.phase is not Phase.INITIATIVE:
            if st.phase is Phase.ORDERS:
                waiting = [p.name for p in self._active_players() if not st.orders.get(p.id)]
                raise IllegalCommand(f"initiative is rolled once every Order Marker is placed; waiting for {', '.join(waiting)}", "HS-INIT-01")
            if st.phase is Phase.TURNS:
                raise IllegalCommand(f"initiative has already been rolled for round {st.round}", "HS-INIT-01")
            raise IllegalCommand("initiative is rolled after Order Markers are placed", "HS-INIT-01")
        rollers = [p.id for p in self._active_players()]
        rolls: dict[str, list[int]] = {p: [] for p in rollers}
        contenders = list(rollers)
        while True:
            results = {p: self.roll_d20() for p in contenders}
            for p, r in results.items():
                rolls[p].append(r)
            top = max(results.values())
            tied = [p for p in contenders if results[p] == top]
            if len(tied) == 1:
                winner = tied[0]
                break
            contenders = tied  # only the tied players roll again (HS-INIT-03)
        seats = [p.id for p in st.players if p.id in rollers]
        i = seats.index(winner)
        st.initiative = seats[i:] + seats[:i]  # DEC-04
        st.phase = Phase.TURNS
        self.emit("initiative", rolls=rolls, order=list(st.initiative), first=winner)
        self._next_turn()

    def _turn_sequence(self) -> list[tuple[str, str]]:
        st = self.state
        return [(p, m) for m in NUMBERED for p in st.initiative]

    def _next_turn(self) -> None:
        st = self.state
        if st.phase is Phase.OVER:
            return
        seq = self._turn_sequence()
        done = len(st.turns_taken)
        while done < len(seq):
            pid, marker = seq[done]
            player = st.player(pid)
            if player.conceded or marker not in st.orders.get(pid, {}):
                taken = st.lost_orders.get(pid, {}).get(marker)
                if taken is not None and not player.conceded:
                    self._turn_lost_to_control(pid, marker, taken)
                st.turns_taken.append(pid)
                done += 1
                continue
            # The Player Turn starts before its marker is revealed (HS-TURN-04).
            st.turn = TurnState(player=pid, card_key=None, marker=None)
            self.run_window(Window.BEFORE_REVEAL, "_reveal", player=pid, marker=marker)
            return
        self._end_round()

    def _turn_lost_to_control(self, player: str, marker: str, card_key: str) -> None:
        """Say that ``player``'s turn for ``marker`` is lost: the marker left ``card_key`` when another
        player took control of it (HS-ARMY-10), so there is nothing to reveal."""
        st = self.state
        holder = st.cards[card_key].controller
        # Taken and taken back in one round: the markers stay lost (they left the card).
        reason = "the card changed hands" if holder == player else f"{st.player(holder).name} controls that card now"
        self.emit("turn_lost", player=player, marker=marker, card=card_key, controller=holder, reason=reason)

    def _reveal(self, player: str, marker: str) -> None:
        st = self.state
        key = st.orders[player][marker]
        st.revealed[player].append(marker)  # turned number-side up (HS-TURN-03)
        self._expire(Expiry.NEXT_REVEAL, player)
        card = st.cards.get(key)
        alive = card is not None and card.controller == player and any(st.figures[f].on_battlefield for f in card.figure_ids)
        if st.turn is None or st.turn.player != player:
            st.turn = TurnState(player=player, card_key=None, marker=None)
        st.turn.card_key = key if alive else None
        st.turn.marker = marker
        if not alive:
            if card is not None and card.controller != player:
                reason = f"{st.player(card.controller).name} controls that card now"
            else:
                reason = "no figures of that card are left" if card else "that card is gone"
            self.emit("turn_lost", player=player, marker=marker, card=key, reason=reason)
            self._finish_turn()
            return
        self.emit("turn_started", player=player, marker=marker, card=key)
        self.run_window(Window.START_OF_TURN, "")

    def add_card_turn(self, card_key: str, *, now: bool = False) -> None:
        """Give the Player Turn under way one more Army Card turn, with ``card_key`` (HS-TURN-05).

        For powers such as Jandar Champion Bonding, called from an effect. With ``now`` the new
        card's turn begins at once and the current card's turn follows it (it should not have
        begun: no figure moved or attacked); otherwise it follows the current one. Each Army
        Card turn moves, then attacks, and ends with ``end-turn``.

        :raises ValueError: when no Player Turn is under way or the player does not control the card.
        """
        st = self.state
        turn = st.turn
        if turn is None or card_key not in st.cards or st.cards[card_key].controller != turn.player:
            raise ValueError(f"no Player Turn of the controller of {card_key} is under way")
        if not now:
            turn.card_turns.append(card_key)
            return
        if turn.card_key is not None:
            turn.card_turns.insert(0, turn.card_key)
            # The put-back card's turn has not begun: the rest of its start-of-turn window
            # (cooling lava under its figures...) comes again when it does, not twice.
            starts = [r for r in self._windows if r.window is Window.START_OF_TURN]
            if starts:
                self._windows.remove(starts[-1])
        self._begin_card_turn(card_key)

    def _begin_card_turn(self, card_key: str) -> None:
        turn = self.state.turn
        assert turn is not None
        turn.card_key = card_key
        turn.stage = Stage.MOVE
        turn.moved.clear()
        turn.attacked.clear()
        turn.spent.clear()
        self.emit("card_turn", player=turn.player, card=card_key)
        self.run_window(Window.START_OF_TURN, "")

    def _end_card_turn(self) -> None:
        turn = self.state.turn
        if turn is not None and turn.card_turns:
            self._begin_card_turn(turn.card_turns.pop(0))
            return
        self._finish_turn()

    # ==== turn commands =============================================================================

    def _turn_for(self, player: str, fig: Figure) -> TurnState:
        """The turn in which ``player`` may act with ``fig``; in FREE mode, starts one."""
        st = self.state
        self._require_on(player)
        if fig.destroyed:  # said before whose it was: the figure is gone, whoever names it
            raise IllegalCommand(f"{fig.id} was destroyed and has left the battlefield; it can no longer move or "
                                 "attack", "HS-DESTROY-03")
        if st.phase is Phase.FREE:
            if st.turn is None or st.turn.player != fig.controller or st.turn.card_key != fig.card_key:
                st.turn = TurnState(player=fig.controller, card_key=fig.card_key, marker=None)
            return st.turn
        if st.phase is not Phase.TURNS or st.turn is None:
            raise IllegalCommand("figures act only during Player Turns", "HS-TURN-02")
        turn = st.turn
        if turn.player != player:
            raise IllegalCommand(f"it is {st.player(turn.player).name}'s turn", "HS-TURN-07")
        if fig.controller != player:
            raise IllegalCommand(f"{fig.id} is not your figure", "HS-ARMY-11")
        if fig.card_key != turn.card_key:
            card = st.cards[turn.card_key].card.short if turn.card_key else "none"
            raise IllegalCommand(f"this turn belongs to {card}; {fig.id} is on another Army Card", "HS-TURN-05")
        return turn

    def _cmd_move(self, player: str, figure: str, to: str | None = None, via: list[str] | None = None,
                  path: list[str] | None = None, fly: bool | None = None, power: str | None = None) -> None:
        fig = self.figure(figure)
        turn = self._turn_for(player, fig)
        if not fig.on_battlefield:
            raise IllegalCommand(f"{fig.id} is not on the battlefield", "HS-MOVE-01")
        if turn.stage is not Stage.MOVE:
            raise IllegalCommand("figures move before any figure attacks this turn", "HS-TURN-02")
        if fig.id in turn.moved:
            raise IllegalCommand(f"{fig.id} has already moved this turn", "HS-MOVE-01")
        card = self.state.card_of(fig)
        if len(turn.moved) >= card.stat("figures"):
            raise IllegalCommand(f"{card.short} may move {card.figures} figure{'' if card.figures == 1 else 's'} a turn", "HS-MOVE-01")
        if not via and not path and self._stays(fig, to):
            if not ZERO_SPACE_MOVES:
                where = " and ".join(self.state.battlefield.label(h) for h in fig.hexes)
                raise IllegalCommand(f"{fig.id} already stands on {where}: to leave it there, do not move it (end "
                                     "the turn, or attack with it); otherwise name another space", "DEC-14")
            # A move of 0 spaces still activates the figure (HS-MOVE-02).
            turn.moved.append(fig.id)
            self.emit("moved", figure=fig.id, path=[hx(fig.hexes[0])], levels=[fig.level], cost=0, flew=False,
                      end=[hx(h) for h in fig.hexes])
            return
        hexes = self._resolve_path(fig, to, via or [], path, fly, power)
        mp = plan(self.state, fig, hexes, fly, power=power)  # power: a special move asked for by name
        self.carry_out(fig, mp)
        turn.moved.append(fig.id)
        if fig.on_battlefield:
            self.run_window(Window.END_OF_MOVE, "", figure=fig.id)

    def _stays(self, fig: Figure, to: str | None) -> bool:
        """Whether a move's destination ``to`` is a space ``fig`` stands on: a move of 0 spaces
        (DEC-14). A path written out space by space is checked as a path by :func:`plan`."""
        return to is not None and self.space(to) in fig.hexes

    def _resolve_path(self, fig: Figure, to: str | None, via: list[str], path: list[str] | None, fly: bool | None,
                      power: str | None = None) -> list[Hex]:
        if path:
            return [self.space(s) for s in path]
        assert to is not None
        goals = [self.space(s) for s in via] + [self.space(to)]
        st = self.state
        self._check_waypoints(fig, goals)
        walking = not (fly if fly is not None else modifiers.move_rules(st, fig).can_fly)
        if not via and power is None and walking:
            # Only a destination: take the legal path with the fewest leaving-engagement attacks.
            safe = safest_path(st, fig, goals[0])
            if safe is not None:
                return safe
        out: list[Hex] = []
        body, level = fig.hexes, fig.level
        for goal in goals:
            saved = (fig.hexes, fig.level)
            fig.hexes, fig.level = body, level
            try:
                options = reachable(st, fig, fly, power)
            finally:
                fig.hexes, fig.level = saved
            best = min((v for k, v in options.items() if k[0] == goal), default=None, key=lambda v: v[0])
            if best is None:
                raise IllegalCommand(why_unreachable(st, fig, goal, fly, power), "HS-MOVE-03")
            out.extend(best[1])
            end = next(k for k, v in options.items() if v is best)
            body = end
            cell = st.battlefield.top_cell(end[0])
            lv = [c.top for c in st.battlefield.surfaces(end[0])]
            level = cell.top if cell else level
            if len(lv) > 1:
                # Replay the path to learn which level it ends on (bridges and overhangs).
                level = plan(st, fig, out, fly, check_allowance=False, power=power).end_level
        return out

    def _check_waypoints(self, fig: Figure, goals: list[Hex]) -> None:
        """Refuse waypoints that are no step on the way: the destination itself, the space the
        figure stands on, or the same space twice in a row (HS-MOVE-03: a move goes from space to
        space; a waypoint is a space passed through)."""
        lab = self.state.battlefield.label
        for i, goal in enumerate(goals[:-1]):
            if goal == goals[-1]:
                raise IllegalCommand(f"{lab(goal)} is the destination and cannot also be a waypoint: name {lab(goal)} "
                                     "only as the destination and the path is found for you, or give as waypoints "
                                     "only spaces to pass on the way", "HS-MOVE-03", actions=("move",))
            if i == 0 and goal in fig.hexes:
                raise IllegalCommand(f"{lab(goal)} is where {fig.id} already stands, so it is no waypoint: leave it "
                                     "out and give as waypoints only spaces to pass on the way", "HS-MOVE-03",
                                     actions=("move",))
            if goal == goals[i + 1]:
                raise IllegalCommand(f"{lab(goal)} is named twice in a row as a waypoint: name it once", "HS-MOVE-03",
                                     actions=("move",))

    def carry_out(self, fig: Figure, mp: MovePlan) -> None:
        """Move ``fig`` along a checked plan: leaving-engagement attacks, falls, entering effects.

        The move stops early if the figure is destroyed on the way (HS-ENGAGE-05, DEC-02).
        """
        st = self.state
        from bot.rules import modifiers

        rules = modifiers.move_rules(st, fig)
        height = figure_height(st, fig)
        start = [hx(h) for h in fig.hexes]
        mark = len(self.events)
        walked: list[list[int]] = [start[0]]
        levels = [fig.level]
        if mp.fly:
            # Taking off: every engaged enemy may swipe, unless Stealth Flying (HS-FLY-02, -11).
            if rules.takes_swipes and not rules.stealth:
                for enemy in leaving(st, fig, fig.hexes, fig.level, (), fig.level):
                    self._swipe(enemy, fig)
                    if not fig.on_battlefield:
                        break
            if fig.on_battlefield:
                last = mp.steps[-1]
                walked.extend(hx(s.hexes[0]) for s in mp.steps)
                fig.hexes, fig.level = last.hexes, last.level
                levels.append(last.level)
                terrain_effects.on_enter(self, fig, last.terrain)
        else:
            for step in mp.steps:
                if rules.takes_swipes:
                    for enemy in leaving(st, fig, fig.hexes, fig.level, step.hexes, step.level):
                        self._swipe(enemy, fig)
                        if not fig.on_battlefield:
                            break
                if not fig.on_battlefield:
                    break
                fig.hexes, fig.level = step.hexes, step.level
                walked.append(hx(step.hexes[0]))
                levels.append(step.level)
                fall = fall_for(step.drop, height, step.terrain, rules.can_fly)  # flyers never fall (HS-FALL-01)
                if fall is not None:
                    self._fall(fig, step.drop, fall)
                    if not fig.on_battlefield:
                        break
                terrain_effects.on_enter(self, fig, step.terrain)
                if not fig.on_battlefield:
                    break
        done = len(walked) - 1
        spent = mp.cost if fig.on_battlefield or mp.fly else (mp.steps[done - 1].cost if done else 0)
        moved = Event("moved", {"figure": fig.id, "path": walked, "levels": levels, "cost": spent, "flew": mp.fly,
                                "end": [hx(h) for h in fig.hexes] if fig.on_battlefield else None})
        # Tell the move before the destruction it led to, so the log reads in order.
        fell_at = next((i for i, e in enumerate(self.events[mark:], mark)
                        if e.kind == "destroyed" and e.data.get("figure") == fig.id), None)
        if fell_at is None:
            self.events.append(moved)
        else:
            self.events.insert(fell_at, moved)
        if fig.on_battlefield:
            terrain_effects.on_end_of_move(self, fig)

    def _swipe(self, enemy: Figure, fig: Figure) -> None:
        dice = self.roll_combat(1)
        wounds = dice.count("skull")
        self.emit("swipe", attacker=enemy.id, target=fig.id, dice=dice, wounds=wounds, rule="HS-ENGAGE-05")
        if wounds:
            self.wound(fig, wounds, f"leaving-engagement attack by {enemy.id}")

    def _fall(self, fig: Figure, drop: int, fall: tuple[str, int]) -> None:
        kind, n = fall
        if kind == "d20":
            from bot.rules.decisions import EXTREME_FALL_SURVIVES

            roll = self.roll_d20()
            self.emit("fell", figure=fig.id, drop=drop, d20=roll, wounds=0, rule="DEC-02")
            if roll < EXTREME_FALL_SURVIVES:
                self.destroy(fig, "an extreme fall")
            return
        dice = self.roll_combat(n)
        wounds = dice.count("skull")
        self.emit("fell", figure=fig.id, drop=drop, dice=dice, wounds=wounds, rule="DEC-02")
        if wounds:
            self.wound(fig, wounds, "a fall")

    def _attack_checks(self, player: str, attacker: str, target: str) -> tuple[Figure, Figure, TurnState]:
        fig = self.figure(attacker)
        tgt = self.figure(target)
        turn = self._turn_for(player, fig)
        if not fig.on_battlefield:
            raise IllegalCommand(f"{fig.id} is not on the battlefield", "HS-ATTACK-01")
        if fig.id in turn.attacked:
            if fig.id in turn.data.get("forgone", []):
                raise IllegalCommand(f"{fig.id} used a power instead of attacking this turn", "HS-ATTACK-12")
            if fig.id in turn.data.get("special", []):
                raise IllegalCommand(f"{fig.id} made a special attack this turn; a figure makes either its special "
                                     "attack or its normal attack, never both", "HS-SPECIAL-01")
            raise IllegalCommand(f"{fig.id} has already attacked this turn", "HS-ATTACK-12")
        card = self.state.card_of(fig)
        if fig.id not in turn.activated and len(turn.activated) >= card.stat("figures"):
            raise IllegalCommand(
                f"{card.short} may use {card.figures} figure{'' if card.figures == 1 else 's'} a turn and "
                f"{len(turn.activated)} {'has' if len(turn.activated) == 1 else 'have'} moved or attacked",
                "HS-ATTACK-03",
            )
        return fig, tgt, turn

    def _cmd_attack(self, player: str, attacker: str, target: str) -> None:
        fig, tgt, turn = self._attack_checks(player, attacker, target)
        check = check_target(self.state, fig, tgt)
        if not check:
            raise IllegalCommand(check.reason, check.rule)
        args: dict[str, Any] = {"attacker": fig.id, "target": tgt.id}
        if friendly_target(self.state, fig, tgt):
            args["friendly"] = True  # declared against a friend on purpose (HS-ATTACK-01)
        if turn.stage is Stage.MOVE:
            turn.stage = Stage.ATTACK
            self.emit("stage", stage="attack")
            self.run_window(Window.AFTER_MOVING, "_attack_declared", **args)
        else:
            self._attack_declared(**args)

    def _attack_declared(self, attacker: str, target: str, friendly: bool = False) -> None:
        st = self.state
        fig, tgt = st.figures[attacker], st.figures[target]
        # A target declared as an enemy that came over to the attacker's side before the roll (Mind
        # Shackle) is not attacked: nobody chose to attack a friend.
        if not check_target(st, fig, tgt) or (not friendly and friendly_target(st, fig, tgt)):
            self.emit("attack_cancelled", attacker=attacker, target=target)
            return
        st.turn and st.turn.attacked.append(attacker)  # type: ignore[func-returns-value]
        if st.turn is not None:  # who attacked whom this turn, for powers (Zettian Targeting)
            st.turn.data.setdefault("attacks", []).append([attacker, target])
        self.run_window(Window.BEFORE_ATTACK, "_attack_roll", attacker=attacker, target=target)

    def _attack_roll(self, attacker: str, target: str) -> None:
        st = self.state
        fig, tgt = st.figures[attacker], st.figures[target]
        n, reasons = attack_dice(st, fig, tgt)
        rolled = self.roll_combat(n)
        self.run_window(Window.AFTER_ATTACK_ROLL, "_defense_roll", attacker=attacker, target=target,
                        attack_dice=rolled, attack_reasons=reasons)

    def _defense_roll(self, attacker: str, target: str, attack_dice: list[str], attack_reasons: list[Any]) -> None:
        st = self.state
        fig, tgt = st.figures[attacker], st.figures[target]
        n, reasons = defense_dice(st, fig, tgt)
        rolled = self.roll_combat(n)
        self.run_window(Window.AFTER_DEFENSE_ROLL, "_attack_resolve", attacker=attacker, target=target,
                        attack_dice=attack_dice, defense_dice=rolled, attack_reasons=attack_reasons,
                        defense_reasons=reasons)

    def _attack_resolve(self, attacker: str, target: str, attack_dice: list[str], defense_dice: list[str],
                        attack_reasons: list[Any], defense_reasons: list[Any]) -> None:
        st = self.state
        tgt = st.figures[target]
        count = tally(st, AttackContext(st.figures[attacker], tgt), attack_dice, defense_dice)  # powers: Deadly Shot...
        skulls, shields, wounds = count.skulls, count.shields, count.wounds
        extra: dict[str, Any] = {"wound_reasons": list(count.reasons)} if count.reasons else {}
        self.emit("attack", attacker=attacker, target=target, special=None, attack_dice=attack_dice,
                  defense_dice=defense_dice, skulls=skulls, shields=shields, wounds=wounds,
                  attack_reasons=[list(r) for r in attack_reasons], defense_reasons=[list(r) for r in defense_reasons],
                  **extra)
        if wounds:
            self.wound(tgt, wounds, f"attack by {attacker}")
        self.run_window(Window.AFTER_ATTACK, "", attacker=attacker, target=target, wounds=wounds)

    def _cmd_special(self, player: str, attacker: str, power: str, target: str) -> None:
        from bot.rules.special import special_attack

        fig = self.figure(attacker)
        turn = self._turn_for(player, fig)
        if fig.id in turn.attacked:
            raise IllegalCommand(f"{fig.id} has already attacked this turn; a figure makes either its special "
                                 "attack or its normal attack, never both", "HS-SPECIAL-01")
        self._attack_checks(player, attacker, fig.id if target.lower() == fig.id else attacker)
        special_attack(self, fig, power, target)  # refuse an illegal attack before anything happens
        args = {"attacker": fig.id, "power": power, "target": target}
        if turn.stage is Stage.MOVE:
            turn.stage = Stage.ATTACK
            self.emit("stage", stage="attack")
            self.run_window(Window.AFTER_MOVING, "_special_declared", **args)
        else:
            self._special_declared(**args)

    def _special_declared(self, attacker: str, power: str, target: str) -> None:
        from bot.rules.special import special_attack

        st = self.state
        fig = st.figures[attacker]
        try:
            plan_ = special_attack(self, fig, power, target)
        except RulesError:
            self.emit("attack_cancelled", attacker=attacker, target=target)
            return
        if st.turn is not None:
            st.turn.attacked.append(attacker)
            st.turn.data.setdefault("special", []).append(attacker)
        self.run_window(Window.BEFORE_ATTACK, "_special_roll", **plan_.to_args())

    def resolve_special(self, plan_: SpecialPlan) -> None:
        """Roll a checked :class:`~bot.rules.special.SpecialPlan` once and let every affected figure
        defend in its order (for powers that build their own plan, e.g. a move through figures)."""
        self._special_roll(**plan_.to_args())

    def _special_roll(self, attacker: str, name: str, dice: int, groups: list[list[str]], first: str, rule: str,
                      line: list[list[int]] | None = None) -> None:
        rolled = self.roll_combat(dice)  # once for every affected figure (HS-EXPLOSION-04, HS-LINE-03)
        course: dict[str, Any] = {"line": line} if line else {}  # a Line attack's spaces, for the picture
        self.emit("special_roll", attacker=attacker, special=name, attack_dice=rolled,
                  affected=[f for g in groups for f in g], **course)
        self._special_defend({"attacker": attacker, "name": name, "dice": dice, "groups": groups,
                              "first": first, "rule": rule, "rolled": rolled})

    def _special_defend(self, ctx: dict[str, Any]) -> None:
        from bot.rules.special import defend

        if defend(self, ctx):
            self.run_window(Window.AFTER_ATTACK, "", attacker=ctx["attacker"], target=ctx["first"])

    def _cmd_end_turn(self, player: str) -> None:
        st = self.state
        self._player(player)
        self._require_on(player)
        if st.phase is Phase.FREE:
            st.turn = None
            self._check_victory(end_of_round=False)
            return
        if st.phase is not Phase.TURNS or st.turn is None:
            raise IllegalCommand("there is no Player Turn to end", "HS-TURN-02")
        if st.turn.player != player:
            raise IllegalCommand(f"it is {st.player(st.turn.player).name}'s turn", "HS-TURN-07")
        if st.turn.stage is Stage.MOVE:
            # "After moving and before attacking" happens even if nothing moved or attacks (HS-TURN-06).
            st.turn.stage = Stage.ATTACK
            self.run_window(Window.AFTER_MOVING, "_end_card_turn")
        else:
            self._end_card_turn()

    def _finish_turn(self) -> None:
        if self.state.turn is not None:
            self.state.turn.stage = Stage.DONE
        self.run_window(Window.END_OF_TURN, "_after_turn")

    def _after_turn(self) -> None:
        st = self.state
        turn = st.turn
        if turn is not None:
            self.emit("turn_ended", player=turn.player)
            st.turns_taken.append(turn.player)
        st.turn = None
        self._expire(Expiry.END_OF_TURN)
        if self._check_victory(end_of_round=False):
            return
        self._next_turn()

    def _end_round(self) -> None:
        self.run_window(Window.END_OF_ROUND, "_after_round")

    def _after_round(self) -> None:
        st = self.state
        self._expire(Expiry.END_OF_ROUND)
        self.emit("round_ended", round=st.round)
        if self._check_victory(end_of_round=True):
            return
        self._start_round()

    def _cmd_end_round(self, player: str) -> None:
        """Rules-case helper: resolve the end of the round now (free mode)."""
        self._require_on(player)
        st = self.state
        if st.phase is not Phase.FREE:
            raise IllegalCommand("a round ends by itself once every Player Turn is taken", "HS-ROUND-03")
        st.turn = None
        self.run_window(Window.END_OF_ROUND, "_after_round_free")

    def _after_round_free(self) -> None:
        self._expire(Expiry.END_OF_ROUND)
        self.emit("round_ended", round=self.state.round)
        self._check_victory(end_of_round=True)

    def _cmd_concede(self, player: str) -> None:
        """Leave the match (HS-VICTORY-05: a player with no figures left is out).

        Before the battle (setup) the player leaves the table: the army they chose is dropped and
        their seat and start zone are free for someone else; once the draft has begun they leave
        it (DEC-13). From placement on their figures leave the battlefield and nobody waits for
        them again: not for placement, Order Markers, initiative, their Player Turns or a decision
        they owed. When only one player (or team) is left, they win; the same player cannot
        concede twice (refused before this, in :meth:`_refuse_conceded`).
        """
        st = self.state
        p = self._player(player)
        if st.phase is Phase.OVER:
            raise IllegalCommand("the match is over", "HS-VICTORY-02")
        p.conceded = True
        open_table = st.phase is Phase.SETUP and st.draft is None
        self.emit("conceded", player=player, name=p.name, left_table=open_table)
        if open_table:
            # Nobody is waiting for them and anyone may take the seat: the match goes on as if
            # they had never joined (the table is still open, so nobody wins yet).
            for key in [k for k, c in st.cards.items() if c.owner == player]:
                for fid in st.cards[key].figure_ids:
                    st.figures.pop(fid, None)
                del st.cards[key]
            renumber_figures(st)  # the others' ids as if this army had never been chosen
            p.role = p.zone = ""
            return
        for fig in st.figures.values():
            if fig.controller == player and not fig.destroyed:
                fig.hexes = ()
                fig.set_aside = True
        if st.phase in (Phase.SETUP, Phase.PLACEMENT):
            remaining = [q for q in st.players if not q.conceded]
            if len(remaining) <= 1:
                self._declare([q.id for q in remaining], "the other players conceded")
            elif st.phase is Phase.SETUP:
                self._draft_leave(player)
            elif self._placement_done():
                self._start_round()  # they were the last to place figures
            return
        if st.turn is not None and st.turn.player == player:
            # The rest of that Player Turn never happens: its open windows and decisions go too.
            self._windows = []
            st.pending = []
            st.turn = None
            st.turns_taken.append(player)
            if not self._check_victory(end_of_round=False):
                self._next_turn()
            return
        # A decision the player still owed is declined; the window that asked it goes on.
        st.pending = [x for x in st.pending if x.player != player]
        if self._check_victory(end_of_round=False):
            return
        self._drain()
        active = self._active_players()
        if (st.phase is Phase.ORDERS and not st.pending and not self._windows and active
                and all(st.orders.get(q.id) for q in active)):
            # They were the last to place Order Markers: the round goes on to initiative.
            self.run_window(Window.AFTER_ORDER_MARKERS, "_open_initiative")

    def _check_victory(self, end_of_round: bool) -> bool:
        st = self.state
        result = check_victory(st, end_of_round)
        if result is None:
            return False
        winners, words = result
        if end_of_round:
            st.scores = scores(st)
            self.emit("scores", scores=dict(st.scores))
        self._declare(winners, words)
        return True

    def _declare(self, winners: list[str], words: str) -> None:
        st = self.state
        st.winners = winners
        st.result = words
        st.phase = Phase.OVER
        st.turn = None
        st.pending = []
        self._windows = []
        self.emit("victory", winners=winners, result=words)

    # ==== timing windows and decisions ==============================================================

    def run_window(self, window: Window, then: str, **args: Any) -> None:
        """Resolve every effect of ``window``, then call ``then(**args)`` (HS-TIMING-01..07).

        Stops with a pending decision when an optional effect, or the order of two different
        effects a player controls, needs a choice; :meth:`_cmd_choose` goes on from there.
        """
        self._open_window(window, then, args)
        self._drain()

    def _open_window(self, window: Window, then: str, args: dict[str, Any]) -> WindowRun:
        # The run is open while its effects trigger, so they can read its arguments (the attack's
        # dice, the figure that moved) from ``open_windows[-1].args``.
        run = WindowRun(window=window, then=then, args=args)
        self._windows.append(run)
        triggers: list[tuple[Any, Trigger]] = []
        for eff in effects_for(window):
            for trig in eff.triggers(self):
                triggers.append((eff, trig))
        rank = self._seat_rank()
        triggers.sort(key=lambda et: order_key(et[0], et[1], rank))
        run.queue = [t.to_json() for _, t in triggers]
        return run

    def _run_inside(self, window: Window, **args: Any) -> None:
        """Resolve ``window`` at once in the middle of something else (a figure destroyed during an
        attack): only its own effects, not the windows already open, whose step goes on when this
        returns (or, if a decision stops it, after that decision). No effect, no trace."""
        floor = len(self._windows)
        run = self._open_window(window, "", args)
        if not run.queue:
            self._windows.pop()
            return
        self._drain(floor)

    def _seat_rank(self) -> dict[str, int]:
        st = self.state
        order = st.initiative or [p.id for p in st.players]
        active = st.turn.player if st.turn else (order[0] if order else "")
        if active in order:
            i = order.index(active)
            order = order[i:] + order[:i]
        return {p: n for n, p in enumerate(order)}

    def _drain(self, floor: int = 0) -> None:
        while len(self._windows) > floor:
            if self.state.pending or self.state.phase is Phase.OVER:
                if self.state.phase is Phase.OVER:
                    self._windows = []
                return
            run = self._windows[-1]
            if run.queue:
                meta: dict[str, Any] = run.args.setdefault("_meta", {})
                trig = Trigger.from_json(run.queue[0])
                eff = effect(trig.effect)
                if not self._live(eff, trig, meta):
                    run.queue.pop(0)  # its condition no longer holds (HS-TIMING-01, HS-DESTROY-07)
                    continue
                rank = self._seat_rank()
                key = order_key(eff, trig, rank)
                rivals: set[str] = set()
                for q in run.queue[1:]:
                    t = Trigger.from_json(q)
                    if (t.controller == trig.controller and t.effect != trig.effect
                            and order_key(effect(t.effect), t, rank) == key and self._live(effect(t.effect), t, meta)):
                        rivals.add(t.effect)
                if rivals and meta.get("chosen") != run.queue[0]:
                    names = [trig.effect] + sorted(rivals)
                    self._stop_for(Pending(
                        player=trig.controller, kind="order", options=names, rule="HS-TIMING-02",
                        prompt="several of your effects happen now; which resolves first?",
                        context={"window": run.window.value}, labels=self._effect_titles(run, trig.controller, names)))
                    return
                run.queue.pop(0)
                if trig.source:
                    meta.setdefault("started", []).append([trig.effect, trig.source])
                if eff.optional:
                    opts = eff.options(self, trig)
                    self._stop_for(Pending(player=trig.controller, kind=eff.name, prompt=eff.prompt(self, trig),
                                           options=opts, context={"trigger": trig.to_json()}, rule=eff.rule,
                                           labels=eff.labels(self, trig, opts)))
                    return
                eff.resolve(self, trig, None)
                continue
            self._windows.pop()
            if run.then:
                args = {k: v for k, v in run.args.items() if not k.startswith("_")}
                getattr(self, run.then)(**args)

    def _effect_titles(self, run: WindowRun, controller: str, names: list[str]) -> list[str]:
        """The names people know the effects ``names`` by (a power's name on its card), for the
        labels of an "which first?" decision; each from its first trigger in ``run`` of ``controller``."""
        titles = []
        for name in names:
            q = next((q for q in run.queue if q["effect"] == name and q["controller"] == controller), None)
            titles.append(effect(name).title(self, Trigger.from_json(q)) if q is not None else name)
        return titles

    def _live(self, eff: Effect, trig: Trigger, meta: dict[str, Any]) -> bool:
        """Whether a trigger may still resolve: its condition holds (HS-TIMING-01) and the figure
        whose card causes it is still on the battlefield, unless the effect speaks of destroyed
        figures (HS-DESTROY-04, -07) or has already begun affecting figures (HS-DESTROY-05)."""
        if trig.source:
            src = self.state.figures.get(trig.source)
            gone = src is not None and not src.on_battlefield
            if gone and not eff.refers_to_destroyed and [trig.effect, trig.source] not in meta.get("started", []):
                return False
        return eff.applies(self, trig)

    def _cmd_choose(self, player: str, option: str) -> None:
        st = self.state
        if not st.pending:
            raise IllegalCommand("there is no decision to make right now")
        pend = st.pending[0]
        if pend.player != player:
            raise IllegalCommand(f"this decision belongs to {self._name(pend.player)}")
        # The option, its label, or a name of its card or figure (bot.rules.answers).
        opt, could_be = read_answer(st, pend, option)
        if could_be:
            raise IllegalCommand(f"'{option.strip()}' could mean {' or '.join(could_be)}; choose one of them by "
                                 "that name", pend.rule or None, actions=("choose",))
        if opt is None and "trigger" in pend.context:  # an effect may take answers it does not list (spaces)
            trig = Trigger.from_json(pend.context["trigger"])
            opt = effect(trig.effect).accept(self, trig, option.strip())
        if opt is None:
            raise IllegalCommand(f"'{option.strip()}' is not an answer here; the answers are "
                                 f"{' / '.join(pend.shown)}", pend.rule or None, actions=("choose",))
        st.pending.pop(0)
        self.emit("decided", player=player, kind=pend.kind, choice=opt, label=pend.label(opt))
        if pend.kind == "defense_order":
            from bot.rules.special import choose_defender

            choose_defender(pend.context, opt)
            self._special_defend(pend.context)
        elif pend.kind == "order":
            run = self._windows[-1]
            idx = next(i for i, q in enumerate(run.queue) if q["effect"] == opt and q["controller"] == player)
            run.queue.insert(0, run.queue.pop(idx))
            run.args.setdefault("_meta", {})["chosen"] = dict(run.queue[0])
        else:
            trig = Trigger.from_json(pend.context["trigger"])
            effect(trig.effect).resolve(self, trig, opt)
        self._drain()

    # ==== queries for adapters ======================================================================

    def is_adjacent(self, a: str, b: str) -> bool:
        """Adjacency of two figures by id (HS-ENGAGE-02)."""
        return adjacent(self.state, self.figure(a), self.figure(b))
