### Popisky obrázků hry Luxor (render/luxor.py).
### Message ids are the catalogue keys with '.' written as '-' (and a '-' inside a key part doubled).


## luxor_render

luxor_render-title = LUXOR
luxor_render-round = Kolo { $n }
luxor_render-seat = Hráč { $n }
luxor_render-stairs = Schody
luxor_render-tomb = Hrobka
luxor_render-game_over = Konec hry
luxor_render-last_round = Poslední kolo!
luxor_render-horus_cards = Horovy karty
luxor_render-temple_tiles = Chrámové { -dlazdice }
luxor_render-cards = Karty
luxor_render-draw = Tahací { $n }
luxor_render-discard = Odhozené { $n }
luxor_render-supply = Zásoba
luxor_render-this_turn = Tento tah
luxor_render-rolled = hozeno { $n }
luxor_render-last_roll = poslední hod
luxor_render-stall = Bez pohybu: karta odhozena
luxor_render-one_less_at = Políčko { $n }: o 1 dobrodruha méně
luxor_render-nothing_yet = Zatím nebyla zahrána karta
luxor_render-score_track = Stupnice bodů
luxor_render-vp = b.
luxor_render-start_tag = začínající hráč
luxor_render-on_turn = na tahu
luxor_render-final = Závěrečné bodování
luxor_render-winner = Vítěz: { $names }
luxor_render-winners = Dělené vítězství: { $names }
luxor_render-private_title = { $name }: tvoje karty
luxor_render-your_turn = Jsi na tahu: { $action }
luxor_render-your_hand = Tvoje ruka (hrát lze jen dvě krajní karty)
luxor_render-no_cards = Žádné karty v ruce
luxor_render-left_end = Levý kraj
luxor_render-right_end = Pravý kraj
luxor_render-playable = lze zahrát
luxor_render-not_playable = nelze zahrát
luxor_render-middle = nové karty jdou doprostřed
luxor_render-your_scarabs = Tvoji skarabeové
luxor_render-no_scarabs = Zatím žádný skarabeus
luxor_render-scarab_total = Skarabeové: { $n } = { $vp } b.

## luxor_render.card

luxor_render-card-move = Pohyb o { $n }
luxor_render-card-plus_minus = 1 vpřed nebo vzad
luxor_render-card-die = Hoď kostkou
luxor_render-card-range = Pohyb o 1 až { $hi }
luxor_render-card-range_die = Hoď, pohyb o 1 až hod
luxor_render-card-advance_all = Všichni vpřed o { $n }
luxor_render-card-last_to_second_last = Posledního k předposlednímu
luxor_render-card-one_less = Mínus 1 dobrodruh

## luxor_render.pending

luxor_render-pending-C--03 = vyber začínajícího hráče
luxor_render-pending-C--04 = zahraj levou nebo pravou kartu
luxor_render-pending-C--05 = bez pohybu: odhoď krajní kartu
luxor_render-pending-C--06 = pohni dobrodruhem
luxor_render-pending-C--07 = pohni posledním dobrodruhem
luxor_render-pending-C--08 = vyber, kde provést akci
luxor_render-pending-C--09 = klíč, nebo Horova karta
luxor_render-pending-C--10 = vyber Horův balíček
luxor_render-pending-C--11 = žolík, nebo skarabeus
luxor_render-pending-C--12 = vzít poklad?
luxor_render-pending-C--13 = aktivovat ležícího dobrodruha?

## luxor_render.col

luxor_render-col-track = Stupnice
luxor_render-col-positions = Pozice
luxor_render-col-sarcophagi = Sarkofágy
luxor_render-col-keys = Klíče
luxor_render-col-sets = Sady
luxor_render-col-scarabs = Skarabeové
luxor_render-col-total = Celkem
