"""Page routes of the accounts app (allauth's own pages are under /accounts/ too)."""

from django.urls import path

from accounts.views import dashboard, player, tokens

app_name = "accounts"

urlpatterns = [
    path("dashboard/", dashboard.dashboard, name="dashboard"),
    path("accounts/tokens/", tokens.token_list, name="tokens"),
    path("accounts/tokens/<int:token_id>/revoke/", tokens.token_revoke, name="token-revoke"),
    path("accounts/tokens/revoke-all/", tokens.token_revoke_all, name="token-revoke-all"),
    path("accounts/history/", player.history, name="history"),
    path("accounts/history/claim-by-email/", player.claim_by_email, name="claim-by-email"),
    path("accounts/history/privacy/", player.privacy, name="privacy"),
    path("accounts/history/<int:entrant_id>/new-link/", player.new_link, name="new-link"),
    path("accounts/data/", player.download_data, name="data"),
    path("accounts/delete/", player.delete_account, name="delete"),
    path("players/<int:player_id>/", player.public_player, name="player"),
]
