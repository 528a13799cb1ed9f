"""``python -m bot sandbox`` (and ``python -m bot run`` without a token): run the sandbox until Ctrl-C."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import sys

BANNER = """\
The sandbox is running: the referee bot on a stand-in Discord on this machine.

    Open {url} in your browser.

Type / in the message box for the bot's commands; the "Playing as" menu at the bottom left switches between
the players (or open a second tab as another one). Ctrl-C stops the sandbox.
To run the bot on real Discord instead, put DISCORD_TOKEN in .env (see .env.example).
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The sandbox's options: ``--host``, ``--port``, ``--database``, ``--seed``, ``--verbose``."""
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1: this machine only)")
    parser.add_argument("--port", type=int, default=8765, help="port of the page (default 8765; 0: any free one)")
    parser.add_argument("--database", default=None,
                        help="SQLite file for the sandbox's matches (default: a fresh temporary one)")
    parser.add_argument("--seed", type=int, default=None, help="dice seed of new matches (default: random)")
    parser.add_argument("--verbose", action="store_true", help="show the bot's log")


async def serve(args: argparse.Namespace, *, ready: asyncio.Event | None = None) -> int:
    """Start the sandbox, print where to open it, and run until cancelled; 1 when the port is taken."""
    from .runner import Sandbox

    sandbox = Sandbox(host=args.host, port=args.port, database_path=args.database, seed=args.seed)
    try:
        await sandbox.start()
    except OSError as exc:
        print(f"Cannot listen on {args.host}:{args.port} ({exc.strerror or exc}). Another program (or "
              f"another sandbox) may be using it: try --port {args.port + 1}, or --port 0 for any free port.",
              file=sys.stderr)
        return 1
    print(BANNER.format(url=sandbox.url), flush=True)
    if args.host not in ("127.0.0.1", "localhost", "::1"):
        print(f"Listening on {args.host}, not only on this machine: anyone who can reach it may open the "
              "page and play as any user.", file=sys.stderr, flush=True)
    if ready is not None:
        ready.set()
    try:
        await asyncio.Event().wait()
    finally:
        await sandbox.stop()
    return 0


def main(args: argparse.Namespace) -> int:
    """Run :func:`serve` until Ctrl-C; the exit status."""
    level = logging.INFO if args.verbose else logging.WARNING
    logging.basicConfig(level=level, format="%(levelname)s %(name)s: %(message)s")
    if not args.verbose:
        # The fake logs every gateway and REST detail at INFO; the bot's own warnings stay visible.
        logging.getLogger("discord").setLevel(logging.ERROR)
    import discord

    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False
    with contextlib.suppress(KeyboardInterrupt):
        return asyncio.run(serve(args))
    print("Sandbox stopped.")
    return 0
