### Napisy na obrazkach gry Luxor (render/luxor.py).
### Message ids are the catalogue keys with '.' written as '-' (and a '-' inside a key part doubled).


## luxor_render

luxor_render-title = LUXOR
luxor_render-round = Runda { $n }
luxor_render-seat = Gracz { $n }
luxor_render-stairs = Schody
luxor_render-tomb = Grób
luxor_render-game_over = Koniec gry
luxor_render-last_round = Ostatnia runda!
luxor_render-horus_cards = Karty Horusa
luxor_render-temple_tiles = Płytki świątyni
luxor_render-cards = Karty
luxor_render-draw = Talia { $n }
luxor_render-discard = Odrzucone { $n }
luxor_render-supply = Zasoby
luxor_render-this_turn = Ta tura
luxor_render-rolled = wyrzucono { $n }
luxor_render-last_roll = ostatni rzut
luxor_render-stall = Brak ruchu: karta odrzucona
luxor_render-one_less_at = Pole { $n }: o 1 poszukiwacza mniej
luxor_render-nothing_yet = Nie zagrano jeszcze karty
luxor_render-score_track = Tor punktacji
luxor_render-vp = PZ
luxor_render-start_tag = 1. gracz
luxor_render-on_turn = na ruchu
luxor_render-final = Punktacja końcowa
luxor_render-winner = Zwycięzca: { $names }
luxor_render-winners = Wspólne zwycięstwo: { $names }
luxor_render-private_title = { $name }: twoje karty
luxor_render-your_turn = Twoja tura: { $action }
luxor_render-your_hand = Twoja ręka (zagrać można tylko skrajne karty)
luxor_render-no_cards = Brak kart na ręce
luxor_render-left_end = Lewy koniec
luxor_render-right_end = Prawy koniec
luxor_render-playable = można zagrać
luxor_render-not_playable = nie można zagrać
luxor_render-middle = nowe karty trafiają do środka
luxor_render-your_scarabs = Twoje skarabeusze
luxor_render-no_scarabs = Brak skarabeuszy
luxor_render-scarab_total = Skarabeusze: { $n } = { $vp } PZ

## luxor_render.card

luxor_render-card-move = Ruch o { $n }
luxor_render-card-plus_minus = 1 do przodu lub do tyłu
luxor_render-card-die = Rzuć kością
luxor_render-card-range = Ruch o 1 do { $hi }
luxor_render-card-range_die = Rzuć, ruch o 1 do wyniku
luxor_render-card-advance_all = Wszyscy naprzód o { $n }
luxor_render-card-last_to_second_last = Ostatni dogania przedostatniego
luxor_render-card-one_less = O jednego mniej

## luxor_render.pending

luxor_render-pending-C--03 = wybierz gracza rozpoczynającego
luxor_render-pending-C--04 = zagraj lewą lub prawą kartę
luxor_render-pending-C--05 = brak ruchu: odrzuć skrajną kartę
luxor_render-pending-C--06 = przesuń poszukiwacza
luxor_render-pending-C--07 = przesuń ostatniego poszukiwacza
luxor_render-pending-C--08 = wybierz, gdzie wykonać akcję
luxor_render-pending-C--09 = klucz czy karta Horusa
luxor_render-pending-C--10 = wybierz stos Horusa
luxor_render-pending-C--11 = dżoker czy skarabeusz
luxor_render-pending-C--12 = wziąć skarb?
luxor_render-pending-C--13 = obudzić leżącego poszukiwacza?

## luxor_render.col

luxor_render-col-track = Tor
luxor_render-col-positions = Pozycje
luxor_render-col-sarcophagi = Sarkofagi
luxor_render-col-keys = Klucze
luxor_render-col-sets = Zestawy
luxor_render-col-scarabs = Skarabeusze
luxor_render-col-total = Suma
