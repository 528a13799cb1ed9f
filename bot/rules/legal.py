"""What may be done now: who the match waits for, every legal command, and a dry-run check.

The one place adapters (Discord, the console, the computer player) ask, like python-chess's
``board.legal_moves``:

- :func:`waiting_for` — who is expected to act, and on what (:class:`Expected`);
  :func:`waiting_players` their ids, :func:`expected_of` one player's.
- :class:`LegalCommands` — the legal commands of one player now, lazily enumerated by kind
  (placements, Order Markers, moves per figure with their cost and leaving-engagement attacks,
  attacks per attacker with their targets, special attacks with the figures they affect, answers
  to a decision, end-turn, end-moves...), with ``in``, ``len``/``count()``, ``bool()`` and iteration. Each
  item is a :class:`Legal` holding the command text the engine reads.
- :func:`check` — the engine's own refusal for a command, without changing anything.
- :func:`figure_reach` and :func:`figure_attack_options` — one figure's moves and attacks as the
  ``reach``/``targets`` previews show them: legal's own in its card's Player Turn, and from where it
  stands (to plan ahead) at any other time.

Not twins of the engine's rules: the enumeration goes through the same checks the engine's
handlers call (:mod:`bot.rules.checks`: ``may_move``, ``may_attack``, ``may_special``), the same
movement search that picks a destination-only move's way (:func:`bot.rules.movement.routes`),
the same target and special-attack checks (:func:`bot.rules.combat.check_target`,
:func:`bot.rules.special.special_attack`); and :func:`check` (behind ``in``) runs the engine's
own :meth:`~bot.rules.engine.Engine.execute` on a copy of the state, stopping at the first die:
a command that gets as far as rolling has passed every check.

Carried glyphs (:mod:`bot.rules.treasure`): ``uses`` lists each ``use FIGURE GLYPH [TARGET]`` the
rules accept now; picking up a Treasure Glyph, and the glyphs offered at their own moment, are
decisions (``choices``).

What is not enumerated (too many to list, still answered by ``in`` and :func:`check`): ``army``
(any combination of cards), ``join``, moves along a path of the player's own or through
waypoints, moves that drop carried glyphs (``move ... drop GLYPH@SPACE``), and special moves
asked for by name. In the free mode of rules cases (any figure may
act) no move or attack is listed unless asked for one figure (``moves("a")``, ``attacks("a")``,
``specials("a")``, the player's own); ``in`` and :func:`check` still answer.
"""

from __future__ import annotations

import itertools
import shlex
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace

from bot.rules import checks, object_attacks, objects
from bot.rules import draft as drafting
from bot.rules.actions import cannon as cannon_rules
from bot.rules.combat import legal_targets
from bot.rules.commands import Command
from bot.rules.context import CardLookup, CardPool
from bot.rules.decisions import ZERO_SPACE_MOVES
from bot.rules.engine import Engine
from bot.rules.errors import IllegalCommand, InvalidCommand, RulesError
from bot.rules.flow.placement import first_owed, placing_now
from bot.rules.hexes import Hex
from bot.rules.movement import Route, plan, reachable_hexes, routes
from bot.rules.object_attacks import targets as object_targets
from bot.rules.special import AttackOption, attack_options
from bot.rules.state import MARKERS, Figure, MatchState, Phase, Stage
from bot.rules.treasure import catalogue as treasure_catalogue
from bot.rules.treasure import use as treasure_use

#: The kinds of :class:`Legal` commands, in the order :class:`LegalCommands` lists them.
KINDS = ("choose", "start", "draft", "place", "orders", "initiative", "move", "attack", "special", "end-turn",
         "concede", "end-moves", "use", "cannon")


@dataclass(frozen=True, slots=True)
class Expected:
    """A player the match waits for, and on what: ``on`` is the command kind expected (``choose``,
    ``army``, ``start``, ``draft``, ``place``, ``orders``, ``initiative``, ``turn``); ``about`` says
    more (the decision's prompt, the card whose turn it is), or is empty."""

    player: str
    on: str
    about: str = ""


