"""Live games, event-sourced: a game is a setup plus a log of events; its state is the fold.

``log`` holds the machinery shared by every system (sequence numbers, start/end, replay);
``eye_for_an_eye`` tracks health, Victory Cups, Guards, Nymphlets and VP; ``counters`` is the
simple score-counter model used by the other systems.
"""
