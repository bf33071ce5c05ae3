### Egizia — English catalogue (keys egizia.*). Seats are passed as {player}.
### Message ids are the catalogue keys with '.' written as '-' (and a '-' inside a key part doubled).


## egizia

egizia-name = Egizia

## egizia.temple_field

egizia-temple_field = { $field }

## egizia.builder

egizia-builder-black = black
egizia-builder-blue = blue
egizia-builder-yellow = yellow
egizia-builder-joker = joker

## egizia.track

egizia-track-stone_sale = stone sale
egizia-track-grain_market = grain market

## egizia.ring

egizia-ring-left = left
egizia-ring-middle = middle
egizia-ring-right = right

## egizia.note

egizia-note-plus = { " " }+ { $items }
egizia-note-up = N41 upstream
egizia-note-occ = N42 occupied
egizia-note-dbl = doubled by N36
egizia-note-at_max = { " " }({ $builder } at maximum: that step is lost)
egizia-note-wrap = { " " }({ $items })
egizia-note-bonus_stones =
    { " " }(+{ $n ->
        [one] { $n } stone
       *[other] { $n } stones
    })
egizia-note-bonus_vp = { " " }(+{ $n } VP)

## egizia.pos

egizia-pos-slot = { $site } slot { $slot }
egizia-pos-sub = beside { $site } (substitute)
egizia-pos-extra = { $site } extra position (N37)

## egizia.item

egizia-item-obelisk = obelisk row { $row } (value { $value })
egizia-item-tomb = tomb space { $space } (tile { $value })
egizia-item-pyramid = pyramid row { $row } field { $pos } (value { $value })
egizia-item-temple = temple { $field } (value { $value })

## egizia.reason

egizia-reason-chose = declined
egizia-reason-no_builder = no unused regular builder
egizia-reason-no_stones = no stones
egizia-reason-nothing_affordable = nothing affordable with this crew strength

## egizia.why

egizia-why-card = card
egizia-why-space = river space
egizia-why-bottom_stone_sale = stone-sale bottom bonus
egizia-why-bottom_grain_market = grain-market bottom bonus
egizia-why-sell_card = stones sold
egizia-why-field_bonus = field bonus
egizia-why-production = production
egizia-why-feeding = feeding penalty
egizia-why-build = building
egizia-why-row_bonus = pyramid row bonus
egizia-why-sphinx_return = returned Sphinx cards
egizia-why-cooperation = cooperation bonus
egizia-why-obelisk = obelisk/tomb market step
egizia-why-final_stone_sale = final stone sale
egizia-why-final_tombs = tombs
egizia-why-final_sphinx = Sphinx card

## egizia.final

egizia-final-stone_sale = stone sale
egizia-final-tombs = tombs

## egizia.result

egizia-result-line = { $player }: { $what } { $vp } VP

## egizia.err

egizia-err-ring =
    The ring moves at most { $steps ->
        [one] { $steps } step
       *[other] { $steps } steps
    } and stays on the three fields.
egizia-err-played_with = { $card } is played as part of { $how }.
egizia-err-crew_fixed = The crew is fixed: an item is built or a card drawn.
egizia-err-bad_action = That is not a valid action.
egizia-err-not_your_turn = It is not your turn to decide.
egizia-err-game_over = The game is over.
egizia-err-illegal = Not allowed now: { $action }
egizia-err-no_such_card = There is no card { $what }.
egizia-err-not_held = You do not hold { $card }.
egizia-err-n33_after_placement = { $card } is played right after one of your placements, not now.
egizia-err-window = { $card } cannot be used now; it is used in: { $windows }.
egizia-err-no_stones = You have no stones.
egizia-err-sell_range =
    { $card }: sell from 1 to { $max ->
        [one] { $max } stone
       *[other] { $max } stones
    }.
egizia-err-after_feeding_only = In this game { $card } may be used only after feeding (option).
egizia-err-once_per_round = { $card } has already been used this round.
egizia-err-cost =
    { $card } costs { $cost ->
        [one] { $cost } stone
       *[other] { $cost } stones
    }; you have { $stones }.
