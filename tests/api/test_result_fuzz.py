"""Random JSON bodies against the result endpoints: refused or accepted, never a 5xx."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.api.conftest import entrant_client, user_client
from tests.hypothesis_profiles import examples

pytestmark = pytest.mark.django_db

FIELDS = [
    "side",
    "victory_cup_tokens",
    "guard_tokens",
    "survivors",
    "health_left",
    "characters",
    "ended_by",
    "sides",
    "report",
    "reason",
]

scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20)
    | st.sampled_from(["time", "last_side_standing", "Grublic", "Echo", ""])
)
json_values = st.recursive(
    scalars,
    lambda children: (
        st.lists(children, max_size=5)
        | st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=8), children, max_size=5)
    ),
    max_leaves=25,
)


def side_entry(side_ids):
    return st.fixed_dictionaries(
        {"side": st.sampled_from(side_ids) | scalars},
        optional=dict.fromkeys(FIELDS[1:6], json_values),
    )


def reports(side_ids):
    """Reports that look almost right: real side ids, known fields, random values."""
    return st.fixed_dictionaries(
        {"sides": st.lists(side_entry(side_ids), max_size=6) | json_values},
        optional={"ended_by": json_values, "extra": json_values},
    )


def bodies(side_ids):
    return (
        json_values
        | st.fixed_dictionaries({"report": json_values})
        | st.fixed_dictionaries({"report": reports(side_ids)})
        | st.fixed_dictionaries(
            {"report": reports(side_ids)}, optional={"reason": json_values, "x": json_values}
        )
    )


FUZZ = settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@FUZZ
@given(data=st.data())
def test_result_endpoints_never_fail_with_5xx(event, data):
    side_ids = [str(s.entrant_id) for s in event.match.seats.all()]
    body = data.draw(bodies(side_ids))
    who = data.draw(st.sampled_from(["referee", "player", "other"]))
    client = {
        "referee": lambda: user_client(event.referee),
        "player": lambda: entrant_client(event.players[0]),
        "other": lambda: entrant_client(event.players[1]),
    }[who]()
    tail = data.draw(st.sampled_from(["", "correct/", "1/confirm/", "1/dispute/"]))
    url = f"/api/v1/matches/{event.match.pk}/results/{tail}"
    response = client.post(url, json.dumps(body), content_type="application/json")
    assert response.status_code < 500, (body, response.content[:300])
    assert response.status_code in (200, 201, 400, 403, 404, 409)


@FUZZ
@given(raw=st.binary(max_size=200) | st.text(max_size=200).map(str.encode))
def test_raw_bytes_never_fail_with_5xx(event, raw):
    client = user_client(event.referee)
    url = f"/api/v1/matches/{event.match.pk}/results/"
    response = client.post(url, raw, content_type="application/json")
    assert response.status_code < 500
