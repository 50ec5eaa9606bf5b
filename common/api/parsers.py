"""The API's JSON parser (``REST_FRAMEWORK["DEFAULT_PARSER_CLASSES"]``); it imports no view, so the
settings can name it while DRF builds its views."""

from rest_framework import exceptions
from rest_framework.parsers import JSONParser

from common.safe_json import json_problem, too_deep


class CheckedJSONParser(JSONParser):
    """DRF's JSON parser that refuses deep nesting and text no database row can keep (400)."""

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise exceptions.ParseError(too_deep()) from None
        problem = json_problem(data)
        if problem:
            raise exceptions.ParseError(problem)
        return data
