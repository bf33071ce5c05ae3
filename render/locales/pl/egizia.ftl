### Egizia — pl catalogue (keys egizia.*); missing keys fall back to English.
### Message ids are the catalogue keys with '.' written as '-' (and a '-' inside a key part doubled).


## egizia

egizia-name = { -hra-egizia }

## egizia.temple_field (a temple field by its place: the letters L/R/C/T are the moves' own)

egizia-temple_field =
    { $field ->
        [L1] lewy filar 1
        [L2] lewy filar 2
        [L3] lewy filar 3
        [L4] lewy filar 4
        [R1] prawy filar 1
        [R2] prawy filar 2
        [R3] prawy filar 3
        [R4] prawy filar 4
        [C1] kolumna 1
        [C2] kolumna 2
        [T1] szczyt 1
        [T2] szczyt 2
       *[other] { $field }
    }

## egizia.builder

egizia-builder-black = czarny { -budowniczy }
egizia-builder-blue = niebieski { -budowniczy }
egizia-builder-yellow = żółty { -budowniczy }
egizia-builder-joker = { -zarzadca }

## egizia.track

egizia-track-stone_sale =
    { $case ->
        [gen] { -sprzedaz-kamieni(case: "gen") }
       *[nom] { -sprzedaz-kamieni }
    }
egizia-track-grain_market =
    { $case ->
        [gen] { -rynek-zbozowy(case: "gen") }
       *[nom] { -rynek-zbozowy }
    }

## egizia.ring

egizia-ring-left =
    { $case ->
        [loc] lewym
       *[nom] lewe
    }
egizia-ring-middle =
    { $case ->
        [loc] środkowym
       *[nom] środkowe
    }
egizia-ring-right =
    { $case ->
        [loc] prawym
       *[nom] prawe
    }

## egizia.note

egizia-note-plus = { " " }+ { $items }
egizia-note-up = N41 pod prąd
egizia-note-occ = N42 zajęte
egizia-note-dbl = podwojone N36
egizia-note-at_max = { " " }({ $builder } na maksimum: ten krok przepada)
egizia-note-wrap = { " " }({ $items })
egizia-note-bonus_stones =
    { " " }(+{ $n ->
        [one] { $n } kamień
        [few] { $n } kamienie
       *[many] { $n } kamieni
        [other] { $n } kamienia
    })
egizia-note-bonus_vp = { " " }(+{ $n } pkt)

## egizia.pos

egizia-pos-slot = { $site }, miejsce { $slot }
egizia-pos-sub = rezerwa { $site }
    .case-site = at
egizia-pos-extra = { $site }, dodatkowe miejsce (N37)

## egizia.item

egizia-item-obelisk =
    { $case ->
        [acc] na obelisku (rząd { $row }, wartość { $value })
       *[nom] obelisk: rząd { $row }, wartość { $value }
    }
egizia-item-tomb =
    { $case ->
        [acc] { -grobowiec } (pole { $space }, żeton { $value })
       *[nom] { -grobowiec }: pole { $space }, żeton { $value }
    }
egizia-item-pyramid =
    { $case ->
        [acc] na piramidzie (rząd { $row }, pole { $pos }, wartość { $value })
       *[nom] piramida: rząd { $row }, pole { $pos }, wartość { $value }
    }
egizia-item-temple =
    { $case ->
        [acc] w świątyni ({ egizia-temple_field }, wartość { $value })
       *[nom] świątynia: { egizia-temple_field }, wartość { $value }
    }

## egizia.reason

egizia-reason-chose = rezygnuje
egizia-reason-no_builder = brak wolnego { -budowniczy(case: "gen") }
egizia-reason-no_stones = brak kamieni
egizia-reason-nothing_affordable = z tą siłą nic nie można zbudować

## egizia.why

egizia-why-card = karta
egizia-why-space = pole na Nilu
egizia-why-bottom_stone_sale = premia za dno { -sprzedaz-kamieni(case: "gen") }
egizia-why-bottom_grain_market = premia za dno { -rynek-zbozowy(case: "gen") }
egizia-why-sell_card = { -sprzedaz-kamieni }
egizia-why-field_bonus = premia pola
egizia-why-production = wydobycie
egizia-why-feeding = kara za głód
egizia-why-build = budowa
egizia-why-row_bonus = premia za rząd piramidy
egizia-why-sphinx_return = zwrócone karty { -sfinks(case: "gen") }
egizia-why-cooperation = premia za współpracę
egizia-why-obelisk = krok na rynku
egizia-why-final_stone_sale = końcowa { -sprzedaz-kamieni }
egizia-why-final_tombs = { -grobowce }
egizia-why-final_sphinx = karta { -sfinks(case: "gen") }