def waiting_for(state: MatchState) -> list[Expected]:
    """Who the match waits for now, in seat order (any one of them may act), and on what.

    A pending decision first (its player, ``choose``); in setup the players without an army, or
    the first seat to ``start`` (once every army is in, or to open a draft); in a draft the player
    whose pick it is; in placement every player with figures to place; the players still to place
    Order Markers; everyone still in the battle to roll initiative; the player whose turn it is.
    Nobody once the match is over, nor in the sandbox's free mode.
    """
    st = state
    if st.phase in (Phase.OVER, Phase.FREE):
        return []
    if st.pending:
        p = st.pending[0]
        return [Expected(p.player, "choose", p.prompt)]
    seated = [p for p in st.players if not p.conceded]
    if st.phase is Phase.SETUP:
        if st.draft is not None and st.draft.next is not None:
            return [Expected(st.draft.next, "draft")]
        if not st.scenario.format.draft:
            missing = [p.id for p in seated if not any(c.owner == p.id for c in st.cards.values())]
            if missing:
                return [Expected(pid, "army") for pid in missing]
        return [Expected(p.id, "start") for p in seated[:1]]
    if st.phase is Phase.PLACEMENT:
        owed = first_owed(st)  # the scenario's first card is placed before anything else
        return [Expected(p.id, "place") for p in seated if checks.unplaced(st, p.id) and (owed is None or owed[0] == p.id)]
    fighting = checks.active_players(st)
    if st.phase is Phase.ORDERS:
        return [Expected(p.id, "orders") for p in fighting if not st.orders.get(p.id)]
    if st.phase is Phase.INITIATIVE:
        return [Expected(p.id, "initiative") for p in fighting]
    if st.phase is Phase.TURNS and st.turn is not None:
        card = st.cards[st.turn.card_key].card.name if st.turn.card_key in st.cards else ""
        return [Expected(st.turn.player, "turn", card)]
    return []


def waiting_players(state: MatchState) -> list[str]:
    """The ids of the players :func:`waiting_for` names, in seat order, each once."""
    return list(dict.fromkeys(e.player for e in waiting_for(state)))


def expected_of(state: MatchState, player: str) -> Expected | None:
    """What the match waits for from ``player``, or ``None`` when it waits for someone else."""
    return next((e for e in waiting_for(state) if e.player == player), None)


@dataclass(frozen=True, slots=True)
class Legal:
    """One legal command: ``command`` is its text for :meth:`~bot.rules.engine.Engine.execute`.

    ``kind`` is one of :data:`KINDS`; ``figure`` the figure that moves or attacks (or is placed);
    ``target`` the figure attacked or aimed at, or the space a Line is aimed at; ``spaces`` where
    a move ends (lead first) or a figure is placed; ``cost`` a move's cost in spaces; ``swipes``
    the leaving-engagement attacks it gives (HS-ENGAGE-05); ``fly`` whether it is flown;
    ``level`` the level a move ends on; ``affected`` the figures an attack rolls against, in
    defense order; ``glyph`` the glyph a move stops on, as the table shows it (``Glyph of Astrid``,
    ``a face-down glyph``; HS-GLYPH-02, -03), or empty.
    """

    kind: str
    command: str
    figure: str = ""
    target: str = ""
    spaces: tuple[str, ...] = ()
    cost: int = 0
    swipes: int = 0
    fly: bool = False
    affected: tuple[str, ...] = field(default=())
    level: int = 0
    glyph: str = ""


class _Rolled(BaseException):
    """Raised by the dry run's dice at the first roll: the command passed every check."""


