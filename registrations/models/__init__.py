"""Models of the registrations app, re-exported here for Django."""

from registrations.models.policy import (
    MAX_CAPACITY,
    MAX_ENTRY_CODE,
    MAX_FEE_NOTE,
    RegistrationPolicy,
    WhoMay,
)
from registrations.models.questions import (
    QuestionKindChoices,
    RegistrationAnswer,
    RegistrationQuestion,
)
from registrations.models.registration import (
    MAX_NAME,
    MAX_NAME_ENTERED,
    MAX_ORGANISER_MESSAGE,
    Registration,
    RegistrationStatus,
)
from registrations.models.teams import MAX_TEAM_NAME, TeamEntry, TeamEntryMember

__all__ = [
    "MAX_CAPACITY",
    "MAX_ENTRY_CODE",
    "MAX_FEE_NOTE",
    "MAX_NAME_ENTERED",
    "MAX_NAME",
    "MAX_ORGANISER_MESSAGE",
    "QuestionKindChoices",
    "Registration",
    "RegistrationAnswer",
    "RegistrationPolicy",
    "RegistrationQuestion",
    "RegistrationStatus",
    "WhoMay",
    "MAX_TEAM_NAME",
    "TeamEntry",
    "TeamEntryMember",
]