## egizia.final

egizia-final-stone_sale = { -sprzedaz-kamieni }
egizia-final-tombs = { -grobowce }

## egizia.result

egizia-result-line = { $player }: { $what } { $vp } pkt

## egizia.err

egizia-err-ring =
    Znacznik nawodnienia przesuwa się najwyżej o { $steps ->
        [one] { $steps } krok
        [few] { $steps } kroki
       *[many] { $steps } kroków
        [other] { $steps } kroku
    } i zostaje na trzech polach.
egizia-err-played_with = { $card } zagrywa się w ramach: { $how }.
egizia-err-crew_fixed = Budowniczowie są już ustaleni: coś zbudowano lub dobrano karty.
egizia-err-bad_action = To nie jest poprawna akcja.
egizia-err-not_your_turn = To nie twoja kolej.
egizia-err-game_over = Gra się skończyła.
egizia-err-illegal = Teraz niedozwolone: { $action }
egizia-err-no_such_card = Nie ma karty { $what }.
egizia-err-not_held = Nie masz karty { $card }.
egizia-err-n33_after_placement = { $card } zagrywa się zaraz po postawieniu statku, nie teraz.
egizia-err-window = { $card } nie można teraz użyć; używa się jej: { $windows }.
egizia-err-no_stones = Nie masz kamieni.
egizia-err-sell_range =
    { $card }: sprzedaj od 1 do { $max ->
        [one] { $max } kamienia
        [few] { $max } kamieni
       *[many] { $max } kamieni
        [other] { $max } kamienia
    }.
egizia-err-after_feeding_only = W tej grze { $card } można użyć tylko po karmieniu (opcja).
egizia-err-once_per_round = Karta { $card } była już użyta w tej rundzie.
egizia-err-cost =
    { $card } kosztuje { $cost ->
        [one] { $cost } kamień
        [few] { $cost } kamienie
       *[many] { $cost } kamieni
        [other] { $cost } kamienia
    }; masz { $stones }.
egizia-err-bad_builder = Podaj { -budowniczy(case: "gen") }: bk, bl, ye lub jk.
egizia-err-improver_attached = { $card } jest już dołożona; dołożenie jest ostateczne.
egizia-err-improver_field = { $card } można dołożyć tylko do twojego pola, które nie jest jeszcze zielone.
egizia-err-no_window = Teraz nie możesz zagrywać kart.
egizia-err-no_space = Nie ma pola rzeki { $what } (1-20).
egizia-err-no_ships = Nie masz już statku w zapasie.
egizia-err-up_not_needed = Pole { $idx } i tak leży w dół rzeki: postaw { -statek } bez { $card }.
egizia-err-downstream = Pole { $idx } nie leży w dół rzeki od twojego statku na polu { $last }.
egizia-err-round_space_only = { $card } działa tylko na polu rundy.
egizia-err-site_only = Pole { $idx } nie jest budową: nie wybiera się miejsca.
egizia-err-no_card_here = Na polu { $idx } nie leży karta.
egizia-err-not_here = { $card } nie można użyć { $space }.
    .case-space = at
egizia-err-not_occupied = { $card } nie jest potrzebna: { $space } jest wolne miejsce.
    .case-space = at
egizia-err-round_full = Dwa statki stoją już { $space }.
    .case-space = at
egizia-err-occupied = Miejsce { $space } jest zajęte.
    .case-space = at
egizia-err-own_ship_at_site = Masz już { -statek } { $site }.
    .case-site = at
egizia-err-choose_slot = Wybierz miejsce { $site } (s1, s2, ...) lub sub, gdy jest pełno.
    .case-site = at
egizia-err-slot_free = { $site } jest jeszcze wolne miejsce: zajmij je.
    .case-site = at
egizia-err-extra_taken = Dodatkowe miejsce { $site } jest zajęte.
    .case-site = at
egizia-err-no_slot = W tej grze { $site } nie ma miejsca { $slot }.
    .case-site = at
egizia-err-slot_taken = Miejsce { $slot } { $site } jest zajęte.
    .case-site = at
egizia-err-joker_alone = Zarządca nigdy nie buduje sam: dodaj zwykłego { -budowniczy(case: "gen") }.
egizia-err-builder_used = { $builder } już budował w tej rundzie.
egizia-err-two_builders = Dwóch zwykłych { -budowniczy(case: "pl-gen") } razem wymaga N34 lub N54.
egizia-err-sphinx_only = { $card } działa tylko przy { -sfinks(case: "loc") }.
egizia-err-crew_useless = Z tymi budowniczymi nic nie da się zbudować.
egizia-err-at_least_one = Zanim skończysz, zbuduj co najmniej jedną część.
egizia-err-over_strength = Wartość { $value } przekracza pozostałą siłę { $left }.
egizia-err-over_stones =
    Wartość { $value } kosztuje więcej niż { $stones ->
        [one] twój { $stones } kamień
        [few] twoje { $stones } kamienie
       *[many] twoich { $stones } kamieni
        [other] twoje { $stones } kamienia
    }.