class _DryDice:
    """Dice that stop a dry run instead of rolling (:func:`check`)."""

    def combat(self, n: int) -> list[str]:
        """Stop: the command got as far as rolling."""
        raise _Rolled

    def d20(self) -> int:
        """Stop: the command got as far as rolling."""
        raise _Rolled

    def pick(self, n: int) -> int:
        """Stop: the command got as far as a random pick (Oreld)."""
        raise _Rolled


def check(state: MatchState, player: str, command: Command | str, cards: CardLookup | None = None,
          pool: CardPool | None = None) -> RulesError | None:
    """The refusal the engine would give ``player``'s ``command`` now, or ``None`` when it is legal.

    Runs the engine's own :meth:`~bot.rules.engine.Engine.execute` on a copy of ``state`` (so the
    answer is the engine's, word for word); ``state`` is never changed and no die is rolled: the
    first roll means every check has passed. ``cards`` and ``pool`` as for the engine.
    """
    try:
        # The copy is thrown away: the engine need not copy it again to roll back.
        Engine(state.clone(), _DryDice(), cards, pool).execute(player, command, rollback=False)
    except _Rolled:
        return None
    except RulesError as exc:
        return exc
    return None


def _end_level(st: MatchState, fig: Figure, body: tuple[Hex, ...], route: Route) -> int:
    """The level a move along ``route`` ends on: the top of the lead's space, or where the path
    lands when the space has several surfaces (under an overhang or a bridge)."""
    bf = st.battlefield
    if len(bf.surfaces(body[0])) > 1:
        return plan(st, fig, route.path, fly=route.fly, check_allowance=False).end_level
    cell = bf.top_cell(body[0])
    return cell.top if cell is not None else fig.level


def _glyph_at(st: MatchState, body: tuple[Hex, ...]) -> str:
    """The glyph a move ending on ``body`` stops on, as the table shows it, or ``""``."""
    for h in body:
        spot = st.glyphs.get(h)
        if spot is not None:
            return f"Glyph of {spot[0].capitalize()}" if spot[1] == "power" else "a face-down glyph"
    return ""


def _quote(text: str) -> str:
    return shlex.quote(text) if any(ch.isspace() for ch in text) else text


