"""Terrain tiles and obstacles: what each kind is, and the plain facts the rules read from it.

The effects themselves (stopping, defense changes, end-of-round rolls) live in the modules that
apply them (:mod:`bot.rules.movement`, :mod:`bot.rules.combat`, :mod:`bot.rules.effects`); this
module only says which kind a space is.
"""

from __future__ import annotations

from enum import StrEnum


class Terrain(StrEnum):
    """The top tile of a space (000 § The Tiles; 003 § Road Tiles).

    Names are the ones rules cases use. Scenario variants (``slippery_ice``, ``thin_ice``,
    ``heavy_snow``, ``cooling_lava``) are separate kinds because they carry separate rules.
    """

    GRASS = "grass"
    ROCK = "rock"
    SAND = "sand"
    DIRT = "dirt"
    ASPHALT = "asphalt"
    CONCRETE = "concrete"
    ROAD = "road"
    WOOD = "wood"  # decking, unless a scenario makes it road (HS-TERRAIN-25)
    WATER = "water"
    SWAMP_WATER = "swamp_water"
    TOXIC_WATER = "toxic_water"
    WELLSPRING_WATER = "wellspring_water"
    TOXIC_LAND = "toxic_land"
    SHADOW = "shadow"
    LAVA_FIELD = "lava_field"
    MOLTEN_LAVA = "molten_lava"
    COOLING_LAVA = "cooling_lava"
    ICE = "ice"
    SLIPPERY_ICE = "slippery_ice"
    THIN_ICE = "thin_ice"
    SNOW = "snow"
    HEAVY_SNOW = "heavy_snow"
    SWAMP = "swamp"
    DUNGEON = "dungeon"
    HIVE = "hive"
    JUNGLE = "jungle"

    @property
    def is_water(self) -> bool:
        """Counts as water for rules and powers (HS-TERRAIN-18, -20, -21)."""
        return self in _WATER

    @property
    def height_zero(self) -> bool:
        """A Height 0 tile: not a land tile for game effects (HS-TERRAIN-01)."""
        return self in _HEIGHT_ZERO

    @property
    def is_land(self) -> bool:
        """A land tile for game effects (HS-TERRAIN-02)."""
        return not self.height_zero

    @property
    def stops_on_entry(self) -> bool:
        """A figure that moves onto it must end its move there.

        Water and wellspring water (HS-TERRAIN-17, -18), molten and cooling lava (HS-TERRAIN-09,
        -12). Swamp and toxic water do not stop (HS-TERRAIN-20, -21). Double-space figures have
        their own water rule (HS-DOUBLE-04), applied in movement.
        """
        return self in _STOPS

    @property
    def movement_cost(self) -> int:
        """Spaces of movement one step onto this tile costs before climbing (HS-TERRAIN-05, -28)."""
        return 2 if self in (Terrain.SLIPPERY_ICE, Terrain.HEAVY_SNOW) else 1

    @property
    def is_road(self) -> bool:
        """A road space for the road bonus (HS-ROAD-03)."""
        return self is Terrain.ROAD

    @property
    def defense_modifier(self) -> int:
        """Defense change for a figure standing on it (HS-TERRAIN-22, -23); shadow is size-bound."""
        if self is Terrain.TOXIC_WATER:
            return -2
        if self is Terrain.TOXIC_LAND:
            return -1
        return 0


_WATER = frozenset({Terrain.WATER, Terrain.SWAMP_WATER, Terrain.TOXIC_WATER, Terrain.WELLSPRING_WATER})
# Water tiles are the Height 0 tiles of every set the seeds describe; the seeds name no other.
_HEIGHT_ZERO = _WATER
_STOPS = frozenset({Terrain.WATER, Terrain.WELLSPRING_WATER, Terrain.MOLTEN_LAVA, Terrain.COOLING_LAVA})