egizia-err-bad_builder = Name a builder: bk, bl, ye or jk.
egizia-err-improver_attached = { $card } is already attached; the attachment is final.
egizia-err-improver_field = { $card } goes only on one of your fields that is not green yet.
egizia-err-no_window = You have no window for card actions now.
egizia-err-no_space = There is no river space { $what } (1-20).
egizia-err-no_ships = You have no ship left in your supply.
egizia-err-up_not_needed = Space { $idx } is downstream anyway: place there without { $card }.
egizia-err-downstream = Space { $idx } is not downstream of your ship on space { $last }.
egizia-err-round_space_only = { $card } works only on a round space.
egizia-err-site_only = Space { $idx } is not a construction site: no slot to choose.
egizia-err-no_card_here = No card lies on space { $idx }.
egizia-err-not_here = { $card } cannot be used at { $space }.
egizia-err-not_occupied = { $space } is empty: place there without { $card }.
egizia-err-round_full = { $space } already holds two ships.
egizia-err-occupied = { $space } is occupied.
egizia-err-own_ship_at_site = You already have a ship at { $site }.
egizia-err-choose_slot = Choose a slot at { $site } (s1, s2, ...), or sub when it is full.
egizia-err-slot_free = { $site } still has a free slot: take the slot.
egizia-err-extra_taken = The extra position at { $site } is taken.
egizia-err-no_slot = { $site } has no slot { $slot } in this game.
egizia-err-slot_taken = { $site } slot { $slot } is taken.
egizia-err-joker_alone = The joker never builds alone: add a regular builder.
egizia-err-builder_used = { $builder } has already built this round.
egizia-err-two_builders = Two regular builders in one crew need N34 or N54.
egizia-err-sphinx_only = { $card } works only at the Sphinx.
egizia-err-crew_useless = Nothing can be built with this crew.
egizia-err-at_least_one = Build at least one item before you finish.
egizia-err-over_strength = Value { $value } is more than the { $left } strength left.
egizia-err-over_stones =
    Value { $value } costs more than your { $stones ->
        [one] { $stones } stone
       *[other] { $stones } stones
    }.
egizia-err-obelisk_full = The obelisk is complete.
egizia-err-tombs_empty = No tomb tile is left.
egizia-err-no_such_field = There is no such field: { $what }.
egizia-err-row_full = Pyramid row { $row } is full.
egizia-err-not_supported = Pyramid row { $row } field { $pos } does not rest on two bricks yet.
egizia-err-temple_taken = Temple { $field } is already built.
egizia-err-temple_requires = Temple { $field } needs { $needs } first.
egizia-err-wrong_building = That item belongs to the other construction site.
egizia-err-one_placement = You have placed your ship this turn: end the turn (or play N33).
egizia-err-grain_cards =
    You hold only { $held ->
        [one] { $held } grain card
       *[other] { $held } grain cards
    }.
egizia-err-convert_max =
    You may convert at most { $max ->
        [one] { $max } stone
       *[other] { $max } stones
    } (your stones, up to the shortfall).
egizia-err-cannot_build = You cannot build here now: decline.
egizia-err-draw_range =
    Pay for { $lo } to { $hi ->
        [one] { $hi } card
       *[other] { $hi } cards
    }.
egizia-err-keep_max =
    You may keep at most { $max ->
        [one] { $max } card
       *[other] { $max } cards
    }.
egizia-err-keep_pick = Keep none or name drawn cards by position 1-{ $n }.
egizia-err-market_first = First move one market marker 1 step down (stone sale or grain market).

## egizia.how

egizia-how-feed = your feeding choice (feed <cards> <stones>)
egizia-how-crew = the crew choice of a building turn
egizia-how-keep = the Sphinx keep choice
egizia-how-place = a ship placement (place ...)
egizia-how-leftover = the end of sailing (leftover)

## egizia.window