egizia-err-obelisk_full = Obelisk jest ukończony.
egizia-err-tombs_empty = Nie został żaden { -zeton-grobowca }.
egizia-err-no_such_field = Nie ma takiego pola: { $what }.
egizia-err-row_full = Rząd piramidy { $row } jest pełny.
egizia-err-not_supported = Pole { $pos } w rzędzie { $row } piramidy nie spoczywa jeszcze na dwóch cegłach.
egizia-err-temple_taken = W świątyni stoi już { egizia-temple_field }.
egizia-err-temple_requires = W świątyni { egizia-temple_field } można budować dopiero na zbudowanych polach pod nim (ruchy { $needs }).
egizia-err-wrong_building = Ta część należy do drugiej budowy.
egizia-err-one_placement = Statek w tej turze już postawiono: zakończ turę (lub zagraj N33).
egizia-err-grain_cards =
    Masz tylko { $held ->
        [one] { $held } kartę zboża
        [few] { $held } karty zboża
       *[many] { $held } kart zboża
        [other] { $held } karty zboża
    }.
egizia-err-convert_max =
    Możesz zamienić najwyżej { $max ->
        [one] { $max } kamień
        [few] { $max } kamienie
       *[many] { $max } kamieni
        [other] { $max } kamienia
    } (nie więcej, niż masz kamieni, i nie więcej, niż brakuje zboża).
egizia-err-cannot_build = Nie możesz tu teraz budować: zrezygnuj.
egizia-err-draw_range =
    Zapłać za { $lo } do { $hi ->
        [one] { $hi } karty
        [few] { $hi } kart
       *[many] { $hi } kart
        [other] { $hi } karty
    }.
egizia-err-keep_max =
    Możesz zatrzymać najwyżej { $max ->
        [one] { $max } kartę
        [few] { $max } karty
       *[many] { $max } kart
        [other] { $max } karty
    }.
egizia-err-keep_pick = Nie zatrzymuj nic albo podaj dobrane karty pozycją 1-{ $n }.
egizia-err-market_first = Najpierw przesuń jeden znacznik rynku o 1 krok w dół ({ -sprzedaz-kamieni } lub { -rynek-zbozowy }).

## egizia.space

egizia-space-card =
    { $case ->
        [at] na polu { $idx } z kartą
       *[nom] pole { $idx } z kartą
    }
egizia-space-edfu =
    { $case ->
        [at] na polu Edfu
       *[nom] Edfu
    }
egizia-space-selinon =
    { $case ->
        [at] na polu Selinon
       *[nom] Selinon
    }
egizia-space-thebae =
    { $case ->
        [at] na polu Thebae
       *[nom] Thebae
    }
egizia-space-beni_hasan =
    { $case ->
        [at] na polu Beni Hasan
       *[nom] Beni Hasan
    }
egizia-space-passalon =
    { $case ->
        [at] na polu Passalon
       *[nom] Passalon
    }
egizia-space-alyi =
    { $case ->
        [at] na polu Alyi
       *[nom] Alyi
    }
egizia-space-heliopolis =
    { $case ->
        [at] na polu Heliopolis
       *[nom] Heliopolis
    }

## egizia.site

egizia-site-sphinx =
    { $case ->
        [gen] { -sfinks(case: "gen") }
        [acc] { -sfinks(case: "acc") }
        [loc] { -sfinks(case: "loc") }
        [at] przy { -sfinks(case: "loc") }
       *[nom] { -sfinks }
    }
egizia-site-obelisk_tombs =
    { $case ->
        [gen] { -obelisk-i-grobowce(case: "gen") }
        [acc] { -obelisk-i-grobowce(case: "acc") }
        [loc] { -obelisk-i-grobowce(case: "loc") }
        [at] przy { -obelisk-i-grobowce(case: "loc") }
       *[nom] Obelisk i { -grobowce }
    }
egizia-site-pyramid_temple =
    { $case ->
        [gen] { -piramida-i-swiatynia(case: "gen") }
        [acc] { -piramida-i-swiatynia(case: "acc") }
        [loc] { -piramida-i-swiatynia(case: "loc") }
        [at] przy { -piramida-i-swiatynia(case: "loc") }
       *[nom] Piramida i świątynia
    }

