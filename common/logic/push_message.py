"""One Web Push notification as the service worker reads it: title, body, the page it opens,
its topic, and how long a push service keeps it. Pure: the words are written by the app that
sends (``notifications.logic.texts``).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import TypedDict

#: the push services refuse a payload over 4 KB once encrypted; ours is well under
MAX_PAYLOAD_BYTES = 3000
DEFAULT_TTL_SECONDS = 30 * 60


class PushMessageData(TypedDict):
    """A ``PushMessage`` as plain JSON (a task's argument)."""

    title: str
    body: str
    url: str
    tag: str
    ttl: int
    urgency: str


@dataclass(frozen=True)
class PushMessage:
    """One notification: its title and body, the page it opens, and its topic."""

    title: str
    body: str
    url: str
    tag: str
    ttl: int = DEFAULT_TTL_SECONDS
    urgency: str = "high"

    def payload(self) -> str:
        """The JSON the service worker reads (``static/js/sw-push.js``)."""
        text = json.dumps(
            {"title": self.title, "body": self.body, "url": self.url, "tag": self.tag},
            ensure_ascii=False,
        )
        if len(text.encode()) > MAX_PAYLOAD_BYTES:
            raise ValueError("a push payload over 3,000 bytes")
        return text

    def topic(self) -> str:
        """The ``Topic`` header (RFC 8030: at most 32 base64url characters)."""
        return re.sub(r"[^A-Za-z0-9_-]", "-", self.tag)[:32]

    def as_dict(self) -> PushMessageData:
        """The message as a task's JSON argument."""
        return {
            "title": self.title,
            "body": self.body,
            "url": self.url,
            "tag": self.tag,
            "ttl": self.ttl,
            "urgency": self.urgency,
        }

    @classmethod
    def from_dict(cls, data: PushMessageData) -> PushMessage:
        return cls(**data)
