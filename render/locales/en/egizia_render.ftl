### Labels drawn on the Egizia board images (render/egizia.py).
### Message ids are the catalogue keys with '.' written as '-' (and a '-' inside a key part doubled).


## egizia_render

egizia_render-title = Egizia
egizia_render-seat = Player { $n }
egizia_render-round = Round { $n }/{ $of }
egizia_render-game_over = Game over
egizia_render-waiting = Waiting for
egizia_render-turn_order = Turn order
egizia_render-river = The Nile — from the source (1) to the mouth (20)
egizia_render-subs = beside:
egizia_render-buildings = Buildings
egizia_render-obelisk = Obelisk
egizia_render-pyramid = Pyramid
egizia_render-temple = Temple
egizia_render-tombs = Tombs
egizia_render-tombs_hint = space 1 is at the Nile; gold frame: next to take
egizia_render-stone_sale = Stone sale
egizia_render-grain_market = Grain market
egizia_render-stone_sale_sub = bottom: +3 stones
egizia_render-grain_market_sub = bottom: +2 VP
egizia_render-penalty = −{ $n }/grain
egizia_render-sale = sale
egizia_render-ring = Water ring
egizia_render-nile_decks = Nile decks: { $decks }
egizia_render-sphinx_deck = Sphinx deck: { $n }
egizia_render-score_track = Score track (a stack: the first to arrive is at the bottom)
egizia_render-order = Score order:
egizia_render-vp = { $n } VP
egizia_render-tile = Tile { $n }
egizia_render-stones = { $n }/{ $max }
egizia_render-ships =
    { $n ->
        [one] { $n } ship
       *[other] { $n } ships
    }
egizia_render-sphinx_cards = { $n } Sphinx
egizia_render-tombs_held =
    { $n ->
        [one] { $n } tomb
       *[other] { $n } tombs
    } ({ $total })
egizia_render-passed = passed
egizia_render-used = used
egizia_render-production = Produce
egizia_render-cards = Cards
egizia_render-feed = grain { $grain } (need { $need })
egizia_render-cooperated = Cooperated this round: { $sites }
egizia_render-final = Final result
egizia_render-winner = Winner: { $names }
egizia_render-winners = Shared win: { $names }
egizia_render-final_stone_sale = stone sale
egizia_render-final_tombs = tombs
egizia_render-sphinx_revealed = Sphinx cards: { $cards }
egizia_render-private_title = { $name } — your hidden cards
egizia_render-your_sphinx = Your Sphinx cards ({ $n })
egizia_render-drawing = Drawn now — choose what to keep
egizia_render-your_anytime = Your anytime cards ({ $n })
egizia_render-playable_hint = ▶ can be played now
egizia_render-none = none

## egizia_render.phase

egizia_render-phase-setup = setup
egizia_render-phase-sail = sailing the Nile
egizia_render-phase-leftover = leftover cards
egizia_render-phase-feed = feeding the builders
egizia_render-phase-build = building
egizia_render-phase-prefinal = before the final scoring
egizia_render-phase-over = game over

## egizia_render.pending

egizia_render-pending-D--03 = keeps a Sphinx card
egizia_render-pending-D--04 = sails or passes
egizia_render-pending-D--05 = places a ship
egizia_render-pending-D--06 = resolves a card
egizia_render-pending-D--07 = resolves a round space
egizia_render-pending-D--08 = may take a double turn
egizia_render-pending-D--09 = may take a leftover card
egizia_render-pending-D--10 = feeds the builders
egizia_render-pending-D--11 = may build first
egizia_render-pending-D--12 = builds or declines
egizia_render-pending-D--13 = chooses a crew
egizia_render-pending-D--14 = draws Sphinx cards
egizia_render-pending-D--15 = keeps Sphinx cards
egizia_render-pending-D--16 = builds obelisk / tombs
egizia_render-pending-D--17 = moves on a market track
egizia_render-pending-D--18 = builds pyramid / temple
egizia_render-pending-D--19 = last free actions

## egizia_render.site

egizia_render-site-sphinx = Sphinx
egizia_render-site-obelisk_tombs = Obelisk & Tombs
egizia_render-site-pyramid_temple = Pyramid & Temple

## egizia_render.space

egizia_render-space-edfu = both markets ▼1
egizia_render-space-selinon = black + blue +1
egizia_render-space-thebae = black + yellow +1
egizia_render-space-beni_hasan = blue + yellow +1
egizia_render-space-passalon = joker +1, ring ±1
egizia_render-space-alyi = a builder +1, +2 stones
egizia_render-space-heliopolis = joker +1, ring ±1

## egizia_render.type

egizia_render-type-permanent = permanent
egizia_render-type-immediate = immediate
egizia_render-type-anytime = anytime

## egizia_render.field_letter

egizia_render-field_letter-green = G
egizia_render-field_letter-yellow_green = YG
egizia_render-field_letter-brown = B

## egizia_render.ring_pos

egizia_render-ring_pos-left = waters G
egizia_render-ring_pos-middle = waters G, YG
egizia_render-ring_pos-right = waters G, YG, B

## egizia_render.builder

egizia_render-builder-black = black
egizia_render-builder-blue = blue
egizia_render-builder-yellow = yellow
egizia_render-builder-joker = joker

## egizia_render.scope

egizia_render-scope-global = global
egizia_render-scope-personal = personal
