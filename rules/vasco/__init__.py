"""Vasco da Gama (Paolo Mori, 2009) for 2-4 players: the rules engine behind the contract."""