## egizia.fx

egizia-fx-edfu = oba znaczniki rynku 1 krok w dół
egizia-fx-selinon = czarny +1, niebieski +1
egizia-fx-thebae = czarny +1, żółty +1
egizia-fx-beni_hasan = niebieski +1, żółty +1
egizia-fx-passalon = { -zarzadca } +1, { -znacznik-nawodnienia } ±1
egizia-fx-alyi = jeden { -budowniczy } do wyboru +1, +2 kamienie
egizia-fx-heliopolis = { -zarzadca } +1, { -znacznik-nawodnienia } ±1

## egizia.nth

egizia-nth-1 = 1.
egizia-nth-2 = 2.
egizia-nth-3 = 3.
egizia-nth-4 = 4.

## egizia.ev

egizia-ev-crew_back = { $player } cofa wybór { -budowniczy(case: "pl-gen") }.
egizia-ev-setup =
    { -hra-egizia } dla { $players ->
        [one] { $players } gracza
        [few] { $players } graczy
       *[many] { $players } graczy
        [other] { $players } gracza
    } jest gotowa.
egizia-ev-tile =
    { $player } ma { -zeton-kolejnosci } { $tile } i { $stones ->
        [one] { $stones } kamień
        [few] { $stones } kamienie
       *[many] { $stones } kamieni
        [other] { $stones } kamienia
    }.
egizia-ev-sphinx_setup_one = { $player }, twoja karta { -sfinks(case: "gen") }: { $card }
egizia-ev-sphinx_setup_drawn = { $player }, dobrane karty { -sfinks(case: "gen") }: { $cards }
egizia-ev-sphinx_setup_kept =
    { $player } zatrzymuje { $kept ->
        [one] { $kept } kartę { -sfinks(case: "gen") }
        [few] { $kept } karty { -sfinks(case: "gen") }
       *[many] { $kept } kart { -sfinks(case: "gen") }
        [other] { $kept } karty { -sfinks(case: "gen") }
    } i zwraca { $returned }.
egizia-ev-round = Runda { $round }: na Nilu leżą { $cards }.
egizia-ev-auto_pass = { $player } pasuje (brak statków lub wolnych pól).
egizia-ev-pass = { $player } pasuje.
egizia-ev-place = { $player } płynie na pole { $idx }: { $where }.
egizia-ev-take = { $player } bierze { $card }.
egizia-ev-play = { $player } zagrywa { $card }.
egizia-ev-stones =
    { $player }: { SIGNED($amount) } { $amount ->
        [one] kamień
        [few] kamienie
       *[many] kamieni
        [other] kamienia
    } ({ $why }) → { $total }, stracone { $lost }.
egizia-ev-score = { $player }: { SIGNED($amount) } pkt ({ $why }) → { $total }.
egizia-ev-builder = { $player }: { $builder } +{ $amount } → { $total } (stracone { $lost }).
egizia-ev-track = { $player }: znacznik { $track } → pole { $pos }.
    .case-track = gen
egizia-ev-ring = { $player } przesuwa { -znacznik-nawodnienia(case: "acc") } na { $pos } pole.
egizia-ev-improve = { $player } dokłada { $card } { $field }.
    .case-field = to
egizia-ev-sail_end = Żegluga skończona; statki wracają, pozostałe karty odpadają z gry.
egizia-ev-feed = { $player } karmi: potrzeba { $need }, zboże { $grain }, brak { $short }, strata { $loss } pkt.
egizia-ev-feed_ready = { $player }: decyzja o karmieniu zapisana (wykonanie w kolejności punktów).
egizia-ev-decline = { $player } opuszcza budowę { $site }: { $reason }.
    .case-site = gen
egizia-ev-promoted = Rezerwa gracza { $player } wchodzi na miejsce { $slot } { $site }.
    .case-site = at
egizia-ev-build_first = { $player } buduje { $site } przed innymi (N38).
    .case-site = at
egizia-ev-crew = Budowniczowie gracza { $player }: { $builders } = siła { $strength }.
egizia-ev-built =
    { $player } buduje { $item } za { $cost ->
        [one] { $cost } kamień
        [few] { $cost } kamienie
       *[many] { $cost } kamieni
        [other] { $cost } kamienia
    }.
    .case-item = acc
egizia-ev-tomb_reveal = { -grobowiec } na polu { $space } zostaje odkryty: { $value }.
egizia-ev-row_bonus =
    { $player } zdobywa premię za rząd piramidy { $row } z { $bricks ->
        [one] { $bricks } cegłą
        [few] { $bricks } cegłami
       *[many] { $bricks } cegłami
        [other] { $bricks } cegły
    }.
