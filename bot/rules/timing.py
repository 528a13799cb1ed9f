"""Timing windows and simultaneous effects (HS-TIMING-01..07, HS-TURN-04, -06).

An :class:`Effect` declares the window it acts in, its source (Unit, Terrain, Glyph, other:
UTGAR), whether it is "immediate", whether it leaves the window (takes a turn, repeats a move
or attack), and whether its controller *may* decline it. Each window, the engine collects the
effects' :class:`Trigger` s, orders them, and resolves them one at a time, re-checking each
one's condition before it resolves (HS-TIMING-01). An optional effect, or a player choosing the
order of two different effects they control, stops the engine with a pending decision.

Order (HS-TIMING-03, -04, -05, -07): "immediately" effects first; effects that leave the window
last; then Unit, Terrain, Glyph, the rest; within one, the active player's effects first, then
the other players in turn order. A player with several different effects at the same place in
that order chooses which resolves first, again after each one while two or more remain
(HS-TIMING-02).

Destroyed figures (HS-DESTROY-04..07): a trigger names its ``source``, the figure whose Army Card
text causes it. Once that figure is destroyed its text no longer applies, so a trigger whose
source is gone is dropped, unless the effect refers to destroyed figures
(:attr:`Effect.refers_to_destroyed`) or is already under way (one effect that affects several
figures keeps going, HS-DESTROY-05). An effect with a stated duration is a :class:`Lasting`
effect: it ends at its :class:`Expiry`, never because its source was destroyed (HS-DESTROY-06).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from bot.rules.moments import Expiry, Lasting, Source, Trigger, Window, WindowRun

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

__all__ = ["Effect", "Expiry", "Lasting", "Source", "Trigger", "Window", "WindowRun", "effect", "effects_for",
           "order_key", "register", "unregister"]


class Effect:
    """Base of every effect. Subclasses set the class attributes and implement the methods.

    ``rule`` names the ledger clause the effect implements; ``prompt`` is the question an
    optional effect puts to its controller. ``refers_to_destroyed`` marks text that speaks of
    destroyed figures (Risen By Revna), which keeps working after its figure is destroyed
    (HS-DESTROY-04).
    """

    name: ClassVar[str] = ""
    window: ClassVar[Window]
    source: ClassVar[Source] = Source.OTHER
    immediate: ClassVar[bool] = False
    optional: ClassVar[bool] = False
    leaves_window: ClassVar[bool] = False
    refers_to_destroyed: ClassVar[bool] = False
    rule: ClassVar[str] = ""

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        """The instances of this effect that apply now."""
        raise NotImplementedError

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        """Whether the trigger's condition still holds (checked just before resolving)."""
        return True

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        """Answers an optional effect offers (first = use it)."""
        return ["yes", "no"]

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        """The question asked of the controller of an optional effect."""
        return f"Use {self.name} for {trigger.subject}?"

    def labels(self, engine: RulesContext, trigger: Trigger, options: list[str]) -> list[str]:
        """``options`` as people are shown them, one per option (card and figure names rather than
        keys); by default the options themselves, when they read well as they are."""
        return list(options)

    def title(self, engine: RulesContext, trigger: Trigger) -> str:
        """The name people know this effect by (a power's name on its card), e.g. when a player
        chooses which of two effects resolves first."""
        return self.name.replace("_", " ")

    def accept(self, engine: RulesContext, trigger: Trigger, answer: str) -> str | None:
        """An answer that is not one of the listed options but is still good (spaces typed by the
        player, when listing every legal one would be too long): the answer in the form
        :meth:`resolve` reads, or ``None`` to refuse it (or raise
        :class:`~bot.rules.errors.IllegalCommand` saying why). By default only listed options are good."""
        return None

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        """Carry the effect out; ``choice`` is the controller's answer for optional effects."""
        raise NotImplementedError


_REGISTRY: dict[str, Effect] = {}


def register(cls: type[Effect]) -> type[Effect]:
    """Class decorator: register an effect by its ``name`` (once per name)."""
    inst = cls()
    if not inst.name:
        raise ValueError(f"{cls.__name__} has no name")
    _REGISTRY[inst.name] = inst
    return cls


def unregister(name: str) -> None:
    """Remove the effect called ``name`` (a card file unloaded, or a test's own effect); no error if absent."""
    _REGISTRY.pop(name, None)


def effect(name: str) -> Effect:
    """The registered effect called ``name``.

    :raises KeyError: when no effect has that name.
    """
    return _REGISTRY[name]


def effects_for(window: Window) -> list[Effect]:
    """Registered effects of one window, in registration order."""
    return [e for e in _REGISTRY.values() if e.window == window]


def order_key(e: Effect, trig: Trigger, seat_rank: dict[str, int]) -> tuple[int, int, int, int]:
    """Sort key for simultaneous triggers (see module docstring)."""
    return (0 if e.immediate else 1, 1 if e.leaves_window else 0, int(e.source), seat_rank.get(trig.controller, 99))
