### Napisy na obrazkach gry Alhambra (render/alhambra.py).
### Message ids are the catalogue keys with '.' written as '-' (and a '-' inside a key part doubled).


## alhambra_render

alhambra_render-title = Alhambra
alhambra_render-turn = Tura { $turn }
alhambra_render-market = Targ
alhambra_render-money = Pieniądze
alhambra_render-deck = Talia { $n }
alhambra_render-bag = Worek { $n }
alhambra_render-discard = Odrzucone { $n }
alhambra_render-scores = Punkty
alhambra_render-scoring = Punktacja
alhambra_render-score = Punkty
alhambra_render-reserve = Rezerwa
alhambra_render-bought = Do umieszczenia
alhambra_render-cards = Kart: { $n }
alhambra_render-wall = Mur { $n }
alhambra_render-on_turn = na ruchu
alhambra_render-dirk = Dirk
alhambra_render-dirk_tiles = Budynków { $n }
alhambra_render-placing = Umieszczanie { $tile }: dozwolone pola
alhambra_render-empty = puste
alhambra_render-result = Wynik końcowy
alhambra_render-winner = Zwycięzca: { $names }
alhambra_render-winners = Zwycięzcy: { $names }
alhambra_render-col_wall = Mur
alhambra_render-col_total = Razem
alhambra_render-col_gain = Zdobyte
alhambra_render-points = { $n } pkt
alhambra_render-your_hand = Twoje pieniądze
alhambra_render-no_cards = Brak pieniędzy
alhambra_render-tiles_to_place = Budynki do umieszczenia
alhambra_render-seat = Gracz { $n }

## alhambra_render.phase

alhambra_render-phase-action = akcja
alhambra_render-phase-placement = umieszczanie budynków
alhambra_render-phase-end_placement = końcowe umieszczanie
alhambra_render-phase-start_choice = gracz rozpoczynający
alhambra_render-phase-over = koniec gry

## alhambra_render.round

alhambra_render-round-A = A
alhambra_render-round-B = B
alhambra_render-round-final = Końcowa

## alhambra_render.type

alhambra_render-type-pavilion = Pawilon
alhambra_render-type-seraglio = Seraj
alhambra_render-type-arcades = Arkady
alhambra_render-type-chambers = Komnaty
alhambra_render-type-garden = Ogród
alhambra_render-type-tower = Wieża

## alhambra_render.abbr

alhambra_render-abbr-pavilion = P
alhambra_render-abbr-seraglio = S
alhambra_render-abbr-arcades = A
alhambra_render-abbr-chambers = K
alhambra_render-abbr-garden = O
alhambra_render-abbr-tower = W

## alhambra_render.currency

alhambra_render-currency-yellow = żółta
alhambra_render-currency-green = zielona
alhambra_render-currency-blue = niebieska
alhambra_render-currency-orange = pomarańczowa

## alhambra_render.cur_abbr

alhambra_render-cur_abbr-yellow = Ż
alhambra_render-cur_abbr-green = Z
alhambra_render-cur_abbr-blue = N
alhambra_render-cur_abbr-orange = P

## alhambra_render.scoring_title

alhambra_render-scoring_title-A = Punktacja A
alhambra_render-scoring_title-B = Punktacja B
alhambra_render-scoring_title-final = Punktacja końcowa
