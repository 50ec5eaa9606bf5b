"""The registrations app: players enter events themselves (a policy per event, a waitlist)."""