egizia-ev-sphinx_draw =
    { $player } płaci { $paid ->
        [one] { $paid } kamień
        [few] { $paid } kamienie
       *[many] { $paid } kamieni
        [other] { $paid } kamienia
    } i dobiera { $drawn ->
        [one] { $drawn } kartę { -sfinks(case: "gen") }
        [few] { $drawn } karty { -sfinks(case: "gen") }
       *[many] { $drawn } kart { -sfinks(case: "gen") }
        [other] { $drawn } karty { -sfinks(case: "gen") }
    }.
egizia-ev-sphinx_seen = { $player }, widzisz: { $cards }
egizia-ev-sphinx_kept =
    { $player } zatrzymuje { $kept ->
        [one] { $kept } kartę { -sfinks(case: "gen") }
        [few] { $kept } karty { -sfinks(case: "gen") }
       *[many] { $kept } kart { -sfinks(case: "gen") }
        [other] { $kept } karty { -sfinks(case: "gen") }
    } i zwraca { $returned }.
egizia-ev-sphinx_kept_private = { $player }, zatrzymujesz: { $cards }
egizia-ev-coop =
    { $player } współpracuje na { $sites ->
        [one] { $sites } budowie
        [few] { $sites } budowach
       *[many] { $sites } budowach
        [other] { $sites } budowy
    }: { $vp } pkt.
egizia-ev-turn_order = Nowa kolejność: { $players }.
egizia-ev-sphinx_scored = { $player } odkrywa { $card }: { $vp } pkt.
egizia-ev-winner = { $player } wygrywa z { $score } pkt.
egizia-ev-winner_tie = { $player } wygrywa z { $score } pkt dzięki rozstrzygnięciu remisu (wcześniej na mecie).

## egizia.title

egizia-title-D--03 = Zatrzymaj jedną z dwóch kart { -sfinks(case: "gen") }
egizia-title-D--04 = Żegluga: twoja tura
egizia-title-D--05 = Dokąd płynie { -statek }?
egizia-title-D--08 = Zagrać podwójny ruch?
egizia-title-D--09 = Wziąć pozostałą kartę?
egizia-title-D--10 = Karmienie: potrzeba { $need }, pola dają { $grain }, kara { $penalty } za brakujące zboże
egizia-title-D--11 = Budować { $site } przed innymi?
    .case-site = at
egizia-title-D--12 = Twoja tura budowy: { $site }
egizia-title-D--13 = Wybierz { -budowniczy(case: "pl-gen") } do budowy { $site }
    .case-site = gen
egizia-title-D--14 = Za ile kart { -sfinks(case: "gen") } płacisz?
egizia-title-D--15 = Które karty { -sfinks(case: "gen") } zatrzymujesz?
egizia-title-D--16 = Obelisk i { -grobowce }: pozostała siła { $left }
egizia-title-D--17 = Który znacznik rynku przesunąć o 1 w dół?
egizia-title-D--18 = Piramida i świątynia: pozostała siła { $left }
egizia-title-D--19 = Ostatnie akcje przed { -punktacja-koncowa(case: "ins") }

## egizia.title.D-06

egizia-title-D--06-track =
    { $card }: który tor dostaje { $steps ->
        [one] { $steps } krok
        [few] { $steps } kroki
       *[many] { $steps } kroków
        [other] { $steps } kroku
    }?
egizia-title-D--06-n18 = Dwa kroki { -budowniczy(case: "pl-gen") }: wybierz
egizia-title-D--06-improve = { $card }: dołożyć teraz?

## egizia.title.D-07

egizia-title-D--07-alyi =
    Alyi: wybierz { $picks ->
        [one] { $picks } krok
        [few] { $picks } kroki
       *[many] { $picks } kroków
        [other] { $picks } kroku
    } { -budowniczy(case: "pl-gen") }
egizia-title-D--07-ring = Przesunąć { -znacznik-nawodnienia(case: "acc") }?

## egizia.lbl

egizia-lbl-crew_back = Cofnij wybór { -budowniczy(case: "pl-gen") } (wybierz ponownie lub zrezygnuj)
egizia-lbl-pass = Pasuj (w tej rundzie już bez kolejnego statku)
egizia-lbl-stop = Nie stawiaj drugiego statku (N33 i tak przepada)
egizia-lbl-n33 = Zagraj { $card }: postaw kolejny { -statek }
egizia-lbl-endturn = Zakończ turę
egizia-lbl-place_card = { $idx }: weź { $card }{ $note }
egizia-lbl-place_round = { $idx }: { $space } - { $fx }{ $note }
egizia-lbl-place_slot = { $idx }: { $site }, miejsce { $slot } (buduje { $order }){ $note }
egizia-lbl-place_sub = { $idx }: rezerwa { $site }, { $queue }. w kolejce{ $note }
    .case-site = at
