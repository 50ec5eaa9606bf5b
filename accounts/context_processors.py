"""Template context every page gets from the accounts app."""

from django.conf import settings


def accounts(request) -> dict:
    """Whether the header offers "Sign up" (sign-up open to anyone)."""
    return {"signup_open": settings.SIGNUP_OPEN}
