"""Army Cards as data: the statistics and powers the rules read (HS-ARMY-14..16).

A card is a pydantic model so that card files written by users are validated the same way as
the shipped ones (``data/cards/*.json``, loaded by :mod:`bot.content`). Statistics that are not
public (the G.I. JOE cards, DEC-07) are ``None``; such a card is *incomplete* and an army that
holds it is refused, naming the missing fields.

>>> card = ArmyCard(name="Test", kind="hero", rarity="unique", figures=1, life=4, move=5,
...                 range=1, attack=3, defense=3, height=5, size="medium", base=1, points=50)
>>> card.missing_fields()
[]
"""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

Kind = Literal["hero", "squad"]
Rarity = Literal["unique", "uncommon", "common"]
Size = Literal["small", "medium", "large", "huge"]
#: Short rule tags a card may carry (``../shared/cards/README.md``, "Keywords"); the rules read
#: ``flying`` and ``stealth_flying`` (HS-FLY-*), the others repeat a power for searching and display.
Keyword = Literal[
    "flying", "stealth_flying", "disengage", "water_move", "double_attack", "counter_strike", "phantom_walk",
    "lava_resistant", "deadly_strike", "climb_x2", "climb_x3", "stealth_dodge", "thorian_speed", "ghost_walk",
    "tough", "scale_2",
]
#: The product lines a card comes from (a format names the lines it allows).
Line = Literal["Hasbro", "Hasbro (Marvel)", "Avalon Hill / Renegade (2024+)", "G.I. JOE (2025)"]
#: The ways of moving a card names in its ``keywords`` (and as a power's ``kind``), which the
#: movement rules apply by themselves (HS-FLY-*).
MOVEMENT_KINDS: frozenset[str] = frozenset({"flying", "stealth_flying"})

#: The statistics an army needs before it can fight (DEC-07).
REQUIRED_STATS = ("rarity", "figures", "life", "move", "range", "attack", "defense", "height", "size", "points")


#: A reprint's set suffix at the end of a card name: `` (AoA)``, `` (SotM)``, `` (SotC)``.
_REPRINT_SUFFIX = re.compile(r"\s*\([^()]*\)\s*$")


def character_of(name: str) -> str:
    """The character a card name stands for: the name without a trailing reprint suffix in
    parentheses, in lower case, blanks collapsed (HS-ARMY-04; see :attr:`ArmyCard.character`).

    >>> character_of("Sgt. Drake Alexander (AoA)") == character_of("sgt.  drake alexander")
    True
    """
    return " ".join(_REPRINT_SUFFIX.sub("", name).split()).casefold()


def slug(text: str) -> str:
    """Lower-case identifier for names: ``'Finn the Viking Champion' -> 'finn-the-viking-champion'``."""
    text = text.lower().replace("ä", "a").replace("ö", "o").replace("ü", "u")
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


class Power(BaseModel):
    """One special power or special attack printed on a card, in the project's own words.

    ``name`` is the card's name for it (a fact); ``text`` is our paraphrase; ``kind`` tells the
    engine which implementation hooks it (``None`` until one exists, then it is shown only as
    reference text).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    text: str
    kind: str | None = None
    #: What the power carries, as JSON values: numbers (``{"range": 7, "attack": 4, "explosion": 1}``)
    #: or, for a power of the shared card file, its ``params`` sketch without ``pattern`` (short
    #: phrases such as ``"condition": "target adjacent"``, read by the power's building block).
    values: dict[str, Any] = Field(default_factory=dict)

    @property
    def special_numbers(self) -> tuple[int, int] | None:
        """``(range, attack)`` when the power is a special attack the rules can roll from its numbers
        (both whole numbers), else ``None`` (HS-SPECIAL-01)."""
        rng, att = self.values.get("range"), self.values.get("attack")
        if isinstance(rng, int) and isinstance(att, int) and not isinstance(rng, bool) and not isinstance(att, bool):
            return rng, att
        return None


class BasicStats(BaseModel):
    """A card's Basic Game side as far as it is known: Move, Range, Attack, Defense (no Life or
    powers are recorded); ``source`` says where the numbers come from."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    move: int | None = None
    range: int | None = None
    attack: int | None = None
    defense: int | None = None
    source: str | None = None