class LegalCommands:
    """The legal commands of ``player`` in ``state`` now (see the module docstring).

    Enumerated lazily, kind by kind; ``cmd in legal`` asks :func:`check` (any command, listed or
    not); ``len(legal)``, ``legal.count()`` and ``bool(legal)`` count the listed ones. Reads the
    state and changes nothing the caller holds (in free mode it works on a copy).
    """

    def __init__(self, state: MatchState, player: str, cards: CardLookup | None = None,
                 pool: CardPool | None = None) -> None:
        # The sandbox's free mode starts a turn while checking: only there is a copy needed (a
        # copy of a whole match costs milliseconds, and the computer player asks often).
        self.state = state.clone() if state.phase is Phase.FREE else state
        self.player = player
        self.cards = cards
        self.pool = pool
        self._original = state

    # ---- the query interface ---------------------------------------------------------------------

    def __contains__(self, command: object) -> bool:
        if isinstance(command, Legal):
            command = command.command
        if not isinstance(command, str | Command):
            return False
        try:
            return check(self._original, self.player, command, self.cards, self.pool) is None
        except InvalidCommand:
            return False

    def __iter__(self) -> Iterator[Legal]:
        return itertools.chain(self.choices(), self.starts(), self.draft_picks(), self.placements(),
                               self.order_markers(), self.initiative(), self.moves(), self.attacks(),
                               self.specials(), self.end_turn(), self.concede(), self.end_moves(), self.uses(),
                               self.cannons())

    def __len__(self) -> int:
        return self.count()

    def __bool__(self) -> bool:
        return next(iter(self), None) is not None

    def count(self) -> int:
        """How many commands are listed."""
        return sum(1 for _ in self)

    def of_kind(self, kind: str) -> list[Legal]:
        """The listed commands of one kind (:data:`KINDS`)."""
        return [c for c in self if c.kind == kind]

    def _on(self) -> bool:
        """Whether the match is on and no decision waits (on anyone)."""
        st = self.state
        return st.phase is not Phase.OVER and not st.pending and not self._conceded()

    def _conceded(self) -> bool:
        return any(p.id == self.player and p.conceded for p in self.state.players)

    # ---- by kind -----------------------------------------------------------------------------------

    def choices(self) -> Iterator[Legal]:
        """Answers to the decision ``player`` owes now (one per option)."""
        st = self.state
        if st.pending and st.pending[0].player == self.player:
            for opt in st.pending[0].options:
                yield Legal("choose", f"choose {_quote(opt)}", target=opt)

    def starts(self) -> Iterator[Legal]:
        """``start`` when it would be accepted (setup only)."""
        if self.state.phase is Phase.SETUP and self._accepted("start"):
            yield Legal("start", "start")

    def draft_picks(self) -> Iterator[Legal]:
        """Every card of the pool ``player`` may pick now, and passing (DEC-13)."""
        st = self.state
        d = st.draft
        if st.phase is not Phase.SETUP or d is None or d.next != self.player or st.pending:
            return
        for card in drafting.pickable(st, self.player, self.pool() if self.pool is not None else []):
            yield Legal("draft", f"draft {card.name}", target=card.id)
        if len(d.picks_of(self.player)) >= 1:
            yield Legal("draft", "draft pass")

    def placements(self) -> Iterator[Legal]:
        """Every figure of ``player`` still to place, on every free space (or pair) of their zone; or,
        while a decision of theirs puts a figure on the battlefield (reinforcements), each of its
        offered places as a ``place`` command (:func:`bot.rules.flow.placement.answer_placement`)."""
        st = self.state
        waiting = placing_now(st, self.player)
        if waiting:
            bf = st.battlefield
            for opt in st.pending[0].options:
                labels = tuple(bf.label(Hex(*map(int, p.split(",")))) for p in opt.split())
                yield Legal("place", f"place {waiting} {' '.join(labels)}", figure=waiting, spaces=labels)
            return
        if st.phase is not Phase.PLACEMENT or self._conceded():
            return
        zone = st.battlefield.start_zones.get(st.player(self.player).zone) if self._seated() else None
        if not zone:
            return
        bf = st.battlefield
        free = sorted((h for h in zone if st.occupant(h) is None and not bf.obstacles_on(h)), key=lambda h: (h.r, h.q))
        owed = first_owed(st)
        for fig in checks.unplaced(st, self.player):
            if owed is not None and (fig.owner != owed[0] or st.card_of(fig).id != owed[1]):
                continue  # a figure of the scenario's first card goes first (HS-SCEN-BRIDGE-MASTER-05)
            if st.card_of(fig).base == 1:
                for h in free:
                    yield Legal("place", f"place {fig.id} {bf.label(h)}", figure=fig.id, spaces=(bf.label(h),))
                continue
            for a in free:
                for b in free:
                    top_a, top_b = bf.top_cell(a), bf.top_cell(b)
                    if (a.is_adjacent(b) and top_a is not None and top_b is not None and top_a.top == top_b.top):
                        labels = (bf.label(a), bf.label(b))
                        yield Legal("place", f"place {fig.id} {labels[0]} {labels[1]}", figure=fig.id, spaces=labels)

    def order_markers(self) -> Iterator[Legal]:
        """Every way to put the four Order Markers on ``player``'s living Army Cards (HS-ORDER-01..04)."""
        st = self.state
        if st.phase not in (Phase.ORDERS, Phase.FREE) or not self._on() or st.orders.get(self.player):
            return
        if not any(p.id == self.player for p in checks.active_players(st)):
            return
        keys = sorted(st.living_cards(self.player))
        for combo in itertools.product(keys, repeat=len(MARKERS)):
            words = " ".join(f"{m}={k}" for m, k in zip(MARKERS, combo, strict=True))
            yield Legal("orders", f"orders {words}", affected=combo)

    def initiative(self) -> Iterator[Legal]:
        """``initiative`` once every Order Marker is placed (HS-INIT-01)."""
        st = self.state
        if st.phase is Phase.INITIATIVE and self._on() and self._seated():
            yield Legal("initiative", "initiative")

    def _turn_figures(self, only: str | None = None) -> list[Figure]:
        st = self.state
        if st.phase is Phase.FREE and only is not None:
            # Free mode (any figure may act): only the figure asked about, when it is the player's.
            fig = st.figures.get(only.lower())
            return [fig] if fig is not None and fig.controller == self.player and not st.pending else []
        if st.phase is not Phase.TURNS or st.turn is None or st.turn.player != self.player or not self._on():
            return []
        key = st.turn.card_key
        return [st.figures[f] for f in st.cards[key].figure_ids] if key in st.cards else []

    def moves(self, figure: str | None = None) -> Iterator[Legal]:
        """Every destination each figure of the Army Card whose turn it is may move to now, with the
        way the engine takes for a destination alone (fewest leaving-engagement attacks, then cost;
        walking or flying), its cost and its leaving-engagement attacks."""
        st = self.state
        bf = st.battlefield
        for fig in self._turn_figures(figure):
            if figure is not None and fig.id != figure.lower():
                continue
            try:
                checks.may_move(st, self.player, fig)
            except IllegalCommand:
                continue
            best: dict[str, Legal] = {}
            for body, route in routes(st, fig).items():
                if body[0] in fig.hexes:
                    continue  # a destination it stands on is a move of 0 spaces (DEC-14), below
                lead = bf.label(body[0])
                option = Legal("move", f"move {fig.id} {lead}", figure=fig.id, spaces=tuple(bf.label(h) for h in body),
                               cost=route.cost, swipes=route.swipes, fly=route.fly,
                               level=_end_level(st, fig, body, route), glyph=_glyph_at(st, body))
                have = best.get(lead)
                if have is None or (option.swipes, option.cost, not option.fly) < (have.swipes, have.cost, not have.fly):
                    best[lead] = option
            if ZERO_SPACE_MOVES:
                here = bf.label(fig.hexes[0])
                best[here] = Legal("move", f"move {fig.id} {here}", figure=fig.id,
                                   spaces=tuple(bf.label(h) for h in fig.hexes), level=fig.level)
            yield from best.values()

    def attacks(self, attacker: str | None = None) -> Iterator[Legal]:
        """Every normal attack each figure of the turn's Army Card may make now: a figure that has
        made its attack (or may not attack any more) has none (HS-ATTACK-03, -12)."""
        st = self.state
        for fig in self._turn_figures(attacker):
            if attacker is not None and fig.id != attacker.lower():
                continue
            try:
                checks.may_attack(st, self.player, fig)
            except IllegalCommand:
                continue
            for tgt in legal_targets(st, fig):
                yield Legal("attack", f"attack {fig.id} {tgt.id}", figure=fig.id, target=tgt.id, affected=(tgt.id,))
            for obj in object_targets(st, fig):  # destructible objects (HS-DESTRUCT-01)
                yield Legal("attack", f"attack {fig.id} {obj.id}", figure=fig.id, target=obj.id, affected=(obj.id,))

    def cannons(self, figure: str | None = None) -> Iterator[Legal]:
        """Every Cannon Fire each figure of the turn's Army Card may make now: the cannons next to it
        and, for each, the figures and objects within Range 8 of it and seen from its barrel
        (HS-OBSTACLE-04..07)."""
        st = self.state
        if not cannon_rules.cannons(st):
            return
        for fig in self._turn_figures(figure):
            if figure is not None and fig.id != figure.lower():
                continue
            try:
                checks.may_special(st, self.player, fig)
            except IllegalCommand:
                continue
            for piece in cannon_rules.cannons(st):
                try:
                    cannon_rules.may_fire(st, fig, piece)
                except IllegalCommand:
                    continue
                label = cannon_rules.cannon_label(st, piece)
                names = [f.id for f in st.on_battlefield()] + [o.id for o in objects.standing(st)]
                for name in names:
                    try:
                        cannon_rules.check_target(st, piece, name, fig)
                    except RulesError:
                        continue
                    yield Legal("cannon", f"cannon {fig.id} {label} {name}", figure=fig.id, target=name,
                                affected=(name,))

    def specials(self, attacker: str | None = None) -> Iterator[Legal]:
        """Every special attack each figure of the turn's Army Card may make now, with the figures
        each would affect (HS-SPECIAL-*, HS-EXPLOSION-*, HS-LINE-*)."""
        st = self.state
        for fig in self._turn_figures(attacker):
            if attacker is not None and fig.id != attacker.lower():
                continue
            try:
                checks.may_special(st, self.player, fig)
            except IllegalCommand:
                continue
            for option in attack_options(st, fig, enemies_only=False):
                if not option.special or option.refused:
                    continue
                for aim in option.aims:
                    yield Legal("special", f"special {fig.id} {_quote(option.name)} {aim.aim}", figure=fig.id,
                                target=aim.aim, affected=aim.affected)
            yield from self._object_specials(fig)

    def _object_specials(self, fig: Figure) -> Iterator[Legal]:
        """Special attacks at destructible objects (HS-DESTRUCT-02): every special attack of the card
        that may affect an object, at each standing object it reaches."""
        st = self.state
        standing = objects.standing(st)
        if not standing:
            return
        for power in st.card_of(fig).powers:
            if "range" not in power.values or "attack" not in power.values:
                continue
            for obj in standing:
                try:
                    object_attacks.check_power(st, fig, power, obj)
                except IllegalCommand:
                    continue
                yield Legal("special", f"special {fig.id} {_quote(power.name)} {obj.id}", figure=fig.id,
                            target=obj.id, affected=(obj.id,))

    def end_turn(self) -> Iterator[Legal]:
        """``end-turn`` when an Army Card turn of ``player`` is under way."""
        st = self.state
        if st.phase is Phase.TURNS and st.turn is not None and st.turn.player == self.player and self._on():
            yield Legal("end-turn", "end-turn")

    def end_moves(self) -> Iterator[Legal]:
        """``end-moves`` while the Army Card turn of ``player`` under way is still moving (HS-TURN-06)."""
        st = self.state
        turn = st.turn
        if (st.phase is Phase.TURNS and turn is not None and turn.player == self.player and self._on()
                and turn.card_key is not None and turn.stage is Stage.MOVE):
            yield Legal("end-moves", "end-moves")

    def concede(self) -> Iterator[Legal]:
        """``concede``, while the match is on and ``player`` is in it."""
        if self.state.phase is not Phase.OVER and self._seated() and not self._conceded():
            yield Legal("concede", "concede")

    def uses(self, figure: str | None = None) -> Iterator[Legal]:
        """Every carried glyph each figure of the turn's Army Card may ``use`` now, with each target it
        may name (HS-TREASURE-31..43, HS-TECH-03, -04; :func:`bot.rules.treasure.use.why_not`). Glyphs the
        rules offer at their own moment (picking up, Nanite Shielding, the Ring...) are answers to a
        decision (:meth:`choices`); a glyph dropped during a move is a ``move ... drop`` (not listed,
        answered by ``in``)."""
        st = self.state
        for fig in self._turn_figures(figure):
            if figure is not None and fig.id != figure.lower():
                continue
            for glyph in fig.carries:
                info = treasure_catalogue.describe(glyph)
                if info is None or info.when != treasure_catalogue.USE:
                    continue
                if not info.target:
                    if treasure_use.why_not(st, self.player, fig, glyph) is None:
                        yield Legal("use", f"use {fig.id} {glyph}", figure=fig.id)
                    continue
                for aim in treasure_use.targets(st, fig, glyph):
                    if treasure_use.why_not(st, self.player, fig, glyph, aim) is None:
                        yield Legal("use", f"use {fig.id} {glyph} {aim}", figure=fig.id, target=aim)

    # ---- helpers -----------------------------------------------------------------------------------

    def _seated(self) -> bool:
        return any(p.id == self.player for p in self.state.players)

    def _accepted(self, command: str) -> bool:
        try:
            return check(self._original, self.player, command, self.cards, self.pool) is None
        except InvalidCommand:
            return False


