"""Game systems: one module per system, each defining a module-level ``SYSTEM``.

Modules whose names start with an underscore are helpers shared by a system's modules and are
not registered (see ``engine.registry``).
"""