class ObstacleKind(StrEnum):
    """Obstacles and other pieces standing on or between spaces (000 § Obstacles; 003)."""

    TREE = "tree"  # evergreen and other trees: block movement and sight (HS-TREE-04, -05)
    JUNGLE_TREE = "jungle_tree"  # Laur jungle tree (HS-OBSTACLE-12..14)
    UNDERBRUSH = "underbrush"  # Laur underbrush (HS-OBSTACLE-12..14)
    RUIN = "ruin"
    WALL = "wall"  # Laur or castle wall pieces
    STONE_WALL = "stone_wall"  # Road to the Forgotten Forest stone wall (HS-WALL-*)
    FORTIFIED_WALL = "fortified_wall"  # COBRA Fortification, Height 7 (HS-OBSTACLE-11)
    OUTCROP = "outcrop"
    GLACIER = "glacier"
    CANNON = "cannon"  # Height 2 (HS-OBSTACLE-09)
    SHIP = "ship"  # a ship piece's hull, between spaces (HS-OBSTACLE-16, -17)
    OBJECT = "object"  # a destructible object (HS-DESTRUCT-*), e.g. a shroudshroom

    @property
    def is_outcrop(self) -> bool:
        """An outcrop (rock, lava rock or glacier) standing on holed tiles (HS-OBSTACLE-18..20)."""
        return self in (ObstacleKind.OUTCROP, ObstacleKind.GLACIER)

    @property
    def defends_adjacent(self) -> bool:
        """Laur jungle pieces give adjacent figures a defense die against distant attackers (HS-OBSTACLE-13)."""
        return self in (ObstacleKind.JUNGLE_TREE, ObstacleKind.UNDERBRUSH)

    @property
    def needs_interlock(self) -> bool:
        """Stands only on spaces with a hex interlock, so never on a water (Height 0) tile.

        Evergreen trees (HS-TREE-01) and fortified walls (HS-OBSTACLE-10).
        """
        return self in (ObstacleKind.TREE, ObstacleKind.FORTIFIED_WALL)


#: Printed heights (levels) of the standard pieces of each kind. Stone walls: 2 from the inside,
#: the side attached to tiles; the outside face hangs 1 level lower, so it is 3 from there
#: (HS-WALL-04). Outcrops: 7 for a 1-hex outcrop, 5, 7 and 9 for the peaks of a 3-hex one.
STANDARD_HEIGHTS: dict[ObstacleKind, tuple[int, ...]] = {
    ObstacleKind.CANNON: (2,),  # HS-OBSTACLE-09
    ObstacleKind.FORTIFIED_WALL: (7,),  # HS-OBSTACLE-11
    ObstacleKind.JUNGLE_TREE: (13, 14, 15),  # HS-OBSTACLE-14
    ObstacleKind.UNDERBRUSH: (10,),  # HS-OBSTACLE-14
    ObstacleKind.WALL: (9,),  # Laur walls, HS-OBSTACLE-15
    ObstacleKind.OUTCROP: (5, 7, 9),  # HS-OBSTACLE-20
    ObstacleKind.GLACIER: (5, 7, 9),  # an outcrop too (HS-OBSTACLE-18, -20)
    ObstacleKind.TREE: (10, 11, 12, 15),  # evergreens, HS-TREE-03
    ObstacleKind.STONE_WALL: (2,),  # HS-WALL-04
    # A ship's hull is 9 above the ground outside; its lower deck is 1 level up (so 8 from inside)
    # and its upper deck 7 levels up (2 from there): HS-OBSTACLE-17.
    ObstacleKind.SHIP: (9,),
    ObstacleKind.OBJECT: (7, 10, 13),  # shroudshrooms young, mature, ancient (HS-DESTRUCT-08)
}

#: A ship piece's decks above the ground outside it, in levels (HS-OBSTACLE-17): the lower deck is
#: 1 up (the hull is 8 from there), the upper deck 7 up (the hull is 2 from there).
SHIP_DECKS: dict[str, int] = {"lower": 1, "upper": 7}

#: The Road to the Forgotten Forest evergreens as ``(height, spaces)`` (HS-TREE-02, -03).
EVERGREEN_TREES: tuple[tuple[int, int], ...] = ((10, 1), (11, 1), (11, 1), (12, 1), (15, 4))


#: Sizes of figures (HS-ARMY-16).
SIZES = ("small", "medium", "large", "huge")
