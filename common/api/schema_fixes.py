"""Fixes to the OpenAPI document drf-spectacular writes (``SPECTACULAR_SETTINGS`` hooks).

``defaults_beside_one_of``: a blank-allowed field with a default (an optional e-mail address,
``default=""``) comes out as ``oneOf: [{format: email, default: ""}, {maxLength: 0}]``, and
``""`` is not an e-mail address, so validators refuse the whole document. The default belongs
to the field, beside the choices, where ``""`` matches the blank choice.
"""

CHOICES = ("oneOf", "anyOf")


def defaults_beside_one_of(result, generator, request, public):
    """Move each default out of a field's ``oneOf``/``anyOf`` choices onto the field itself."""
    lift_defaults(result)
    return result


def lift_defaults(node) -> None:
    if isinstance(node, list):
        for item in node:
            lift_defaults(item)
        return
    if not isinstance(node, dict):
        return
    for key in CHOICES:
        for choice in node.get(key, ()):
            if isinstance(choice, dict) and "default" in choice:
                node.setdefault("default", choice.pop("default"))
    for value in node.values():
        lift_defaults(value)
