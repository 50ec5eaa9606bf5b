"""A pytest plugin for tests/foundation/test_database_tests_only.py: prints each deselected
test's id after ``DESELECTED ``, so one ``--collect-only`` run tells both sets apart."""


def pytest_deselected(items):
    for item in items:
        print(f"DESELECTED {item.nodeid}")
