"""The rules engine: pure-Python rules of every game system the platform runs.

Plain data in, plain data out; nothing here imports Django or another app of the project, and
the package is no Django app (the live games' websocket consumer is ``matches.consumers``).
The public interface is ``engine.api`` (see its docstring and docs/engine.md); errors are in
``engine.errors``. Importing this package does no work and needs no Django settings.
"""
