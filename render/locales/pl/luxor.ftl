### Luxor (polski). Brakujące klucze są brane z angielskiego.
### Message ids are the catalogue keys with '.' written as '-' (and a '-' inside a key part doubled).


## luxor.card

luxor-card-move = { $n }
luxor-card-plus_minus = +/-1
luxor-card-die = kość
luxor-card-range = { $lo }-{ $hi }
luxor-card-range_die = 1-kość
luxor-card-advance_all = wszyscy naprzód +{ $n }
luxor-card-last_to_second_last = ostatni dogania przedostatniego
luxor-card-one_less = { $n } (-1 poszukiwacz)

## luxor.place

luxor-place-stairs = schody
luxor-place-tomb = { -grobowiec }
luxor-place-space = pole { $n }
luxor-place-with_tile = { $place } ({ $tile })

## luxor.short

luxor-short-stairs = S
luxor-short-tomb = { -grobowiec }
luxor-short-space = { $n }

## luxor.type

luxor-type-vase = waza
luxor-type-statue = posąg
luxor-type-jewelry = biżuteria

## luxor.back

luxor-back-cobra = kobra
luxor-back-falcon = sokół
luxor-back-lion = lew

## luxor.side

luxor-side-L = lewą
luxor-side-R = prawą

## luxor.end

luxor-end-L = Lewa
luxor-end-R = Prawa

## luxor.tile

luxor-tile-empty = puste
luxor-tile-treasure = { $type } { $req }/{ $vp }
luxor-tile-horus = Horus { $eyes }
luxor-tile-osiris = Ozyrys { $value }
luxor-tile-scarab = skarabeusz
luxor-tile-wild = dżoker
luxor-tile-wild_or_scarab = dżoker/skarabeusz
luxor-tile-eye_1_2 = oko 1/2
luxor-tile-eye_2_3 = oko 2/3
luxor-tile-tunnel = tunel

## luxor.title

luxor-title-C--03 = Wybierz gracza rozpoczynającego
luxor-title-C--04 = { $player }: zagraj lewą lub prawą kartę
luxor-title-C--05 = { $player }: żadna karta nie pozwala na ruch, odrzuć lewą lub prawą kartę
luxor-title-C--06 = { $player }: ruch kartą { $card }
luxor-title-C--06--roll = { $player }: ruch kartą { $card } (wyrzucono { $roll })
luxor-title-C--08 = { $player }: wszyscy się ruszyli; wybierz jedno pole, którego płytka wykona akcję
luxor-title-C--09 = { $player }: płytka Horusa, weź klucz lub kartę Horusa
luxor-title-C--10 = { $player }: oko Horusa, z którego stosu wziąć kartę
luxor-title-C--11 = { $player }: weź dżokera lub skarabeusza
luxor-title-C--12 = { $player }: wziąć skarb?
luxor-title-C--13 = { $player }: obudzić poszukiwacza leżącego przy posągu { $statue }?

## luxor.opt

luxor-opt-start = Zaczyna { $player }
luxor-opt-play = Zagraj { $side } kartę: { $card }{ $preview }
luxor-opt-play_move = { $side } { $card } · { $prefix }{ $src }→{ $dst }{ $notes }
luxor-opt-preview = { " " }({ $moves })
luxor-opt-hop = { $src }→{ $dst }
luxor-opt-discard = Odrzuć { $side } kartę: { $card } (brak ruchu)
luxor-opt-move = { $prefix }poszukiwacz { $adv }: { $src } → { $dst }{ $notes }
luxor-opt-none = { "" }
luxor-opt-notes = { " " }[{ $items }]
luxor-opt-steps_one = 1 krok:{ " " }
luxor-opt-steps_few =
    { $k ->
        [one] { $k } krok
        [few] { $k } kroki
       *[many] { $k } kroków
        [other] { $k } kroku
    }:{ " " }
luxor-opt-steps =
    { $k ->
        [one] { $k } krok
        [few] { $k } kroki
       *[many] { $k } kroków
        [other] { $k } kroku
    }:{ " " }
luxor-opt-dir_f = naprzód:{ " " }
luxor-opt-dir_b = wstecz:{ " " }
luxor-opt-act =
    Akcja na: { $dst } (masz tam { $n ->
        [one] { $n } poszukiwacza
        [few] { $n } poszukiwaczy
       *[many] { $n } poszukiwaczy
        [other] { $n } poszukiwacza
    })
luxor-opt-key =
    Weź klucz ({ $left ->
        [one] został { $left }
        [few] zostały { $left }
       *[many] zostało { $left }
        [other] zostało { $left }
    })
