"""The page a form refused by the CSRF check answers with: the site's layout, and what to do.

Django's own page carries an inline style, which the content security policy blocks, and is
written for developers; a player whose form sat open past a sign-out needs one sentence.
"""

from django.shortcuts import render


def csrf_failure(request, reason: str = ""):
    """403 with ``templates/403_csrf.html`` (``CSRF_FAILURE_VIEW``); the reason goes to the log
    only, as Django's own view does."""
    return render(request, "403_csrf.html", status=403)
