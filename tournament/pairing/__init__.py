"""Pure pairing algorithms (no Django): free-for-all pods and alliance games.

Public API:
    pair_pods(sides, PairingOptions) -> Pairing
    pair_alliances(teams, AllianceOptions) -> Pairing
    pod_sizes(n, preferred) -> list[int]
    best_size_order(points_desc, sizes) -> (spread bound, size order)
    deal_flowers(players_per_side, seed, table) -> each side's starting flowers
    seeded_pods(order, strengths, sizes, seeding, rng) -> pods seeded by rating
"""

from .alliances import pair_alliances
from .flowers import deal_flowers, flower_list
from .pods import pair_pods
from .seeding import SEEDINGS, seeded_pods
from .sizes import best_size_order, pod_sizes
from .types import (
    FLOWERS,
    AllianceOptions,
    Pairing,
    PairingError,
    PairingOptions,
    Pod,
    Side,
)

__all__ = [
    "FLOWERS",
    "SEEDINGS",
    "seeded_pods",
    "deal_flowers",
    "flower_list",
    "AllianceOptions",
    "Pairing",
    "PairingError",
    "PairingOptions",
    "Pod",
    "Side",
    "best_size_order",
    "pair_alliances",
    "pair_pods",
    "pod_sizes",
]
