"""The doors' guard on venue check-in codes: a wrong code counts as a guess against the entry
(scope ``check_in_code`` of ``common.rate_limits``); over the limit even the right code waits,
so a lucky guess learns nothing. The page and the API call this, then the same service."""

from common.audit.actor import Actor
from common.rate_limits import blocked_for, count_hit
from tournament.models import Entrant
from tournament.services.venue_check_in import WrongCheckInCode, check_in_with_code

SCOPE = "check_in_code"


class TooManyGuesses(Exception):
    """The entry has typed too many wrong codes lately; ``retry_after`` seconds to wait."""

    def __init__(self, retry_after: int):
        super().__init__(f"retry after {retry_after} s")
        self.retry_after = retry_after


def guarded_check_in(entrant: Entrant, typed: str, actor: Actor) -> Entrant:
    """Check ``entrant`` in with the typed venue code, counting a wrong one as a guess."""
    ident = f"entrant:{entrant.pk}"
    retry_after = blocked_for(SCOPE, ident)
    if retry_after is not None:
        raise TooManyGuesses(retry_after)
    try:
        return check_in_with_code(entrant, typed, actor)
    except WrongCheckInCode:
        count_hit(SCOPE, ident)
        raise
