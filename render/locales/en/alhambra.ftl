### Alhambra — English texts. Keys are "alhambra.<table>.<key>".
### Message ids are the catalogue keys with '.' written as '-' (and a '-' inside a key part doubled).


## alhambra

alhambra-name = Alhambra
alhambra-card = { $currency } { $value }
alhambra-type_points = { $type } { $points }
alhambra-paid_many =
    { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }, total { $total }

## alhambra.currency

alhambra-currency-yellow = yellow
alhambra-currency-green = green
alhambra-currency-blue = blue
alhambra-currency-orange = orange

## alhambra.type

alhambra-type-pavilion = pavilion
alhambra-type-seraglio = seraglio
alhambra-type-arcades = arcades
alhambra-type-chambers = chambers
alhambra-type-garden = garden
alhambra-type-tower = tower
alhambra-type-fountain = fountain

## alhambra.round

alhambra-round-A =
    { $case ->
        [scoring] Scoring round A
       *[nom] A
    }
alhambra-round-B =
    { $case ->
        [scoring] Scoring round B
       *[nom] B
    }
alhambra-round-final =
    { $case ->
        [scoring] Final scoring
       *[nom] final
    }

## alhambra.option

alhambra-option-two_player_money_copies = Two players: copies of each money card (2 = 72-card deck, 3 = 108)
alhambra-option-start_player_tiebreak = Start player when still tied: random pick or the host chooses
alhambra-option-exact_payment_extra_action = After an exact payment the extra action is optional or mandatory
alhambra-option-wall_ring_scoring = A closed wall ring of k segments scores k (full) or k-1 (bga)
alhambra-option-open_hands = Everyone's money cards are public

## alhambra.prompt

alhambra-prompt-start = Host: choose the start player among { $players }
alhambra-prompt-action = { $player }: take money, buy a tile or redesign
alhambra-prompt-extra = { $player }: exact payment, choose another action
alhambra-prompt-place = { $player }: place your bought tiles ({ $count } left)
alhambra-prompt-end_place = { $player }: place the tiles received at the end ({ $count } left)

## alhambra.opt

alhambra-opt-start = { $player } starts
alhambra-opt-take = Take { $cards }
alhambra-opt-buy = Buy { $tile } ({ $type }, { $price }) on space { $space }: pay { $currency } { $paid }
alhambra-opt-buy_exact = Buy { $tile } ({ $type }, { $price }) on space { $space }: pay { $currency } { $paid } (exact: extra action)
alhambra-opt-end = End the action phase (skip the extra action)
alhambra-opt-add = Redesign: add { $tile } ({ $type }) from the reserve at { $cell }
alhambra-opt-remove = Redesign: move { $tile } ({ $type }) at { $cell } to the reserve
alhambra-opt-swap = Redesign: put { $tile } from the reserve at { $cell }; { $old } goes to the reserve
alhambra-opt-place = Place { $tile } ({ $type }) at { $cell }
alhambra-opt-reserve = Put { $tile } ({ $type }) into the reserve
alhambra-opt-dirk = Give { $tile } ({ $type }) to Dirk
alhambra-opt-reserve_all =
    Put { $count ->
        [one] the { $count } tile
       *[other] { $count ->
            [2] both tiles
           *[other] all { $count } tiles
        }
    } into the reserve

## alhambra.ev

alhambra-ev-market_setup = Market: { $tiles }
alhambra-ev-dirk_draw =
    Dirk draws { $count ->
        [one] { $count } tile
       *[other] { $count } tiles
    }: { $tiles }
alhambra-ev-deal = { $player } is dealt { $cards } (total { $total })
alhambra-ev-start_random = { $players } are tied for the start; random pick: { $chosen_player }
alhambra-ev-start_choice = { $players } are tied for the start; the host chooses
alhambra-ev-start_chosen = The host chooses { $player } to start
alhambra-ev-start_player =
    { $player } starts ({ $count ->
        [one] { $count } card
       *[other] { $count } cards
    }, total { $total })
alhambra-ev-display = Money display: { $cards }
alhambra-ev-deck_ready =
    Money deck ready: { $count ->
        [one] { $count } card
       *[other] { $count } cards
    } including scoring cards A and B
