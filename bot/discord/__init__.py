"""The Discord adapter: slash commands and components in, messages, DMs and map images out.

The rules live in :mod:`bot.rules`, matches in :class:`bot.game.session.GameSession`; this
package only translates. Modules, top down:

- :mod:`.settings` - configuration from the environment or ``.env``;
- :mod:`.client` - the bot: storage, restore, cogs, components, command sync, error words;
- :mod:`.cogs` - the slash commands (``/match``, ``/army``, ``/place``, ``/move``, ``/attack``,
  ``/end-turn``, ``/map``, ``/card``, ``/rules``), translating Discord into command text;
- :mod:`.inputs` - option values checked (blank, several words) and quoted into command text;
- :mod:`.actions` - find the match, check the user, apply, publish (shared by all entry points);
- :mod:`.matches` - one session and one lock per channel, persisted, each interaction once;
- :mod:`.publish` - an outcome as messages: words, map image, decision buttons, DMs, what follows;
- :mod:`.orders` - a round's secret picks by DM (or privately in the channel when DMs are closed);
- :mod:`.components` - restart-proof buttons and menus (``DynamicItem``);
- :mod:`.respond` - answering interactions without losing anything when Discord refuses;
- :mod:`.outgoing` - the one way out: pings, length limits, retries, permission refusals in words;
- :mod:`.autocomplete`, :mod:`.status`, :mod:`.rules_text` - words and choices;
- :mod:`.run` (``python -m bot run``) and :mod:`.bench`.
"""
