"""Shared helpers for the Alhambra tests."""
from __future__ import annotations

import pytest

from engines.alhambra import GAME
from engines.core import IllegalAction


def options(state, seat=None):
    return [o.action for p in GAME.prompts(state) for o in p.options if seat is None or p.seat == seat]


def kinds(state):
    return [p.kind for p in GAME.prompts(state)]


def play(state, seat, *actions):
    events = []
    for a in actions:
        out = GAME.apply(state, seat, a)
        state = out.state
        events.extend(out.events)
    return state, events


def ev_keys(events):
    return [e.message.key.removeprefix("alhambra.") for e in events]


def ev_of(events, key):
    return [e for e in events if e.message.key == "alhambra." + key]


def rejected(state, seat, action, clause=None):
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, seat, action)
    if clause is not None:
        assert info.value.clause == clause, info.value
    return info.value


def grid_of(state, seat):
    return {k: v for k, v in state["players"][seat]["grid"].items() if k != "0,0"}
