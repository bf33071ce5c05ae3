### Alhambra — teksty polskie. Klucze "alhambra.<tabela>.<klucz>".
### Message ids are the catalogue keys with '.' written as '-' (and a '-' inside a key part doubled).


## alhambra

alhambra-name = Alhambra
alhambra-card = { $currency } { $value }
alhambra-type_points = { $type } { $points }
alhambra-paid_many =
    { $count ->
        [one] { $count } karta
        [few] { $count } karty
       *[many] { $count } kart
        [other] { $count } karty
    }, razem { $total }

## alhambra.currency

alhambra-currency-yellow = żółta
alhambra-currency-green = zielona
alhambra-currency-blue = niebieska
alhambra-currency-orange = pomarańczowa

## alhambra.type

alhambra-type-pavilion = pawilon
alhambra-type-seraglio = seraj
alhambra-type-arcades = arkady
alhambra-type-chambers = komnaty
alhambra-type-garden = ogród
alhambra-type-tower = wieża
alhambra-type-fountain = fontanna

## alhambra.round

alhambra-round-A =
    { $case ->
        [scoring] Punktacja A
       *[nom] A
    }
alhambra-round-B =
    { $case ->
        [scoring] Punktacja B
       *[nom] B
    }
alhambra-round-final =
    { $case ->
        [scoring] Punktacja końcowa
       *[nom] końcowa
    }

## alhambra.option

alhambra-option-two_player_money_copies = Dwóch graczy: kopie każdej karty pieniędzy (2 = 72 karty, 3 = 108)
alhambra-option-start_player_tiebreak = Gracz rozpoczynający przy remisie: losowo lub wybiera gospodarz
alhambra-option-exact_payment_extra_action = Dodatkowa akcja po dokładnej zapłacie: opcjonalna lub obowiązkowa
alhambra-option-wall_ring_scoring = Zamknięty pierścień k odcinków muru daje k (full) lub k-1 (bga)
alhambra-option-open_hands = Pieniądze wszystkich graczy są jawne

## alhambra.prompt

alhambra-prompt-start = Gospodarz: wybierz gracza rozpoczynającego spośród { $players }
alhambra-prompt-action = { $player }: weź pieniądze, kup budynek lub przebuduj
alhambra-prompt-extra = { $player }: dokładna zapłata, wybierz kolejną akcję
alhambra-prompt-place =
    { $player }: umieść kupione budynki ({ $count ->
        [one] został { $count }
        [few] zostały { $count }
       *[many] zostało { $count }
        [other] zostało { $count }
    })
alhambra-prompt-end_place =
    { $player }: umieść budynki otrzymane na końcu gry ({ $count ->
        [one] został { $count }
        [few] zostały { $count }
       *[many] zostało { $count }
        [other] zostało { $count }
    })

## alhambra.opt

alhambra-opt-start = Zaczyna { $player }
alhambra-opt-take = Weź: { $cards }
alhambra-opt-buy = Kup { $tile } ({ $type }, { $price }) z pola { $space }, zapłać: { $currency } { $paid }
alhambra-opt-buy_exact = Kup { $tile } ({ $type }, { $price }) z pola { $space }, zapłać: { $currency } { $paid } (dokładnie: dodatkowa akcja)
alhambra-opt-end = Zakończ akcje (zrezygnuj z dodatkowej akcji)
alhambra-opt-add = Przebudowa: dodaj { $tile } ({ $type }) z rezerwy na { $cell }
alhambra-opt-remove = Przebudowa: przenieś { $tile } ({ $type }) z { $cell } do rezerwy
alhambra-opt-swap = Przebudowa: połóż { $tile } z rezerwy na { $cell }; { $old } idzie do rezerwy
alhambra-opt-place = Umieść { $tile } ({ $type }) na { $cell }
alhambra-opt-reserve = Odłóż { $tile } ({ $type }) do rezerwy
alhambra-opt-dirk = Oddaj { $tile } ({ $type }) Dirkowi
alhambra-opt-reserve_all =
    Odłóż do rezerwy { $count ->
        [one] { $count } budynek
        [few] { $count ->
            [2] oba budynki
           *[other] wszystkie budynki ({ $count })
        }
       *[many] wszystkie budynki ({ $count })
        [other] { $count } budynku
    }

## alhambra.ev

alhambra-ev-market_setup = Rynek: { $tiles }
alhambra-ev-dirk_draw =
    Dirk dobiera { $count ->
        [one] { $count } budynek
        [few] { $count } budynki
       *[many] { $count } budynków
        [other] { $count } budynku
    }: { $tiles }
alhambra-ev-deal = { $player } otrzymuje karty: { $cards } (razem { $total })
alhambra-ev-start_random = Remis o rozpoczęcie: { $players }; los wskazał: { $chosen_player }
alhambra-ev-start_choice = Remis o rozpoczęcie: { $players }; wybiera gospodarz
alhambra-ev-start_chosen = Gospodarz wskazuje gracza rozpoczynającego: { $player }
alhambra-ev-start_player =
    Zaczyna { $player } ({ $count ->
        [one] { $count } karta
        [few] { $count } karty
       *[many] { $count } kart
        [other] { $count } karty
    }, razem { $total })
alhambra-ev-display = Wyłożone pieniądze: { $cards }
alhambra-ev-deck_ready =
    Talia pieniędzy gotowa: { $count ->
        [one] { $count } karta
        [few] { $count } karty
       *[many] { $count } kart
        [other] { $count } karty
    } razem z kartami punktacji A i B
