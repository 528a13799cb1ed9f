"""The fake Discord's user-side routes behind the sandbox page (no browser): who sees what is decided
by the server, bad input is refused with words, and the sandbox listens on this machine only."""

from __future__ import annotations

import argparse
import socket
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot import cli
from bot.fakediscord.userapi import UPLOAD_LIMIT, BadRequest, coerce_options
from bot.sandbox import main as sandbox_main
from bot.sandbox.runner import Sandbox


@pytest.fixture
async def running() -> AsyncIterator[Sandbox]:
    """The sandbox on a free port of 127.0.0.1, fixed dice, in this test's loop."""
    sandbox = Sandbox(port=0, seed=4)
    await sandbox.start()
    try:
        yield sandbox
    finally:
        await sandbox.stop()


class Client:
    """One user of the page, talking to the fake's user-side API."""

    def __init__(self, http: aiohttp.ClientSession, base: str, user_id: int) -> None:
        self.http, self.base, self.headers = http, base.rstrip("/"), {"X-Fake-User": str(user_id)}

    async def get(self, path: str) -> tuple[int, Any]:
        async with self.http.get(self.base + "/client/api" + path, headers=self.headers) as r:
            return r.status, await r.json()

    async def post(self, path: str, body: dict[str, Any]) -> tuple[int, Any]:
        async with self.http.post(self.base + "/client/api" + path, json=body, headers=self.headers) as r:
            return r.status, await r.json()


async def test_ephemeral_replies_and_dms_are_served_to_their_user_only(running: Sandbox) -> None:
    alice_user, bob_user = running.world.players[:2]
    battles = running.world.channels["battles"]
    async with aiohttp.ClientSession() as http:
        alice, bob = Client(http, running.url, alice_user.id), Client(http, running.url, bob_user.id)
        status, answer = await alice.post("/commands", {"channel_id": str(battles.id), "name": "match",
                                                        "subcommand": "new", "options": {}})
        assert (status, answer["ok"]) == (200, True)
        # /match status answers ephemerally ("only you see the answer").
        status, answer = await bob.post("/commands", {"channel_id": str(battles.id), "name": "match",
                                                      "subcommand": "status"})
        assert status == 200 and answer["ok"] is True
        await running.fake.wait_until(lambda: any(m.ephemeral and not m.loading for m in battles.messages))
        private = next(m for m in battles.messages if m.ephemeral)
        assert private.viewer_id == bob_user.id

        _, seen_by_bob = await bob.get(f"/channels/{battles.id}/messages")
        _, seen_by_alice = await alice.get(f"/channels/{battles.id}/messages")
        assert str(private.id) in [m["id"] for m in seen_by_bob]
        assert str(private.id) not in [m["id"] for m in seen_by_alice]
        assert all(not m["ephemeral"] for m in seen_by_alice)

        # Alice can neither press its components nor read Bob's DMs, nor fetch a file of a hidden message.
        status, answer = await alice.post("/components", {"message_id": str(private.id), "custom_id": "x"})
        assert status == 400 and answer["message"] == f"there is no message {private.id} that alice can see"
        bob_dm = running.fake.dm_channel(bob_user, create=True)
        assert bob_dm is not None
        status, answer = await alice.get(f"/channels/{bob_dm.id}/messages")
        assert status == 400 and answer["message"] == f"there is no channel {bob_dm.id} that alice can see"
        _, world = await alice.get("/world")
        assert world["dm"]["id"] != str(bob_dm.id)
        assert str(bob_dm.id) not in [c["id"] for c in world["channels"]]
        map_message = await running.fake.wait_for_message(lambda m: bool(m.attachments), channel=battles)
        secret = running.fake.store_bytes("secret.png", b"\x89PNG not really")
        private.attachments.append(secret)
        shown = map_message.attachments[0]
        async with http.get(f"{running.url}client/api/attachments/{shown.id}/{shown.filename}",
                            params={"user": str(alice_user.id)}) as r:
            assert r.status == 200 and (await r.read()) == shown.data
        async with http.get(f"{running.url}client/api/attachments/{secret.id}/secret.png",
                            params={"user": str(alice_user.id)}) as r:
            assert r.status == 404


