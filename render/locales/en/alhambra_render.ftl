### Labels drawn on the Alhambra board images (render/alhambra.py).
### Message ids are the catalogue keys with '.' written as '-' (and a '-' inside a key part doubled).


## alhambra_render

alhambra_render-title = Alhambra
alhambra_render-turn = Turn { $turn }
alhambra_render-market = Market
alhambra_render-money = Money cards
alhambra_render-deck = Deck { $n }
alhambra_render-bag = Bag { $n }
alhambra_render-discard = Discard { $n }
alhambra_render-scores = Scores
alhambra_render-scoring = Scoring
alhambra_render-score = Score
alhambra_render-reserve = Reserve
alhambra_render-bought = To place
alhambra_render-cards = Cards: { $n }
alhambra_render-wall = Wall { $n }
alhambra_render-on_turn = on turn
alhambra_render-dirk = Dirk
alhambra_render-dirk_tiles = Tiles { $n }
alhambra_render-placing = Placing { $tile }: legal cells
alhambra_render-empty = empty
alhambra_render-result = Final result
alhambra_render-winner = Winner: { $names }
alhambra_render-winners = Shared win: { $names }
alhambra_render-col_wall = Wall
alhambra_render-col_total = Total
alhambra_render-col_gain = Gained
alhambra_render-points =
    { $n ->
        [one] { $n } pt
       *[other] { $n } pts
    }
alhambra_render-your_hand = Your money
alhambra_render-no_cards = No money cards
alhambra_render-tiles_to_place = Tiles to place
alhambra_render-seat = Player { $n }

## alhambra_render.phase

alhambra_render-phase-action = action
alhambra_render-phase-placement = placing tiles
alhambra_render-phase-end_placement = final placement
alhambra_render-phase-start_choice = start player
alhambra_render-phase-over = game over

## alhambra_render.round

alhambra_render-round-A = A
alhambra_render-round-B = B
alhambra_render-round-final = Final

## alhambra_render.type

alhambra_render-type-pavilion = Pavilion
alhambra_render-type-seraglio = Seraglio
alhambra_render-type-arcades = Arcades
alhambra_render-type-chambers = Chambers
alhambra_render-type-garden = Garden
alhambra_render-type-tower = Tower

## alhambra_render.abbr

alhambra_render-abbr-pavilion = P
alhambra_render-abbr-seraglio = S
alhambra_render-abbr-arcades = A
alhambra_render-abbr-chambers = C
alhambra_render-abbr-garden = G
alhambra_render-abbr-tower = T

## alhambra_render.currency

alhambra_render-currency-yellow = yellow
alhambra_render-currency-green = green
alhambra_render-currency-blue = blue
alhambra_render-currency-orange = orange

## alhambra_render.cur_abbr

alhambra_render-cur_abbr-yellow = Y
alhambra_render-cur_abbr-green = G
alhambra_render-cur_abbr-blue = B
alhambra_render-cur_abbr-orange = O

## alhambra_render.scoring_title

alhambra_render-scoring_title-A = Scoring round A
alhambra_render-scoring_title-B = Scoring round B
alhambra_render-scoring_title-final = Final scoring
