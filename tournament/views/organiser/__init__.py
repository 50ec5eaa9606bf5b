"""The organiser console: an event at a glance, players, rounds, clock, elimination, exports."""