egizia-lbl-place_extra = { $idx }: { $site }, dodatkowe miejsce (N37){ $note }
egizia-lbl-sell =
    Zagraj { $card }: sprzedaj { $n ->
        [one] { $n } kamień
        [few] { $n } kamienie
       *[many] { $n } kamieni
        [other] { $n } kamienia
    } za { $vp } pkt
egizia-lbl-build_first = Zagraj { $card }: w tej rundzie buduj przed innymi
egizia-lbl-improve = Dołóż { $card } { $field }
    .case-field = to
egizia-lbl-improve_keep = Zostaw niedołożoną
egizia-lbl-crewup = { $card }: { $builder } +1 (teraz { $now }/{ $max })
egizia-lbl-buy =
    { $card }: zapłać { $cost ->
        [one] { $cost } kamień
        [few] { $cost } kamienie
       *[many] { $cost } kamieni
        [other] { $cost } kamienia
    }, { $builder } +1 (teraz { $now }/{ $max })
egizia-lbl-track = { $track }: pole { $pos } → { $to }{ $bonus }
egizia-lbl-track_steps =
    { $track }: { $steps ->
        [one] { $steps } krok
        [few] { $steps } kroki
       *[many] { $steps } kroków
        [other] { $steps } kroku
    }, pole { $pos } → { $to }{ $bonus }
egizia-lbl-n18_two = { $a } +1 i { $b } +1
egizia-lbl-n18_one = { $a } +2 (teraz { $now }/{ $max })
egizia-lbl-alyi = { $builders } +1{ $note }
egizia-lbl-ring = Przesuń { -znacznik-nawodnienia(case: "acc") } na { $pos } pole
egizia-lbl-ring_stay = Zostaw { -znacznik-nawodnienia(case: "acc") } na { $pos } polu
    .case-pos = loc
egizia-lbl-leftover = Weź { $card } z pola { $idx }
egizia-lbl-leftover_no = Nie bierz (N39 pozostaje nieużyta)
egizia-lbl-feed =
    { $cards ->
        [one] { $cards } karta zboża
        [few] { $cards } karty zboża
       *[many] { $cards } kart zboża
        [other] { $cards } karty zboża
    }, { $stones ->
        [one] { $stones } kamień
        [few] { $stones } kamienie
       *[many] { $stones } kamieni
        [other] { $stones } kamienia
    }: zboże { $grain }/{ $need }, strata { $loss } pkt
egizia-lbl-first_yes = Buduj { $site } przed innymi
    .case-site = at
egizia-lbl-first_no = Zostań na swoim miejscu
egizia-lbl-build = Buduj { $site }
    .case-site = at
egizia-lbl-decline = Zrezygnuj ({ -statek } opuszcza budowę)
egizia-lbl-crew = { $builders }{ $note } = siła { $strength }
egizia-lbl-draw =
    Zapłać { $n ->
        [one] { $n } kamień
        [few] { $n } kamienie
       *[many] { $n } kamieni
        [other] { $n } kamienia
    }, dobierz { $d ->
        [one] { $d } kartę
        [few] { $d } karty
       *[many] { $d } kart
        [other] { $d } karty
    }
egizia-lbl-keep_none = Nie zatrzymuj, zwróć { $returned } (+{ $vp } pkt)
egizia-lbl-keep_one = Zatrzymaj { $card }, zwróć { $returned } (+{ $vp } pkt)
egizia-lbl-keep_two = Zatrzymaj { $cards } (N35), zwróć { $returned } (+{ $vp } pkt)
egizia-lbl-keep_setup = Zatrzymaj { $card } (druga idzie pod talię)
egizia-lbl-obelisk = Obelisk, rząd { $row }: wartość { $value }
egizia-lbl-tomb = { -grobowiec }, pole { $space }: żeton { $value }
egizia-lbl-pyramid = Piramida, rząd { $row }, pole { $pos }: wartość { $value }
egizia-lbl-temple = Świątynia, { egizia-temple_field }: wartość { $value }
egizia-lbl-finish = Koniec ({ $total }/{ $strength } użyte)
egizia-lbl-done = Gotowe: przejdź do { -punktacja-koncowa(case: "gen") }

## egizia.how

egizia-how-feed = wybór karmienia (feed <karty> <kamienie>)
egizia-how-crew = wybór { -budowniczy(case: "pl-gen") } w turze budowy
egizia-how-keep = wybór zatrzymania kart { -sfinks(case: "gen") }
egizia-how-place = postawienie statku (place ...)
egizia-how-leftover = koniec żeglugi (leftover)