egizia-window-W1 = your sailing turn
egizia-window-W2 = your feeding step
egizia-window-W3 = your building turn, before the crew
egizia-window-W4 = the last window before final scoring
egizia-window-W5 = the end of sailing

## egizia.option

egizia-option-setup_sphinx = Sphinx cards at setup: draw 1 (PL/EN) or draw 2 keep 1 (CZ)
egizia-option-score_floor_zero = Score never below 0 (PL rule)
egizia-option-sphinx_extra_requires_payment = Sphinx +2 needs at least 1 paid card
egizia-option-two_three_player_cards = Use the optional 2-3 player cards (N57, S30)
egizia-option-remove_plus10_card = Remove the +1 per 10 VP Sphinx card
egizia-option-take_leftover_mode = Take-a-leftover card: once or every round
egizia-option-buy_strength_timing = 2 stones for +1 strength: any window or only after feeding
egizia-option-two_each_includes_tombs = '2 bricks in every building' includes the tombs
egizia-option-substitute_timing = Promoted substitute builds in the freed slot's turn or after all slots

## egizia.space

egizia-space-card = card space { $idx }
egizia-space-edfu = Edfu
egizia-space-selinon = Selinon
egizia-space-thebae = Thebae
egizia-space-beni_hasan = Beni Hasan
egizia-space-passalon = Passalon
egizia-space-alyi = Alyi
egizia-space-heliopolis = Heliopolis

## egizia.site

egizia-site-sphinx = Sphinx
egizia-site-obelisk_tombs = Obelisk/Tombs
egizia-site-pyramid_temple = Pyramid/Temple

## egizia.fx

egizia-fx-edfu = both market markers 1 step down
egizia-fx-selinon = black +1, blue +1
egizia-fx-thebae = black +1, yellow +1
egizia-fx-beni_hasan = blue +1, yellow +1
egizia-fx-passalon = joker +1, may move the ring
egizia-fx-alyi = one builder of choice +1, +2 stones
egizia-fx-heliopolis = joker +1, may move the ring

## egizia.nth

egizia-nth-1 = 1st
egizia-nth-2 = 2nd
egizia-nth-3 = 3rd
egizia-nth-4 = 4th

## egizia.ev

egizia-ev-crew_back = { $player } takes the crew back.
egizia-ev-setup =
    Egizia for { $players ->
        [one] { $players } player
       *[other] { $players } players
    } is set up.
egizia-ev-tile =
    { $player } has turn tile { $tile } and { $stones ->
        [one] { $stones } stone
       *[other] { $stones } stones
    }.
egizia-ev-sphinx_setup_one = { $player }, your Sphinx card: { $card }
egizia-ev-sphinx_setup_drawn = { $player }, you drew the Sphinx cards { $cards }
egizia-ev-sphinx_setup_kept =
    { $player } keeps { $kept ->
        [one] { $kept } Sphinx card
       *[other] { $kept } Sphinx cards
    } and returns { $returned }.
egizia-ev-round = Round { $round }: the Nile shows { $cards }.
egizia-ev-auto_pass = { $player } passes (no ship or no legal space).
egizia-ev-pass = { $player } passes.
egizia-ev-place = { $player } sails to space { $idx }: { $where }.
egizia-ev-take = { $player } takes { $card }.
egizia-ev-play = { $player } plays { $card }.
egizia-ev-stones =
    { $player }: { SIGNED($amount) } { $amount ->
        [one] stone
       *[other] stones
    } ({ $why }) -> { $total }, { $lost } lost.
egizia-ev-score = { $player }: { SIGNED($amount) } VP ({ $why }) -> { $total }.
egizia-ev-builder = { $player }: { $builder } +{ $amount } -> { $total } ({ $lost } lost).
egizia-ev-track = { $player }: { $track } marker -> field { $pos }.
egizia-ev-ring = { $player } moves the water ring to the { $pos } field.
egizia-ev-improve = { $player } attaches { $card } to { $field }.
egizia-ev-sail_end = Sailing is over; ships return and leftover cards leave the game.
egizia-ev-feed = { $player } feeds: need { $need }, grain { $grain }, short { $short }, loss { $loss } VP.
egizia-ev-feed_ready = { $player } has decided how to feed (applied in score order).
egizia-ev-decline = { $player } leaves { $site }: { $reason }.
egizia-ev-promoted = { $player }'s substitute moves into { $site } slot { $slot }.
egizia-ev-build_first = { $player } builds first at { $site } (N38).
egizia-ev-crew = { $player }'s crew: { $builders } = strength { $strength }.
egizia-ev-built =
    { $player } builds { $item } for { $cost ->
        [one] { $cost } stone
       *[other] { $cost } stones
    }.
