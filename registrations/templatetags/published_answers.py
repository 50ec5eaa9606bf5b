"""``{% published_answers_link tournament token %}``: the event page's link to the answers
published to the field, once there are any (round 1 paired, a question shown to the field)."""

from django import template

from registrations.services.question_rules import published

register = template.Library()


@register.inclusion_tag("registrations/_answers_link.html")
def published_answers_link(tournament, token=""):
    shown = published(tournament) and tournament.registration_questions.filter(public=True)
    return {"tournament": tournament, "token": token, "shown": bool(shown and shown.exists())}
