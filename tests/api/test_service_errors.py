"""Issue 16: every service's refusal shares one base (``common.errors.ServiceError``), and the
API answers any of them with 409 and the service's own sentence."""

import importlib
import inspect
import pkgutil

import pytest

import matches.services
import registrations.services
import tournament.services
from common.api.errors import api_exception_handler
from common.errors import ServiceError

SERVICE_PACKAGES = (matches.services, tournament.services, registrations.services)


def service_error_classes() -> list[type]:
    found = []
    for package in SERVICE_PACKAGES:
        for info in pkgutil.iter_modules(package.__path__):
            module = importlib.import_module(f"{package.__name__}.{info.name}")
            for _, cls in inspect.getmembers(module, inspect.isclass):
                if cls.__module__ == module.__name__ and cls.__name__.endswith("Error"):
                    found.append(cls)
    return found


def test_every_service_error_is_a_service_error():
    classes = service_error_classes()
    assert len(classes) >= 8  # results, live games, registration, rounds, clock, staff, ...
    assert [c.__name__ for c in classes if not issubclass(c, ServiceError)] == []


@pytest.mark.parametrize("cls", service_error_classes(), ids=lambda c: c.__name__)
def test_the_api_answers_each_with_409(cls):
    response = api_exception_handler(cls("round 3 is closed"), {})
    assert response.status_code == 409
    assert response.data == {"detail": "round 3 is closed"}
