"""The public accessibility statement: the target, how it is tested, known exceptions, a contact."""

from email.utils import parseaddr

from django.conf import settings
from django.shortcuts import render


def contact_email() -> str:
    """Where to write about a problem: ``CONTACT_EMAIL``, else the sender's address."""
    return settings.CONTACT_EMAIL or parseaddr(settings.DEFAULT_FROM_EMAIL)[1]


def accessibility(request):
    """The statement (public, linked from every page's footer)."""
    return render(request, "site/accessibility.html", {"contact_email": contact_email()})
