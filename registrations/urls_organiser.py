"""Page routes of the registrations desk in the organiser console (included from
``registrations.urls``): the table, its actions and CSV, the settings, the questions, the
e-mail; and the answers published to the field."""

from django.urls import path

from registrations.views import (
    organiser_mail,
    organiser_questions,
    organiser_settings,
    organiser_table,
    public_answers,
)

M = "events/<slug:slug>/manage/registrations/"
Q = M + "questions/<int:question_id>/"

urlpatterns = [
    path("events/<slug:slug>/answers/", public_answers.answers, name="public-answers"),
    path(M, organiser_table.table, name="manage-table"),
    path(M + "registrations.csv", organiser_table.export_csv, name="manage-csv"),
    path(M + "<int:registration_id>/<slug:action>/", organiser_table.act, name="manage-act"),
    path(M + "settings/", organiser_settings.settings_page, name="manage-settings"),
    path(M + "questions/", organiser_questions.questions, name="manage-questions"),
    path(
        M + "questions/deadline/",
        organiser_questions.answers_deadline_view,
        name="manage-answers-deadline",
    ),
    path(Q, organiser_questions.edit_question, name="manage-question"),
    path(Q + "move/", organiser_questions.move_question, name="manage-question-move"),
    path(Q + "remove/", organiser_questions.remove_question, name="manage-question-remove"),
    path(M + "mail/", organiser_mail.mail, name="manage-mail"),
]
