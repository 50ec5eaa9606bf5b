"""The registration services, one module per action (each takes ``actor``, locks the event's
row before counting places, audits, and tells the players after the commit):

* ``register.register`` / ``register_once`` - a signed-in player registers;
* ``withdraw.withdraw`` - the player (or organiser) withdraws; the waitlist moves up;
* ``review.accept`` / ``review.decline`` - review mode;
* ``desk.promote`` / ``desk.move_in_waitlist`` / ``desk.mark_paid`` - the organiser's desk;
* ``policy.set_policy`` - the event's registration settings;
* ``places`` - the reads: ``places_left``, ``waitlist_position``, ``registration_state``.

Every refusal is a ``errors.RegistrationError`` with a sentence the person can act on.
"""
