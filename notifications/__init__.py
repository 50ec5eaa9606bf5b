"""Web Push notifications: players' and referees' devices hear when a table is up, when a
result waits for them, and of disputes and corrections (docs/notifications.md)."""
