"""What ``python -m bot maps show`` prints about a battlefield: spaces, levels, terrain, obstacles,
glyphs and start zones, one ``name: value`` line each.

``spaces`` counts every standable surface: a column with a bridge or overhang over a lower space
counts twice, and a surface an obstacle stands on is no space.
"""

from __future__ import annotations

from collections import Counter

from bot.rules.battlefield import Battlefield
from bot.rules.hexes import Hex
from bot.rules.terrain import Terrain


def spaces(bf: Battlefield) -> list[tuple[Hex, int, Terrain]]:
    """Every space of ``bf`` as ``(hex, level, terrain)``: each standable surface not under an obstacle."""
    out: list[tuple[Hex, int, Terrain]] = []
    for h in bf.hexes():
        for c in bf.surfaces(h):
            if not any(o.level == c.top for o in bf.obstacles_on(h)):
                out.append((h, c.top, c.terrain))
    return out


def summary_lines(bf: Battlefield) -> list[str]:
    """The summary of ``bf`` (see the module docstring)."""
    sp = spaces(bf)
    levels = [lv for _, lv, _ in sp]
    terrain = Counter(t.value for _, _, t in sp)
    two_level = sum(1 for h in bf.hexes() if len(bf.surfaces(h)) > 1)
    lines = [
        f"name: {bf.name}",
        f"spaces: {len(sp)}",
        f"levels: {min(levels)}-{max(levels)}" if levels else "levels: none",
        "terrain: " + " ".join(f"{k}={n}" for k, n in sorted(terrain.items(), key=lambda kv: (-kv[1], kv[0]))),
        f"columns: {len(bf)} hexes ({two_level} with two standable surfaces), {bf.labels.extent()}",
    ]
    on = Counter(o.kind.value for o in bf.obstacles if o.hexes)
    covered: Counter[str] = Counter()
    for o in bf.obstacles:
        covered[o.kind.value] += len(o.hexes)
    edges = Counter(o.kind.value for o in bf.obstacles if o.between is not None)
    parts = [f"{k}={n} (on {covered[k]} hex{'' if covered[k] == 1 else 'es'})" for k, n in sorted(on.items())]
    parts += [f"{k}={n} edges" for k, n in sorted(edges.items())]
    lines.append("obstacles: " + (" ".join(parts) if parts else "none"))
    glyphs = [f"{g.name} ({g.side}) at {bf.label(g.at)}" for g in bf.glyphs]
    lines.append("glyphs: " + (", ".join(glyphs) if glyphs else "none"))
    zones = [f"{z}={len(hexes)}" for z, hexes in sorted(bf.start_zones.items())]
    lines.append("start_zones: " + (" ".join(zones) if zones else "none"))
    if bf.ladders:
        # Rope ladders are no obstacles: listed on their own, bottom space to top (HS-LADDER-*).
        lines.append("ladders: " + ", ".join(f"{bf.label(lad.bottom)} up to {bf.label(lad.top)}" for lad in bf.ladders))
    return lines
