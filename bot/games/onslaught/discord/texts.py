"""Onslaught on Discord in words: what ``/act`` shows, what autocomplete offers, who acts next.

Everything offered comes from :meth:`OnslaughtMatch.legal <bot.games.onslaught.match.OnslaughtMatch.legal>`
(the one source of legality, :mod:`bot.onslaught.legal`), read apart by verb (:func:`options`), so an
option shown is an option the engine accepts. No Discord objects here: the cog and the face turn
these words into messages and choices.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.games.onslaught.match import OnslaughtMatch
from bot.onslaught.grid import name as square_name
from bot.onslaught.state import MONSTERS, READY, Mini

#: Words of a pending decision's kind (``Waiting.on``).
DECIDE = {"react": "may react", "levelup": "levels up: choose a level-up card", "keep": "keeps one drawn item",
          "choose": "chooses"}
#: A monster's decision is its opponent's to make (DDO-MONSTER-06/07): what that player chooses.
CHOOSE_FOR = {"target": "whom {mini} attacks", "approach": "whom {mini} goes for", "place": "where {mini} appears"}


def decision_words(kind: str, mini: str) -> str:
    """``**Brask** levels up: choose a level-up card``, or for a monster's decision (its opponent
    answers) ``choose whom **Cinder1** goes for``."""
    if kind in CHOOSE_FOR:
        return "choose " + CHOOSE_FOR[kind].format(mini=f"**{mini}**")
    return f"**{mini}** {DECIDE.get(kind, 'decides')}"


@dataclass
class Options:
    """The legal commands of one player now, by what they do. Each list holds command texts;
    ``abilities`` maps an ability's command word to its commands (with or without a target)."""

    moves: list[str] = field(default_factory=list)
    attacks: list[str] = field(default_factory=list)
    abilities: dict[str, list[str]] = field(default_factory=dict)
    loot: list[str] = field(default_factory=list)
    doors: list[str] = field(default_factory=list)
    items: list[str] = field(default_factory=list)
    answers: list[str] = field(default_factory=list)
    activate: list[str] = field(default_factory=list)
    end: bool = False


def attack_kinds(game: OnslaughtMatch, attacks: Sequence[str]) -> list[tuple[str, str]]:
    """The legal basic attacks ``attack MINI TARGET [KIND]`` as ``(target, kind)`` pairs, each once: a
    command without a kind is the attack the engine makes (melee when adjacent and the character has
    one, else ranged; DDO-ATTACK-03/04), so it is never shown as a melee attack it is not."""
    from bot.onslaught.actions import basic_attack

    st = game.state
    out: dict[tuple[str, str], None] = {}
    for text in attacks:
        words = text.split()
        kind = words[3] if len(words) > 3 else ""
        if not kind and words[1] in st.minis and words[2] in st.minis:
            m = st.minis[words[1]]
            chosen = basic_attack(st, m, None, st.minis[words[2]])
            kind = "melee" if chosen is st.character_card(m).melee else "ranged"
        out[(words[2], kind or "melee")] = None
    return list(out)


def options(legal: Sequence[str]) -> Options:
    """Sort ``legal`` (:meth:`OnslaughtMatch.legal`'s list) by verb.

    >>> o = options(["end", "move Brask C2", "use Brask Shield-Bash Grell", "use Brask Bulwark", "react Brask"])
    >>> o.moves, sorted(o.abilities), o.answers, o.end
    (['move Brask C2'], ['Bulwark', 'Shield-Bash'], ['react Brask'], True)
    """
    out = Options()
    for text in legal:
        words = text.split()
        verb = words[0]
        if verb == "move":
            out.moves.append(text)
        elif verb == "attack":
            out.attacks.append(text)
        elif verb == "use":
            out.abilities.setdefault(words[2], []).append(text)
        elif verb == "loot":
            out.loot.append(text)
        elif verb == "door":
            out.doors.append(text)
        elif verb in ("equip", "unequip", "give", "pickup"):
            out.items.append(text)
        elif verb in ("react", "pass", "levelup", "keep", "choose"):
            out.answers.append(text)
        elif verb == "activate":
            out.activate.append(text)
        elif verb == "end":
            out.end = True
    return out


def legal_of(game: OnslaughtMatch, pid: str) -> Options:
    """:func:`options` of ``pid``'s legal commands now."""
    return options(game.legal(pid))


def active(game: OnslaughtMatch) -> Mini | None:
    """The character activating now, or the one whose card was just revealed, or ``None``."""
    st = game.state
    who = st.activation.mini if st.activation else st.awaiting
    return st.minis.get(who) if who else None


def answer_label(game: OnslaughtMatch, text: str) -> str:
    """A decision's answer as a button reads it (at most 80 characters).

    ``react Kestra`` → ``React: Kestra's Parry``; ``pass`` → ``Pass``; ``levelup Brask Last-Stand`` →
    ``Last Stand``; ``keep I1`` → the item's name; ``choose X`` → ``X``.
    """
    words = text.split()
    st = game.state
    if words[0] == "react":
        m = st.minis.get(words[1])
        return (f"React: {m.name}'s {st.character_card(m).reaction.name}" if m else "React")[:80]
    if words[0] == "pass":
        return "Pass (no reaction)"
    if words[0] == "levelup":
        return words[2].replace("-", " ")[:80]
    if words[0] == "keep":
        item = st.library.items.get(words[1])
        return (f"{item.name} ({words[1]})" if item else words[1])[:80]
    return " ".join(words[1:]).replace("-", " ")[:80]


