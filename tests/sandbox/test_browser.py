"""The sandbox in a real browser (headless Chromium): a first match played from the page only.

Alice and Bob start a match on the ``lane`` map with slash commands (options filled with the bot's
live autocomplete), place their Order Markers through the select menus of their DMs, move, preview an
attack (an ephemeral reply with a Roll button), restart the bot from the page, roll with the old
button, and see the map image; one user's ephemeral replies and DMs never reach the other's page, in
the same tab after switching user, in a second tab, or asked for directly from the fake's API.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from bot.rules.movement import reachable_hexes
from bot.rules.state import Figure, MatchState, Phase

if TYPE_CHECKING:
    from conftest import SandboxThread

pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install playwright)")

from page_driver import WAIT_MS, Player  # noqa: E402  (after the skip: it imports Playwright)
from playwright.sync_api import expect  # noqa: E402


def _state(sandbox: SandboxThread) -> MatchState:
    sb = sandbox.sandbox
    assert sb.bot is not None
    live = sb.bot.matches.in_channel(sb.world.channels["battles"].id)
    assert live is not None, "no match in #battles"
    return live.state


def _closest_space(state: MatchState, fig: Figure) -> str:
    """The reachable space nearest to an enemy (the test decides like a player, from the state)."""
    enemies = [e for e in state.on_battlefield() if state.is_enemy(fig, e)]
    reach = reachable_hexes(state, fig)
    best = min(reach, key=lambda h: (min(h.distance(e.hex) for e in enemies), h.q, h.r))
    return state.battlefield.label(best)


def _image_loaded(player: Player, message: Any) -> None:
    """Wait until the first image of ``message`` (a locator) is shown, decoded from the fake's file."""
    expect(message.locator(".attachments img").first).to_be_visible(timeout=WAIT_MS)
    player.page.wait_for_function(
        """id => {
            const img = document.querySelector(`.message[data-id="${id}"] .attachments img`);
            return img !== null && img.complete && img.naturalWidth > 100;
        }""",
        arg=message.get_attribute("data-id"),
        timeout=WAIT_MS,
    )


def test_a_first_match_played_in_the_browser(sandbox: SandboxThread, browser: Any) -> None:
    sb = sandbox.sandbox
    alice, bob = sb.world.players[:2]
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    tab = Player(context.new_page()).open(sb.url, "alice")
    tab.channel("battles")

    # Slash commands with live autocomplete: the map option offers the maps, "lan" finds the lane.
    tab.page.fill("#composer", "/match new")
    tab.page.press("#composer", "Enter")
    assert "Lane" in " ".join(tab.suggestions("map", "lan"))
    tab.fill_option("map", "~lan")
    tab.page.click("#command-form .send")
    created = tab.last_message("/match new")
    expect(created.locator(".reply-line")).to_contain_text("@Alice used /match new")
    _image_loaded(tab, created)

    tab.as_user("Bob")
    tab.command("match join")
    tab.command("army set", cards="Kita")
    tab.as_user("Alice")
    tab.command("army set", cards="Syvarris")
    tab.command("match start")
    tab.command("place rest")
    tab.as_user("Bob")
    tab.command("place rest")
    # The round opens with the bot's own message (the narrator's round line is not repeated on Discord).
    tab.last_message("I sent each player a private message")

    # Order Markers through the DM menus; the channel learns only who locked in.
    for who in ("Alice", "Bob"):
        tab.as_user(who)
        expect(tab.page.locator("#channel-list .channel.dm.unread")).to_be_visible(timeout=WAIT_MS)
        tab.dms()
        controls = tab.last_message("your Order Markers")
        expect(controls.locator("select.menu")).to_have_count(4)
        for index, marker in enumerate(("1", "2", "3", "X")):
            controls.locator("select.menu").nth(index).select_option(index=1)
            expect(controls).to_contain_text(f"{marker} → ", timeout=WAIT_MS)
        controls.locator("button.btn", has_text="Lock in").click()
        expect(tab.last_message("locked in")).to_contain_text("Round 1: locked in")
    assert _state(sandbox).phase is Phase.TURNS

    # The player whose turn it is moves next to the enemy and previews an attack.
    state = _state(sandbox)
    assert state.turn is not None
    acting, other = (alice, bob) if state.turn.player == str(alice.id) else (bob, alice)
    fig = next(f for f in state.figures.values() if f.controller == str(acting.id) and f.on_battlefield)
    space = _closest_space(state, fig)
    tab.as_user(acting.global_name or acting.name)
    tab.channel("battles")
    tab.page.fill("#composer", "/move")
    tab.page.press("#composer", "Enter")
    tab.fill_option("figure", "~" + fig.id)
    assert any(s.split()[0] == space for s in tab.suggestions("to", space))
    tab.fill_option("to", "~" + space)
    tab.page.click("#command-form .send")
    moved = tab.last_message("/move")
    tab.command("attack", attacker="~" + fig.id, target="~")
    preview = tab.last_message("Chance of wounds")
    expect(preview).to_have_class("message ephemeral")
    expect(preview.locator(".ephemeral-note")).to_contain_text("Only you can see this")

    # Hidden information: the other player sees neither the preview nor the acting player's DMs.
    second = Player(context.new_page()).open(sb.url, other.name)
    second.channel("battles")
    second.last_message("/move")
    expect(second.messages().filter(has_text="Chance of wounds")).to_have_count(0)
    expect(second.page.locator("#messages .message.ephemeral")).to_have_count(0)
    second.dms()
    expect(second.page.locator("#chat-title")).to_have_text("@ Referee")
    acting_dm = sb.fake.dm_channel(acting)
    assert acting_dm is not None
    refused = second.fetch(f"/channels/{acting_dm.id}/messages", str(other.id))
    assert refused["status"] == 400 and "can see" in refused["body"]["message"]
    battles = sb.world.channels["battles"].id
    seen_by_other = second.fetch(f"/channels/{battles}/messages", str(other.id))["body"]
    assert not any(m["ephemeral"] or "Chance of wounds" in m["content"] for m in seen_by_other)
    seen_by_acting = second.fetch(f"/channels/{battles}/messages", str(acting.id))["body"]
    assert any(m["ephemeral"] and "Chance of wounds" in m["content"] for m in seen_by_acting)

    # Restart the bot from the page; the Roll button of the old preview still works.
    restarts = sb.restarts
    tab.page.click("#restart")
    expect(tab.page.locator("#toast")).to_contain_text("The bot restarted", timeout=60_000)
    expect(tab.page.locator("#bot-status")).to_have_text("bot online")
    assert sb.restarts == restarts + 1
    preview.locator("button.btn", has_text="Roll").click()
    rolled = tab.last_message(" skull")
    expect(rolled.locator(".reply-line")).to_contain_text(f"@{acting.global_name} chose Roll")
    expect(rolled).to_have_class("message")  # public: everyone sees the dice
    second.channel("battles")
    second.last_message(" skull")

    # Ending the turn posts the map image.
    tab.command("end-turn")
    after = tab.last_message("/end-turn")
    _image_loaded(tab, tab.messages().filter(has=tab.page.locator(".attachments img")).last)
    assert after is not None and moved is not None
    assert tab.errors == [] and second.errors == []
    context.close()