egizia-ev-tomb_reveal = Tomb space { $space } is turned face up: { $value }.
egizia-ev-row_bonus =
    { $player } wins the pyramid row { $row } bonus with { $bricks ->
        [one] { $bricks } brick
       *[other] { $bricks } bricks
    }.
egizia-ev-sphinx_draw =
    { $player } pays { $paid ->
        [one] { $paid } stone
       *[other] { $paid } stones
    } and draws { $drawn ->
        [one] { $drawn } Sphinx card
       *[other] { $drawn } Sphinx cards
    }.
egizia-ev-sphinx_seen = { $player }, you see: { $cards }
egizia-ev-sphinx_kept =
    { $player } keeps { $kept ->
        [one] { $kept } Sphinx card
       *[other] { $kept } Sphinx cards
    } and returns { $returned }.
egizia-ev-sphinx_kept_private = { $player }, you kept: { $cards }
egizia-ev-coop =
    { $player } cooperated at { $sites ->
        [one] { $sites } site
       *[other] { $sites } sites
    }: { $vp } VP.
egizia-ev-turn_order = New turn order: { $players }.
egizia-ev-sphinx_scored = { $player } reveals { $card }: { $vp } VP.
egizia-ev-winner = { $player } wins with { $score } VP.
egizia-ev-winner_tie = { $player } wins with { $score } VP on the tie-break (arrived first).

## egizia.title

egizia-title-D--03 = Keep one of your two Sphinx cards
egizia-title-D--04 = Your sailing turn
egizia-title-D--05 = Where does your ship go?
egizia-title-D--08 = Play the double turn?
egizia-title-D--09 = Take a leftover card?
egizia-title-D--10 = Feeding: need { $need }, fields give { $grain }, penalty { $penalty } per missing grain
egizia-title-D--11 = Build first at { $site }?
egizia-title-D--12 = Your building turn at { $site }
egizia-title-D--13 = Choose your crew at { $site }
egizia-title-D--14 = How many Sphinx cards do you pay for?
egizia-title-D--15 = Which Sphinx cards do you keep?
egizia-title-D--16 = Obelisk and tombs: { $left } strength left
egizia-title-D--17 = Move which market marker 1 step down?
egizia-title-D--18 = Pyramid and temple: { $left } strength left
egizia-title-D--19 = Last actions before final scoring

## egizia.title.D-06

egizia-title-D--06-track =
    { $card }: which track takes { $steps ->
        [one] { $steps } step
       *[other] { $steps } steps
    }?
egizia-title-D--06-n18 = Two builder steps: choose
egizia-title-D--06-improve = { $card }: attach it now?

## egizia.title.D-07

egizia-title-D--07-alyi =
    Alyi: choose { $picks ->
        [one] { $picks } builder step
       *[other] { $picks } builder steps
    }
egizia-title-D--07-ring = Move the water ring?

## egizia.lbl

egizia-lbl-crew_back = Take the crew back (choose again or decline)
egizia-lbl-pass = Pass: place no more ships this round
egizia-lbl-stop = Place no second ship (N33 is spent anyway)
egizia-lbl-n33 = Play { $card }: place one more ship
egizia-lbl-endturn = End my turn
egizia-lbl-place_card = { $idx }: take { $card }{ $note }
egizia-lbl-place_round = { $idx }: { $space } - { $fx }{ $note }
egizia-lbl-place_slot = { $idx }: { $site } slot { $slot } (builds { $order }){ $note }
egizia-lbl-place_sub = { $idx }: substitute at { $site }, #{ $queue } in line{ $note }
egizia-lbl-place_extra = { $idx }: { $site } extra position (N37){ $note }
egizia-lbl-sell =
    Play { $card }: sell { $n ->
        [one] { $n } stone
       *[other] { $n } stones
    } for { $vp } VP
