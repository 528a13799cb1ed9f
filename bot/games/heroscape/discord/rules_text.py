"""Short help for ``/rules``, written for this bot in its own words (not quoted from any rulebook)."""

from __future__ import annotations

TOPICS: dict[str, tuple[str, str]] = {
    "movement": (
        "Movement",
        "On its card's turn, each figure you move may walk up to its **Move** number of spaces. "
        "Stepping up costs one extra space per level climbed; stepping down is free, but a big drop "
        "can hurt. You may pass through your own figures but never stop on an occupied space. "
        "Use `/move figure to` - the `to` list only offers spaces the figure can really reach, and "
        "`/map reach:FIGURE` draws them.",
    ),
    "attacks": (
        "Attacks",
        "After moving, each figure of the acting card may attack once. The attacker rolls as many combat "
        "dice as its **Attack**, the target as many as its **Defense**; every skull that is not "
        "cancelled by a shield is one wound, and a figure with as many wounds as its Life is destroyed. "
        "Range 1 means adjacent only; longer range also needs a clear line of sight. `/attack` shows "
        "the dice and the exact chances before you press Roll.",
    ),
    "height": (
        "Height",
        "Only where the bases stand counts, not how tall the figures are. An attacker whose base is on "
        "a higher level than its target's rolls one extra attack die; a defender standing higher rolls "
        "one extra defense die. More than 10 levels above makes it two extra dice. Height also decides "
        "who can see whom over obstacles and other figures.",
    ),
    "engagement": (
        "Engagement",
        "Two enemy figures side by side are engaged. An engaged figure can only attack figures it is "
        "engaged with. Walking away from an engaged enemy lets that enemy swing at you once: one die, "
        "a skull is a wound. Plan your route so you do not leave contact more than you must.",
    ),
    "terrain": (
        "Terrain",
        "Grass, dirt, sand and rock are open ground. Water ends a walking figure's move when it enters. "
        "Trees and ruins are obstacles: no figure stands on them and they block sight. Each level of a "
        "hill is a step to climb. The map image shades the levels and marks start zones.",
    ),
    "order-markers": (
        "Order Markers",
        "At the start of every round each player secretly puts markers 1, 2, 3 and X on their cards. "
        "The bot sends you four menus by direct message (or in the channel, privately, if your DMs are "
        "closed); press Lock in when done. Then initiative is rolled and players take turns in that "
        "order: first everyone's marker 1, then 2, then 3. X is a bluff and never acts. Nobody else "
        "sees your markers until they are turned over.",
    ),
}
