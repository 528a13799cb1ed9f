"""The console's commands that look and say, changing nothing: ``help``, ``cards``, ``status``,
``map``, ``reach``, ``targets``, ``hide``, and the hints about a draft pick or a turn with nothing left.
"""

from __future__ import annotations

import shutil

from bot.game import ai
from bot.game.card_text import card_block, card_line, card_picture
from bot.game.draft_status import draft_status
from bot.game.glyph_text import explain, treasure_names
from bot.game.scenario_text import explain as explain_scenario
from bot.game.session import cards
from bot.game.targets import (
    cannon_targets,
    figure_attacks,
    marked,
    object_targets,
    odds_text,
    option_line,
    reach_of,
)
from bot.games.heroscape.console.help import HELP, TOPICS
from bot.games.heroscape.console.io import ConsoleIO
from bot.games.heroscape.console.text import clip_quoted, label_key, life_text, markers_text, shown
from bot.rules import draft as drafting
from bot.rules.glyphs import POWER_GLYPHS, describe
from bot.rules.hexes import natural_key
from bot.rules.odds import attack_odds
from bot.rules.special import dice_against
from bot.rules.state import Figure, Phase, TurnState
from bot.rules.treasure.catalogue import title as glyph_title
from bot.rules.views import public_view

NOTHING_LEFT = "nothing left to do: type end-turn"


def attacked_text(turn: TurnState) -> list[str]:
    """The figures that attacked in ``turn``, in order, as ``status`` lists them: those the turn
    marks as attacked, and those whose attack is recorded in the turn's attacks though a power
    (Double Attack) let them attack again, marked ``(may attack again)``."""
    attackers = list(turn.attacked)
    for attacker, _target in turn.data.get("attacks", []):
        if attacker not in attackers:
            attackers.append(attacker)
    return [f if f in turn.attacked or f not in turn.spent else f"{f} (may attack again)" for f in attackers]


