"""Bad input never breaks the server: Schemathesis fuzzes the HTTP API from its OpenAPI schema.

Every operation gets generated (valid and invalid) requests, signed in as a guest; no answer may
be a server error (5xx). The WebSocket side is covered by the bad-frame checks in
test_server_moves.py.
"""

from __future__ import annotations

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance, status_code_conformance
from server_helpers import Server


@pytest.fixture(scope="module")
def fuzz_server(tmp_path_factory):  # noqa: ANN001, ANN201
    srv = Server(f"sqlite:///{tmp_path_factory.mktemp('fuzz') / 'g.db'}").start()
    guest = httpx.post(f"{srv.base}/api/guests", json={"name": "Fuzz"}, timeout=30).json()
    table = httpx.post(f"{srv.base}/api/tables", json={"game": "gambit", "options": {"players": 2}},
                       headers={"Authorization": f"Bearer {guest['token']}"}, timeout=30).json()
    srv.token = guest["token"]
    srv.table = table["id"]
    yield srv
    srv.kill()


def test_no_request_makes_the_server_fail(fuzz_server: Server) -> None:
    schema = schemathesis.openapi.from_url(f"{fuzz_server.base}/openapi.json")
    auth = {"Authorization": f"Bearer {fuzz_server.token}"}
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 10
    failures: list[str] = []
    for operation in operations:

        @settings(max_examples=25, deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))
        @given(case=operation.as_strategy())
        def run(case) -> None:  # noqa: ANN001
            case.headers = {**(case.headers or {}), **auth}
            response = case.call(timeout=30)
            if response.status_code >= 500:
                failures.append(f"{case.method} {case.formatted_path}: {response.status_code} "
                                f"{response.text[:200]}")
            case.validate_response(response, checks=[not_a_server_error, status_code_conformance, response_schema_conformance])

        run()
    assert not failures, failures
