"""A game's face on Discord (issue 18): the registry, the generic face, slash command names several
games claim (one command, dispatched on the channel's match's game), and ``/match new game:`` making
a match of any registered game through its ruleset."""

from __future__ import annotations

from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

import discord
import pytest
from discord import app_commands

from bot.discord import shared
from bot.discord.errors import UserError
from bot.discord.face import GenericFace, face
from bot.games.heroscape.discord.cogs import play
from bot.games.heroscape.discord.face import HeroscapeFace
from bot.games.ruleset import Outcome, UnknownGame

if TYPE_CHECKING:
    from conftest import NewTable, World

    from bot.fakediscord import FakeDiscord

CALLS: list[tuple[str, dict[str, Any]]] = []


@app_commands.command(name="move", description="first game's move")
@app_commands.describe(figure="who", to="where")
async def first_move(interaction: discord.Interaction, figure: str, to: str, via: str | None = None) -> None:
    CALLS.append(("first", {"figure": figure, "to": to, "via": via}))


async def _spaces(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name="B3", value="B3")]


@app_commands.command(name="move", description="second game's move")
@app_commands.autocomplete(to=_spaces)
async def second_move(interaction: discord.Interaction, character: str, to: str, fast: bool = False) -> None:
    CALLS.append(("second", {"character": character, "to": to, "fast": fast}))


def _interaction(game: str) -> Any:
    live = SimpleNamespace(meta=SimpleNamespace(ruleset=game))
    matches = SimpleNamespace(in_channel=lambda channel_id: live)
    return SimpleNamespace(client=SimpleNamespace(matches=matches), channel_id=1)


def test_the_registry_finds_each_games_face() -> None:
    assert isinstance(face("heroscape"), HeroscapeFace) and face(None) is face("heroscape")
    assert face("heroscape").game == "heroscape"
    with pytest.raises(UnknownGame, match="there is no game 'chess'"):
        face("chess")


def test_the_generic_face_says_what_the_match_narrated() -> None:
    generic = GenericFace("onslaught")
    out = Outcome(events=[], public=["Kael moves to B3.", "Kael attacks."])
    assert generic.describe(None, out, "**Round 1**") == "**Round 1**\nKael moves to B3.\nKael attacks."  # type: ignore[arg-type]
    assert generic.decision_view(None, 1, None) is None  # type: ignore[arg-type]


def test_one_game_claiming_a_name_keeps_its_options_exactly() -> None:
    merged = shared.merge("move", {"heroscape": play.move})
    assert [(p.name, p.required, p.description, p.autocomplete is not None) for p in merged._params.values()] == [
        (p.name, p.required, p.description, p.autocomplete is not None) for p in play.move._params.values()]
    assert (merged.name, merged.description, merged.guild_only) == (play.move.name, play.move.description, True)


def test_a_shared_name_merges_the_options_and_dispatches_on_the_channels_game() -> None:
    merged = shared.merge("move", {"heroscape": first_move, "onslaught": second_move})
    assert [(p.name, p.required) for p in merged._params.values()] == [
        ("figure", True), ("to", True), ("via", False), ("character", False), ("fast", False)]
    assert str(merged._params["figure"].description) == "who"


async def test_the_shared_command_runs_the_channels_game_with_its_own_options() -> None:
    merged = shared.merge("move", {"heroscape": first_move, "onslaught": second_move})
    CALLS.clear()
    await merged.callback(_interaction("onslaught"), to="B3", figure=None, via=None, character="kael",  # type: ignore[call-arg]
                          fast=None)
    await merged.callback(_interaction("heroscape"), to="F7", figure="tarn1", via=None, character=None,  # type: ignore[call-arg]
                          fast=None)
    assert CALLS == [("second", {"character": "kael", "to": "B3", "fast": False}),
                     ("first", {"figure": "tarn1", "to": "F7", "via": None})]


