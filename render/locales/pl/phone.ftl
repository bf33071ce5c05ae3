### Etykiety obrazków na telefon (render/phone*.py): tekst co najmniej 20 px, czytany na telefonie.
### Message ids are the catalogue keys with '.' written as '-' (and a '-' inside a key part doubled).


## phone

phone-seat = Gracz { $n }
phone-to_play = Teraz gra
phone-to_choose = Wybiera
phone-game_over = Koniec gry
phone-winner = Zwycięzca
phone-winners = Wspólne zwycięstwo
phone-standings = Klasyfikacja
phone-last_move = Ostatni ruch: { $name }
phone-no_move = Jeszcze bez ruchu
phone-round = Runda { $n }
phone-turn = Tura { $n }
phone-cards =
    { $n ->
        [one] { $n } karta
        [few] { $n } karty
        [many] { $n } kart
       *[other] { $n } karty
    }
phone-hand =
    { $n ->
        [one] Na ręce: { $n } karta
        [few] Na ręce: { $n } karty
        [many] Na ręce: { $n } kart
       *[other] Na ręce: { $n } karty
    }
phone-your_hand = Twoja ręka
phone-total = Razem { $n }
phone-more = i { $n } więcej

## phone.alhambra

phone-alhambra-market = Targ: budynek kosztuje walutę swojego pola
phone-alhambra-money = Pieniądze do wzięcia
phone-alhambra-deck = Talia { $n }
phone-alhambra-alhambra = Alhambra gracza { $name }
phone-alhambra-bought = Kupił(a)
phone-alhambra-took = Wziął/wzięła
phone-alhambra-placed = Postawił(a)
phone-alhambra-space = Pole { $n }
phone-alhambra-reserve = Rezerwa
phone-alhambra-to_place = Do umieszczenia
phone-alhambra-final_gain = Ostatnie punktowanie
phone-alhambra-score = Punkty

## phone.egizia

phone-egizia-nile = Nil: dokąd statki mogą jeszcze płynąć
phone-egizia-sites = Place budowy
phone-egizia-slot = Miejsce { $n }
phone-egizia-river = Nil { $n }
phone-egizia-built = Zbudowane
phone-egizia-stones =
    { $n ->
        [one] { $n } kamień
        [few] { $n } kamienie
        [many] { $n } kamieni
       *[other] { $n } kamienia
    }
phone-egizia-now = teraz
phone-egizia-obelisk = Obelisk, rząd { $n }
phone-egizia-pyramid = Piramida, rząd { $n }
phone-egizia-temple = Świątynia { $field }
phone-egizia-tomb = Grobowiec { $n }
phone-egizia-taken = zabrana
phone-egizia-building = Teraz budowa: { $site }

## phone.luxor

phone-luxor-reach = W zasięgu gracza { $name }: następne 6 pól
phone-luxor-tomb = Grobowiec
phone-luxor-stairs = Schody
phone-luxor-played = Zagrana karta
phone-luxor-moved = { $start } → { $end }
phone-luxor-took = Wziął/wzięła płytkę z pola { $n }
phone-luxor-empty = puste