egizia-lbl-build_first = Play { $card }: build first at my sites this round
egizia-lbl-improve = Attach { $card } to { $field }
egizia-lbl-improve_keep = Keep it unattached
egizia-lbl-crewup = { $card }: { $builder } +1 (now { $now }/{ $max })
egizia-lbl-buy =
    { $card }: pay { $cost ->
        [one] { $cost } stone
       *[other] { $cost } stones
    }, { $builder } +1 (now { $now }/{ $max })
egizia-lbl-track = { $track }: field { $pos } -> { $to }{ $bonus }
egizia-lbl-track_steps =
    { $track }: { $steps ->
        [one] { $steps } step
       *[other] { $steps } steps
    }, field { $pos } -> { $to }{ $bonus }
egizia-lbl-n18_two = { $a } +1 and { $b } +1
egizia-lbl-n18_one = { $a } +2 (now { $now }/{ $max })
egizia-lbl-alyi = +1 to { $builders }{ $note }
egizia-lbl-ring = Move the ring to { $pos }
egizia-lbl-ring_stay = Leave the ring at { $pos }
egizia-lbl-leftover = Take { $card } from space { $idx }
egizia-lbl-leftover_no = Take none (N39 stays unused)
egizia-lbl-feed =
    { $cards ->
        [one] { $cards } grain card
       *[other] { $cards } grain cards
    }, { $stones ->
        [one] { $stones } stone
       *[other] { $stones } stones
    }: grain { $grain }/{ $need }, lose { $loss } VP
egizia-lbl-first_yes = Build first at { $site }
egizia-lbl-first_no = Keep my normal position
egizia-lbl-build = Build at { $site }
egizia-lbl-decline = Decline (ship leaves the site)
egizia-lbl-crew = { $builders }{ $note } = strength { $strength }
egizia-lbl-draw =
    Pay { $n ->
        [one] { $n } stone
       *[other] { $n } stones
    }, draw { $d ->
        [one] { $d } card
       *[other] { $d } cards
    }
egizia-lbl-keep_none = Keep none, return { $returned } (+{ $vp } VP)
egizia-lbl-keep_one = Keep { $card }, return { $returned } (+{ $vp } VP)
egizia-lbl-keep_two = Keep { $cards } (N35), return { $returned } (+{ $vp } VP)
egizia-lbl-keep_setup = Keep { $card } (the other goes under the deck)
egizia-lbl-obelisk = Obelisk row { $row }: value { $value }
egizia-lbl-tomb = Tomb space { $space }: tile { $value }
egizia-lbl-pyramid = Pyramid row { $row } field { $pos }: value { $value }
egizia-lbl-temple = Temple { $field }: value { $value }
egizia-lbl-finish = Finish ({ $total }/{ $strength } used)
egizia-lbl-done = Done: go on to final scoring

## egizia.card

