"""Command line: ``python -m bot run | sandbox | local | demo | cases PATH... | maps import|show | bench rules|render|bot|ai | db migrate-to URL``.

``local``, ``demo`` and ``bench rules`` take ``--game NAME`` (:func:`bot.games.names`; default
:data:`bot.games.DEFAULT`): the game's ruleset adds its own options and runs the command.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from bot import games
from bot.sandbox.main import add_arguments as sandbox_args


def _game_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", default=games.DEFAULT,
                        help=f"the game: {', '.join(games.names())} (default {games.DEFAULT})")


def game_named(argv: Sequence[str]) -> str:
    """The ``--game NAME`` among ``argv`` (:data:`bot.games.DEFAULT` when absent): read before the
    full parser is built, since the game adds the options of ``local``, ``demo`` and ``bench``."""
    pre = argparse.ArgumentParser(add_help=False)
    pre.add_argument("--game", default=games.DEFAULT)
    known, _ = pre.parse_known_args(list(argv))
    return str(known.game)


def _parser(game: str = games.DEFAULT) -> argparse.ArgumentParser:
    """The full parser, with ``game``'s options on ``local``, ``demo`` and ``bench``.

    :raises bot.games.UnknownGame: no game of that name.
    """
    p = argparse.ArgumentParser(prog="python -m bot", description="A referee bot for miniatures battle games")
    sub = p.add_subparsers(dest="cmd", required=True)
    run = sub.add_parser("run", help="start the Discord bot (without DISCORD_TOKEN: the sandbox in the browser)")
    run.add_argument("--sync", action="store_true",
                     help="register the slash commands with Discord even if they did not change")
    run.add_argument("--discord", action="store_true",
                     help="real Discord only: stop when there is no token instead of starting the sandbox")
    run.add_argument("--shards", default=None, metavar="IDS",
                     help="the Discord shards this process runs, e.g. 0-3 or 0,2 (with --shard-count; "
                          "default: SHARDS, else every shard)")
    run.add_argument("--shard-count", default=None, metavar="N",
                     help="how many shards the bot has in all (default: SHARD_COUNT, else unsharded)")
    sandbox_args(run)
    box = sub.add_parser("sandbox", help="try the bot in the browser, on a stand-in Discord on this machine")
    sandbox_args(box)
    ruleset = games.get(game)
    loc = sub.add_parser("local", help="play a match in this terminal")
    _game_option(loc)
    ruleset.add_arguments("local", loc)
    demo = sub.add_parser("demo", help="computer players fight to the end; pictures under renders/")
    _game_option(demo)
    ruleset.add_arguments("demo", demo)
    cases = sub.add_parser("cases", help="run rules cases (files or folders of *.json)")
    cases.add_argument("paths", nargs="+")
    from bot.content.importers.cli import add_arguments as maps_args

    maps_args(sub)
    crd = sub.add_parser("cards", help="the card library: 'coverage' (powers enforced per set) or 'show NAME' "
                                       "('cards NAME' shows it too)")
    crd.add_argument("action", metavar="coverage|show|NAME", help="coverage, show NAME, or a card's name")
    crd.add_argument("name", nargs="*", help="the card to show (name, short name or id)")
    crd.add_argument("--summary", action="store_true", help="coverage: only the per-set lines and the total")
    bench = sub.add_parser("bench", help="print benchmark numbers, one 'name: value unit' per line")
    bench.add_argument("what", choices=["rules", "render", "bot", "ai"])
    bench.add_argument("--no-pictures", action="store_true", help="bot: map pictures off (default: on, drawn in "
                       "worker processes, as in real play)")
    bench.add_argument("--most", action="store_true", help="bot: short runs of 200, 400, ... matches until one "
                       "misses the goals (handler p99 < 100 ms, picture p99 < 2 s), or 100, 50, ... when 200 "
                       "misses them; prints bot_max_matches_at_goals")
    bench.add_argument("--think", type=float, default=None, metavar="SECONDS",
                       help="bot: the players' pause between actions, on average (default 3: a table of humans)")
    bench.add_argument("--saturate", action="store_true", help="bot: players act as fast as the bot answers "
                       "(no pause, all tables at once): the most the process can take, not a real table's pace")
    bench.add_argument("--workers", type=int, default=1, help="ai: matches played in this many processes at once "
                       "(the same results: the computer's search is counted in positions, not seconds)")
    from bot.storage.copy import add_arguments as db_args

    db_args(sub)
    _game_option(bench)
    ruleset.add_arguments("bench", bench)
    return p


def _warn_content(game: str = games.DEFAULT) -> None:
    """Say which content files of ``game`` were skipped because they are invalid (file and field named)."""
    try:
        problems = games.get(game).content_problems()
    except (OSError, ValueError) as exc:
        print(f"warning: {exc}", file=sys.stderr)
        return
    for problem in problems:
        print(f"warning: skipped {problem}", file=sys.stderr)


def _has_token() -> bool:
    """Whether a Discord token is configured (environment or ``.env``); a bad setting counts as yes,
    so that ``run`` reports it instead of starting the sandbox."""
    from bot.discord.settings import Settings

    try:
        return bool(Settings.from_env().discord_token)
    except ValueError:
        return True


def _cards_cmd(args: argparse.Namespace) -> int:
    """``cards coverage`` / ``cards show NAME``: print the library's coverage, or one card as text."""
    from bot.game.card_text import card_block
    from bot.game.coverage import report
    from bot.game.session import cards

    _warn_content()
    if args.action == "coverage":
        if args.name:
            print(f"error: coverage takes no card name; to see one card: cards show {' '.join(args.name)}")
            return 2
        print("\n".join(report(cards(), details=not args.summary)))
        return 0
    # ``cards finn`` reads as ``cards show finn``.
    name = " ".join(args.name if args.action == "show" else [args.action, *args.name])
    if not name:
        print("error: name a card: cards show NAME")
        return 2
    try:
        card = cards().get(name)
    except KeyError as exc:
        print(f"error: {exc}")
        return 2
    print("\n".join(card_block(card)))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    game = game_named(argv)
    try:
        ruleset = games.get(game)
    except games.UnknownGame as exc:
        print(f"error: {exc}")
        return 2
    args = _parser(ruleset.name).parse_args(argv)
    if args.cmd in ("run", "local", "demo"):
        _warn_content(ruleset.name)
    if args.cmd == "cases":
        from bot.cases import main as cases_main

        return int(cases_main(args.paths))
    if args.cmd == "maps":
        from bot.content.importers.cli import main as maps_main

        return int(maps_main(args))
    if args.cmd == "cards":
        return _cards_cmd(args)
    if args.cmd == "db":
        from bot.storage.copy import main as db_main

        return db_main(args)
    if args.cmd == "bench":
        if args.what == "rules":
            return int(ruleset.bench_rules(args))
        if ruleset.name != games.DEFAULT:
            print(f"error: bench {args.what} measures {games.DEFAULT} only; leave out --game")
            return 2
        if args.what == "ai":
            from bot.game.ai.bench import main as ai_bench

            return int(ai_bench(max(1, args.matches), args.seed, max(1, args.workers)))
        # The game's own render and load benchmarks (``bench_rules`` reads ``args.what``).
        return int(ruleset.bench_rules(args))
    if args.cmd == "sandbox" or (args.cmd == "run" and not args.discord and not _has_token()):
        from bot.sandbox.main import main as sandbox_main

        if args.cmd == "run":
            print("No DISCORD_TOKEN set: starting the sandbox instead (`python -m bot run --discord` "
                  "insists on Discord).", file=sys.stderr)
            if args.shards is not None or args.shard_count is not None:
                print("The sandbox runs one unsharded bot: --shards and --shard-count apply on Discord only.",
                      file=sys.stderr)
        return int(sandbox_main(args))
    if args.cmd == "run":
        from bot.discord.run import main as run_main

        return int(run_main(force_sync=args.sync, shards=args.shards, shard_count=args.shard_count))
    if args.cmd == "local":
        return int(ruleset.local(args))
    if args.cmd == "demo":
        return int(ruleset.demo(args))
    return 2


if __name__ == "__main__":
    sys.exit(main())