def ability_words(game: OnslaughtMatch, mini: Mini, word: str) -> str:
    """An ability in a few words: its name, cost, attack kind and dial."""
    ab = game.state.ability(mini, word.replace("-", " "))
    if ab is None:
        return word
    kind = f", {ab.attack} attack" if ab.attack else ""
    shape = f", area {ab.area}" if ab.area else (f", cone {ab.cone}" if ab.cone else "")
    cost = "+".join(ab.actions)
    dial = f", cooldown {ab.cooldown}" if ab.cooldown else ""
    return f"{ab.name} ({cost}{kind}{shape}, range {ab.reach[0]}-{ab.reach[1]}{dial})"


def _squares(texts: Sequence[str], at: int, limit: int = 12) -> str:
    found = [t.split()[at] for t in texts if len(t.split()) > at]
    more = f" … ({len(found)} in all)" if len(found) > limit else ""
    return ", ".join(found[:limit]) + more


def act_text(game: OnslaughtMatch, pid: str) -> str:
    """What ``/act`` shows ``pid``: the active character's state, actions left and every legal option
    (moves, attacks, ready abilities, loot, items, doors; the dials not ready; the reaction), or why
    there is nothing to do."""
    if not game.started:
        return "The match has not started yet: take seats with `/match join`, choose a party with `/party`, then `/match start`."
    st = game.state
    if game.result() is not None:
        return "The match is over."
    side = game.side_of(pid)
    o = legal_of(game, pid)
    if o.answers:
        d = st.pending[0]
        return f"{decision_words(d.kind, d.mini)}: answer with the buttons (or `/match status` to get them again)."
    if game.secret(pid) is not None:
        return ("Assign your initiative cards in secret with the controls I sent you by direct message "
                "(`/match status` gives them to you again).")
    if o.activate:
        return f"**{st.awaiting}** is next: `/act` activates it."
    m = active(game)
    if m is None or m.side != side or st.activation is None:
        who = ", ".join(sorted({game.name(w.player) for w in game.waiting()})) or "nobody"
        return f"It is not your activation: {game.turn_words()} (waiting for {who})."
    left = ", ".join(f"{k} {v}" for k, v in st.activation.left.items())
    lines = [f"**{m.name}** at {square_name(m.square)}: HP {m.hp}/{st.max_hp(m)}, AC {st.ac(m)}, speed {st.speed(m)}, "
             f"XP {m.xp}" + (" (bloodied)" if st.bloodied(m) else "")
             + (f"; conditions: {', '.join(c.name for c in m.conditions)}" if m.conditions else ""),
             f"Actions left: {left}; free actions any time."]
    if o.moves:
        lines.append(f"• Move (`/move to:`): {_squares(o.moves, 2)}")
    if o.attacks:
        targets = sorted(f"{target} ({kind})" for target, kind in attack_kinds(game, o.attacks))
        lines.append(f"• Attack (`/attack target:`, the chance to hit first): {', '.join(targets)}")
    for word, texts in o.abilities.items():
        args = [t.split()[3] for t in texts if len(t.split()) > 3]
        on = f" on {', '.join(args[:8])}{' …' if len(args) > 8 else ''}" if args else ""
        lines.append(f"• Ability (`/ability`): {ability_words(game, m, word)}{on}")
    waiting = [f"{k} {v}" for k, v in m.dials.items() if v != READY]
    if waiting:
        lines.append(f"• Dials not ready: {', '.join(waiting)}")
    if o.loot:
        lines.append("• Loot a chest (`/loot`)")
    if o.items:
        lines.append(f"• Items (`/item`): {', '.join(t.split(' ', 1)[0] + ' ' + ' '.join(t.split()[2:]) for t in o.items[:8])}")
    if o.doors:
        lines.append(f"• Doors (`/door`): {', '.join(' '.join(t.split()[2:]) for t in o.doors)}")
    reaction = st.character_card(m).reaction
    lines.append(f"• Reaction: {reaction.name} ({'ready' if m.dials.get(reaction.name) == READY else 'not ready'}; "
                 f"offered as buttons when {reaction.trigger.replace('_', ' ')})")
    if o.end:
        lines.append("• End the activation: `/act step:end`")
    return "\n".join(lines)


def next_line(game: OnslaughtMatch, mention: bool = True) -> str:
    """Who acts now, with what, as one line (``""`` before the start, in a secret phase or when over).
    ``mention``: name players as ``<@id>`` (computer seats are named, never mentioned)."""
    if not game.started or game.result() is not None:
        return ""
    st = game.state
    waits = game.waiting()
    if not waits or waits[0].on == "initiative":
        return ""
    w = waits[0]
    who = f"<@{w.player}>" if mention and w.player.isdigit() and len(w.player) > 3 else game.name(w.player)
    if st.pending:
        d = st.pending[0]
        how = "the item buttons I sent you privately" if d.kind == "keep" else "the buttons below"
        return f"➡ {who}: {decision_words(d.kind, d.mini)} ({how})."
    if w.on == "activate":
        return f"➡ {who}: {st.awaiting} is next (`/act` activates it)."
    m = active(game)
    if m is not None and m.side == MONSTERS:
        return ""
    return f"➡ {who}: {m.name if m else ''}'s activation (`/act` shows your options)."
