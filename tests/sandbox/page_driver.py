"""Playing through the sandbox page: slash commands typed in the composer, options filled in (with the
bot's live autocomplete), buttons and select menus clicked, users switched, all as a person would."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from playwright.sync_api import Locator, Page, expect

#: Milliseconds any single expectation waits (the bot answers in well under a second).
WAIT_MS = 15_000


@dataclass
class Player:
    """One browser tab of the sandbox page."""

    page: Page

    def open(self, base_url: str, user: str) -> Player:
        """Open the page as ``user`` and wait until the bot is online and its commands are known."""
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.goto(f"{base_url}?user={user}")
        expect(self.page.locator("#bot-status")).to_have_text("bot online", timeout=WAIT_MS)
        return self

    def as_user(self, display: str) -> None:
        """Switch the page to another player with the "Playing as" menu."""
        self.page.select_option("#user-switcher", label=display)
        expect(self.page.locator("#me-avatar")).to_have_text(display[0])
        expect(self.page.locator("#user-switcher option:checked")).to_have_text(display)

    def channel(self, name: str) -> None:
        """Open a text channel of the sandbox server."""
        self.page.locator("#channel-list .channel.text", has_text=name).click()
        expect(self.page.locator("#chat-title")).to_have_text(f"# {name}")

    def dms(self) -> None:
        """Open the current user's DMs with the bot."""
        self.page.locator("#channel-list .channel.dm").click()
        expect(self.page.locator("#chat-title")).to_contain_text("@ ")

    def messages(self) -> Locator:
        return self.page.locator("#messages .message")

    def last_message(self, text: str) -> Locator:
        """The newest message on screen containing ``text`` (waits for it)."""
        found = self.messages().filter(has_text=text).last
        expect(found).to_be_visible(timeout=WAIT_MS)
        return found

    def command(self, path: str, **options: str) -> None:
        """Type ``/path`` in the composer, pick it, fill the options and send it.

        An option given as ``"~text"`` is typed as ``text`` and then the bot's autocomplete suggestion
        starting with ``text`` is picked (the first one if none does).
        """
        page = self.page
        page.fill("#composer", "/" + path)
        expect(page.locator("#command-menu .command-item").first).to_have_attribute("data-command", path)
        page.press("#composer", "Enter")
        expect(page.locator("#command-form .form-head .cmd")).to_have_text("/" + path)
        for name, value in options.items():
            self.fill_option(name, value)
        page.click("#command-form .send")
        expect(page.locator("#command-form")).to_be_hidden(timeout=WAIT_MS)

    def fill_option(self, name: str, value: str) -> None:
        field = self.page.locator(f'#command-form [data-option="{name}"]')
        if field.evaluate("node => node.tagName") == "SELECT":
            field.select_option(value)
            return
        if not value.startswith("~"):
            field.fill(value)
            return
        typed = value[1:]
        field.fill(typed)
        choices = field.locator("xpath=..").locator(".ac-choice")
        expect(choices.first).to_be_visible(timeout=WAIT_MS)
        texts = choices.all_inner_texts()
        index = next((i for i, t in enumerate(texts) if typed and t.lower().startswith(typed.lower())), 0)
        choices.nth(index).click()

    def suggestions(self, name: str, typed: str) -> list[str]:
        """The autocomplete choices the bot offers for option ``name`` of the open command."""
        field = self.page.locator(f'#command-form [data-option="{name}"]')
        field.fill(typed)
        listing = field.locator("xpath=..").locator(".ac-list")
        expect(listing).to_be_visible(timeout=WAIT_MS)
        expect(listing.locator(".ac-choice, .ac-empty").first).to_be_visible(timeout=WAIT_MS)
        return [str(t) for t in listing.locator(".ac-choice").all_inner_texts()]

    def fetch(self, path: str, user_id: str) -> Any:
        """What the fake's user-side API answers to ``GET path`` for ``user_id``, from inside the page
        (``{"status", "body"}``): hidden information must be refused server-side, not just not drawn."""
        return self.page.evaluate(
            """async ([path, user]) => {
                const r = await fetch('/client/api' + path, {headers: {'X-Fake-User': user}});
                return {status: r.status, body: await r.json()};
            }""",
            [path, user_id],
        )