alhambra-ev-turn = Turn { $turn }: { $player }
alhambra-ev-no_action = { $player } has no possible action
alhambra-ev-no_further_action = { $player } has no further possible action
alhambra-ev-auto = { $player } (only choice): { $choice }
alhambra-ev-take = { $player } took { $cards }
alhambra-ev-buy = { $player } bought { $tile } ({ $type }, { $price }) from space { $space }, paying { $cards }
alhambra-ev-buy_exact = { $player } bought { $tile } ({ $type }, { $price }) from space { $space }, paying { $cards } exactly: extra action
alhambra-ev-end_actions = { $player } ends the action phase
alhambra-ev-redesign_add = { $player } redesigns: adds { $tile } ({ $type }) at { $cell }
alhambra-ev-redesign_remove = { $player } redesigns: moves { $tile } ({ $type }) from { $cell } to the reserve
alhambra-ev-redesign_swap = { $player } redesigns: swaps { $tile } in for { $old } at { $cell }
alhambra-ev-place = { $player } placed { $tile } ({ $type }) at { $cell }
alhambra-ev-reserve = { $player } put { $tile } ({ $type }) into the reserve
alhambra-ev-gift = { $player } gave { $tile } ({ $type }) to Dirk
alhambra-ev-reshuffle =
    The discard pile ({ $count ->
        [one] { $count } card
       *[other] { $count } cards
    }) is shuffled into a new money deck
alhambra-ev-money_short =
    No money left to draw: the display stays at { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }
alhambra-ev-scoring_card = Scoring card { $round } is drawn
alhambra-ev-refill_money = New money cards: { $cards }
alhambra-ev-refill_market = Space { $space } receives { $tile } ({ $type }, { $price })
alhambra-ev-end_trigger = The bag cannot refill the market: the game ends after this turn
alhambra-ev-scoring = { $round }
    .case-round = scoring
alhambra-ev-score_row = { $player }: +{ $total } ({ $types }; wall { $wall }) = { $score }
alhambra-ev-score_row_dirk = Dirk: +{ $total } ({ $types }) = { $score }
alhambra-ev-reveal = { $player } reveals: { $totals }
alhambra-ev-distribute = Space { $space }: { $tile } goes to { $player } (total { $total })
alhambra-ev-distribute_none = Space { $space }: tie for { $tile }, it stays out of the game
alhambra-ev-game_over =
    Game over, highest score { $score ->
        [one] { $score } point
       *[other] { $score } points
    }: { $players }

## alhambra.result

alhambra-result-line = { $player }: { $score }
alhambra-result-dirk = Dirk (not a player): { $score }

## alhambra.err

alhambra-err-game_over = The game is over.
alhambra-err-bad_action = Not a legal action here: { $action }
alhambra-err-not_your_turn = It is not your decision; waiting for { $player }.
alhambra-err-bad_start = Choose one of the tied players: { $action }
alhambra-err-display_empty = The money display is empty.
alhambra-err-bad_take = Take one card, or several totalling at most 5: { $action }
alhambra-err-space_empty = Market space { $space } holds no tile.
alhambra-err-bad_payment = Pay with cards of the space's currency totalling at least the price: { $action }
alhambra-err-write_as = Write it like this: { $action }
alhambra-err-not_on_display = Those cards are not all in the money display: { $action }
alhambra-err-not_held = You do not hold { $paid } in { $currency }; space { $space } takes only { $currency } cards.
alhambra-err-underpaid = Your payment totals { $total }, less than the price of { $tile } ({ $price }).
alhambra-err-no_tile = There is no tile at { $cell } in your Alhambra.
alhambra-err-end_only_after_exact = You can end your actions only after an exact payment; choose an action.
alhambra-err-extra_mandatory = In this game the extra action after an exact payment is mandatory.
alhambra-err-place_later = Bought tiles are placed after your actions end, in the placement step.
alhambra-err-bad_redesign = That redesign would break a building rule: { $action }
alhambra-err-fountain = The fountain can never be moved.
alhambra-err-not_in_reserve = { $tile } is not in your reserve.
alhambra-err-no_dirk = Only bought tiles can go to Dirk, in a two-player game.
alhambra-err-not_pending_tile = { $tile } is not waiting to be placed.
alhambra-err-cell_occupied = Cell { $cell } is occupied.
alhambra-err-illegal_cell = { $tile } cannot be placed at { $cell }.
