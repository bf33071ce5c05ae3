"""The game service (the table): sessions, seats, turns, clocks, bots, undo, stats, with no Discord and no SQL.

:mod:`.service` is the public API; :mod:`.model` the records every layer shares; :mod:`.ports` what it needs
from storage and from people. Reading order: service → moves → seats → bots → undo → settings → clocks.
"""
