"""The deploy files hold together without a container runtime: compose.yaml and the Kubernetes
manifests parse, run only roles the entrypoint knows and name only documented variables, every
long-running service has a health check, the image runs as a non-root user with a HEALTHCHECK,
and the systemd units pass ``systemd-analyze verify``."""

import re
import shutil
import subprocess
from configparser import ConfigParser

import pytest
import yaml

from tests.deploy.deploy_files import (
    DEPLOY,
    ENV_EXAMPLE,
    NAME,
    ROOT,
    documented_names,
    entrypoint_roles,
    env_file_names,
    table_variables,
)

COMPOSE = ROOT / "compose.yaml"
K8S = DEPLOY / "k8s"
SYSTEMD = DEPLOY / "systemd"
IMAGE_ENTRYPOINT = "/app/deploy/entrypoint.sh"
#: rows of the configuration table that are for the tests or the embedded default, never a deploy
NOT_FOR_A_DEPLOY = {
    "SQLITE_PATH",
    "SQLITE_TEST_PATH",
    "TEST_TASK_PAUSE_SECONDS",
    "TEST_TASK_PAUSE_MARKER",
    "WEB_PUSH_ALLOW_LOOPBACK",
    "PYTHON",
    "PROMETHEUS_MULTIPROC_DIR",
}


def compose() -> dict:
    return yaml.safe_load(COMPOSE.read_text())


def project_services(document: dict) -> dict:
    """The compose services that run the project's image (through the entrypoint)."""
    return {name: s for name, s in document["services"].items() if "build" in s}


def interpolated(text: str) -> set[str]:
    """The variables ``text`` interpolates: compose's ``${NAME...}``, Caddy's ``{$NAME}``."""
    return set(re.findall(rf"\$\{{({NAME})", text)) | set(re.findall(rf"\{{\$({NAME})", text))


def manifests() -> list[dict]:
    return [
        document
        for path in sorted(K8S.glob("*.yaml"))
        for document in yaml.safe_load_all(path.read_text())
    ]


def k8s_containers() -> list[dict]:
    """Every container of the manifests' workloads (Deployments, Jobs, CronJobs)."""
    found = []
    for document in manifests():
        spec = document.get("spec", {})
        if document["kind"] == "CronJob":
            spec = spec["jobTemplate"]["spec"]
        if "template" in spec:
            found += spec["template"]["spec"]["containers"]
    return found


def test_compose_runs_the_issue_process_set():
    services = compose()["services"]
    commands = {name: s.get("command") for name, s in project_services(compose()).items()}
    assert sorted(name for name, c in commands.items() if c == ["web"]) == ["web1", "web2"]
    assert ["worker"] in commands.values() and ["migrate"] in commands.values()
    assert {"postgres", "redis", "caddy"} <= set(services)
    roles = entrypoint_roles()
    assert all(command[0] in roles for command in commands.values()), commands
    # web and worker start only once the one-shot migrate step finished
    for name, command in commands.items():
        if command in (["web"], ["worker"]):
            needs = services[name]["depends_on"]["migrate"]
            assert needs == {"condition": "service_completed_successfully"}, name


def test_every_compose_service_has_a_health_check_or_is_a_one_shot():
    services = compose()["services"]
    awaited = {
        needed
        for s in services.values()
        if isinstance(s.get("depends_on"), dict)
        for needed, how in s["depends_on"].items()
        if how["condition"] == "service_completed_successfully"
    }
    for name, service in services.items():
        check = service.get("healthcheck", {})
        if check.get("disable"):
            assert name in awaited and service["restart"] == "no", name
        else:
            assert check["test"][0] in ("CMD", "CMD-SHELL"), name


def test_compose_volumes_are_named_and_declared():
    document = compose()
    declared = set(document["volumes"])
    used = {
        mount.split(":")[0]
        for s in document["services"].values()
        for mount in s.get("volumes", [])
        if not mount.startswith(".")
    }
    assert used == declared
    assert {"db-data", "redis-data", "caddy-data", "backups"} <= declared


def test_compose_and_caddy_name_only_documented_variables():
    documented = documented_names() | env_file_names(ENV_EXAMPLE)
    names = interpolated(COMPOSE.read_text()) | interpolated((DEPLOY / "Caddyfile").read_text())
    for service in project_services(compose()).values():
        names |= set(service.get("environment", {}))
    assert names and names <= documented, names - documented


def test_env_example_names_every_deploy_variable_of_the_table():
    in_example, documented = env_file_names(ENV_EXAMPLE), documented_names()
    assert in_example <= documented, f"not in docs/configuration.md: {in_example - documented}"
    set_by_the_files = set()
    for service in project_services(compose()).values():
        set_by_the_files |= set(service.get("environment", {}))
    dockerfile = (ROOT / "Dockerfile").read_text()
    set_by_the_files |= set(re.findall(rf"\b({NAME})=", dockerfile.split("AS builder")[-1]))
    missing = table_variables() - in_example - set_by_the_files - NOT_FOR_A_DEPLOY
    assert not missing, f"in the table but not in .env.example: {missing}"


def dockerfile_stages() -> list[list[str]]:
    """The Dockerfile's instructions (continuation lines joined), one list per stage."""
    text = re.sub(r"\\\n\s*", " ", (ROOT / "Dockerfile").read_text())
    stages: list[list[str]] = []
    for line in text.splitlines():
        if line.startswith("FROM "):
            stages.append([])
        if line and not line.startswith("#"):
            stages[-1].append(line)
    return stages