## egizia.window

egizia-window-W1 = twoja tura żeglugi
egizia-window-W2 = twoje karmienie
egizia-window-W3 = twoja tura budowy, przed wyborem { -budowniczy(case: "pl-gen") }
egizia-window-W4 = ostatnia chwila przed { -punktacja-koncowa(case: "ins") }
egizia-window-W5 = koniec żeglugi

## egizia.option

egizia-option-setup_sphinx = Karty { -sfinks(case: "gen") } na start: dobierz 1 (PL/EN) lub 2 i zatrzymaj 1 (CZ)
egizia-option-score_floor_zero = Punkty nigdy poniżej 0 (zasada PL)
egizia-option-sphinx_extra_requires_payment = { -sfinks } +2 wymaga co najmniej 1 opłaconej karty
egizia-option-two_three_player_cards = Opcjonalne karty dla 2-3 graczy (N57, S30)
egizia-option-remove_plus10_card = Usuń kartę { -sfinks(case: "gen") } +1 za 10 pkt
egizia-option-take_leftover_mode = Karta N39 (weź pozostałą kartę): raz lub co rundę
egizia-option-buy_strength_timing = 2 kamienie za siłę +1: zawsze lub dopiero po karmieniu
egizia-option-two_each_includes_tombs = Karta „2 cegły w każdej budowli” liczy też { -grobowce }
egizia-option-substitute_timing = Awansowana rezerwa buduje w turze zwolnionego miejsca lub po wszystkich miejscach

## egizia.card

egizia-card-start =
    { $case ->
        [to] do pola startowego
       *[nom] pole startowe
    }
egizia-card-N01 =
    { $case ->
        [to] do pola N01 (zielone pole 2)
       *[nom] N01 zielone pole 2
    }
egizia-card-N02 =
    { $case ->
        [to] do pola N02 (zielone pole 3)
       *[nom] N02 zielone pole 3
    }
egizia-card-N03 =
    { $case ->
        [to] do pola N03 (zielone pole 4)
       *[nom] N03 zielone pole 4
    }
egizia-card-N04 =
    { $case ->
        [to] do pola N04 (żółtozielone pole 4)
       *[nom] N04 żółtozielone pole 4
    }
egizia-card-N05 =
    { $case ->
        [to] do pola N05 (żółtozielone pole 5)
       *[nom] N05 żółtozielone pole 5
    }
egizia-card-N06 =
    { $case ->
        [to] do pola N06 (żółtozielone pole 6)
       *[nom] N06 żółtozielone pole 6
    }
egizia-card-N07 =
    { $case ->
        [to] do pola N07 (brązowe pole 6)
       *[nom] N07 brązowe pole 6
    }
egizia-card-N08 =
    { $case ->
        [to] do pola N08 (brązowe pole 7)
       *[nom] N08 brązowe pole 7
    }
egizia-card-N09 = N09 { -kamieniolom } 2
egizia-card-N10 = N10 { -kamieniolom } 2
egizia-card-N11 = N11 { -kamieniolom } 3
egizia-card-N12 = N12 { -kamieniolom } 3
egizia-card-N13 = N13 4 zboża
egizia-card-N14 = N14 siła +3
egizia-card-N15 = N15 { -sfinks } +2 karty
egizia-card-N16 = N16 +6 kamieni
egizia-card-N17 = N17 rynek +2 kroki
egizia-card-N18 = N18 2 kroki { -budowniczy(case: "pl-gen") } do wyboru
egizia-card-N19 = N19 czarny + niebieski +1
egizia-card-N20 = N20 ulepszenie pola
egizia-card-N21 = N21 ulepszenie { -budowniczy(case: "gen") }
egizia-card-N22 = N22 karmienie kamieniami
egizia-card-N23 =
    { $case ->
        [to] do pola N23 (zielone pole 4)
       *[nom] N23 zielone pole 4
    }
egizia-card-N24 =
    { $case ->
        [to] do pola N24 (zielone pole 5)
       *[nom] N24 zielone pole 5
    }
egizia-card-N25 =
    { $case ->
        [to] do pola N25 (żółtozielone pole 5)
       *[nom] N25 żółtozielone pole 5
    }
egizia-card-N26 =
    { $case ->
        [to] do pola N26 (żółtozielone pole 7)
       *[nom] N26 żółtozielone pole 7
    }
egizia-card-N27 =
    { $case ->
        [to] do pola N27 (brązowe pole 7)
       *[nom] N27 brązowe pole 7
    }
egizia-card-N28 =
    { $case ->
        [to] do pola N28 (brązowe pole 8)
       *[nom] N28 brązowe pole 8
    }
