"""The leagues app's Celery tasks (found by the worker's autodiscovery)."""

from leagues.services.ratings import recompute_ratings_task

__all__ = ["recompute_ratings_task"]