class ConsoleViews(ConsoleIO):
    """The console commands that show the match (:class:`ConsoleIO` plus the looking commands)."""

    # ---- console commands --------------------------------------------------------------------

    def cmd_help(self, topic: str = "") -> None:
        """``help``: every command form; ``help move``: how moves are written, double-space figures
        included. Another topic is refused with the ones there are."""
        if not topic:
            self.say(HELP)
        elif topic.lower() == "scenario":  # the match's scenario: goal, victory, special rules (HS-SCEN-*)
            self.say(explain_scenario(self.session.scenario).replace("**", "").replace("_", ""))
        elif topic.lower() in TOPICS:
            self.say(TOPICS[topic.lower()])
        else:
            self.say(f"error: there is no help on '{shown(topic)}'; type 'help' (every command), 'help move', "
                     "'help use' (glyphs, drop) or 'help cannon'; 'help scenario' explains this match's scenario")

    def cmd_cards(self, name: str = "") -> None:
        """``cards [NAME]``: one card's statistics and powers, each marked enforced or not, or one line
        per card of the library, by set and name, saying which have their powers enforced;
        incomplete cards say what is missing (:mod:`bot.game.card_text`). An unknown name is an
        error line."""
        lib = cards()
        if name.strip():
            try:
                c = lib.get(name.strip())
            except KeyError as exc:
                self.say(f"error: {clip_quoted(str(exc.args[0] if exc.args else exc))}")
                return
            if self.out is not None:  # the picture first: the card's own lines end the answer
                self.out.mkdir(parents=True, exist_ok=True)
                path = self.out / f"card-{c.id}.png"
                path.write_bytes(card_picture(c))
                self.say(f"card image: {path}")
            self.say(*card_block(c))
            return
        self.say("Army Cards ([powers enforced]: the bot applies them by itself; other powers are for the "
                 "players to apply; 'cards NAME' shows a card's powers):")
        by_set: dict[str, list[str]] = {}
        for c in sorted(lib, key=lambda c: (c.set is None, c.set or "", c.name)):
            by_set.setdefault(c.set or "(no set)", []).append(f"    {card_line(c)}")
        for set_name, rows in by_set.items():
            self.say(f"  {set_name}:", *rows)

    def cmd_glyph(self, name: str = "") -> None:
        """``glyph [NAME]``: what one glyph does, in our words (:mod:`bot.game.glyph_text`), or one line
        per power glyph. An unknown name is an error line naming the close ones."""
        if name.strip():
            try:
                head, text = explain(name)
            except KeyError as exc:
                self.say(f"error: {clip_quoted(str(exc.args[0]))}")
                return
            self.say(head, f"  {text}")
            return
        self.say("Power glyphs ('glyph NAME' tells what one does):",
                 *(f"  {g.letter} {g.title} ({g.power}), {'permanent' if g.permanent else 'temporary'}"
                   for g in sorted(POWER_GLYPHS.values(), key=lambda g: g.name)))
        treasure = [describe(n) for n in treasure_names()]
        self.say("Treasure, Artifact and Tech Glyphs (carried by a Unique Hero; 'help use'):",
                 *(f"  {t.title} ({t.family})" for t in treasure if t is not None))

    def cmd_status(self) -> None:
        """``status``: phase and round, the current turn, each player's cards with their figures (space
        and wounds, destroyed, set aside or unplaced) and order markers, the draft while in setup, and who
        the match is waiting for. Shows only the public view (no hidden orders)."""
        view = public_view(self.state)
        self.say(f"{self.session.scenario.name} on {view.battlefield.name}: {view.phase.value}, round {view.round}")
        if view.turn is not None:
            card = view.cards[view.turn.card_key].card.short if view.turn.card_key else "-"
            self.say(f"  turn: {self.session.name(view.turn.player)} with {card} (marker {view.turn.marker}), "
                     f"moved {', '.join(view.turn.moved) or '-'}; attacked {', '.join(attacked_text(view.turn)) or '-'}")
        for p in view.players:
            tag = " (computer)" if p.id in self.computer else ""
            self.say(f"  {p.name}{tag}{' — conceded' if p.conceded else ''}:")
            markers = view.orders.get(p.id, {})
            for key, cip in view.cards.items():
                if cip.controller != p.id:
                    continue
                figs = []
                for fid in cip.figure_ids:
                    f = view.figures[fid]
                    if f.on_battlefield:
                        # Every space of the figure (a double-space figure's two, the leading end first).
                        at = "+".join(view.battlefield.label(h) for h in f.hexes)
                        held = f" carrying {', '.join(glyph_title(g) for g in f.carries)}" if f.carries else ""
                        figs.append(f"{fid}@{at}" + life_text(cip.card.life or 1, f.wounds) + held)
                    elif f.destroyed:
                        figs.append(f"{fid} ✝")
                    elif f.set_aside:
                        figs.append(f"{fid} (set aside)")
                    else:
                        figs.append(f"{fid} (unplaced)")
                on = [m for m, k in sorted(markers.items()) if k == key]
                mk = f" [{markers_text(on)}]" if on else ""
                self.say(f"    {cip.card.short}{mk}: {', '.join(figs)}")
        if view.phase is Phase.SETUP:  # the draft's lines apply only until placement begins
            self.say(*self.draft_lines())
        if view.pending:
            self.say(f"  waiting for {self.session.name(view.pending[0].player)} to decide")
        waiting = ai.waiting_for(self.state)
        if waiting:
            self.say(f"  waiting for: {', '.join(self.session.name(p) for p in waiting)}")

    def draft_lines(self) -> list[str]:
        """The draft in a few lines: pick order, every pick so far, who is out, whose pick it is."""
        ds = draft_status(self.state, self.session.name)
        if ds is None:
            return []
        lines = [f"  draft order: {', '.join(ds.order)}"]
        for d in ds.drafters:
            out = " (out)" if d.out else ""
            lines.append(f"    {d.name}{out}: {', '.join(c.short for c in d.cards) or 'no card yet'} = {d.points} pts"
                         + (f", {d.left} left" if d.left is not None else ""))
        lines.append(f"  next pick: {ds.next.name}" if ds.next is not None else "  the draft is over: 'start' begins placement")
        return lines

    def draft_hint(self) -> None:
        """When a person's pick is due, name them and the cards they may add (cheapest first)."""
        st = self.state
        d = st.draft
        if st.phase is not Phase.SETUP or d is None or d.next is None or d.next in self.computer:
            return
        options = drafting.pickable(st, d.next, cards())
        left = drafting.points_left(st, d.next)
        budget = f" ({left} points left)" if left is not None else ""
        self.say(f"{self.session.name(d.next)}'s pick{budget}. Cards that fit: "
                 + ", ".join(f"{c.short} ({c.points})" for c in options) + ".  draft CARD  or  draft pass")

    def cmd_map(self) -> None:
        """``map``: write the battlefield image (``map.png``) and say its path, or that images are off."""
        path = self.recorder.write_image([], name="map.png")
        self.say(f"map image: {path}" if path else "no map image: images are off (--out none)")

    def _figure(self, name: str) -> Figure | None:
        fig = self.state.figures.get(name.strip().lower())
        if fig is None:
            self.say(f"error: there is no figure '{shown(name)}' (figures: "
                     f"{', '.join(sorted(self.state.figures, key=natural_key))})")
            return None
        if not fig.on_battlefield:
            self.say(f"error: {fig.id} is not on the battlefield")
            return None
        return fig

    def cmd_reach(self, name: str) -> None:
        """``reach FIGURE``: list the spaces the figure could move to from where it stands and, when an
        output folder is set, write ``reach-FIGURE.png``. Errors are said, not raised."""
        fig = self._figure(name)
        if fig is None:
            return
        from bot.render import render_png

        turn = self.state.turn
        if turn is not None and fig.id in turn.moved:
            self.say(f"note: {fig.id} has already moved this turn; these are the spaces a move from here would reach")
        reach = reach_of(self.state, fig)
        bf = self.state.battlefield
        self.say(f"{fig.id} can reach {len(reach)} spaces: " + " ".join(sorted((bf.label(h) for h in reach), key=label_key)))
        if self.out is None:
            return
        self.out.mkdir(parents=True, exist_ok=True)
        path = self.out / f"reach-{fig.id}.png"
        path.write_bytes(render_png(public_view(self.state), reach=reach, focus=fig.id))
        self.say(f"reach image: {path}")

    def cmd_targets(self, name: str) -> None:
        """``targets FIGURE``: the attack options from where the figure stands and, for each single
        target, the attack and defense dice counts and the odds of wounding it."""
        fig = self._figure(name)
        if fig is None:
            return
        st = self.state
        found = figure_attacks(st, fig)
        if found.refused:
            self.say(f"{fig.id} cannot attack now: {found.refused}")
        options = found.options
        marks = marked(options)
        self.say(f"{fig.id} can attack:" if marks else f"{fig.id} has no target it could attack from where it stands")
        for option in options:
            self.say(f"  {option_line(option, '' if option.special else found.why_none)}")
            power = next((p for p in st.card_of(fig).powers if p.name == option.name), None) if option.special else None
            for aim in option.aims:
                if aim.space:
                    continue  # a Line attack: several figures, listed on the line above
                t = st.figures[aim.aim]
                special = (power.name, dice_against(power, st.card_of(t))) if power is not None else None
                odds = attack_odds(st, fig, t, special=special)
                self.say(f"    {t.id} at {st.battlefield.label(t.hex)}: {odds.attack_dice} attack vs "
                         f"{odds.defense_dice} defense dice, {odds_text(odds)}")
        things = object_targets(st, fig) if not found.refused else ""
        if things:
            self.say(f"  {things}")
        guns = cannon_targets(st, fig) if not found.refused else ""
        if guns:
            self.say(f"  Cannon Fire (cannon FIG CANNON TARGET): {guns}")
        if self.out is None:
            return
        from bot.render import render_png

        self.out.mkdir(parents=True, exist_ok=True)
        path = self.out / f"targets-{fig.id}.png"
        path.write_bytes(render_png(public_view(st), targets=marks, focus=fig.id))
        self.say(f"targets image: {path}")

    def cmd_hide(self) -> None:
        """Clear the terminal, scrollback included, so the next player cannot scroll back to the
        last secret; off a terminal (output to a file or pipe) it writes nothing to clear."""
        if not self.screen:
            self.say("(hide: the output is not a terminal, nothing to clear)")
            return
        rows = shutil.get_terminal_size((80, 24)).lines
        # Blank lines push everything off the screen (for terminals that keep scrollback despite
        # ESC[3J), then: cursor home, clear the screen, clear the scrollback.
        self.write("\n" * (2 * rows + 10) + "\033[H\033[2J\033[3J")
        self.say("(screen cleared)")

    def turn_hint(self) -> None:
        """Say so when the person whose turn it is has nothing left to do but end it."""
        st = self.state
        who = st.turn.player if st.phase is Phase.TURNS and st.turn is not None else None
        if who is not None and who not in self.computer and not ai.actions_left(st, who):
            self.say(NOTHING_LEFT)
