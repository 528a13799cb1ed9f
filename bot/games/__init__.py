"""The games the bot referees, each behind the same seam."""
