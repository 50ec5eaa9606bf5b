"""Beyond one event: the players' ratings per game system (and, next, clubs and seasons)."""