def test_the_image_is_multi_stage_non_root_and_checks_its_health():
    builder, runtime = dockerfile_stages()
    assert re.match(r"FROM python:3\.11-slim-(bookworm|trixie) AS builder$", builder[0])
    assert re.match(r"FROM python:3\.11-slim-(bookworm|trixie)$", runtime[0])
    assert any("pip install -r" in line for line in builder)
    assert any("collectstatic" in line for line in builder)
    assert any("compilemessages" in line for line in builder)
    users = [line.split()[1] for line in runtime if line.startswith("USER ")]
    assert users and users[-1] not in ("root", "0")
    # the user is set before the process starts, and the health check runs the entrypoint
    position = {line.split()[0]: n for n, line in enumerate(runtime)}
    assert position["USER"] < position["ENTRYPOINT"]
    assert f'"{IMAGE_ENTRYPOINT}", "healthcheck"' in runtime[position["HEALTHCHECK"]]
    assert f'ENTRYPOINT ["{IMAGE_ENTRYPOINT}"]' in runtime
    ignored = (ROOT / ".dockerignore").read_text().split()
    assert {".git", ".venv", ".env"} <= set(ignored)


def test_k8s_manifests_parse_and_hold_the_issue_pieces():
    documents = manifests()
    kinds = [d["kind"] for d in documents]
    for kind in ("Deployment", "HorizontalPodAutoscaler", "Job", "Service", "Ingress"):
        assert kind in kinds
    assert {"PodDisruptionBudget", "ConfigMap", "Secret", "CronJob"} <= set(kinds)
    deployments = {d["metadata"]["name"]: d for d in documents if d["kind"] == "Deployment"}
    assert set(deployments) == {"eye-web", "eye-worker"}
    (hpa,) = [d for d in documents if d["kind"] == "HorizontalPodAutoscaler"]
    assert hpa["spec"]["scaleTargetRef"]["name"] == "eye-web"
    assert hpa["spec"]["minReplicas"] >= 2
    services = {d["metadata"]["name"] for d in documents if d["kind"] == "Service"}
    (ingress,) = [d for d in documents if d["kind"] == "Ingress"]
    backends = {
        p["backend"]["service"]["name"]
        for r in ingress["spec"]["rules"]
        for p in r["http"]["paths"]
    }
    assert backends <= services
    listed = set(yaml.safe_load((K8S / "kustomization.yaml").read_text())["resources"])
    on_disk = {p.name for p in K8S.glob("*.yaml")} - {"kustomization.yaml", "secret.example.yaml"}
    assert listed == on_disk


def test_k8s_containers_run_entrypoint_roles_with_documented_variables():
    roles, documented = entrypoint_roles(), documented_names()
    names = set()
    for document in manifests():
        if document["kind"] in ("ConfigMap", "Secret"):
            names |= set(document.get("data", {})) | set(document.get("stringData", {}))
    for container in k8s_containers():
        assert container["args"][0] in roles, container["name"]
        names |= {variable["name"] for variable in container.get("env", [])}
    assert names and names <= documented, names - documented
    web = next(c for c in k8s_containers() if c["args"] == ["web"])
    for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
        assert web[probe]["httpGet"]["path"] == "/healthz"


def systemd_units() -> list:
    return sorted(p for p in SYSTEMD.iterdir() if p.suffix in (".service", ".timer", ".target"))


def test_systemd_units_run_the_entrypoint_as_a_dedicated_user():
    roles = entrypoint_roles()
    common = ConfigParser(strict=False, interpolation=None)
    common.read(SYSTEMD / "eye-.service.d" / "common.conf")
    service = common["Service"]
    assert service["User"] == "eye" and service["EnvironmentFile"] == "/etc/eye/eye.env"
    assert service["NoNewPrivileges"] == "yes" and service["ProtectSystem"] == "strict"
    for unit in systemd_units():
        text = unit.read_text()
        for role in re.findall(r"^ExecStart=/srv/eye/deploy/entrypoint\.sh (\S+)", text, re.M):
            assert role in roles, (unit.name, role)
        if unit.suffix == ".service":
            assert unit.name.startswith("eye-") and "ExecStart=/srv/eye/deploy/" in text
    documented = documented_names()
    names = env_file_names(SYSTEMD / "eye.env.example")
    names |= set(re.findall(rf"({NAME})=", (SYSTEMD / "eye-web@.service").read_text()))
    assert names - {"PORT", "WEB_HOST"} and names <= documented, names - documented


@pytest.mark.skipif(not shutil.which("systemd-analyze"), reason="needs systemd-analyze")
def test_systemd_units_verify(tmp_path):
    # the units as installed, with this checkout in place of /srv/eye
    for path in [*systemd_units(), SYSTEMD / "eye-.service.d" / "common.conf"]:
        target = tmp_path / path.relative_to(SYSTEMD)
        target.parent.mkdir(exist_ok=True)
        text = path.read_text().replace("/srv/eye", str(ROOT))
        target.write_text(text.replace("/etc/eye/eye.env", str(SYSTEMD / "eye.env.example")))
    names = [p.name for p in systemd_units() if "@." not in p.name] + ["eye-web@8001.service"]
    done = subprocess.run(
        ["systemd-analyze", "verify", *names],
        cwd=tmp_path,
        env={"SYSTEMD_UNIT_PATH": f"{tmp_path}:", "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and not done.stderr.strip(), done.stderr
