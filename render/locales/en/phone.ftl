### Labels of the phone-first board images (render/phone*.py): drawn at 20 px or more, read on a phone.
### Message ids are the catalogue keys with '.' written as '-' (and a '-' inside a key part doubled).


## phone

phone-seat = Player { $n }
phone-to_play = To play
phone-to_choose = To choose
phone-game_over = Game over
phone-winner = Winner
phone-winners = Shared win
phone-standings = Standings
phone-last_move = Last move: { $name }
phone-no_move = No move yet
phone-round = Round { $n }
phone-turn = Turn { $n }
phone-cards =
    { $n ->
        [one] { $n } card
       *[other] { $n } cards
    }
phone-hand =
    { $n ->
        [one] Hand: { $n } card
       *[other] Hand: { $n } cards
    }
phone-your_hand = Your hand
phone-total = Total { $n }
phone-more = +{ $n } more

## phone.alhambra

phone-alhambra-market = Market: the tile on a space costs its currency
phone-alhambra-money = Money cards to take
phone-alhambra-deck = Deck { $n }
phone-alhambra-alhambra = Alhambra of { $name }
phone-alhambra-bought = Bought
phone-alhambra-took = Took
phone-alhambra-placed = Placed
phone-alhambra-space = Space { $n }
phone-alhambra-reserve = Reserve
phone-alhambra-to_place = To place
phone-alhambra-final_gain = Final scoring
phone-alhambra-score = Score

## phone.egizia

phone-egizia-nile = The Nile: where ships can still go
phone-egizia-sites = Building sites
phone-egizia-slot = Slot { $n }
phone-egizia-river = Nile { $n }
phone-egizia-built = Built
phone-egizia-stones =
    { $n ->
        [one] { $n } stone
       *[other] { $n } stones
    }
phone-egizia-now = now
phone-egizia-obelisk = Obelisk, row { $n }
phone-egizia-pyramid = Pyramid, row { $n }
phone-egizia-temple = Temple { $field }
phone-egizia-tomb = Tomb { $n }
phone-egizia-taken = taken
phone-egizia-building = Building now: { $site }

## phone.luxor

phone-luxor-reach = In reach of { $name }: the next 6 spaces
phone-luxor-tomb = Tomb
phone-luxor-stairs = Stairs
phone-luxor-played = Played
phone-luxor-moved = { $start } → { $end }
phone-luxor-took = Took a tile at { $n }
phone-luxor-empty = empty
