### Labels drawn on the Luxor board images (render/luxor.py).
### Message ids are the catalogue keys with '.' written as '-' (and a '-' inside a key part doubled).


## luxor_render

luxor_render-title = LUXOR
luxor_render-round = Round { $n }
luxor_render-seat = Player { $n }
luxor_render-stairs = Stairs
luxor_render-tomb = Tomb
luxor_render-game_over = Game over
luxor_render-last_round = Last round!
luxor_render-horus_cards = Horus cards
luxor_render-temple_tiles = Temple tiles
luxor_render-cards = Cards
luxor_render-draw = Draw { $n }
luxor_render-discard = Discard { $n }
luxor_render-supply = Supply
luxor_render-this_turn = This turn
luxor_render-rolled = rolled { $n }
luxor_render-last_roll = last roll
luxor_render-stall = No move: card discarded
luxor_render-one_less_at = Space { $n }: 1 adventurer less
luxor_render-nothing_yet = No card played yet
luxor_render-score_track = Score track
luxor_render-vp = VP
luxor_render-start_tag = start player
luxor_render-on_turn = on turn
luxor_render-final = Final scoring
luxor_render-winner = Winner: { $names }
luxor_render-winners = Shared win: { $names }
luxor_render-private_title = { $name }: your cards
luxor_render-your_turn = Your turn: { $action }
luxor_render-your_hand = Your hand (only the two end cards can be played)
luxor_render-no_cards = No cards in hand
luxor_render-left_end = Left end
luxor_render-right_end = Right end
luxor_render-playable = playable
luxor_render-not_playable = not playable
luxor_render-middle = new cards go in the middle
luxor_render-your_scarabs = Your scarabs
luxor_render-no_scarabs = No scarabs yet
luxor_render-scarab_total =
    { $n ->
        [one] { $n } scarab
       *[other] { $n } scarabs
    } = { $vp } VP

## luxor_render.card

luxor_render-card-move = Move { $n }
luxor_render-card-plus_minus = 1 forward or back
luxor_render-card-die = Roll the die
luxor_render-card-range = Move 1 to { $hi }
luxor_render-card-range_die = Roll, move 1 to the roll
luxor_render-card-advance_all = All advance { $n }
luxor_render-card-last_to_second_last = Last to second last
luxor_render-card-one_less = 1 adventurer less

## luxor_render.pending

luxor_render-pending-C--03 = choose the start player
luxor_render-pending-C--04 = play the left or the right card
luxor_render-pending-C--05 = no move: discard an end card
luxor_render-pending-C--06 = move an adventurer
luxor_render-pending-C--07 = move the last adventurer
luxor_render-pending-C--08 = choose where to act
luxor_render-pending-C--09 = key or Horus card
luxor_render-pending-C--10 = choose a Horus stack
luxor_render-pending-C--11 = wild or scarab
luxor_render-pending-C--12 = take the treasure?
luxor_render-pending-C--13 = wake the lying adventurer?

## luxor_render.col

luxor_render-col-track = Track
luxor_render-col-positions = Positions
luxor_render-col-sarcophagi = Sarcophagi
luxor_render-col-keys = Keys
luxor_render-col-sets = Sets
luxor_render-col-scarabs = Scarabs
luxor_render-col-total = Total
