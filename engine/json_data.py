"""The type of the JSON objects the engine takes and gives (reports, options, live states).

Their values are checked at run time, field by field (``engine.fields``), so their static type
is what JSON allows: any value under a text key.
"""

from __future__ import annotations

from typing import Any, TypeAlias

JsonObject: TypeAlias = dict[str, Any]
