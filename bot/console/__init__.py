"""Terminal adapters: ``python -m bot local`` (play in a terminal) and ``python -m bot demo`` (computer vs computer)."""
