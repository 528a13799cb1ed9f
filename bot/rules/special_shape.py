"""A special attack's shape, read from its power: :class:`Spec` and :func:`spec` (HS-SPECIAL-02).

Read from the shared card file's ``special_attack`` parameters (``area``: explosion, line, all
adjacent; ``range`` "special" for a Line X; ``self_immune``, ``affects``, ``no_los``, ``lob``, dice
by target size) or from the project's own numbers (``explosion``, ``line``, ``extra_spaces``,
``lob``). :mod:`bot.rules.special` builds the attack from it; the computer and the console estimate
attacks with :func:`legacy_values` and :func:`dice_against`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.rules.cards import ArmyCard, Power

#: The shared card file's ``area`` words this module builds, and the shape each one is.
AREAS = {None: "target", "explosion": "explosion", "line": "line", "all_adjacent_to_self": "all_adjacent",
         "chain": "chain", "target_plus_common_adjacent": "common_adjacent",
         "target_plus_adjacent": "target",  # its extra targets are picked as it is made (block_special_extra)
         "combined": "target"}  # several figures of a squad roll it together (powers.combined_attack)


@dataclass(frozen=True, slots=True)
class Spec:
    """A special attack's shape, read from its power (:func:`spec`).

    ``range`` in spaces (``None``: a Line X attack, whose reach is its line); ``attack`` dice, or
    per target size in ``by_size`` (``(("small", 3), ("medium", 3), ("large", 2), ...)``);
    ``explosion`` X (0: the target alone); ``line`` X; ``extra_spaces`` (a line drawn on past the
    target, Twister); ``lob`` X (no sight needed, an arc up to X levels above the thrower);
    ``no_sight`` (no line of sight needed); ``self_immune`` (the attacker is never affected);
    ``all_adjacent`` (every figure next to the attacker); ``enemies_only`` (only the attacker's
    opponents are affected); ``spares_flying`` (figures with Flying are not affected); ``chain``
    (each attack after the first goes to a figure next to the one before: its block says how);
    ``common_adjacent`` (the target and every figure next to both it and the attacker: Sweeping Sword).
    """

    range: int | None
    attack: int
    by_size: tuple[tuple[str, int], ...] = ()
    explosion: int = 0
    line: int = 0
    extra_spaces: int = 0
    lob: int | None = None
    no_sight: bool = False
    self_immune: bool = False
    all_adjacent: bool = False
    enemies_only: bool = False
    spares_flying: bool = False
    chain: bool = False
    common_adjacent: bool = False

    def dice(self, size: str | None = None) -> int:
        """The attack dice against a target of ``size`` (the card's ``size``)."""
        for s, n in self.by_size:
            if s == size:
                return n
        return self.attack

    @property
    def reach(self) -> int:
        """How far the attack reaches, in spaces (a Line X: X)."""
        return self.range if self.range is not None else self.line

    @property
    def legacy(self) -> dict[str, int]:
        """The shape in the numbers of the project's own cards (``range``, ``attack``,
        ``explosion``, ``line``, ``extra_spaces``), for callers that estimate an attack."""
        out = {"range": self.reach, "attack": self.attack}
        for key in ("explosion", "line", "extra_spaces"):
            if getattr(self, key):
                out[key] = getattr(self, key)
        return out


def _int(v: object) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def _read_spec(power: Power) -> Spec | None:
    v = power.values
    if power.kind != "special_attack":
        rng, att = _int(v.get("range")), _int(v.get("attack"))
        if rng is None or att is None:
            return None
        return Spec(rng, att, explosion=_int(v.get("explosion")) or 0, line=_int(v.get("line")) or 0,
                    extra_spaces=_int(v.get("extra_spaces")) or 0, lob=_int(v.get("lob")))
    area = AREAS.get(v.get("area"))
    if area is None:
        return None
    att = _int(v.get("attack"))
    by_size: tuple[tuple[str, int], ...] = ()
    if isinstance(v.get("attack"), dict):
        table = v["attack"]
        other, small = _int(table.get("other")), _int(table.get("small_medium"))
        if other is None or small is None or set(table) != {"small_medium", "other"}:
            return None
        att = other
        by_size = (("small", small), ("medium", small))
    if att is None:
        return None
    rng = _int(v.get("range"))
    length = _int(v.get("line_length")) or 0
    affects = " ".join(str(v.get("affects", "")).lower().split())
    if affects not in ("", "opponent's figures only"):
        return None
    common = replace(Spec(0, att), by_size=by_size, lob=_int(v.get("lob")), no_sight=bool(v.get("no_los")),
                     self_immune=bool(v.get("self_immune")), enemies_only=bool(affects),
                     spares_flying=" ".join(str(v.get("excludes", "")).lower().split()) == "figures with flying")
    if area == "line":
        if not length:
            return None
        if rng is None:
            return replace(common, range=None, line=length) if v.get("range") == "special" else None
        return replace(common, range=rng, extra_spaces=length)
    if rng is None:
        return None
    if area == "chain":
        # Only chains made attack by attack (Erupting Earth, Arcane Bolt); not extra targets of one roll.
        if "extra_targets" in v or "chain_distance" in v:
            return None
        return replace(common, range=rng, chain=True)
    if area == "all_adjacent":
        return replace(common, range=1, all_adjacent=True)
    if area == "common_adjacent":
        return replace(common, range=1, common_adjacent=True)
    return replace(common, range=rng, explosion=(_int(v.get("x")) or 1) if area == "explosion" else 0)


#: id(power) -> (power, its spec): powers are frozen, and the spec is asked for often.
_SPECS: dict[int, tuple[Power, Spec | None]] = {}


def spec(power: Power) -> Spec | None:
    """The shape of ``power`` as a special attack, or ``None`` when it is not one the rules make.

    A power of kind ``special_attack`` (the shared card file) is read from its ``area``
    (``explosion``, ``line`` with ``line_length``, ``all_adjacent_to_self``, none: the target
    alone), ``range`` (``"special"`` for a Line X), ``attack`` (or ``{"small_medium": 3, "other":
    2}``), ``lob``, ``no_los``, ``self_immune`` and ``affects``; any other power with a numeric
    ``range`` and ``attack`` from the project's numbers (``explosion``, ``line``, ``extra_spaces``,
    ``lob``). Other area shapes (chain, combined...) are not built: ``None``.

    >>> spec(Power(name="B", text="", kind="special_attack", values={"range": 4, "attack": 3, "area": "explosion",
    ...     "self_immune": True})).explosion
    1
    >>> spec(Power(name="F", text="", kind="special_attack", values={"range": "special", "attack": 4, "area": "line",
    ...     "line_length": 8})).legacy
    {'range': 8, 'attack': 4, 'line': 8}
    """
    hit = _SPECS.get(id(power))
    if hit is not None and hit[0] is power:
        return hit[1]
    out = _read_spec(power)
    if len(_SPECS) >= 2048:
        _SPECS.clear()
    _SPECS[id(power)] = (power, out)
    return out


def legacy_values(power: Power) -> dict[str, int]:
    """:attr:`Spec.legacy` of ``power`` (``{}`` when it is no special attack the rules make)."""
    sp = spec(power)
    return sp.legacy if sp is not None else {}


def dice_against(power: Power, target: ArmyCard) -> int:
    """The attack dice of special attack ``power`` against a figure of ``target`` (its size may
    matter, Shuriken); 0 when ``power`` is no special attack the rules make."""
    sp = spec(power)
    return sp.dice(target.size) if sp is not None else 0


def special_powers(card: ArmyCard) -> list[Power]:
    """The powers of ``card`` that are special attacks the rules make (:func:`spec`), in card order."""
    return [p for p in card.powers if spec(p) is not None]