def test_a_match_thread_shows_under_its_channel(sandbox: SandboxThread, browser: Any) -> None:
    sb = sandbox.sandbox
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    tab = Player(context.new_page()).open(sb.url, "alice")
    tab.channel("tavern")
    tab.page.fill("#composer", "/match n")
    tab.page.press("#composer", "Enter")  # the highlighted (only) command
    tab.fill_option("thread_name", "Alice vs Bob")
    offered = tab.suggestions("map", "lane")
    assert "Lane" in offered, offered
    for _ in range(offered.index("Lane") + 1):
        tab.page.keyboard.press("ArrowDown")
    tab.page.keyboard.press("Enter")  # takes the highlighted suggestion, does not send yet
    expect(tab.page.locator('#command-form [data-option="map"]')).to_have_value("Lane")
    tab.page.keyboard.press("Enter")  # now sends
    expect(tab.page.locator("#command-form")).to_be_hidden(timeout=WAIT_MS)
    thread = tab.page.locator("#channel-list .channel.thread", has_text="Alice vs Bob")
    expect(thread).to_be_visible(timeout=WAIT_MS)
    names = tab.page.locator("#channel-list .channel").all_inner_texts()
    names = [n.replace("\n", "").strip() for n in names]
    assert names.index("└Alice vs Bob") == names.index("#tavern") + 1, names
    thread.click()
    assert sb.bot is not None
    [live] = sb.bot.matches.in_threads_of(sb.world.channels["tavern"].id)
    assert live.meta.map_id == "lane"
    expect(tab.page.locator("#chat-title")).to_have_text("🧵 Alice vs Bob")
    _image_loaded(tab, tab.messages().filter(has=tab.page.locator(".attachments img")).last)
    assert tab.errors == []
    context.close()


def test_a_thread_name_is_text_on_every_page_never_markup(sandbox: SandboxThread, browser: Any) -> None:
    """A thread named like HTML is shown as those characters; nothing in it runs or formats, for the
    user who named it or anyone else (QA: a thread name ran script in another user's page)."""
    sb = sandbox.sandbox
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    evil = "<img src=x onerror=\"document.title='XSS'\"> **bold**"
    carol = Player(context.new_page()).open(sb.url, "carol")
    carol.channel("general")
    carol.command("match new", thread_name=evil)
    bob = Player(context.new_page()).open(sb.url, "bob")
    bob.channel("general")
    line = bob.last_message("opened a match in")
    mention = line.locator(".mention.channel").last
    expect(mention).to_contain_text("<img src=x")
    expect(mention).to_contain_text("**bold**")  # no markdown inside a mention
    expect(mention).to_have_css("display", "inline")  # a link in the line, not the sidebar's full-width bar
    assert line.locator("img[src='x']").count() == 0
    for tab in (carol, bob):
        assert "XSS" not in tab.page.title()
    context.close()
