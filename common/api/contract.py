"""What v1 promises, read off the OpenAPI document (docs/api-versioning.md).

``promises(document)`` flattens the document into lines, each a key and the type it promises:
an operation, a parameter, a field of a named schema (its type, format, nullable), an enum
value. ``broken(snapshot, current)`` names the promises the current document no longer keeps:
a key gone (a path, an operation, a field, a parameter or an enum value removed or renamed) or
a key whose type changed. A new key is an addition, which v1 allows.
"""

METHODS = ("get", "post", "put", "patch", "delete")


def _type_of(schema: dict) -> str:
    """A field's type as one string: a named schema, an array of one, or type/format."""
    if "$ref" in schema:
        return "ref " + schema["$ref"].rsplit("/", 1)[-1]
    for combined in ("allOf", "oneOf", "anyOf"):
        if combined in schema:
            kinds = sorted(_type_of(part) for part in schema[combined])
            name = f"{combined}({', '.join(kinds)})"
            return name + (" nullable" if schema.get("nullable") else "")
    if schema.get("type") == "array":
        return "array of " + _type_of(schema.get("items", {}))
    name = schema.get("type", "any")
    if "format" in schema:
        name += "/" + schema["format"]
    if schema.get("type") == "object" and "additionalProperties" in schema:
        extra = schema["additionalProperties"]
        name += " of " + (_type_of(extra) if isinstance(extra, dict) else str(extra))
    return name + (" nullable" if schema.get("nullable") else "")


def _schema_promises(name: str, schema: dict) -> dict[str, str]:
    lines = {f"schema {name}": _type_of({k: v for k, v in schema.items() if k != "properties"})}
    for value in schema.get("enum", []):
        lines[f"enum {name}: {value}"] = "value"
    for field, spec in schema.get("properties", {}).items():
        lines[f"field {name}.{field}"] = _type_of(spec)
        for value in spec.get("enum", []):
            lines[f"enum {name}.{field}: {value}"] = "value"
    return lines


def promises(document: dict) -> dict[str, str]:
    """Every promise of the document's v1 paths and named schemas, as key -> type."""
    lines: dict[str, str] = {}
    for path, operations in document["paths"].items():
        if not path.startswith("/api/v1/"):
            continue
        for method in METHODS:
            if method not in operations:
                continue
            operation = operations[method]
            lines[f"operation {method.upper()} {path}"] = "operation"
            for parameter in operation.get("parameters", []):
                key = f"parameter {method.upper()} {path} {parameter['in']}:{parameter['name']}"
                lines[key] = _type_of(parameter.get("schema", {}))
            for status, answer in operation.get("responses", {}).items():
                if not status.startswith("2"):
                    continue
                for media, body in answer.get("content", {}).items():
                    key = f"answer {method.upper()} {path} {status} {media}"
                    lines[key] = _type_of(body.get("schema", {}))
    for name, schema in document.get("components", {}).get("schemas", {}).items():
        lines.update(_schema_promises(name, schema))
    return dict(sorted(lines.items()))


def broken(snapshot: dict[str, str], current: dict[str, str]) -> list[str]:
    """The snapshot's promises the current document breaks, one sentence each."""
    problems = []
    for key, kind in snapshot.items():
        if key not in current:
            problems.append(f"removed: {key} ({kind})")
        elif current[key] != kind:
            problems.append(f"changed: {key}: {kind} -> {current[key]}")
    return problems