egizia-card-start = start field
egizia-card-N01 = N01 green field 2
egizia-card-N02 = N02 green field 3
egizia-card-N03 = N03 green field 4
egizia-card-N04 = N04 yellow-green field 4
egizia-card-N05 = N05 yellow-green field 5
egizia-card-N06 = N06 yellow-green field 6
egizia-card-N07 = N07 brown field 6
egizia-card-N08 = N08 brown field 7
egizia-card-N09 = N09 quarry 2
egizia-card-N10 = N10 quarry 2
egizia-card-N11 = N11 quarry 3
egizia-card-N12 = N12 quarry 3
egizia-card-N13 = N13 4 grain
egizia-card-N14 = N14 +3 strength
egizia-card-N15 = N15 Sphinx +2 cards
egizia-card-N16 = N16 +6 stones
egizia-card-N17 = N17 market +2 steps
egizia-card-N18 = N18 2 builder steps of choice
egizia-card-N19 = N19 black + blue +1
egizia-card-N20 = N20 field improver
egizia-card-N21 = N21 crew improver
egizia-card-N22 = N22 feed with stones
egizia-card-N23 = N23 green field 4
egizia-card-N24 = N24 green field 5
egizia-card-N25 = N25 yellow-green field 5
egizia-card-N26 = N26 yellow-green field 7
egizia-card-N27 = N27 brown field 7
egizia-card-N28 = N28 brown field 8
egizia-card-N29 = N29 brown field 9
egizia-card-N30 = N30 quarry 2
egizia-card-N31 = N31 quarry 3
egizia-card-N32 = N32 quarry 4
egizia-card-N33 = N33 double turn
egizia-card-N34 = N34 two builders together
egizia-card-N35 = N35 keep 2 Sphinx cards
egizia-card-N36 = N36 double a round space
egizia-card-N37 = N37 build at a full site
egizia-card-N38 = N38 build first
egizia-card-N39 = N39 take a leftover card
egizia-card-N40 = N40 black + yellow +1
egizia-card-N41 = N41 upstream placement
egizia-card-N42 = N42 use an occupied round space
egizia-card-N43 = N43 2 stones -> +1 strength
egizia-card-N44 = N44 field improver
egizia-card-N45 = N45 brown field 8
egizia-card-N46 = N46 brown field 9
egizia-card-N47 = N47 4 grain
egizia-card-N48 = N48 VP per brick: obelisk + tombs
egizia-card-N49 = N49 VP per brick: pyramid + temple
egizia-card-N50 = N50 tomb value 8
egizia-card-N51 = N51 sell up to 10 stones
egizia-card-N52 = N52 +6 stones
egizia-card-N53 = N53 +3 strength
egizia-card-N54 = N54 two builders together
egizia-card-N55 = N55 market +2 steps
egizia-card-N56 = N56 blue + yellow +1
egizia-card-N57 = N57 Sphinx +1 card

## egizia.sphinx

egizia-sphinx-S01 = S01 obelisk row 7 built
egizia-sphinx-S02 = S02 obelisk row 8 built
egizia-sphinx-S03 = S03 obelisk row 9 built
egizia-sphinx-S04 = S04 pyramid row 4 built
egizia-sphinx-S05 = S05 pyramid completed
egizia-sphinx-S06 = S06 temple pillars built
egizia-sphinx-S07 = S07 temple columns built
egizia-sphinx-S08 = S08 temple completed
egizia-sphinx-S09 = S09 stone-sale bottom reached (table)
egizia-sphinx-S10 = S10 grain-market bottom reached (table)
egizia-sphinx-S11 = S11 4 own bricks in temple
egizia-sphinx-S12 = S12 6 own bricks in pyramid
egizia-sphinx-S13 = S13 7 own bricks in pyramid
egizia-sphinx-S14 = S14 4 own bricks on obelisk
egizia-sphinx-S15 = S15 5 own bricks on obelisk
egizia-sphinx-S16 = S16 2 own bricks in every building
egizia-sphinx-S17 = S17 1 VP per own tomb brick
egizia-sphinx-S18 = S18 VP = black strength
egizia-sphinx-S19 = S19 VP = blue strength
egizia-sphinx-S20 = S20 VP = yellow strength
egizia-sphinx-S21 = S21 VP = joker strength
egizia-sphinx-S22 = S22 most quarry production
egizia-sphinx-S23 = S23 most green-field production
egizia-sphinx-S24 = S24 most yellow-green production
egizia-sphinx-S25 = S25 most brown-field production
egizia-sphinx-S26 = S26 own grain marker at bottom
egizia-sphinx-S27 = S27 own stone-sale marker at bottom
egizia-sphinx-S28 = S28 2 VP per permanent card
egizia-sphinx-S29 = S29 +1 VP per 10 VP
egizia-sphinx-S30 = S30 +1 VP per 15 VP
