### Popisky obrázků pro telefon (render/phone*.py): písmo nejméně 20 px, čte se na telefonu.
### Message ids are the catalogue keys with '.' written as '-' (and a '-' inside a key part doubled).


## phone

phone-seat = Hráč { $n }
phone-to_play = Na tahu
phone-to_choose = Volí
phone-game_over = Konec hry
phone-winner = Vítěz
phone-winners = Dělené vítězství
phone-standings = Pořadí
phone-last_move = Poslední tah: { $name }
phone-no_move = Zatím žádný tah
phone-round = Kolo { $n }
phone-turn = Tah { $n }
phone-cards =
    { $n ->
        [one] { $n } karta
        [few] { $n } karty
        [many] { $n } karty
       *[other] { $n } karet
    }
phone-hand =
    { $n ->
        [one] Na ruce: { $n } karta
        [few] Na ruce: { $n } karty
        [many] Na ruce: { $n } karty
       *[other] Na ruce: { $n } karet
    }
phone-your_hand = Tvoje ruka
phone-total = Celkem { $n }
phone-more = a { $n } další

## phone.alhambra

phone-alhambra-market = Trh: budova se platí měnou svého pole
phone-alhambra-money = Peníze k vzetí
phone-alhambra-deck = Balíček { $n }
phone-alhambra-alhambra = Alhambra hráče { $name }
phone-alhambra-bought = Koupil(a)
phone-alhambra-took = Vzal(a)
phone-alhambra-placed = Postavil(a)
phone-alhambra-space = Pole { $n }
phone-alhambra-reserve = Rezerva
phone-alhambra-to_place = K umístění
phone-alhambra-final_gain = Závěrečné bodování
phone-alhambra-score = Body

## phone.egizia

phone-egizia-nile = Nil: kam ještě mohou lodě
phone-egizia-sites = Stavby
phone-egizia-slot = Místo { $n }
phone-egizia-river = Nil { $n }
phone-egizia-built = Postaveno
phone-egizia-stones =
    { $n ->
        [one] { $n } kámen
        [few] { $n } kameny
        [many] { $n } kamene
       *[other] { $n } kamenů
    }
phone-egizia-now = teď
phone-egizia-obelisk = Obelisk, řada { $n }
phone-egizia-pyramid = Pyramida, řada { $n }
phone-egizia-temple = Chrám { $field }
phone-egizia-tomb = Hrobka { $n }
phone-egizia-taken = vzato
phone-egizia-building = Teď se staví: { $site }

## phone.luxor

phone-luxor-reach = Dosah hráče { $name }: dalších 6 polí
phone-luxor-tomb = Hrobka
phone-luxor-stairs = Schody
phone-luxor-played = Zahraná karta
phone-luxor-moved = { $start } → { $end }
phone-luxor-took = Vzal(a) destičku na poli { $n }
phone-luxor-empty = prázdné
