"""The command form in the sandbox page: it closes when the player opens another channel (the
composer of that channel shows), and its first field offers the bot's suggestions as soon as the
form opens, before anything is typed."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from conftest import SandboxThread

pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install playwright)")

from page_driver import WAIT_MS, Player  # noqa: E402  (after the skip: it imports Playwright)
from playwright.sync_api import expect  # noqa: E402


def test_switching_channel_closes_the_command_form(sandbox: SandboxThread, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    tab = Player(context.new_page()).open(sandbox.sandbox.url, "alice")
    tab.channel("battles")
    tab.page.fill("#composer", "/match new")
    tab.page.press("#composer", "Enter")
    expect(tab.page.locator("#command-form .form-head .cmd")).to_have_text("/match new")
    tab.dms()
    expect(tab.page.locator("#command-form")).to_be_hidden(timeout=WAIT_MS)
    expect(tab.page.locator("#composer")).to_be_visible()
    expect(tab.page.locator("#composer")).to_have_attribute("placeholder", "Message @Referee")
    tab.page.fill("#composer", "hello")
    expect(tab.page.locator("#composer")).to_have_value("hello")
    assert tab.errors == []
    context.close()


def _card_form(sandbox: SandboxThread, browser: Any) -> tuple[Any, Any]:
    """Alice's page at #battles with the ``/card`` form opened from the command menu: the browser
    context and the form's ``name`` field."""
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    tab = Player(context.new_page()).open(sandbox.sandbox.url, "alice")
    tab.channel("battles")
    tab.page.fill("#composer", "/card")
    expect(tab.page.locator("#command-menu .command-item").first).to_have_attribute("data-command", "card")
    tab.page.press("#composer", "Enter")
    return context, tab.page.locator('#command-form [data-option="name"]')


def test_the_first_field_offers_suggestions_before_typing(sandbox: SandboxThread, browser: Any) -> None:
    context, field = _card_form(sandbox, browser)
    expect(field).to_be_focused()
    listing = field.locator("xpath=..").locator(".ac-list")
    expect(listing).to_be_visible(timeout=WAIT_MS)  # nothing typed yet
    expect(listing.locator(".ac-choice").first).to_be_visible(timeout=WAIT_MS)
    assert field.input_value() == ""
    context.close()


def test_clearing_a_field_asks_the_bot_again(sandbox: SandboxThread, browser: Any) -> None:
    context, field = _card_form(sandbox, browser)
    listing = field.locator("xpath=..").locator(".ac-list")
    expect(listing.locator(".ac-choice").first).to_be_visible(timeout=WAIT_MS)
    everything = listing.locator(".ac-choice").all_inner_texts()
    field.press_sequentially("syva")
    expect(listing.locator(".ac-choice")).to_have_count(1, timeout=WAIT_MS)
    field.fill("")
    expect(listing.locator(".ac-choice")).to_have_count(len(everything), timeout=WAIT_MS)
    assert listing.locator(".ac-choice").all_inner_texts() == everything
    context.close()


def test_maps_upload_sends_the_file_chosen_in_the_picker(sandbox: SandboxThread, browser: Any) -> None:
    """QA2 finding 1: an attachment option is a file picker; the chosen file reaches the bot."""
    ladders = Path(__file__).resolve().parents[2].parent / "shared" / "maps" / "virtualscape" / "ladders.hsc"
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    tab = Player(context.new_page()).open(sandbox.sandbox.url, "alice")
    tab.channel("tavern")
    tab.page.fill("#composer", "/maps upload")
    expect(tab.page.locator("#command-menu .command-item").first).to_have_attribute("data-command", "maps upload")
    tab.page.press("#composer", "Enter")
    picker = tab.page.locator('#command-form [data-option="file"]')
    expect(picker).to_have_attribute("type", "file")
    picker.set_input_files(str(ladders))
    tab.page.click("#command-form .send")
    expect(tab.page.locator("#command-form")).to_be_hidden(timeout=WAIT_MS)
    expect(tab.last_message("to this server's maps, from")).to_contain_text("ladders.hsc")
    assert tab.errors == []
    context.close()


def test_escaped_markdown_is_text_and_links_leave_trailing_punctuation(sandbox: SandboxThread, browser: Any) -> None:
    """QA2 finding 2: a backslash-escaped ``\\*\\*bold\\*\\*`` (how the bot quotes a player's words)
    shows as ``**bold**``; a link keeps a closing ``)`` or ``:`` after it out of its address."""
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    tab = Player(context.new_page()).open(sandbox.sandbox.url, "alice")
    names = {"users": {}, "channels": {}, "roles": {}}
    html = tab.page.evaluate("([t, n]) => Markdown.render(t, n)",
                             [r"(\*\*bold\*\* \|\|s\|\| https://a.example/x): then https://b.example/y:", names])
    assert "<strong>" not in html and "**bold** ||s||" in html
    assert '<a href="https://a.example/x" target="_blank" rel="noopener">https://a.example/x</a>):' in html
    assert '<a href="https://b.example/y" target="_blank" rel="noopener">https://b.example/y</a>:' in html
    context.close()


def test_a_narrow_window_keeps_the_chat_column_usable(sandbox: SandboxThread, browser: Any) -> None:
    """QA2 finding 3: at 420 px wide the chat column keeps most of the width (it collapsed to one
    character per line) and the channel list stays reachable."""
    context = browser.new_context(viewport={"width": 420, "height": 800})
    tab = Player(context.new_page()).open(sandbox.sandbox.url, "alice")
    tab.channel("battles")
    tab.page.fill("#composer", "hello from a narrow window")
    tab.page.press("#composer", "Enter")
    body = tab.last_message("hello from a narrow window").locator(".body")
    box = body.bounding_box()
    assert box is not None and box["width"] >= 230 and box["height"] < 80, box
    expect(tab.page.locator('#channel-list .channel').first).to_be_visible()
    context.close()
