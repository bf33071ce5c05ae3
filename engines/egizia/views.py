"""Egizia views: JSON data for drawing the board image and the player tableaux.

``public_view(state)`` holds no secret (no Sphinx card identities, no deck order, no
hidden tomb values). ``private_view(state, seat)`` is the public view plus a ``"private"``
key for that seat. Every seat number below is an int seat (0 … n-1).

Format of ``public_view`` (all keys always present unless noted)::

    {
      "game": "egizia",
      "data_profile": "reconstructed_v1",
      "options": {name: value, ...},              # the game options (RULES §19)
      "players": 4,                               # player count
      "round": 1..5,                              # current round (5 after the end)
      "phase": "setup" | "sail" | "leftover" | "feed" | "build" | "prefinal" | "over",
      "pending": {"kind": "D-05", "seats": [2]} | None,   # who must act now
      "turn_order": [seat, ...],                  # by turn-order tile 1..N
      "ring": "left" | "middle" | "right",       # water ring position
      "ring_positions": ["left", "middle", "right"],
      "irrigated": ["green", "yellow_green"],     # colours watered now
      "nile_decks": {"1/2": 12, "3/4": 22, "5": 12},   # cards left face down
      "sphinx_deck": 25,                          # cards in the Sphinx deck
      "river": [                                  # 20 entries, index 1 (source) .. 20 (mouth)
        {"index": 1, "kind": "card", "card": {"id": "N05", "name": "yellow-green field 5",
                                             "type": "permanent", "value": 5} | None,
         "ships": [seat, ...]},
        {"index": 2, "kind": "round", "id": "edfu", "name": "Edfu", "ships": [seat, ...]},
                                                  # ships in arrival order (2 only with N42)
        {"index": 4, "kind": "site", "id": "sphinx", "name": "Sphinx"},   # see "sites"
        ...
      ],
      "sites": {                                  # keyed by site id, in build order
        "sphinx": {"index": 4, "name": "Sphinx", "build_order": 1,
                   "slots": [seat | None, ...],    # slot 1 first (nearest the Nile); 2 or 3
                   "substitutes": [seat, ...],     # ships beside the site, first in line first
                   "extra": seat | None,           # the N37 extra position
                   "done": [seat, ...]},           # seats that had their building turn (phase 5)
        "obelisk_tombs": {...}, "pyramid_temple": {...}
      },
      "obelisk": {"rows": [{"row": 1, "value": 1, "fields": [seat | None, seat | None]}, ...]},
                                                  # row 1 at the bottom; 9 rows
      "pyramid": {"rows": [{"row": 1, "value": 1, "fields": [seat | None] * 6}, ...]},
                                                  # row 1 at the bottom, fields left to right
      "temple": {"fields": [{"id": "L1", "group": "left_pillar", "value": 1,
                             "owner": seat | None}, ...]},   # L1-L4, R1-R4, C1, C2, T1, T2
      "tombs": {"spaces": [{"space": 1, "state": "taken" | "face_up" | "face_down",
                            "value": int | None,   # None while face down
                            "owner": seat | None}, ...]},  # 12 spaces, space 1 at the Nile
      "score_track": {
        "spaces": [{"score": 15, "players": [front_seat, ..., back_seat]}, ...],  # occupied
                                                  # spaces high to low; front = arrived first
        "order": [seat, ...],                     # score order (leader first, front first)
        "scarab_every": 50
      },
      "tracks": {"stone_sale": {"fields": 5, "markers": [[seat, ...], ...]},   # per field 0..4
                 "grain_market": {"fields": 5, "penalties": [3, 2, 2, 1, 1],
                                  "markers": [[seat, ...], ...]}},
      "tableaux": [                               # one per seat, index = seat
        {"seat": 0, "tile": 3, "score": 12, "scarabs": 0, "stones": 7,
         "stone_sale": 1, "grain_market": 0, "ships": 5,      # ships in supply
         "passed": False,                         # passed this sailing phase
         "builders": [{"id": "black", "strength": 2, "max": 9, "used": False}, ...],
         "fields": [{"id": "start" | "N05", "name": ..., "color": "yellow_green",
                     "effective_color": "green", "grain": 5, "watered": True,
                     "improvers": ["N20"]}, ...],
         "quarries": [{"id": "start" | "N09", "stones": 2}, ...],
         "permanents": [{"id": "N41", "name": ..., "used_this_round": False,
                         "attached_to": "N07" | None (improvers only)}, ...],
         "anytime": [{"id": "N13", "name": ...}, ...],  # Nile anytime cards held (public)
         "in_force": [{"id": "N38", "name": ...}],       # N38 played this round
         "tomb_tiles": [4, 6],                     # values of the tomb tiles taken
         "sphinx_count": 2,                        # number of Sphinx cards held (not which)
         "cooperated": ["sphinx"]}, ...            # sites where the player spent stones this round
      ],
      "final": None | {"scores": [...], "winners": [...], "lines": [[seat, "stone_sale", 4], ...],
                       "sphinx_revealed": {"0": ["S12", ...]}}   # public only once over
    }

``private_view(state, seat)`` = public view + ``"private": {"seat": seat, "sphinx": [{"id",
"name", "scope"}], "drawing": [{"id", "name"}] (cards seen in a Sphinx draw being decided),
"anytime": [...], "playable_now": [actions of "play <card>" style free options]}``.
"""
from __future__ import annotations