luxor-opt-horus_card = Weź kartę Horusa poziomu { $level }: { $card } (bez dobierania w tej turze)
luxor-opt-wild = Weź dżokera
luxor-opt-scarab = Weź skarabeusza
luxor-opt-take = Weź skarb: { $tile }
luxor-opt-leave = Zostaw skarb: { $tile }
luxor-opt-wake = Obudź poszukiwacza przy posągu { $statue }: stanie na schodach
luxor-opt-sleep = Zostaw poszukiwacza leżącego przy posągu { $statue }

## luxor.note

luxor-note-osiris = Ozyrys { $n }
luxor-note-wakes = pobudka: posąg { $statue }
luxor-note-wakes_many = pobudka: posągi { $statue }
luxor-note-tomb = wchodzi do grobowca za klucz
luxor-note-stopped = zatrzymuje się przed grobowcem

## luxor.ev

luxor-ev-setup = Luxor przygotowany. Płytki Ozyrysa: { $osiris }
luxor-ev-start_player = Zaczyna { $player }
luxor-ev-turn = Runda { $round }: tura gracza { $player }
luxor-ev-played = { $player } zagrywa { $side } kartę: { $card }
luxor-ev-stalled = { $player } nie może się ruszyć i odrzuca { $side } kartę: { $card }
luxor-ev-rolled = { $player } wyrzuca { $roll }
luxor-ev-roll_failed = { $player } wyrzuca { $roll }: brak ruchu, karta przepada
luxor-ev-moved = { $player }: poszukiwacz { $adv } { $src } → { $dst }
luxor-ev-moved_osiris = { $player }: poszukiwacz { $adv } { $src } → { $dst } (Ozyrys: { $via })
luxor-ev-blocked = { $player }: poszukiwacz { $adv } ({ $src }) nie może się ruszyć
luxor-ev-jumped = { $player }: poszukiwacz { $adv } przeskakuje { $src } → { $dst }
luxor-ev-woke = { $player }: poszukiwacz { $adv } przy posągu { $statue } wstaje i idzie na schody
luxor-ev-left_lying = { $player } zostawia poszukiwacza przy posągu { $statue }
luxor-ev-tomb =
    { $player }: poszukiwacz { $adv } wchodzi do grobowca i płaci klucz ({ $keys ->
        [one] został { $keys }
        [few] zostały { $keys }
       *[many] zostało { $keys }
        [other] zostało { $keys }
    })
luxor-ev-sarcophagus = { $player } bierze sarkofag za { $vp } PZ
luxor-ev-end_triggered = Drugi poszukiwacz jest w grobowcu: to ostatnia runda
luxor-ev-treasure = { $player } bierze skarb: { $type } – { $place } (+{ $vp }, wynik { $score })
luxor-ev-treasure_missed =
    { $player }: { $place } – { $have ->
        [one] { $have } poszukiwacz
        [few] { $have } poszukiwaczy
       *[many] { $have } poszukiwaczy
        [other] { $have } poszukiwacza
    } z { $need }, brak skarbu
luxor-ev-treasure_left = { $player } zostawia skarb – { $place }
luxor-ev-revealed = Odkryto płytkę świątyni ({ $back }) – { $place }: { $tile }
luxor-ev-key = { $player } bierze klucz (ma { $keys })
luxor-ev-horus_card = { $player } bierze kartę Horusa poziomu { $level }: { $card }
luxor-ev-scarab = { $player } bierze skarabeusza (ma { $count })
luxor-ev-scarab_value = Twój nowy skarabeusz jest wart { $vp }
luxor-ev-wild = { $player } bierze dżokera (ma { $count })
luxor-ev-tunnel = { $player }: poszukiwacz { $adv } przechodzi tunelem { $src } → { $dst }
luxor-ev-tunnel_none = { $place }: nie ma dalszego tunelu, nic się nie dzieje
luxor-ev-nothing_left = { $place }: nie ma już czego wziąć
luxor-ev-no_draw = { $player } dostaje kartę Horusa i nie dobiera
luxor-ev-drew = { $player } dobiera kartę
luxor-ev-drew_card = Dobrano: { $card }
luxor-ev-reshuffled =
    Stos kart odrzuconych zostaje przetasowany w nowy stos ({ $count ->
        [one] { $count } karta
        [few] { $count } karty
       *[many] { $count } kart
        [other] { $count } karty
    })
luxor-ev-game_over_tomb = Runda dokończona: koniec gry
luxor-ev-game_over_stall = Przez całą rundę nikt nie mógł się ruszyć: koniec gry
luxor-ev-game_over_stall_turns =
    Nikt nie mógł się ruszyć przez { $n ->
        [one] { $n } turę
        [few] { $n } tury
       *[many] { $n } tur
        [other] { $n } tury
    } z rzędu: koniec gry
