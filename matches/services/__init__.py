"""Result services: record versions, accept them, and keep the seats' outcome in step."""
