"""Signals the matches app sends, so apps that build on it can react without being imported.

``result_accepted`` is sent (inside the transaction) whenever a version becomes a match's
accepted result; the tournament app listens to push live updates once the transaction commits.
"""

from django.dispatch import Signal

#: Sent with ``match``, ``version`` and ``seats`` (as just written, with their entrants) when a
#: version becomes the match's accepted result.
result_accepted = Signal()

#: Sent with ``match``, ``version`` and ``event`` ("reported" or "disputed") when a side reports
#: a result or disputes one: the match now waits for its other sides or for a referee.
result_waiting = Signal()
