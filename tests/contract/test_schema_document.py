"""Issue 41: the OpenAPI document validates, states one body type per operation, and documents
each operation's error answers as named components a client can parse."""

from openapi_spec_validator import validate

from tests.contract.conformance import api_document

WRITES = {"post", "put", "patch"}


def operations():
    for path, methods in api_document()["paths"].items():
        for method, operation in methods.items():
            if method in {"get", "post", "put", "patch", "delete"}:
                yield path, method, operation


def test_the_document_validates():
    validate(api_document())  # raises, naming the first problem: '' is not a 'email'


def test_request_bodies_are_json_except_the_csv_import():
    media = {
        (method, path): sorted(operation["requestBody"]["content"])
        for path, method, operation in operations()
        if "requestBody" in operation
    }
    upload = ("post", "/api/v1/tournaments/{tournament_slug}/entrants/import/")
    assert media.pop(upload) == ["multipart/form-data"]
    [path, method] = upload[1], upload[0]
    form = api_document()["paths"][path][method]["requestBody"]["content"]["multipart/form-data"]
    name = form["schema"]["$ref"].rsplit("/", 1)[-1]
    file = api_document()["components"]["schemas"][name]["properties"]["file"]
    assert file["format"] == "binary"  # a file's bytes, not a URI
    assert {types[0] for types in media.values()} == {"application/json"}
    assert {len(types) for types in media.values()} == {1}


def error_schema(operation, code):
    return operation["responses"][code]["content"]["application/json"]["schema"]


def refs(schema):
    return {choice.get("$ref", "").rsplit("/", 1)[-1] for choice in schema.get("anyOf", [schema])}


def test_every_operation_documents_its_error_answers():
    for path, method, operation in operations():
        where = f"{method} {path}"
        codes = {"400", "401", "403", "429"}
        codes |= {"404"} if "{" in path else set()
        codes |= {"409"} if method != "get" else set()
        codes |= {"413", "415"} if method in WRITES else set()
        assert codes <= set(operation["responses"]), where
        for code in codes - {"400"}:
            assert refs(error_schema(operation, code)) == {"Detail"}, where
        assert {"FieldErrors", "Detail"} <= refs(error_schema(operation, "400")), where


def test_a_refused_result_is_documented_where_results_are_sent():
    operation = api_document()["paths"]["/api/v1/matches/{match_pk}/results/"]["post"]
    assert "ResultErrors" in refs(error_schema(operation, "400"))
    problem = api_document()["components"]["schemas"]["ResultProblem"]
    assert set(problem["required"]) == {"side", "field", "message"}
    assert problem["properties"]["side"]["nullable"] is True
