"""The base of every service's refusal."""


class ServiceError(ValueError):
    """An action that is not possible now (a closed round, a result already accepted, a name
    taken...); the message tells the person why. The API answers it with 409, a page shows it
    as a message; each service subclasses it with its own name."""
