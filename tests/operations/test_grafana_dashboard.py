"""The Grafana dashboard in deploy/grafana/ queries only metrics the code declares."""

import json
import re
from pathlib import Path

from prometheus_client.metrics import MetricWrapperBase

from common import metrics

DASHBOARD = Path(__file__).resolve().parents[2] / "deploy" / "grafana" / "eye-tournaments.json"


def declared_samples() -> set[str]:
    names = set()
    suffixes = {"counter": ["_total"], "histogram": ["_bucket", "_count", "_sum"]}
    for metric in vars(metrics).values():
        if isinstance(metric, MetricWrapperBase):
            for family in metric.describe():
                names.update(family.name + s for s in suffixes.get(family.type, [""]))
    return names


def test_every_panel_queries_a_declared_metric_and_every_metric_has_a_panel():
    dashboard = json.loads(DASHBOARD.read_text())
    queried = set()
    for panel in dashboard["panels"]:
        for target in panel["targets"]:
            queried.update(re.findall(r"\beye_[a-z_]+", target["expr"]))
    declared = declared_samples()
    assert queried <= declared, queried - declared
    families = {re.sub(r"_(total|bucket|count|sum)$", "", name) for name in queried}
    assert families == {re.sub(r"_(total|bucket|count|sum)$", "", n) for n in declared}
