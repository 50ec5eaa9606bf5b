"""Page routes of the accounts app (allauth's own pages are under /accounts/ too)."""

from django.urls import path

from accounts.views import dashboard, tokens

app_name = "accounts"

urlpatterns = [
    path("dashboard/", dashboard.dashboard, name="dashboard"),
    path("accounts/tokens/", tokens.token_list, name="tokens"),
    path("accounts/tokens/<int:token_id>/revoke/", tokens.token_revoke, name="token-revoke"),
    path("accounts/tokens/revoke-all/", tokens.token_revoke_all, name="token-revoke-all"),
]
