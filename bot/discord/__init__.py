"""The Discord adapter: slash commands and components in, messages, DMs and pictures out, for any
game of :mod:`bot.games` (each game's rules and matches live behind its ruleset; what a game shows
on Discord is its face, :mod:`.face`). This package only translates. Modules, top down:

- :mod:`.settings` - configuration from the environment or ``.env``;
- :mod:`.client` - the bot: storage, restore, every game's extensions, components, command sync, error words;
- :mod:`.face` - what a game shows on Discord (its face) and the registry of faces;
- :mod:`.shared` - slash command names several games claim, registered once and dispatched by game;
- :mod:`.cogs` - the generic slash commands (``/match``, ``/me``, ``/league``);
- :mod:`.inputs` - option values checked (blank, several words) and quoted into command text;
- :mod:`.actions` - find the match, check the user, apply, publish (shared by all entry points);
- :mod:`.matches`, :mod:`.live` - one game match and one lock per channel, persisted, each interaction once;
- :mod:`.publish` - an outcome as messages: words, picture, decision buttons, DMs, what follows;
- :mod:`.components` - restart-proof buttons and menus (``DynamicItem``), :mod:`.presses` what they do;
- :mod:`.respond` - answering interactions without losing anything when Discord refuses;
- :mod:`.outgoing` - the one way out: pings, length limits, retries, permission refusals in words;
- :mod:`.resume` - the catch-up after a restart; :mod:`.pace` play by post; :mod:`.league` leagues;
- :mod:`.run` (``python -m bot run``) and :mod:`.bench`.

Each game's face (its own slash commands, secret phases, autocomplete, status words) is in its
package, ``bot.games.<name>.discord``.
"""
