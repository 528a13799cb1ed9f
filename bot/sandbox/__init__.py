"""The sandbox: the real bot on a fake Discord on this machine, played from a page in the browser.

``python -m bot sandbox`` (or ``python -m bot run`` without a token) starts a
:class:`~bot.fakediscord.FakeDiscord` on 127.0.0.1 with a small server (:mod:`.world`), the real
:class:`~bot.discord.client.RefereeBot` connected to it exactly as to Discord (:mod:`.runner`), and
serves a page (:mod:`.page`, files in ``static/``) that talks only to the fake's user-side routes
(:mod:`bot.fakediscord.userapi`). Import :class:`.runner.Sandbox` to run it from code.
"""
