"""The project's values where the seeds are silent, in one place (RULES-LEDGER.md, Decisions for the gaps).

Every number here is a named constant so that a league that plays another convention changes one line.
"""

from __future__ import annotations

# DEC-01 (GAP-HS-03): the combat die has 6 faces: 3 skulls, 2 shields, 1 blank.
COMBAT_DIE_FACES: tuple[str, ...] = ("skull", "skull", "skull", "shield", "shield", "blank")

# DEC-02 (GAP-HS-02): falling. A drop of at least the figure's Height in one step is a fall
# (1 die); Height + MAJOR_FALL_EXTRA levels is a major fall; Height + EXTREME_FALL_EXTRA an
# extreme fall (d20: EXTREME_FALL_SURVIVES or higher survives, else destroyed).
FALL_DICE = 1
MAJOR_FALL_EXTRA = 10
MAJOR_FALL_DICE = 2
EXTREME_FALL_EXTRA = 20
EXTREME_FALL_SURVIVES = 19

# DEC-03 (GAP-HS-10): figures may move through friendly figures, never end on an occupied space.
MOVE_THROUGH_FRIENDS = True

# DEC-04 (GAP-HS-11): with 3+ players, turns pass in seat order from the initiative winner.
SEAT_ORDER_AFTER_INITIATIVE = True

# DEC-05 (GAP-HS-22): the line-of-sight model. Fractions of a figure's Height above its base.
TARGET_POINT_HEIGHT = 0.8
HIT_ZONE_LOW = 0.25
HIT_ZONE_HIGH = 0.9
#: Radius of a figure's cylinder, in hex circumradii (a hex's inner radius is about 0.866).
FIGURE_RADIUS = 0.5
#: Points sampled along each space's Hit Zone when looking for line of sight.
HIT_ZONE_SAMPLES = 5

# DEC-09 (HS-ENGAGE-02): adjacency by height is relative to the lower figure's base.
# (Implemented in bot.rules.engagement; no number to set.)

# Height advantage (HS-HEIGHT-03): more than this many levels above gives 2 dice instead of 1.
EXTREME_HEIGHT_LEVELS = 10

# DEC-12 (proposed by the project, confirmed in the ledger; HS-LINE-02): a Line X attack affects each figure on its spaces that the attacker
# has line of sight to. The rulebook does not say whether the figures on the line hide the ones
# behind them. Project decision: they do not; the fire passes through the figures it burns, so
# only terrain, obstacles and figures off the line block the view along it.
LINE_FIGURES_ON_LINE_BLOCK = False

# DEC-13 (proposed by the project, confirmed in the ledger; HS-SCEN-BRIDGE-MASTER-03..05, HS-SCEN-DUMUTEF-MASTER-03..04): drafting. The
# seeds say armies may be drafted, and who drafts first in two scenarios, but not how a draft goes.
# Project decision (the classic Heroscape draft):
# - the draft opens with ``start`` once everyone has joined; nobody may join after that;
# - the side the scenario names drafts first (its first pick must be the card the scenario names);
#   otherwise every player rolls the d20, the highest picks first, and only tied players roll again;
# - picks then go around the table in seat order from the first drafter, one Army Card per pick;
# - every army-building rule (points, figures, spaces, Unique copies, complete cards) holds after
#   every pick, and nothing is set aside: a card that would break a limit is not a legal pick;
# - the card library holds as many copies of every card as are wanted: a card one player drafted
#   may still be drafted by another (each army on its own obeys the Unique and Uncommon rules);
# - a player may pass once they have at least one card; a player who passes, or can add no card at
#   all, is out of the draft; the draft is over when every player is out, and ``start`` then goes
#   on to placement as after ``army``.
#: A player must have this many cards before passing (an army needs at least one, HS-ARMY-01).
DRAFT_MIN_CARDS_BEFORE_PASS = 1

# DEC-14 (proposed by the project, confirmed in the ledger; HS-MOVE-02): a move of 0 spaces. The rulebook says a figure chosen to move counts
# as activated even if it moves 0 spaces; at a table that stops a player from "moving" a figure on
# the spot for free. Here the referee never needs it: a figure that is not moved stays where it is,
# and no power of the shipped cards asks whether a figure was moved. So a move naming only the
# space the figure stands on is refused (it would use up the figure's move for nothing) and the
# message says to leave the figure unmoved or name another space. A move that leaves and comes
# back (a path through other spaces) is a real move and is allowed. Set True to accept 0-space
# moves again (they then activate the figure, as HS-MOVE-02 says).
ZERO_SPACE_MOVES = False

# DEC-15 (proposed by the project, confirmed in the ledger; HS-ARMY-17, DEC-13): conceding before the battle. The seeds say how a player
# loses a battle, not what leaving the table before it means. Project decision:
# - before the armies are fixed (setup, no draft begun), a player who concedes leaves the table: the
#   army they chose is dropped, their seat, scenario side and start zone are free for a newcomer
#   (they may also sit down again), nobody waits for them, and nobody wins by it;
# - once the draft has begun (the table is closed) they leave the draft, and from placement on their
#   figures leave the battlefield; nobody waits for them any more (placement, Order Markers,
#   initiative, their Player Turns, decisions they owed), and a player or team left alone wins;
# - a player who conceded gives no more commands ("start" excepted: it closes the table, which is
#   not playing); conceding twice is refused.