async def test_an_option_the_channels_game_does_not_have_is_refused_and_nothing_runs() -> None:
    merged = shared.merge("move", {"heroscape": first_move, "onslaught": second_move})
    CALLS.clear()
    with pytest.raises(UserError) as refused:
        await merged.callback(_interaction("onslaught"), to="B3", figure="tarn1", via=None,  # type: ignore[call-arg]
                              character="kael", fast=None)
    assert str(refused.value) == ("`/move` in a D&D Onslaught match has no option `figure`; its options are: "
                                  "`character`, `to`, `fast`. Nothing was done.")
    with pytest.raises(UserError, match="needs `character`"):
        await merged.callback(_interaction("onslaught"), to="B3", figure=None, via=None, character=None,  # type: ignore[call-arg]
                              fast=None)
    assert CALLS == []


async def test_autocomplete_of_a_shared_option_asks_the_channels_game() -> None:
    merged = shared.merge("move", {"heroscape": first_move, "onslaught": second_move})
    complete = merged._params["to"].autocomplete
    assert complete is not None
    assert [c.value for c in await complete(_interaction("onslaught"), "")] == ["B3"]
    assert await complete(_interaction("heroscape"), "") == []  # the first game completes nothing there


async def test_match_new_makes_a_match_of_the_game_named(fake: FakeDiscord, world: World, new_table: NewTable) -> None:
    """``/match new game:onslaught``: the match is made by Onslaught's ruleset and records its game;
    Heroscape's own options are refused for it, and an unknown game is named with the games there are."""
    table = await new_table()
    refused = await table.reply(world.alice, "match", "new", game="onslaught", points=300, seat=False)
    assert refused.ephemeral and refused.content == (
        "`/match new` in a D&D Onslaught match has no option `points`; its options are: `scenario`, `map`, "
        "`party`. Nothing was done.")
    unknown = await table.reply(world.alice, "match", "new", game="chess")
    assert unknown.ephemeral and unknown.content.startswith("There is no game 'chess'; the games are: ")
    assert table.bot.matches.in_channel(world.channel.id) is None

    first = await table.reply(world.alice, "match", "new", game="onslaught", seat=False)
    live = table.bot.matches.in_channel(world.channel.id)
    assert live is not None and live.meta.ruleset == "onslaught" and type(live.game).__name__ == "OnslaughtMatch"
    assert first.content.startswith("⚔ **New D&D Onslaught match**: Skirmish at the Crossroads (invented)")
    stored = await table.bot.storage.load_match(live.match_id)
    assert stored is not None and stored.meta.ruleset == "onslaught"


def test_match_new_has_the_game_then_each_games_options_in_the_default_games_words() -> None:
    """``/match new``: ``game`` first, Heroscape's options as they were, the generic ones after, and
    the pace deadlines described in Heroscape's words (its face's ``option_words``)."""
    from bot.discord.cogs.match import MatchCog

    cog = MatchCog(SimpleNamespace())  # type: ignore[arg-type]
    new = cog.match.get_command("new")
    assert isinstance(new, app_commands.Command)
    params = new._params
    # Heroscape's options as they were, then Onslaught's own (`party`), then the generic ones.
    assert list(params)[:11] == ["game", "scenario", "map", "points", "figures", "spaces", "rounds", "draft",
                                 "format", "party", "seat"]
    assert not any(p.required for p in params.values())
    assert str(params["points"].description) == "Army points limit" and params["points"].max_value == 10000
    assert str(params["orders"].description) == "Order Markers deadline, e.g. 24h (post)"
    assert str(params["turn"].description) == "Player Turn deadline, e.g. 24h (post)"
    pace = cog.match.get_command("pace")
    assert isinstance(pace, app_commands.Command)
    assert str(pace._params["orders"].description) == "Order Markers deadline, e.g. 24h (post)"


