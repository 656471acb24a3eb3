"""docker/ cannot be built here (no Docker engine): check what can be checked.

The files parse; every path the Dockerfile copies exists; the commands the image and
the compose services run exist in what the image installs.
"""

import importlib.util
import json
import shlex
import tomllib
from pathlib import Path

import yaml

from workers.settings import env_name, env_names

ROOT = Path(__file__).resolve().parent.parent
DOCKERFILE = ROOT / "docker" / "Dockerfile"
COMPOSE = ROOT / "docker" / "compose.yaml"
KNOWN = {"FROM", "ENV", "WORKDIR", "COPY", "RUN", "USER", "EXPOSE", "CMD", "ARG", "LABEL",
         "ENTRYPOINT", "HEALTHCHECK"}


def instructions() -> list[tuple[str, str]]:
    lines, current = [], ""
    for raw in DOCKERFILE.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        current = f"{current} {line.rstrip(chr(92))}" if current else line.rstrip(chr(92))
        if not line.endswith("\\"):
            word, _, rest = current.strip().partition(" ")
            lines.append((word.upper(), rest.strip()))
            current = ""
    return lines


def test_dockerfile_parses_and_copies_what_exists() -> None:
    found = instructions()
    assert found[0][0] == "FROM"
    for word, rest in found:
        assert word in KNOWN, word
        if word == "COPY":
            *sources, _dest = shlex.split(rest)
            for source in sources:
                assert (ROOT / source).exists(), f"COPY {source}: no such path"


def _commands() -> list[list[str]]:
    compose = yaml.safe_load(COMPOSE.read_text())
    commands = [service["command"] for service in compose["services"].values()
                if "command" in service and service.get("image") == "cassino"]
    cmd = next(rest for word, rest in instructions() if word == "CMD")
    return [json.loads(cmd), *commands]


def test_compose_file_parses_and_wires_redis() -> None:
    compose = yaml.safe_load(COMPOSE.read_text())
    services = compose["services"]
    assert set(services) == {"redis", "api", "worker"}
    for name in ("api", "worker"):
        assert services[name]["environment"]["REDIS_URL"].startswith("redis://redis:")
    assert services["worker"]["deploy"]["replicas"] >= 1


def test_the_commands_exist_in_the_image_install() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    dependencies = {d.split(">")[0].split("=")[0].split("[")[0].lower()
                    for d in project["dependencies"]}
    for command in _commands():
        if command[0] == "gunicorn":
            assert "gunicorn" in dependencies
            conf = command[command.index("-c") + 1]
            assert (ROOT / conf).exists()
            module, _, factory = command[-1].partition(":")
            assert factory == "create_app()" and importlib.util.find_spec(module)
        else:
            assert command[:2] == ["python", "-m"], command
            assert importlib.util.find_spec(f"{command[2]}.__main__"), command
            assert command[2] in {"workers"}


def test_every_service_restarts_and_the_api_checks_its_liveness() -> None:
    compose = yaml.safe_load((ROOT / "docker" / "compose.yaml").read_text(encoding="utf-8"))
    for name, service in compose["services"].items():
        assert service.get("restart") == "unless-stopped", name
    probe = " ".join(compose["services"]["api"]["healthcheck"]["test"])
    assert "/health/live" in probe
    from api import create_app

    assert create_app().test_client().get("/health/live").status_code == 200


def test_the_api_reads_requests_whole_before_a_thread_sees_them() -> None:
    """The defence against slow clients is the worker class of api/gunicorn_conf.py
    (tests/api/test_slow_clients.py): the image runs that config, and compose keeps its
    worker class and a read timeout."""
    cmd = json.loads(next(rest for word, rest in instructions() if word == "CMD"))
    assert cmd[cmd.index("-c") + 1] == "api/gunicorn_conf.py"
    api = yaml.safe_load(COMPOSE.read_text())["services"]["api"]
    environment = api.get("environment", {})
    assert not set(env_names("WORKER_CLASS")) & set(environment)
    assert float(environment.get(env_name("READ_TIMEOUT"), "10")) > 0
    assert "command" not in api  # the image's CMD


def test_the_image_builds_the_kernel() -> None:
    """The service in Docker runs the compiled kernel (issue 15): setup.py is copied, gcc is
    there while the project installs in place (the service runs from /app), the build is
    checked, and no extension built outside comes in with the context."""
    found = instructions()
    copied = [shlex.split(rest)[:-1] for word, rest in found if word == "COPY"]
    assert any("setup.py" in sources for sources in copied)
    run = " ".join(rest for word, rest in found if word == "RUN")
    assert "gcc" in run and "pip install -e ." in run and "kernel.available()" in run
    ignored = (ROOT / ".dockerignore").read_text().split()
    assert "**/*.so" in ignored