async def test_bad_input_is_refused_with_words(running: Sandbox) -> None:
    battles = running.world.channels["battles"]
    async with aiohttp.ClientSession() as http:
        nobody = Client(http, running.url, 12345)
        status, answer = await nobody.get("/world")
        assert status == 401 and answer["message"] == "pick a user of the sandbox server first"
        alice = Client(http, running.url, running.world.players[0].id)
        status, answer = await alice.post("/commands", {"channel_id": str(battles.id), "name": "dance"})
        assert (status, answer["message"]) == (400, "the bot has no slash command /dance")
        status, answer = await alice.post("/commands", {"channel_id": str(battles.id), "name": "match",
                                                        "subcommand": "new", "options": {"points": "lots"}})
        assert (status, answer["message"]) == (400, "option 'points' wants a whole number, not 'lots'")
        status, answer = await alice.post("/commands", {"channel_id": str(battles.id), "name": "match"})
        assert (status, answer["message"]) == (400, "/match needs a subcommand")
        dm = running.fake.dm_channel(running.world.players[0], create=True)
        assert dm is not None
        status, answer = await alice.post("/commands", {"channel_id": str(dm.id), "name": "match",
                                                        "subcommand": "status"})
        assert (status, answer["message"]) == (400, "/match works in the channels of Heroscape Sandbox, not in DMs")
        _, world = await alice.get("/world")
        assert world["dm_commands"] == [] and "match" in [c["name"] for c in world["commands"]]
        assert battles.messages == [] and dm.messages == []  # nothing reached the bot


def test_coerce_options_types_the_text_boxes() -> None:
    schema = [{"name": "points", "type": 4}, {"name": "draft", "type": 5}, {"name": "to", "type": 3},
              {"name": "ratio", "type": 10}]
    assert coerce_options(schema, {"points": "300", "draft": "false", "to": "F7", "ratio": "0.5"}) == {
        "points": 300, "draft": False, "to": "F7", "ratio": 0.5}
    assert coerce_options(schema, {"points": "", "to": "F"}, focused="to") == {"to": "F"}
    assert coerce_options(schema, {"points": "3x", "to": "F"}, focused="to") == {"to": "F"}  # still typing
    with pytest.raises(BadRequest, match="option 'draft' wants true or false, not 'maybe'"):
        coerce_options(schema, {"draft": "maybe"})
    with pytest.raises(BadRequest, match="there is no option 'speed'"):
        coerce_options(schema, {"speed": "1"})


async def test_restart_brings_a_new_bot_on_the_same_database(running: Sandbox) -> None:
    before = running.bot
    async with aiohttp.ClientSession() as http:
        alice = Client(http, running.url, running.world.players[0].id)
        status, answer = await alice.post("/restart", {})
        assert (status, answer) == (200, {"ok": True})
        _, world = await alice.get("/world")
    assert running.bot is not before and running.bot is not None and running.restarts == 1
    assert world["bot_online"] is True
    assert running.bot.settings.database_path == running.database_path


async def test_listens_on_this_machine_only_by_default(running: Sandbox) -> None:
    assert running.url.startswith("http://127.0.0.1:")
    sockets = running.fake._runner.addresses if running.fake._runner else []
    assert sockets and all(address[0] == "127.0.0.1" for address in sockets)


def test_run_without_a_token_starts_the_sandbox(monkeypatch: pytest.MonkeyPatch, tmp_path: Any,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.chdir(tmp_path)  # no .env here
    seen: list[argparse.Namespace] = []
    monkeypatch.setattr(sandbox_main, "main", lambda args: seen.append(args) or 0)
    assert cli.main(["run", "--port", "9100"]) == 0
    assert [(a.host, a.port) for a in seen] == [("127.0.0.1", 9100)]
    assert "No DISCORD_TOKEN set: starting the sandbox" in capsys.readouterr().err
    assert cli.main(["sandbox"]) == 0 and (seen[-1].host, seen[-1].port) == ("127.0.0.1", 8765)
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "bot.db"))
    assert cli.main(["run", "--discord"]) == 2  # real Discord only: the "where to get a token" message
    assert "DISCORD_TOKEN is not set" in capsys.readouterr().err
    assert len(seen) == 2