def test_league_create_keeps_its_options_and_asks_the_leagues_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """``/league create``: Heroscape's format options right after the name, as they were, the
    generic ones after, ``game`` last; a game without leagues is refused with its name (Onslaught has
    leagues since issue 19: a game without its ``league`` module stands for one without)."""
    import sys

    from bot.discord.cogs.league import LeagueCog
    from bot.discord.league.commands import build_settings

    cog = LeagueCog(SimpleNamespace())  # type: ignore[arg-type]
    create = cog.league.get_command("create")
    assert isinstance(create, app_commands.Command)
    names = list(create._params)
    assert names[:9] == ["name", "format", "points_system", "points", "figures", "hexes", "lines", "maps", "scenario"]
    assert names[-1] == "game" and create._params["name"].required
    assert str(create._params["turn"].description) == "Player Turn deadline (by post), e.g. 24h"
    army = cog.league.get_command("army")
    assert isinstance(army, app_commands.Command)
    assert str(army._params["cards"].description) == "Army Cards separated by semicolons, e.g. Syvarris; Dumutef Guard"
    settings = build_settings("Cup", values={"format": "delta", "figures": 10})
    assert settings.game == "heroscape" and settings.format.describe() == "delta: 500 Delta points, at most 10 figures, every line"
    assert build_settings("Cup", game="onslaught").format.describe().startswith("D&D Onslaught, scenario skirmish")
    with monkeypatch.context() as patch:
        patch.setitem(sys.modules, "bot.games.onslaught.league", None)  # type: ignore[arg-type]
        patch.setattr(sys.modules["bot.games.onslaught.discord"], "FACE", GenericFace("onslaught"))
        face.cache_clear()  # the registry keeps each game's face
        try:
            with pytest.raises(UserError, match="D&D Onslaught has no leagues here yet"):
                build_settings("Cup", game="onslaught")
        finally:
            face.cache_clear()
    with pytest.raises(UserError, match="has no option `figures`"):
        build_settings("Cup", game="onslaught", values={"figures": 10})


async def test_cards_upload_gives_another_games_card_file_to_that_game(
        fake: FakeDiscord, world: World, new_table: NewTable, monkeypatch: pytest.MonkeyPatch) -> None:
    """``/cards upload``: each other game's face is asked first (:meth:`Face.upload_cards`); a file
    it takes is answered by it and Heroscape's card parser never sees it; one it leaves is Heroscape's."""
    import sys

    seen: list[tuple[int, str, str]] = []

    class PartyFace(GenericFace):
        async def upload_cards(self, storage: Any, guild_id: int, name: str, body: str) -> str | None:
            if '"party"' not in body:
                return None
            seen.append((guild_id, name, body))
            return f"Stored the party file `{name}`."

    table = await new_table()
    cards = sys.modules["bot.games.heroscape.discord.cogs.cards"]  # the module the bot loaded as its extension
    monkeypatch.setattr(cards, "faces", lambda: [face("heroscape"), PartyFace("onslaught")])
    taken = await table.reply(world.alice, "cards", "upload", file=("party.json", b'{"party": []}'))
    assert taken.ephemeral and taken.content == "Stored the party file `party.json`."
    assert seen == [(world.guild.id, "party.json", '{"party": []}')]
    assert await table.bot.matches.storage.server_cards(world.guild.id) == []
    left = await table.reply(world.alice, "cards", "upload", file=("house.json", b'{"format": "nope"}'))
    assert left.ephemeral and left.content.startswith("This card file was not stored: house.json")


async def test_a_game_without_a_face_of_its_own_is_drawn_by_its_own_picture() -> None:
    """The generic face draws the match's public picture (:meth:`GameMatch.picture`), never
    Heroscape's renderer; no picture when the bot draws none."""
    from bot import games
    from bot.discord.live import LiveMatch
    from bot.games.ruleset import MatchSettings
    from bot.storage.base import MatchMeta

    # Placed at once (no open table), so that there is a picture to draw.
    match = games.get("onslaught").new_match(MatchSettings("m1", seed=1, options={"format": {"lobby": False}},
                                                           adapter="discord"))
    live = LiveMatch(MatchMeta("m1", 1, 10, 2, "", "", 1, ruleset="onslaught"), match)
    generic = GenericFace("onslaught")
    png = await generic.draw(SimpleNamespace(render=object()), live, live.public_view(), ())  # type: ignore[arg-type]
    assert png is not None and png.startswith(b"\x89PNG") and png == match.picture(None, ())
    assert await generic.draw(SimpleNamespace(render=None), live, live.public_view(), ()) is None  # type: ignore[arg-type]
