"""The Onslaught engine: set-up, rounds and phases, initiative, activations, and the commands.

``Game.apply(player, text)`` checks and applies one command for party ``"A"`` or ``"B"`` and returns
its events, or raises :class:`ParseError` / :class:`RulesError` changing nothing (the caller keeps a
copy; :class:`bot.onslaught.match.Match` does). Rounds (DDO-ROUND-02): the Initiative Phase deals
cards (DDO-INIT-02/03) and waits for both ``assign`` commands; the Action Phase runs the initiative
slots in order, monster groups on their decimal values (DDO-INIT-07); the End Phase scores, lowers
dials and passes Initiative 1 (DDO-ROUND-03..05).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.onslaught import actions
from bot.onslaught.board import footprint
from bot.onslaught.commands import Command, parse
from bot.onslaught.content import Library
from bot.onslaught.dice import Dice
from bot.onslaught.events import Event, RulesError
from bot.onslaught.grid import Square, name
from bot.onslaught.monsters import activate_one, northwest_order
from bot.onslaught.state import MONSTERS, READY, Activation, Decision, GameState, Mini, other

#: Initiative card 1, the low cards 2-6 (3 to the opponent, 2 to the active player) and the high
#: cards 7-10 (2 each) (DDO-INIT-02/03).
LOW, HIGH = list(range(2, 7)), list(range(7, 11))


class Game:
    """A match in progress: state, dice, and the command handlers."""

    def __init__(self, library: Library, scenario: str, parties: Mapping[str, Sequence[str]], dice: Dice,
                 check_parties: bool = True) -> None:
        """Set up ``scenario`` with the named characters for parties ``A`` and ``B``; rules cases pass
        ``check_parties=False`` to place any characters.

        :raises RulesError: unknown scenario or characters, or a party of the wrong size or make-up.
        """
        from bot.onslaught.content import party_problem

        if scenario not in library.scenarios:
            raise RulesError(f"there is no scenario {scenario!r}; scenarios: {', '.join(library.scenarios)}")
        sc = library.scenarios[scenario]
        self.dice = dice
        self.events: list[Event] = []
        self.st = GameState(sc, library.maps[sc.map], library, active=sc.first_active)
        st = self.st
        for side in ("A", "B"):
            names = list(parties.get(side, ()))
            unknown = [n for n in names if n not in library.characters]
            if unknown:
                raise RulesError(f"party {side}: unknown characters {unknown}")
            problem = party_problem([library.characters[n] for n in names], sc.party_size) if check_parties else ""
            if problem:
                raise RulesError(f"party {side}: {problem}")
            if len(sc.starts[side]) < len(names):
                raise RulesError(f"party {side}: the start area has only {len(sc.starts[side])} squares")
            for n, sq in zip(names, sc.starts[side], strict=False):
                card = library.characters[n]
                dials = {a.name: READY for a in card.abilities + (card.reaction,)}
                st.minis[n] = Mini(n, side, n, [sq], card.wheel.hp, dials)
            st.held[side] = names
        for gi, g in enumerate(sc.monsters):
            if 0 < g.count < len(g.at):  # a choice of placements: the non-active player decides (DDO-MONSTER-03)
                st.pending.append(Decision("place", other(st.active), g.monster, [name(s) for s in g.at],
                                           {"group": gi, "left": g.count}))
                continue
            for sq in g.at:
                self.spawn(gi, sq)
        st.chests = list(sc.chests)
        st.pool = list(sc.loot_pool)  # DDO-LOOT-01
        self.start_round()

    def spawn(self, group: int, sq: Square) -> Mini:
        """Place a monster of scenario group ``group`` with its origin on ``sq`` (Gloomrat1, Gloomrat2...)."""
        st = self.st
        g = st.scenario.monsters[group]
        card = st.library.monsters[g.monster]
        word = g.monster.split()[0]
        n = 1 + sum(1 for m in st.minis.values() if m.side == MONSTERS and m.name.startswith(word))
        mini = Mini(f"{word}{n}", MONSTERS, g.monster, footprint(sq, card.size), card.wheel.hp, group=group)
        st.minis[mini.name] = mini
        self.events.append(Event("spawned", {"mini": mini.name, "square": sq}))
        return mini

    # --- rounds ----------------------------------------------------------------------------------
    def start_round(self) -> None:
        """Initiative Phase: deal the cards (DDO-INIT-01..03)."""
        st = self.st
        st.phase = "initiative"
        low, high = list(LOW), list(HIGH)
        self.dice.shuffle(low)
        self.dice.shuffle(high)
        a, o = st.active, other(st.active)
        st.hands = {a: [1] + low[3:5] + high[2:4], o: low[0:3] + high[0:2]}
        st.assigned, st.revealed, st.set_aside = {}, set(), {}
        self.events.append(Event("round", {"round": st.round, "active": a}))
        for side in ("A", "B"):
            self.events.append(Event("dealt", {"side": side, "cards": sorted(st.hands[side])}, secret_to=side))

    def begin_actions(self) -> None:
        """Both parties assigned: order the slots, characters on 1-10 and monster groups on decimals."""
        st = self.st
        slots: list[tuple[float, str]] = [(float(c), n) for n, c in st.assigned.items()]
        slots += [(g.initiative, f"group:{gi}") for gi, g in enumerate(st.scenario.monsters)]
        st.slots = sorted(slots)  # DDO-INIT-07
        st.slot = -1
        st.phase = "action"
        self.events.append(Event("action phase", {"round": st.round}))
        self.advance()

    def advance(self) -> None:
        """Go to the next initiative slot, skipping defeated characters (DDO-INIT-04); run monster groups."""
        st = self.st
        while st.phase == "action" and st.activation is None and not st.pending and not st.awaiting:
            if self.check_elimination():
                return
            if st.slots and st.slot >= 0 and st.slots[st.slot][1].startswith("group:") and st.group_queue:
                self.run_group(None)
                continue
            st.slot += 1
            if st.slot >= len(st.slots):
                self.end_phase()
                return
            init, who = st.slots[st.slot]
            if who.startswith("group:"):
                gi = int(who[6:])
                members = [m for m in st.living() if m.group == gi]
                st.group_queue = [m.name for m in northwest_order(members)]
                st.group_stage = "move"
                if members:
                    self.events.append(Event("monsters activate", {"initiative": init, "group": st.scenario.monsters[gi].monster}))
                continue
            if st.minis[who].defeated:
                self.events.append(Event("skipped", {"mini": who, "initiative": int(init)}))
                continue
            st.awaiting = who
            return

    def run_group(self, choice: str | None) -> None:
        """Activate the group's monsters in turn until done or a decision is needed (DDO-MONSTER-11)."""
        st = self.st
        while st.group_queue and not st.pending:
            m = st.minis[st.group_queue[0]]
            if m.defeated:
                st.group_queue.pop(0)
                continue
            d = activate_one(st, self.dice, m, choice, st.group_stage, self.events)
            choice = None
            if d is not None:
                st.group_stage = str(d.data.get("stage", "move"))
                st.pending.append(d)
                return
            st.group_queue.pop(0)
            st.group_stage = "move"
            if self.check_elimination():
                return

    def end_phase(self) -> None:
        """End Phase: score control points (active player first), lower dials, pass Initiative 1, and end
        the game after the last round (DDO-ROUND-03..05, DDO-WIN-02/03, DEC-22)."""
        st = self.st
        for side in (st.active, other(st.active)):
            for cp in st.scenario.control_points:
                here = {m.side for m in st.living() if m.side != MONSTERS and cp in m.squares}
                if here == {side}:
                    st.vp[side] += st.scenario.vp_control
                    self.events.append(Event("control point", {"side": side, "square": cp, "vp": st.vp[side]}))
        for m in st.minis.values():
            for k, v in m.dials.items():
                if isinstance(v, int):
                    m.dials[k] = READY if v <= 1 else v - 1  # DDO-ROUND-04
        self.events.append(Event("end phase", {"round": st.round, "vp": dict(st.vp)}))
        if st.round >= st.scenario.rounds:
            self.finish_on_points()
            return
        st.round += 1
        st.active = other(st.active)
        self.start_round()

    def defeated_count(self, side: str) -> int:
        """How many of a party's characters are defeated."""
        return sum(1 for m in self.st.minis.values() if m.side == side and m.defeated)

    def finish_on_points(self) -> None:
        """Most victory points, then fewest defeated characters, then a draw (DDO-WIN-02/03, DEC-22)."""
        st = self.st
        a, b = st.vp["A"], st.vp["B"]
        if a != b:
            win = "A" if a > b else "B"
        else:
            da, db = self.defeated_count("A"), self.defeated_count("B")
            win = "draw" if da == db else ("A" if da < db else "B")
        self.finish(win, "victory points")

    def finish(self, winner: str, why: str) -> None:
        """End the match."""
        self.st.winner, self.st.phase = winner, "over"
        self.st.activation, self.st.pending, self.st.awaiting = None, [], ""
        self.events.append(Event("game over", {"winner": winner, "why": why, "vp": dict(self.st.vp)}))

    def check_elimination(self) -> bool:
        """A party with every character defeated loses (DDO-WIN-01)."""
        st = self.st
        if st.phase == "over":
            return True
        out = [s for s in ("A", "B") if all(m.defeated for m in st.minis.values() if m.side == s)]
        if out:
            self.finish("draw" if len(out) == 2 else other(out[0]), "eliminated")
            return True
        return False

    # --- commands --------------------------------------------------------------------------------
    def apply(self, player: str, text: str | Command) -> list[Event]:
        """Apply one command for ``player`` and return the events it caused.

        :raises ParseError: the text does not read.
        :raises RulesError: not legal now (the state is then unreliable: use :class:`Match`, which
            restores it).
        """
        cmd = parse(text) if isinstance(text, str) else text
        st = self.st
        self.events = []
        if st.phase == "over":
            raise RulesError(f"the game is over ({st.winner} won)")
        if player not in ("A", "B"):
            raise RulesError(f"{player!r} is no party; the parties are A and B")
        if st.pending:
            d = st.pending[0]
            if d.player != player:
                raise RulesError(f"waiting for party {d.player} to answer: {d.kind} for {d.mini}")
            actions.answer(self, player, cmd, d)
        else:
            actions.dispatch(self, player, cmd)
        if st.phase == "action" and not st.pending:
            if st.group_queue:
                self.run_group(None)
            self.advance()
        self.check_elimination()
        return self.events

    def start_activation(self, mini: Mini) -> None:
        """Reveal the initiative card and start the activation (DDO-ACTION-01)."""
        st = self.st
        st.serial += 1
        st.activation = Activation(mini.name, st.serial)
        st.revealed.add(mini.name)
        st.awaiting = ""
        self.events.append(Event("activated", {"mini": mini.name, "initiative": st.assigned[mini.name]}))

    def end_activation(self) -> None:
        """Remove the mini's fading tokens not given during this activation, and the map tokens it placed
        in an earlier activation (DDO-ACTION-01, DDO-COND-02, DDO-COND-16)."""
        st = self.st
        act = st.activation
        assert act is not None
        m = st.minis[act.mini]
        gone = [c.name for c in m.conditions if c.fading and c.given != act.serial]
        m.conditions = [c for c in m.conditions if not (c.fading and c.given != act.serial)]
        for sq, (placer, serial) in list(st.spikes.items()):
            if placer == m.name and serial != act.serial:
                del st.spikes[sq]
                gone.append("spike growth")
        self.events.append(Event("activation ended", {"mini": m.name, "faded": gone}))
        st.activation = None


__all__ = ["Decision", "Game"]
