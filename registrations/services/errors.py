"""The refusal every registration service raises."""

from common.errors import ServiceError


class RegistrationError(ServiceError):
    """A registration change that cannot be made now; the message says why."""