egizia-card-N29 =
    { $case ->
        [to] do pola N29 (brązowe pole 9)
       *[nom] N29 brązowe pole 9
    }
egizia-card-N30 = N30 { -kamieniolom } 2
egizia-card-N31 = N31 { -kamieniolom } 3
egizia-card-N32 = N32 { -kamieniolom } 4
egizia-card-N33 = N33 podwójny ruch
egizia-card-N34 = N34 dwóch { -budowniczy(case: "pl-gen") } razem
egizia-card-N35 = N35 zatrzymaj 2 karty { -sfinks(case: "gen") }
egizia-card-N36 = N36 podwój pole rundy
egizia-card-N37 = N37 buduj na pełnej budowie
egizia-card-N38 = N38 buduj przed innymi
egizia-card-N39 = N39 weź pozostałą kartę
egizia-card-N40 = N40 czarny + żółty +1
egizia-card-N41 = N41 pod prąd
egizia-card-N42 = N42 zajęte pole rundy
egizia-card-N43 = N43 2 kamienie → siła +1
egizia-card-N44 = N44 ulepszenie pola
egizia-card-N45 =
    { $case ->
        [to] do pola N45 (brązowe pole 8)
       *[nom] N45 brązowe pole 8
    }
egizia-card-N46 =
    { $case ->
        [to] do pola N46 (brązowe pole 9)
       *[nom] N46 brązowe pole 9
    }
egizia-card-N47 = N47 4 zboża
egizia-card-N48 = N48 punkty za cegły: obelisk + { -grobowce }
egizia-card-N49 = N49 punkty za cegły: piramida + świątynia
egizia-card-N50 = N50 { -grobowiec } wartości 8
egizia-card-N51 = N51 sprzedaj do 10 kamieni
egizia-card-N52 = N52 +6 kamieni
egizia-card-N53 = N53 siła +3
egizia-card-N54 = N54 dwóch { -budowniczy(case: "pl-gen") } razem
egizia-card-N55 = N55 rynek +2 kroki
egizia-card-N56 = N56 niebieski + żółty +1
egizia-card-N57 = N57 { -sfinks } +1 karta

## egizia.sphinx

egizia-sphinx-S01 = S01 obelisk rząd 7 zbudowany
egizia-sphinx-S02 = S02 obelisk rząd 8 zbudowany
egizia-sphinx-S03 = S03 obelisk rząd 9 zbudowany
egizia-sphinx-S04 = S04 piramida rząd 4 zbudowany
egizia-sphinx-S05 = S05 piramida rząd 6 zbudowany
egizia-sphinx-S06 = S06 świątynia: filary zbudowane
egizia-sphinx-S07 = S07 świątynia: kolumny zbudowane
egizia-sphinx-S08 = S08 świątynia: szczyt zbudowany
egizia-sphinx-S09 = S09 dno toru { -sprzedaz-kamieni(case: "gen") } (tabela)
egizia-sphinx-S10 = S10 dno toru { -rynek-zbozowy(case: "gen") } (tabela)
egizia-sphinx-S11 = S11 4 własne cegły: świątynia
egizia-sphinx-S12 = S12 6 własnych cegieł: piramida
egizia-sphinx-S13 = S13 7 własnych cegieł: piramida
egizia-sphinx-S14 = S14 4 własne cegły: obelisk
egizia-sphinx-S15 = S15 5 własnych cegieł: obelisk
egizia-sphinx-S16 = S16 2 cegły w każdej budowli
egizia-sphinx-S17 = S17 1 pkt za każdą cegłę w grobowcach
egizia-sphinx-S18 = S18 punkty = siła: czarny { -budowniczy }
egizia-sphinx-S19 = S19 punkty = siła: niebieski { -budowniczy }
egizia-sphinx-S20 = S20 punkty = siła: żółty { -budowniczy }
egizia-sphinx-S21 = S21 punkty = siła: { -zarzadca }
egizia-sphinx-S22 = S22 największa produkcja: kamieniołomy
egizia-sphinx-S23 = S23 największa produkcja: zielone pola
egizia-sphinx-S24 = S24 największa produkcja: żółtozielone pola
egizia-sphinx-S25 = S25 największa produkcja: brązowe pola
egizia-sphinx-S26 = S26 własny znacznik na dnie: { -rynek-zbozowy }
egizia-sphinx-S27 = S27 własny znacznik na dnie: { -sprzedaz-kamieni }
egizia-sphinx-S28 = S28 2 pkt za każdą kartę stałą
egizia-sphinx-S29 = S29 +1 pkt za każde 10 pkt
egizia-sphinx-S30 = S30 +1 pkt za każde 15 pkt
