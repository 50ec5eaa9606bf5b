"""Pure pairing algorithms (no Django): free-for-all pods and alliance games.

Public API:
    pair_pods(sides, PairingOptions) -> Pairing
    pair_alliances(teams, AllianceOptions) -> Pairing
    pod_sizes(n, preferred) -> list[int]
    best_size_order(points_desc, sizes) -> (spread bound, size order)
    deal_flowers(players_per_side, seed, table) -> each side's starting flowers
    seeded_pods(order, strengths, sizes, seeding, rng) -> pods seeded by rating
"""

from tournament.logic.pairing.alliances import pair_alliances
from tournament.logic.pairing.flowers import deal_flowers, flower_list
from tournament.logic.pairing.pods import pair_pods
from tournament.logic.pairing.seeding import SEEDINGS, seeded_pods
from tournament.logic.pairing.sizes import best_size_order, pod_sizes
from tournament.logic.pairing.types import (
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
