"""``choose``: the answer to a pending decision (an optional effect, the order of effects,
HS-TIMING-02, or which figure defends next against a special attack, HS-EXPLOSION-05)."""

from __future__ import annotations

from bot.rules import checks
from bot.rules import special as specials
from bot.rules.actions.special import special_defend
from bot.rules.answers import read_answer
from bot.rules.context import Referee
from bot.rules.errors import IllegalCommand
from bot.rules.moments import Trigger
from bot.rules.timing import effect
from bot.rules.windows import drain


def choose(eng: Referee, player: str, option: str) -> None:
    """``choose OPTION``: answer the first pending decision (its option, label, or a card or figure
    name); the window that asked goes on.

    :raises IllegalCommand: when no decision waits, it is another player's, or the answer is not one.
    """
    st = eng.state
    if not st.pending:
        raise IllegalCommand("there is no decision to make right now")
    pend = st.pending[0]
    if pend.player != player:
        raise IllegalCommand(f"this decision belongs to {checks.name_of(st, pend.player)}")
    # The option, its label, or a name of its card or figure (bot.rules.answers).
    opt, could_be = read_answer(st, pend, option)
    if could_be:
        raise IllegalCommand(f"'{option.strip()}' could mean {' or '.join(could_be)}; choose one of them by "
                             "that name", pend.rule or None, actions=("choose",))
    if opt is None and "trigger" in pend.context:  # an effect may take answers it does not list (spaces)
        trig = Trigger.from_json(pend.context["trigger"])
        opt = effect(trig.effect).accept(eng, trig, option.strip())
    if opt is None:
        raise IllegalCommand(f"'{option.strip()}' is not an answer here; the answers are "
                             f"{' / '.join(pend.shown)}", pend.rule or None, actions=("choose",))
    st.pending.pop(0)
    eng.emit("decided", player=player, kind=pend.kind, choice=opt, label=pend.label(opt))
    if pend.kind == "defense_order":
        specials.choose_defender(pend.context, opt)
        special_defend(eng, pend.context)
    elif pend.kind == "order":
        run = st.windows[-1]
        idx = next(i for i, q in enumerate(run.queue) if q["effect"] == opt and q["controller"] == player)
        run.queue.insert(0, run.queue.pop(idx))
        run.args.setdefault("_meta", {})["chosen"] = dict(run.queue[0])
    else:
        trig = Trigger.from_json(pend.context["trigger"])
        effect(trig.effect).resolve(eng, trig, opt)
    drain(eng)
