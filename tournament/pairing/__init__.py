"""Pure pairing algorithms (no Django): free-for-all pods and alliance games.

Public API:
    pair_pods(sides, PairingOptions) -> Pairing
    pair_alliances(teams, AllianceOptions) -> Pairing
    pod_sizes(n, preferred) -> list[int]
    best_size_order(points_desc, sizes) -> (spread bound, size order)
    deal_flowers(players_per_side, seed, table) -> each side's starting flowers
    seeded_pods(order, strengths, sizes, seeding, rng) -> pods seeded by rating
"""

from tournament.pairing.alliances import pair_alliances
from tournament.pairing.flowers import deal_flowers, flower_list
from tournament.pairing.pods import pair_pods
from tournament.pairing.seeding import SEEDINGS, seeded_pods
from tournament.pairing.sizes import best_size_order, pod_sizes
from tournament.pairing.types import (
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
