"""Pure pairing algorithms (no Django): free-for-all pods and alliance games.

Public API:
    pair_pods(sides, PairingOptions) -> Pairing
    pair_alliances(teams, AllianceOptions) -> Pairing
    pod_sizes(n, preferred) -> list[int]
    best_size_order(points_desc, sizes) -> (spread bound, size order)
    deal_flowers(players_per_side, seed, table) -> each side's starting flowers
    seeded_pods(order, strengths, sizes, seeding, rng) -> pods seeded by rating
    all_methods() / get_method(key) / method_keys() -> the registered pairing methods
"""

from tournament.logic.pairing.alliances import pair_alliances
from tournament.logic.pairing.flowers import deal_flowers, flower_list
from tournament.logic.pairing.method import OptionSpec, PairingMethod
from tournament.logic.pairing.pods import pair_pods
from tournament.logic.pairing.registry import DEFAULT_METHOD, all_methods, get_method, method_keys
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
    "DEFAULT_METHOD",
    "FLOWERS",
    "OptionSpec",
    "PairingMethod",
    "all_methods",
    "get_method",
    "method_keys",
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