class ArmyCard(BaseModel):
    """An Army Card's Master Game side.

    Units: ``move`` and ``range`` in spaces, ``height`` in levels, ``base`` in spaces (1 or 2),
    ``points`` in army points. ``life`` is per figure (a Squad figure usually has 1).
    ``figures`` is the number of figures the card pictures (HS-ARMY-15, HS-MOVE-01).
    """

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    id: str = ""
    name: str
    short: str = ""
    set: str | None = None
    #: The wave or product (``Wave 3``, ``Master Set 1``) and release month (``YYYY-MM``, or ``YYYY``).
    wave: str | None = None
    released: str | None = None
    line: Line | None = None
    general: str | None = None
    species: list[str] = Field(default_factory=list)
    kind: Kind
    rarity: Rarity | None = None
    class_: list[str] = Field(default_factory=list, alias="class")
    personality: str | None = None
    size: Size | None = None
    height: int | None = Field(default=None, ge=1)
    #: Spaces per figure: 1 or 2 (the Marro Hive's hive piece takes 6); ``None`` when not public.
    base: Literal[1, 2, 6] | None = 1
    figures: int | None = Field(default=None, ge=1)
    life: int | None = Field(default=None, ge=1)
    move: int | None = Field(default=None, ge=0)
    range: int | None = Field(default=None, ge=0)
    attack: int | None = Field(default=None, ge=0)
    defense: int | None = Field(default=None, ge=0)
    points: int | None = Field(default=None, ge=0)
    #: Points in the Delta (Valhalla Committee) and Renegade point systems, when known.
    delta_points: int | None = Field(default=None, ge=0)
    renegade_points: int | None = Field(default=None, ge=0)
    basic_game: BasicStats | None = None
    #: The name of the card this one is a reprint or re-issue of (the same character, HS-ARMY-04).
    same_as: str | None = None
    keywords: list[Keyword] = Field(default_factory=list)
    powers: list[Power] = Field(default_factory=list)
    #: Fields whose values are not public (beyond the statistics, which are ``None``): ``base``,
    #: ``powers``, ``species``... An incomplete card cannot join an army (DEC-07).
    incomplete: list[str] = Field(default_factory=list)
    notes: str | None = None

    @field_validator("species", "class_", mode="before")
    @classmethod
    def _split_ampersand(cls, value: object) -> object:
        # "Human & Elf" has both species for every game effect (HS-ARMY-14).
        if isinstance(value, str):
            return [part.strip() for part in value.split("&") if part.strip()]
        return value

    def model_post_init(self, __context: object) -> None:
        """Fill in defaults after validation: ``id`` is the slug of the name, ``short`` the name before
        any comma or " the "."""
        if not self.id:
            object.__setattr__(self, "id", slug(self.name))
        if not self.short:
            object.__setattr__(self, "short", self.name.split(",")[0].split(" the ")[0])

    def missing_fields(self) -> list[str]:
        """Names of the statistics this card lacks (empty when the card can be played): the required
        statistics that are ``None``, then ``base`` and ``powers`` when the card says they are not public."""
        missing = [f for f in REQUIRED_STATS if getattr(self, f) is None]
        if self.base is None:
            missing.append("base")
        if "powers" in self.incomplete:
            missing.append("powers")
        return missing

    @property
    def complete(self) -> bool:
        """True when every statistic an army needs is known (DEC-07)."""
        return not self.missing_fields()

    @property
    def character(self) -> str:
        """Who the card is, for the Unique rule (HS-ARMY-04): its name without a reprint's set suffix
        in parentheses, so that a reprint is the same character as the card it reprints.

        Card files tell reprints apart by such a suffix (``Raelin the Kyrie Warrior (AoA)``, the 2024
        reprint; ``../shared/cards/README.md``, field ``name``); compared without regard to case.

        >>> ArmyCard(name="Raelin the Kyrie Warrior (AoA)", kind="hero").character
        'raelin the kyrie warrior'
        >>> ArmyCard(name="Raelin the Kyrie Warrior", kind="hero").character
        'raelin the kyrie warrior'
        """
        return character_of(self.same_as or self.name)

    @property
    def is_unique(self) -> bool:
        """Unique for every rule but the army limit on repeats (HS-ARMY-07: Uncommon counts as Unique)."""
        return self.rarity in ("unique", "uncommon")

    @property
    def flies(self) -> bool:
        """Has Flying or Stealth Flying (HS-FLY-*)."""
        return "flying" in self.keywords or "stealth_flying" in self.keywords

    def power(self, kind: str) -> Power | None:
        """The first power whose ``kind`` is ``kind``, if the card has one."""
        for p in self.powers:
            if p.kind == kind:
                return p
        return None

    def stat(self, name: str) -> int:
        """A statistic that must be known; use only on complete cards.

        :raises ValueError: when the statistic is missing (an incomplete card, DEC-07).
        """
        value = getattr(self, name)
        if value is None:
            raise ValueError(f"{self.name} has no {name} value: the card is incomplete")
        return int(value)
