"""The whole API fuzzed against its own OpenAPI schema: random input is refused, never a 5xx.

The operations are read from ``/api/schema/`` (every path and method). For each example,
hypothesis picks an operation, a caller (anonymous, a player's private link, a referee, the
organiser), path parameters (real ids and slugs, nonsense, huge numbers), query parameters
(the declared ones plus strays) and a body (the declared fields with random JSON values, or
random JSON, or bytes that are not JSON). The answer must be below 500, and an answer of an
address the API routes must be one the operation documents, its body matching the schema
(``tests/contract/conformance.py``).
"""

import json
import re
from functools import cache

import pytest
import yaml
from django.urls import Resolver404, resolve
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from tests.api.conftest import entrant_client, user_client
from tests.contract.conformance import check_answer
from tests.hypothesis_profiles import examples

pytestmark = pytest.mark.django_db

EXAMPLES = 400

scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**64), max_value=2**64)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30)
    | st.sampled_from(["", "0", "-1", "draft", "published", "every_eye", "a" * 300, "\x00", "😀"])
)
json_values = st.recursive(
    scalars,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4)
    ),
    max_leaves=15,
)


@cache
def operations():
    """(method, path template, parameters, body field names) for every operation of the schema
    (read once per test process: the document does not change within one)."""
    client = APIClient()
    response = client.get("/api/schema/")
    assert response.status_code == 200
    # libyaml's parser: the pure-Python one took some 8 s of CPU for this document
    schema = yaml.load(response.content, Loader=yaml.CSafeLoader)
    components = schema.get("components", {}).get("schemas", {})
    found = []
    for path, methods in schema["paths"].items():
        for method, operation in methods.items():
            if method not in {"get", "post", "put", "patch", "delete"}:
                continue
            params = operation.get("parameters", [])
            fields = set()
            content = (operation.get("requestBody") or {}).get("content", {})
            for media in content.values():
                ref = media.get("schema", {}).get("$ref", "")
                fields |= set(components.get(ref.rsplit("/", 1)[-1], {}).get("properties", {}))
            found.append((method, path, params, sorted(fields)))
    return found


def path_values(event):
    return {
        "tournament_slug": st.sampled_from([event.tournament.slug, "other-cup", "nope", "x" * 80]),
        "slug": st.sampled_from([event.tournament.slug, "other-cup", "nope"]),
        "id": st.sampled_from(
            [event.match.pk, event.players[0].pk, event.round.pk, 0, 999999, 2**62]
        )
        | st.integers(min_value=0, max_value=2**63),
        "match_pk": st.sampled_from([event.match.pk, event.other_match.pk, 999999, 2**62]),
        "number": st.integers(min_value=0, max_value=2**40) | st.sampled_from([1, 2]),
        "pk": st.integers(min_value=0, max_value=2**40),
    }


def fill_path(template, draw, values):
    def one(match):
        name = match.group(1)
        strategy = values.get(name, st.integers(min_value=0, max_value=10**6))
        return str(draw(strategy | st.sampled_from(["abc", "-1", "%00", "1.5"])))

    return re.sub(r"\{([^}]+)\}", one, template)


ROLES = ["anonymous", "player", "referee", "organiser", "badtoken"]


def client_for(role, event) -> APIClient:
    return {
        "anonymous": APIClient,
        "player": lambda: entrant_client(event.players[0]),
        "referee": lambda: user_client(event.referee),
        "organiser": lambda: user_client(event.organiser),
        "badtoken": lambda: APIClient(HTTP_AUTHORIZATION="Token nonsense"),
    }[role]()


def real_values(event) -> dict:
    """One existing value per path parameter, so the sweep reaches each operation's view."""
    slug = event.tournament.slug
    return {
        "tournament_slug": slug,
        "slug": slug,
        "event": slug,
        "id": event.match.pk,
        "match_pk": event.match.pk,
        "number": 1,
        "player_id": event.players[0].player_id,
        "system": event.tournament.game_system,
    }


def test_every_operation_answers_every_caller_as_documented(event):
    """Each operation once per caller, with real addresses and an empty JSON body."""
    values = real_values(event)
    for method, template, _params, _fields in operations():
        path = re.sub(r"\{([^}]+)\}", lambda m: str(values.get(m.group(1), 1)), template)
        body = {"data": "{}", "content_type": "application/json"} if method != "get" else {}
        for role in ROLES:
            response = client_for(role, event).generic(method.upper(), path, **body)
            assert response.status_code < 500, (role, method, path, response.content[:500])
            check_answer(response)


def test_the_schema_lists_the_api(event):
    ops = operations()
    paths = {path for _, path, _, _ in ops}
    assert "/api/v1/matches/{match_pk}/results/" in paths
    assert "/api/v1/tournaments/{tournament_slug}/entrants/import/" in paths
    assert len(ops) >= 25


@settings(
    max_examples=examples(EXAMPLES),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    derandomize=True,
)
@given(data=st.data())
def test_no_operation_answers_5xx_to_random_input(event, data):
    method, template, params, fields = data.draw(st.sampled_from(operations()), label="operation")
    client = client_for(data.draw(st.sampled_from(ROLES)), event)
    path = fill_path(template, data.draw, path_values(event))
    query = {}
    for param in params:
        if param.get("in") == "query" and data.draw(st.booleans()):
            query[param["name"]] = data.draw(st.text(max_size=20) | st.sampled_from(["1", "-1"]))
    query.update(
        data.draw(
            st.dictionaries(
                st.sampled_from(["token", "x", "limit"]), st.text(max_size=10), max_size=2
            )
        )
    )
    kind = data.draw(st.sampled_from(["fields", "json", "garbage", "none"]))
    kwargs = {}
    if method in {"post", "put", "patch"}:
        if kind == "fields":
            body = data.draw(st.fixed_dictionaries({}, optional=dict.fromkeys(fields, json_values)))
            kwargs = {"data": json.dumps(body), "content_type": "application/json"}
        elif kind == "json":
            kwargs = {
                "data": json.dumps(data.draw(json_values)),
                "content_type": "application/json",
            }
        elif kind == "garbage":
            raw = data.draw(st.binary(max_size=200))
            kwargs = {
                "data": raw,
                "content_type": data.draw(
                    st.sampled_from(
                        [
                            "application/json",
                            "multipart/form-data; boundary=x",
                            "text/csv",
                            "application/x-www-form-urlencoded",
                        ]
                    )
                ),
            }
    if query:
        path += "?" + "&".join(
            f"{k}={v}" for k, v in query.items() if "&" not in k + v and "#" not in k + v
        )
    response = client.generic(method.upper(), path, **kwargs)
    assert response.status_code < 500, (method, path, kwargs, response.content[:500])
    if routed(response.wsgi_request.path):
        check_answer(response)


def routed(path: str) -> bool:
    """Whether the API routes this address to a view (a non-number where the route takes a
    number is Django's plain 404 page, outside the API's document)."""
    try:
        resolve(path)
    except Resolver404:
        return False
    return True