def legal_commands(state: MatchState, player: str, cards: CardLookup | None = None,
                   pool: CardPool | None = None) -> LegalCommands:
    """The legal commands of ``player`` now (:class:`LegalCommands`)."""
    return LegalCommands(state, player, cards, pool)


def kinds_of(commands: Iterable[Legal]) -> dict[str, int]:
    """How many commands of each kind, in :data:`KINDS` order (kinds with none left out)."""
    counts = {k: 0 for k in KINDS}
    for c in commands:
        counts[c.kind] += 1
    return {k: n for k, n in counts.items() if n}


def _own_turn(state: MatchState, fig: Figure) -> str | None:
    """The player whose Player Turn of ``fig``'s Army Card is under way (no decision pending), or ``None``."""
    turn = state.turn
    if state.phase is Phase.TURNS and turn is not None and turn.card_key == fig.card_key and not state.pending:
        return turn.player
    return None


def figure_reach(state: MatchState, fig: Figure) -> dict[Hex, int]:
    """The spaces ``fig`` could end a move on, each with its Move cost (``reach``, ``/map reach``).

    When it may move now (:func:`bot.rules.checks.may_move`, HS-MOVE-01): the moves
    :class:`LegalCommands` lists (the way the engine takes: fewest leaving-engagement attacks, then
    cost). At any other time (another card's turn, or it has moved): where a move from where it
    stands would reach (:func:`bot.rules.movement.reachable_hexes`), to plan ahead.
    """
    player = _own_turn(state, fig)
    try:
        if player is None:
            raise IllegalCommand("not its turn")
        checks.may_move(state, player, fig)
    except IllegalCommand:
        return reachable_hexes(state, fig)
    bf = state.battlefield
    return {bf.parse_space(c.spaces[0]): c.cost for c in LegalCommands(state, player).moves(fig.id)
            if bf.parse_space(c.spaces[0]) not in fig.hexes}


