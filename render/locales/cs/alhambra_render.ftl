### Popisky na obrázcích hry Alhambra (render/alhambra.py).
### Message ids are the catalogue keys with '.' written as '-' (and a '-' inside a key part doubled).


## alhambra_render

alhambra_render-title = Alhambra
alhambra_render-turn = Tah { $turn }
alhambra_render-market = Trh
alhambra_render-money = Peníze
alhambra_render-deck = Balíček { $n }
alhambra_render-bag = Pytlík { $n }
alhambra_render-discard = Odhozeno { $n }
alhambra_render-scores = Body
alhambra_render-scoring = Bodování
alhambra_render-score = Skóre
alhambra_render-reserve = Rezerva
alhambra_render-bought = K umístění
alhambra_render-cards = Karet: { $n }
alhambra_render-wall = Hradba { $n }
alhambra_render-on_turn = na tahu
alhambra_render-dirk = Dirk
alhambra_render-dirk_tiles = Budov { $n }
alhambra_render-placing = Umístění { $tile }: povolená pole
alhambra_render-empty = prázdné
alhambra_render-result = Konečný výsledek
alhambra_render-winner = Vítěz: { $names }
alhambra_render-winners = Vítězové: { $names }
alhambra_render-col_wall = Hradba
alhambra_render-col_total = Celkem
alhambra_render-col_gain = Získáno
alhambra_render-points = { $n } b.
alhambra_render-your_hand = Vaše peníze
alhambra_render-no_cards = Žádné peníze
alhambra_render-tiles_to_place = Budovy k umístění
alhambra_render-seat = Hráč { $n }

## alhambra_render.phase

alhambra_render-phase-action = akce
alhambra_render-phase-placement = umisťování budov
alhambra_render-phase-end_placement = závěrečné umisťování
alhambra_render-phase-start_choice = začínající hráč
alhambra_render-phase-over = konec hry

## alhambra_render.round

alhambra_render-round-A = A
alhambra_render-round-B = B
alhambra_render-round-final = Závěr

## alhambra_render.type

alhambra_render-type-pavilion = Pavilón
alhambra_render-type-seraglio = Serail
alhambra_render-type-arcades = Arkády
alhambra_render-type-chambers = Komnaty
alhambra_render-type-garden = Zahrada
alhambra_render-type-tower = Věž

## alhambra_render.abbr

alhambra_render-abbr-pavilion = P
alhambra_render-abbr-seraglio = S
alhambra_render-abbr-arcades = A
alhambra_render-abbr-chambers = K
alhambra_render-abbr-garden = Z
alhambra_render-abbr-tower = V

## alhambra_render.currency

alhambra_render-currency-yellow = žlutá
alhambra_render-currency-green = zelená
alhambra_render-currency-blue = modrá
alhambra_render-currency-orange = oranžová

## alhambra_render.cur_abbr

alhambra_render-cur_abbr-yellow = Ž
alhambra_render-cur_abbr-green = Z
alhambra_render-cur_abbr-blue = M
alhambra_render-cur_abbr-orange = O

## alhambra_render.scoring_title

alhambra_render-scoring_title-A = Bodování A
alhambra_render-scoring_title-B = Bodování B
alhambra_render-scoring_title-final = Závěrečné bodování
