"""The pairing methods, one module each (a module-level ``METHOD``); ``registry.py`` finds
them. Modules whose name starts with an underscore are helpers and are not registered."""
