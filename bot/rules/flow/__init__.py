"""The engine's flow of play: setup, draft, placement, the round, the end of the match."""
