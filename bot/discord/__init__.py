"""The Discord adapter (discord.py): the command tree, lobby buttons, answering each
interaction on time, and the reminder loop. The only package that imports ``discord``."""
