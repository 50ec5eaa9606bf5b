"""The REST API's settings (Django REST Framework, drf-spectacular): fixed, not from the
environment; ``config.settings`` takes them as they are."""

REST_FRAMEWORK = {
    # Token first, so a request without credentials is told 401 (not 403).
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.authentication.ApiTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "EXCEPTION_HANDLER": "common.api.errors.api_exception_handler",
    "DEFAULT_PARSER_CLASSES": [
        "common.api.parsers.CheckedJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PAGINATION_CLASS": "common.api.pagination.BoundedLimitOffsetPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_FILTER_BACKENDS": [
        "django_filters.rest_framework.DjangoFilterBackend",
        "rest_framework.filters.OrderingFilter",
    ],
    "DEFAULT_SCHEMA_CLASS": "common.api.schema.ErrorDocumentingAutoSchema",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Eye for an Eye tournament platform API",
    "DESCRIPTION": "Events, entrants, rounds, matches, results and standings.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    # Request bodies are documented as JSON only (the CSV import states multipart itself): a
    # generated client offered JSON, form and multipart for one body picks one badly. The views
    # still accept form posts, as the README's curl calls send them.
    "PARSER_WHITELIST": ["rest_framework.parsers.JSONParser"],
    # a registration question's kind and the other "kind" fields get names of their own
    "ENUM_NAME_OVERRIDES": {
        "QuestionKindEnum": "registrations.models.questions.QuestionKindChoices",
        "WebhookKindEnum": "notifications.models.webhooks.WebhookKind",
        "PenaltyKindEnum": "tournament.models.penalties.PenaltyKind",
    },
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "common.api.schema_fixes.defaults_beside_one_of",
    ],
    # Swagger UI from the site's own static files: no CDN (a venue may have no internet) and no
    # exception to the content security policy
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
}
