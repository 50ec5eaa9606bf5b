"""Helpers of the operations tests: scraping /metrics and reading one sample from it."""

import pytest
from django.test import Client
from prometheus_client.parser import text_string_to_metric_families

from tests.realtime.conftest import redis_url  # noqa: F401 - fixture

TOKEN = "t" * 40


@pytest.fixture
def metrics_token(settings):
    """``/metrics`` switched on with a known token for the test."""
    settings.METRICS_TOKEN = TOKEN
    return TOKEN


def scrape() -> dict:
    """Every sample ``/metrics`` shows: {(sample name, sorted labels): value}."""
    response = Client().get("/metrics", HTTP_AUTHORIZATION=f"Bearer {TOKEN}")
    assert response.status_code == 200, response.status_code
    assert response["Content-Type"].startswith("text/plain")
    samples = {}
    for family in text_string_to_metric_families(response.content.decode()):
        for sample in family.samples:
            samples[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return samples


def sample(samples: dict, name: str, **labels) -> float:
    """One sample's value (0 when the series has not been seen yet)."""
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)