alhambra-ev-turn = Tura { $turn }: { $player }
alhambra-ev-no_action = { $player } nie ma żadnej możliwej akcji
alhambra-ev-no_further_action = { $player } nie ma już żadnej możliwej akcji
alhambra-ev-auto = { $player } (jedyna możliwość): { $choice }
alhambra-ev-take = { $player } bierze: { $cards }
alhambra-ev-buy = { $player } kupuje { $tile } ({ $type }, { $price }) z pola { $space }, płacąc: { $cards }
alhambra-ev-buy_exact = { $player } kupuje { $tile } ({ $type }, { $price }) z pola { $space }, płacąc dokładnie: { $cards } (dodatkowa akcja)
alhambra-ev-end_actions = { $player } kończy akcje
alhambra-ev-redesign_add = { $player } przebudowuje: dodaje { $tile } ({ $type }) na { $cell }
alhambra-ev-redesign_remove = { $player } przebudowuje: { $tile } ({ $type }) z { $cell } do rezerwy
alhambra-ev-redesign_swap = { $player } przebudowuje: { $tile } zamiast { $old } na { $cell }
alhambra-ev-place = { $player } umieszcza { $tile } ({ $type }) na { $cell }
alhambra-ev-reserve = { $player } odkłada { $tile } ({ $type }) do rezerwy
alhambra-ev-gift = { $player } oddaje { $tile } ({ $type }) Dirkowi
alhambra-ev-reshuffle =
    Stos kart odrzuconych ({ $count ->
        [one] { $count } karta
        [few] { $count } karty
       *[many] { $count } kart
        [other] { $count } karty
    }) zostaje przetasowany w nową talię
alhambra-ev-money_short =
    Brak pieniędzy do dobrania: { $count ->
        [one] wyłożona zostaje { $count } karta
        [few] wyłożone zostają { $count } karty
       *[many] wyłożonych zostaje { $count } kart
        [other] wyłożone zostaje { $count } karty
    }
alhambra-ev-scoring_card = Odkryto kartę punktacji { $round }
alhambra-ev-refill_money = Nowe karty pieniędzy: { $cards }
alhambra-ev-refill_market = Pole { $space } otrzymuje { $tile } ({ $type }, { $price })
alhambra-ev-end_trigger = Worek nie uzupełni rynku: gra kończy się po tej turze
alhambra-ev-scoring = { $round }
    .case-round = scoring
alhambra-ev-score_row = { $player }: +{ $total } ({ $types }; mur { $wall }) = { $score }
alhambra-ev-score_row_dirk = Dirk: +{ $total } ({ $types }) = { $score }
alhambra-ev-reveal = { $player } pokazuje: { $totals }
alhambra-ev-distribute = Pole { $space }: { $tile } otrzymuje { $player } (razem { $total })
alhambra-ev-distribute_none = Pole { $space }: remis o { $tile }, budynek wypada z gry
alhambra-ev-game_over =
    Koniec gry, najwyższy wynik { $score ->
        [one] { $score } punkt
        [few] { $score } punkty
       *[many] { $score } punktów
        [other] { $score } punktu
    }: { $players }

## alhambra.result

alhambra-result-line = { $player }: { $score }
alhambra-result-dirk = Dirk (nie jest graczem): { $score }

## alhambra.err

alhambra-err-game_over = Gra się skończyła.
alhambra-err-bad_action = To nie jest tu dozwolona akcja: { $action }
alhambra-err-not_your_turn = To nie twoja decyzja; czekamy na: { $player }.
alhambra-err-bad_start = Wybierz jednego z remisujących graczy: { $action }
alhambra-err-display_empty = Brak wyłożonych pieniędzy.
alhambra-err-bad_take = Weź jedną kartę albo kilka o sumie najwyżej 5: { $action }
alhambra-err-space_empty = Na polu { $space } nie ma budynku.
alhambra-err-bad_payment = Zapłać kartami waluty pola o sumie co najmniej ceny: { $action }
alhambra-err-write_as = Zapisz to tak: { $action }
alhambra-err-not_on_display = Nie wszystkie te karty są wśród wyłożonych pieniędzy: { $action }
alhambra-err-not_held = Nie masz kart { $paid } (waluta: { $currency }); pole { $space } przyjmuje tylko tę walutę.
alhambra-err-underpaid = Twoja zapłata to { $total }, mniej niż cena { $tile } ({ $price }).
alhambra-err-no_tile = Na polu { $cell } twojej Alhambry nie ma budynku.
alhambra-err-end_only_after_exact = Akcje można zakończyć tylko po dokładnej zapłacie; wybierz akcję.
alhambra-err-extra_mandatory = W tej grze dodatkowa akcja po dokładnej zapłacie jest obowiązkowa.
alhambra-err-place_later = Kupione budynki umieszcza się dopiero po zakończeniu akcji.
alhambra-err-bad_redesign = Ta przebudowa złamałaby zasady budowy: { $action }
alhambra-err-fountain = Fontanny nie można przenieść.
alhambra-err-not_in_reserve = { $tile } nie jest w twojej rezerwie.
alhambra-err-no_dirk = Dirkowi można oddać tylko kupione budynki, w grze dwuosobowej.
alhambra-err-not_pending_tile = { $tile } nie czeka na umieszczenie.
alhambra-err-cell_occupied = Pole { $cell } jest zajęte.
alhambra-err-illegal_cell = { $tile } nie można umieścić na { $cell }.