luxor-ev-final = { $player }: tor { $track } + pozycje { $positions } + sarkofagi { $sarcophagi } + klucze { $keys } + zestawy { $sets } za { $set_vp } + skarabeusze { $scarabs } ({ $scarab_values }) = { $total }
luxor-ev-winners = Zwycięstwo: { $players } (wynik { $score })

## luxor.result

luxor-result-line = { $player }: { $total } (tor { $track }, pozycje { $positions }, sarkofagi { $sarcophagi }, klucze { $keys }, zestawy { $sets } za { $set_vp }, skarabeusze { $scarabs })

## luxor.err

luxor-err-over = Gra się skończyła.
luxor-err-not_your_turn = To nie ty teraz decydujesz.
luxor-err-garbage = To nie jest ruch w tej grze.
luxor-err-must_play = Masz kartę, którą można zagrać: musisz ją zagrać i się ruszyć.
luxor-err-unplayable = Ta karta nie daje teraz żadnego ruchu.
luxor-err-ends_only = Można zagrać tylko lewą lub prawą skrajną kartę.
luxor-err-discard_only = Żadna karta nie daje ruchu: odrzuć lewą lub prawą skrajną kartę.
luxor-err-no_adventurer = Nie masz aktywnego poszukiwacza na polu { $pos }.
luxor-err-illegal_move = Ten ruch jest niedozwolony (dokładna liczba, do grobowca tylko z kluczem, bez przekroczenia).
luxor-err-not_an_option = To nie jest jedna z opcji.
luxor-err-play_first = Najpierw zagraj lewą lub prawą skrajną kartę.
luxor-err-not_actor = Akcję może wykonać tylko pole, na które dotarł poszukiwacz przesunięty tą kartą (nie { -grobowiec }).
luxor-err-lying = Twój poszukiwacz leżący przy posągu { $pos } nie jest jeszcze w grze: wstanie, gdy miniesz posąg.
luxor-err-finished = Poszukiwacze w grobowcu zostają tam do końca gry.
luxor-err-direction = Wybierz naprzód (f) lub wstecz (b).
luxor-err-roll_first = Zagraj tę kartę samą (play L lub play R): najpierw rzut kością, potem wybierasz ruch.
luxor-err-moves_itself = Ta karta rusza bez wyboru: zagraj ją samą (play L lub play R).
luxor-err-play_with_move = Wybierz ruch razem z kartą: play L lub R, pole, z którego ruszasz, oraz liczbę kroków lub kierunek.
luxor-err-steps_range = Wybierz liczbę kroków od { $lo } do { $hi }.
luxor-err-fixed_steps = Ta karta ma stałą liczbę kroków ({ $n }): podaj tylko pole, z którego się ruszasz.
luxor-err-overshoot = Ruch musi skończyć się dokładnie w grobowcu; ten by go przekroczył.
luxor-err-no_key = Wejście do grobowca kosztuje klucz, a nie masz żadnego.
luxor-err-osiris = Płytka Ozyrysa na końcu przesunęłaby poszukiwacza za { -grobowiec } lub do niego bez klucza.
luxor-err-no_tile_behind = Za poszukiwaczem ({ $place }) nie ma żadnej płytki, a schody nie są celem.

## luxor.option

luxor-option-temple_mapping = Które awersy płytek świątyni należą do których rewersów (dane zrekonstruowane: H1, H2, H3)
luxor-option-treasure_take_optional = Gracz może odmówić skarbu, którego wymaganie spełnił
luxor-option-backward_to_stairs = Krok wstecz bez płytki za sobą kończy się na schodach
luxor-option-anubis_activation_optional = Budzenie leżącego poszukiwacza przy posągu jest dobrowolne
luxor-option-forced_move_overshoot = Skok Ozyrysa za { -grobowiec }: niedozwolony lub stop na ostatniej płytce
luxor-option-advance_all_blocked = Wszyscy naprzód, gdy ktoś nie może: pomiń go lub karta jest niegrywalna
luxor-option-one_less_after_osiris = O jednego mniej działa też po skoku Ozyrysa
luxor-option-one_less_steps = O jednego mniej: stała liczba kroków lub wybór 1–3
luxor-option-tomb_scarab_vp = Wartość skarabeusza grobowca
luxor-option-stall_end = Koniec przy zastoju: cała runda bez ruchu lub tyle tur z rzędu, ilu jest graczy
luxor-option-reshuffle_timing = Tasuj odrzucone, gdy trzeba dobrać, albo od razu, gdy stos się skończy
luxor-option-start_player = Gracz rozpoczynający: losowo lub wybrany przez gospodarza