async def test_a_taken_port_is_one_clear_line(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        args = argparse.Namespace(host="127.0.0.1", port=port, database=None, seed=None)
        assert await sandbox_main.serve(args) == 1
    err = capsys.readouterr().err
    assert f"Cannot listen on 127.0.0.1:{port}" in err and f"--port {port + 1}" in err and "Traceback" not in err


async def test_match_threads_are_listed_under_their_channel(running: Sandbox) -> None:
    tavern = running.world.channels["tavern"]
    async with aiohttp.ClientSession() as http:
        alice = Client(http, running.url, running.world.players[0].id)
        bob = Client(http, running.url, running.world.players[1].id)
        status, answer = await alice.post("/commands", {"channel_id": str(tavern.id), "name": "match",
                                                        "subcommand": "new", "options": {"thread_name": "Alice vs Bob"}})
        assert (status, answer["ok"]) == (200, True)
        thread = await running.fake.wait_until(lambda: next(iter(running.fake.threads(tavern)), None))
        await running.fake.wait_for_message(lambda m: bool(m.attachments), channel=thread)
        _, world = await bob.get("/world")
        listed = [c for c in world["channels"] if c["kind"] == "thread"]
        assert listed == [{"id": str(thread.id), "name": "Alice vs Bob", "kind": "thread",
                           "parent_id": str(tavern.id), "archived": False, "position": 0}]
        status, messages = await bob.get(f"/channels/{thread.id}/messages")
        assert status == 200 and any(m["attachments"] for m in messages)


async def test_a_file_uploaded_from_the_page_is_the_attachment_of_maps_upload(running: Sandbox) -> None:
    """QA2 finding 1: the page uploads a file, then sends its id as the ``file:`` option, as a Discord
    client does; a typed path is refused in words, and a file over Discord's limit is refused."""
    tavern = running.world.channels["tavern"]
    ladders = Path(__file__).resolve().parents[2].parent / "shared" / "maps" / "virtualscape" / "ladders.hsc"
    async with aiohttp.ClientSession() as http:
        alice = Client(http, running.url, running.world.players[0].id)
        status, answer = await alice.post("/commands", {"channel_id": str(tavern.id), "name": "maps",
                                                        "subcommand": "upload",
                                                        "options": {"file": str(ladders)}})
        assert status == 400 and answer["message"].startswith("option 'file' wants a file chosen with the file picker")
        url = running.url.rstrip("/") + "/client/api/uploads?filename=ladders.hsc"
        async with http.post(url, data=ladders.read_bytes(), headers=alice.headers) as r:
            assert r.status == 200
            uploaded = await r.json()
        assert uploaded["filename"] == "ladders.hsc" and uploaded["size"] == len(ladders.read_bytes())
        status, answer = await alice.post("/commands", {"channel_id": str(tavern.id), "name": "maps",
                                                        "subcommand": "upload",
                                                        "options": {"file": uploaded["id"]}})
        assert (status, answer["ok"]) == (200, True)
        await running.fake.wait_until(lambda: any("Added **" in m.content for m in tavern.messages))
        assert [m.ephemeral for m in tavern.messages if "Added **" in m.content] == [True]
        async with http.post(url, data=b"x" * (UPLOAD_LIMIT + 1), headers=alice.headers) as r:
            assert r.status == 413
            assert (await r.json())["message"] == (
                f"ladders.hsc is over Discord's upload limit of {UPLOAD_LIMIT} bytes per file")


async def test_alice_owns_the_sandbox_server_and_organises_leagues_others_are_refused(running: Sandbox) -> None:
    """The README's organiser steps work in the sandbox: Alice (the server's owner, Manage Server)
    creates a league; Bob holds the "League organisers" role offered to `organiser_role`; Carol and
    Dave may not create leagues nor pair them."""
    alice_user, bob_user, carol_user, _ = running.world.players
    battles = running.world.channels["battles"]
    fake = running.fake

    async def answer(client: Client, sub: str, options: dict[str, Any]) -> str:
        before = len(battles.messages)
        status, sent = await client.post("/commands", {"channel_id": str(battles.id), "name": "league",
                                                       "subcommand": sub, "options": options})
        assert (status, sent["ok"]) == (200, True), sent
        await fake.wait_until(lambda: any(not m.loading for m in battles.messages[before:]))
        return next(m.content for m in battles.messages[before:] if not m.loading)

    async with aiohttp.ClientSession() as http:
        alice, bob, carol = (Client(http, running.url, u.id) for u in (alice_user, bob_user, carol_user))
        _, world = await alice.get("/world")
        roles = {r["name"]: r["id"] for r in world["roles"]}
        assert {"@everyone", "Moderators", "League organisers"} <= set(roles)
        spring = {"name": "Spring League", "format": "delta", "maps": "practice-field, cobra-facility",
                  "rounds": "5", "pairing": "swiss", "pace": "post", "turn": "24h", "policy": "ai"}
        refused = await answer(carol, "create", spring)
        assert "Creating a league needs the Manage Server permission" in refused
        made = await answer(alice, "create", spring)
        assert "League **Spring League** created" in made, made
        by_role = await answer(bob, "create", {"name": "Bob Cup", "organiser_role": roles["League organisers"]})
        assert "League **Bob Cup** created" in by_role, by_role
        not_theirs = await answer(carol, "pair", {"league": "Spring League"})
        assert "Only the organisers of Spring League" in not_theirs
        await answer(alice, "join", {"league": "Bob Cup"})
        assert "Only the organisers of Bob Cup" in await answer(carol, "season-start", {"league": "Bob Cup"})