def figure_attack_options(state: MatchState, fig: Figure) -> tuple[list[AttackOption], str]:
    """The attacks ``fig`` can make (normal first, then each special attack) and, when it may not
    attack at all in the turn under way, why (``""`` when it may): ``targets``, ``/map targets``.

    In its own card's Player Turn the answer is legal's: a figure that has attacked (or may not any
    more, HS-ATTACK-03, -12, HS-SPECIAL-01) has no options; the normal attack's targets are those
    :meth:`LegalCommands.attacks` lists; a special attack :func:`checks.may_special` refuses carries
    the refusal. At any other time: what it could hit from where it stands
    (:func:`bot.rules.special.attack_options`), to plan ahead.
    """
    options = attack_options(state, fig)
    player = _own_turn(state, fig)
    if player is None:
        return options, ""
    try:
        checks.may_attack(state, player, fig)
    except IllegalCommand as exc:
        return [], exc.message
    allowed = {c.target for c in LegalCommands(state, player).attacks(fig.id)}
    try:
        checks.may_special(state, player, fig)
        special_refusal = ""
    except IllegalCommand as exc:
        special_refusal = exc.message
    kept = []
    for o in options:
        if not o.special:
            o = replace(o, aims=tuple(a for a in o.aims if a.aim in allowed),
                        targets=tuple(t for t in o.targets if t in allowed))
        elif special_refusal and not o.refused:
            o = replace(o, aims=(), targets=(), refused=special_refusal)
        kept.append(o)
    return kept, ""
