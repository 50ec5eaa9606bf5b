"""API endpoints of the accounts: sign in for a token, and manage one's own tokens.

A token is made by a signed-in session or by the password exchange, never by a token
(docs/api.md has the rules).
"""

from allauth.mfa.utils import is_mfa_enabled
from django.contrib.auth import authenticate
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import exceptions, serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import tokens
from accounts.models import ApiToken
from common.api.serializers import StrictSerializer
from common.rate_limits import rate_limited

SIGN_IN_TOKEN_NAME = "API sign-in"


class TokenSerializer(serializers.ModelSerializer):
    """A token as its owner sees it in a list: never its secret."""

    state = serializers.CharField(read_only=True)

    class Meta:
        model = ApiToken
        fields = ["id", "name", "prefix", "created_at", "expires_at", "last_used_at", "revoked_at",
                  "state"]  # fmt: skip
        read_only_fields = fields


class NewTokenSerializer(StrictSerializer):
    name = serializers.CharField(max_length=tokens.MAX_NAME_LENGTH)
    days = serializers.IntegerField(
        min_value=tokens.MIN_DAYS, max_value=tokens.MAX_DAYS, default=tokens.DEFAULT_DAYS
    )


class SignInSerializer(StrictSerializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=4096, trim_whitespace=False)


def issued_body(issued: tokens.IssuedToken) -> dict:
    return {**TokenSerializer(issued.token).data, "token": issued.key}


ISSUED = inline_serializer(
    "IssuedToken",
    {"token": serializers.CharField(help_text=_("The secret: shown this once, never again."))},
)


@rate_limited("login")
class SignInForTokenView(APIView):
    """``POST /api/v1/auth/token/``: username (or e-mail) and password give a 30-day token."""

    authentication_classes: list = []
    permission_classes: list = []

    @extend_schema(request=SignInSerializer, responses={200: ISSUED})
    def post(self, request):
        data = SignInSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        user = authenticate(
            request,
            username=data.validated_data["username"],
            password=data.validated_data["password"],
        )
        if user is None:
            raise serializers.ValidationError(
                {"non_field_errors": [_("Unable to sign in with those credentials.")]}
            )
        if is_mfa_enabled(user):
            raise serializers.ValidationError(
                {
                    "non_field_errors": [
                        _(
                            "This account has a second factor: make a token on the "
                            "API tokens page (/accounts/tokens/) instead."
                        )
                    ]
                }  # fmt: skip
            )
        try:
            issued = tokens.issue(user, SIGN_IN_TOKEN_NAME, tokens.DEFAULT_DAYS)
        except tokens.TokenError as error:
            raise serializers.ValidationError({error.field: [error.message]}) from error
        return Response(issued_body(issued))


@rate_limited("accounts")
class TokenListView(APIView):
    """``GET``: my tokens (never a secret); ``POST {name, days}``: a new one, shown once."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses=TokenSerializer(many=True))
    def get(self, request):
        rows = ApiToken.objects.filter(user=request.user)[:200]
        return Response(TokenSerializer(rows, many=True).data)

    @extend_schema(request=NewTokenSerializer, responses={201: ISSUED})
    def post(self, request):
        if isinstance(request.auth, ApiToken):
            raise exceptions.PermissionDenied(
                _(
                    "A token cannot make tokens: make one on the API tokens page "
                    "(/accounts/tokens/) while signed in, or exchange your password at "
                    "/api/v1/auth/token/."
                )
            )
        data = NewTokenSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            issued = tokens.issue(request.user, data.validated_data["name"],
                                  data.validated_data["days"])  # fmt: skip
        except tokens.TokenError as error:
            raise serializers.ValidationError({error.field: [error.message]}) from error
        return Response(issued_body(issued), status=status.HTTP_201_CREATED)


class TokenRevokeAllView(APIView):
    """``POST /api/v1/tokens/revoke-all/``: revoke every token of mine (a token may ask it too)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={
            200: inline_serializer("RevokedTokens", {"revoked": serializers.IntegerField()})
        },
    )
    def post(self, request):
        return Response({"revoked": tokens.revoke_all(request.user)})


class TokenRevokeView(APIView):
    """``DELETE /api/v1/tokens/<id>/``: revoke one of my tokens (it stops working at once)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={204: None})
    def delete(self, request, token_id: int):
        try:
            tokens.revoke(request.user, token_id)
        except tokens.TokenError as error:
            return Response({"detail": error.message}, status=status.HTTP_404_NOT_FOUND)
        return Response(status=status.HTTP_204_NO_CONTENT)
