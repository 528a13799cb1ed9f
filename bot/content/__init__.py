"""Adapters that read project and user files (cards, maps, scenarios) into rules objects."""
