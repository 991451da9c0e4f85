"""Project tooling that is not part of the bot (import-linter contracts)."""
