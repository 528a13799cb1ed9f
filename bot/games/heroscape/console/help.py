"""The console's help texts: ``help`` (every command form, game and console) and ``help move`` (how
a move is written, double-space figures included: HS-MOVE-03, HS-DOUBLE-01, HS-DOUBLE-02)."""

from __future__ import annotations

HELP = """\
Type game commands as  NAME: command  or just  command  (for the player the prompt names).
Game commands, in the order a match uses them:
  army CARD; CARD; ...            choose your Army Cards (names, short names or ids; 'cards' lists them)
  army CARD; ...; aside CARD      a scenario that lets you set a figure aside (one 'aside CARD' per figure)
  draft CARD | draft pass         a drafting match: pick one Army Card on your pick, or stop picking
  start                           leave setup (in a draft: open it, then start placement)
  place FIG SPACE                 put a figure on a space of your start zone (two spaces for a
  place FIG SPACE SPACE             double-space figure: place grimnak U5 V5)
  place-rest                      put all your other figures on free start spaces
  orders 1=CARD 2=CARD 3=CARD X=CARD   your secret Order Markers (or just 'orders' to type them unseen)
  initiative                      roll for initiative once every marker is placed
  move FIG SPACE                  move by the legal path with the fewest leaving-engagement attacks
  move FIG SPACE via SPACE ...    the same, through these spaces in order
  move FIG path SPACE SPACE ...   along exactly these spaces, one step at a time
  move FIG SPACE fly | walk       fly (a figure with Flying) or walk on purpose
  move FIG SPACE grapple | leap   a power's own way of moving (Grapple Gun; Stealth Leap)
  move FIG path S1 fly S2 S3 walk S4   walk, take off, land and walk on in one move (Flying)
  attack FIG TARGET               a normal attack (a figure, or a destructible object by its id)
  special FIG POWER TARGET        a special attack: special deathwalker explosion grimnak,
                                    special mimring fire F7 (a Line attack names a space or figure in
                                    a straight line from the attacker: the line goes that way)
  move FIG SPACE drop GLYPH@SPACE  drop a carried Treasure Glyph on a space of the move (after the rest)
  use FIG GLYPH [TARGET]          use a carried glyph: use finn elixir_of_speed, use finn bolt_of_the_witherwood
                                    grimnak ('status' lists what each figure carries)
  cannon FIG CANNON TARGET        fire the cannon next to FIG instead of its attack (the cannon by
                                    its id or space; Range 8 from the cannon, Attack 3, Explosion 1)
  choose OPTION                   answer a decision the rules offer you (the prompt lists the answers)
  end-moves                       end the moving part of your turn: powers used after moving come now
  end-turn                        end your Player Turn
  concede                         leave the match for good (asks first)
Spaces: a column letter and a row number as on the map image (F7), or axial coordinates q,r.
Double-space figures (Grimnak, Mimring, ...) stand on two spaces; 'help move' explains how they move.
Console commands:
  help | help TOPIC               this list | more on one topic: help move, help use, help cannon, help scenario
  cards | cards NAME              every Army Card (and which powers the bot enforces) | one card
  glyph | glyph NAME              every glyph (power, treasure) | what one does (glyph astrid)
  status                          the round, whose turn, every figure's space and wounds
  map                             write the battlefield image
  reach FIG | targets FIG         where a figure can go | whom it can attack, with the odds
  undo                            take back your own last command (not one that rolled dice)
  save PATH                       write the match to a file
  load PATH                       resume a saved match (or start with: python -m bot local --load PATH)
  hide                            clear the screen before the next player types secret orders
  quit                            leave (offers to save a match under way)"""

#: ``help move``: how a move is written and how a double-space figure moves (HS-MOVE-03, HS-DOUBLE-01, -02).
HELP_MOVE = """\
Moving (one figure at a time, up to its Move; 'reach FIG' lists where it can go):
  move FIG SPACE                  the bot finds the legal path with the fewest leaving-engagement attacks
  move FIG SPACE via SPACE ...    passes through your waypoints, in order
  move FIG path SPACE SPACE ...   every space entered, in order, each next to the one before
  add 'fly' or 'walk' to choose for a flying figure; 'grapple' moves by Grapple Gun, 'leap' by a leap.
  move FIG SPACE@LEVEL            a space with two levels (the map writes 1/7: a bridge and the ground
                                  beneath it) is named with the level to stand at: move finn H8@7;
                                  without @ the cheaper level is taken. Waypoints and path spaces too.
Double-space figures (Grimnak, Mimring, ...) stand on two spaces; 'status' names both (grimnak@R5+S5),
the end that led its last move first. To move one, name the space for its leading end:
  move grimnak R5                 either end may lead; the other end follows through the space the
                                  leading end just left, so Grimnak ends on R5 and the space before it
  move grimnak path T5 S5 R5      the first space must be next to the end you want to lead
It must end on two spaces of the same level, not astride an obstacle. Place one with both spaces:
  place grimnak U5 V5"""


#: ``help use`` (also ``help glyph``, ``help drop``, ``help treasure``): glyphs lying on the battlefield
#: and carried Treasure Glyphs (HS-GLYPH-02, HS-TREASURE-05..07, HS-TREASURE-31).
HELP_USE = """\
Glyphs ('glyph' lists the power glyphs, 'glyph NAME' says what any glyph does):
  A figure moving onto a power glyph stops and turns it over; it works while a figure stands on it.
  A Unique Hero ending its move on a Treasure Glyph may pick it up and carry it; squad figures may not.
  use FIG GLYPH [TARGET]          use a carried glyph in FIG's own Player Turn: use finn elixir_of_speed,
                                    use finn bolt_of_the_witherwood grimnak ('status' lists what each carries)
  move FIG SPACE drop GLYPH@SPACE drop a carried Treasure Glyph on a space the move passes
                                    (move finn D4 drop heroic_rune@D3); the @SPACE is needed"""

#: ``help cannon``: Cannon Fire (HS-OBSTACLE-04..09).
HELP_CANNON = """\
Cannons (a map's cannon has an id such as c1, drawn on its space):
  cannon FIG CANNON TARGET        instead of FIG's attack, fire the cannon next to it: cannon finn c1 grimnak
  FIG must be next to the cannon and not engaged; the shot counts from the cannon: Range 8, sight from its
  barrel, Attack 3, Explosion 1; each cannon fires once per Player Turn. The cannon may be named by its
  space instead of its id (cannon finn F2 grimnak)."""

#: The help topics and their texts, by every word a player may type for them.
TOPICS = {**dict.fromkeys(("move", "moving", "double", "double-space"), HELP_MOVE),
          **dict.fromkeys(("use", "glyph", "glyphs", "drop", "treasure"), HELP_USE),
          **dict.fromkeys(("cannon", "cannons"), HELP_CANNON)}
