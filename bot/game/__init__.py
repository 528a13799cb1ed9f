"""The game layer shared by every adapter: sessions (match + content + record) and narration."""
