"""Page routes of the organiser console (included from ``tournament.urls``).

Organisers only, except the audit trail, the projector clock, the clock commands and the live
poll (the event's referees too) and a player's own check-in (their private link).
"""

from django.urls import path

from tournament.views.organiser import (
    attendance,
    audit,
    console,
    cut,
    entrants,
    links,
    players,
    rounds,
    run_again,
    screens,
    staff,
)

M = "events/<slug:slug>/manage/"
R = M + "rounds/<int:number>/"

urlpatterns = [
    path("manage/new/", console.create, name="manage-new"),
    path(M, console.home, name="manage-home"),
    path(M + "run-again/", run_again.run_again_view, name="manage-run-again"),
    path(M + "open-registration/", console.open_registration_view, name="manage-open"),
    path(M + "entrants/", entrants.entrants, name="manage-entrants"),
    path(M + "entrants/import/", entrants.import_csv, name="manage-import"),
    path(M + "entrants/suggestions/", entrants.suggestions, name="manage-suggestions"),
    path(M + "entrants/<int:entrant_id>/check-in/", entrants.check_in, name="manage-check-in"),
    path(
        M + "entrants/<int:entrant_id>/undo-check-in/",
        entrants.undo_check_in,
        name="manage-undo-check-in",
    ),
    path(M + "entrants/<int:entrant_id>/drop/", entrants.drop, name="manage-drop"),
    path(M + "entrants/<int:entrant_id>/reinstate/", entrants.reinstate, name="manage-reinstate"),
    path(M + "entrants/check-in-everyone/", entrants.check_in_everyone, name="manage-check-in-all"),
    path(
        M + "entrants/drop-not-checked-in/",
        attendance.drop_no_shows,
        name="manage-drop-no-shows",
    ),
    path(M + "check-in-code/", attendance.check_in_code_screen, name="manage-check-in-code"),
    path(
        M + "check-in-code/replace/",
        attendance.replace_code,
        name="manage-check-in-code-replace",
    ),
    path(M + "entrants/<int:entrant_id>/link/", links.player_link, name="manage-player-link"),
    path(
        M + "entrants/<int:entrant_id>/link/replace/",
        links.replace_link,
        name="manage-player-link-replace",
    ),
    path(
        M + "entrants/<int:entrant_id>/link/email/",
        links.email_link,
        name="manage-player-link-email",
    ),
    path(M + "entrants/cards/", links.player_cards, name="manage-player-cards"),
    path(M + "entrants/send-links/", links.send_all_links, name="manage-send-links"),
    path(M + "players/duplicates/", players.duplicates, name="manage-duplicates"),
    path(M + "players/merge/", players.merge, name="manage-merge"),
    path(M + "staff/", staff.staff, name="manage-staff"),
    path(M + "staff/<int:role_id>/remove/", staff.remove, name="manage-staff-remove"),
    path(M + "staff/invite/", staff.invite, name="manage-staff-invite"),
    path(
        M + "staff/invitations/<int:invitation_id>/revoke/",
        staff.revoke_invitation,
        name="manage-staff-invitation-revoke",
    ),
    path(M + "rounds/", rounds.rounds, name="manage-rounds"),
    path(M + "rounds/generate/", rounds.generate, name="manage-generate"),
    path(M + "jobs/<int:job_id>/", rounds.job_status, name="manage-job"),
    path(R, rounds.round_detail, name="manage-round"),
    path(R + "swap/", rounds.swap, name="manage-round-swap"),
    path(R + "repair/", rounds.repair, name="manage-round-repair"),
    path(R + "publish/", rounds.publish, name="manage-round-publish"),
    path(R + "close/", rounds.close, name="manage-round-close"),
    path(R + "close-and-pair/", rounds.close_and_pair, name="manage-round-close-pair"),
    path(R + "print/", screens.print_round, name="manage-round-print"),
    path(R + "clock/", screens.projector, name="manage-projector"),
    path(R + "board/", screens.pairings_board, name="manage-board-pairings"),
    path(R + "names-board/", screens.names_board, name="manage-board-names"),
    path(M + "standings-board/", screens.standings_board, name="manage-board-standings"),
    path(R + "clock/<str:command>/", rounds.clock_command, name="manage-clock-command"),
    path(R + "live.json", screens.live_json, name="manage-round-live"),
    path(M + "elimination/cut/", cut.cut, name="manage-cut"),
    path(M + "elimination/advance/", rounds.advance, name="manage-advance"),
    path(M + "export/standings.csv", console.export_standings, name="manage-export-standings"),
    path(M + "export/round-<int:number>.csv", console.export_round, name="manage-export-round"),
    path(M + "export/event.json", console.export_json, name="manage-export-json"),
    path(M + "audit/", audit.audit, name="manage-audit"),
    path("me/<str:token>/check-in/", entrants.self_check_in, name="self-check-in"),
]
