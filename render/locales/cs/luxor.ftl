### Luxor – zapomenuté poklady (čeština). Chybějící klíče se berou z angličtiny.
### Message ids are the catalogue keys with '.' written as '-' (and a '-' inside a key part doubled).


## luxor.card

luxor-card-move = { $n }
luxor-card-plus_minus = +/-1
luxor-card-die = kostka
luxor-card-range = { $lo }-{ $hi }
luxor-card-range_die = 1-kostka
luxor-card-advance_all = všichni vpřed +{ $n }
luxor-card-last_to_second_last = posledního k předposlednímu
luxor-card-one_less = { $n } (-1 dobrodruh)

## luxor.place

luxor-place-stairs = schody
luxor-place-tomb = hrobka
luxor-place-space = políčko { $n }
luxor-place-with_tile = { $place } ({ $tile })

## luxor.short

luxor-short-stairs = S
luxor-short-tomb = hrobka
luxor-short-space = { $n }

## luxor.type

luxor-type-vase = váza
luxor-type-statue = socha
luxor-type-jewelry = šperk

## luxor.back

luxor-back-cobra = kobra
luxor-back-falcon = sokol
luxor-back-lion = lev

## luxor.side

luxor-side-L = levou
luxor-side-R = pravou

## luxor.end

luxor-end-L = Levá
luxor-end-R = Pravá

## luxor.tile

luxor-tile-empty = prázdné
luxor-tile-treasure = { $type } { $req }/{ $vp }
luxor-tile-horus = Hor { $eyes }
luxor-tile-osiris = Usir { $value }
luxor-tile-scarab = skarabeus
luxor-tile-wild = žolík
luxor-tile-wild_or_scarab = žolík / skarabeus
luxor-tile-eye_1_2 = oko 1/2
luxor-tile-eye_2_3 = oko 2/3
luxor-tile-tunnel = chodba

## luxor.title

luxor-title-C--03 = Zvol začínajícího hráče
luxor-title-C--04 = { $player }: zahraj levou nebo pravou kartu
luxor-title-C--05 = { $player }: žádná karta nejde zahrát, odlož levou nebo pravou kartu
luxor-title-C--06 = { $player }: tah kartou { $card }
luxor-title-C--06--roll = { $player }: tah kartou { $card } (hozeno { $roll })
luxor-title-C--08 = { $player }: všichni se posunuli; vyber jediné políčko, jehož { -dlazdice } provede akci
luxor-title-C--09 = { $player }: Horova { -dlazdice }, vezmi klíč nebo Horovu kartu
luxor-title-C--10 = { $player }: Horovo oko, ze které hromádky vzít kartu
luxor-title-C--11 = { $player }: vezmi žolíka, nebo skarabea
luxor-title-C--12 = { $player }: vzít poklad?
luxor-title-C--13 = { $player }: aktivovat dobrodruha ležícího u sochy { $statue }?

## luxor.opt

luxor-opt-start = Začíná { $player }
luxor-opt-play = Zahrát { $side } kartu: { $card }{ $preview }
luxor-opt-play_move = { $side } { $card } · { $prefix }{ $src }→{ $dst }{ $notes }
luxor-opt-preview = { " " }({ $moves })
luxor-opt-hop = { $src }→{ $dst }
luxor-opt-discard = Odložit { $side } kartu: { $card } (žádný tah)
luxor-opt-move = { $prefix }dobrodruh { $adv }: { $src } → { $dst }{ $notes }
luxor-opt-none = { "" }
luxor-opt-notes = { " " }[{ $items }]
luxor-opt-steps_one = 1 krok:{ " " }
luxor-opt-steps_few =
    { $k ->
        [one] { $k } krok
        [few] { $k } kroky
        [many] { $k } kroku
       *[other] { $k } kroků
    }:{ " " }
luxor-opt-steps =
    { $k ->
        [one] { $k } krok
        [few] { $k } kroky
        [many] { $k } kroku
       *[other] { $k } kroků
    }:{ " " }
luxor-opt-dir_f = vpřed:{ " " }
luxor-opt-dir_b = zpět:{ " " }
luxor-opt-act =
    Akce na: { $dst } (máš tam { $n ->
        [one] { $n } dobrodruha
        [few] { $n } dobrodruhy
        [many] { $n } dobrodruha
       *[other] { $n } dobrodruhů
    })
luxor-opt-key =
    Vzít klíč ({ $left ->
        [one] zbývá { $left }
        [few] zbývají { $left }
        [many] zbývá { $left }
       *[other] zbývá { $left }
    })
luxor-opt-horus_card = Vzít Horovu kartu úrovně { $level }: { $card } (tento tah bez dobírání)
luxor-opt-wild = Vzít pokladového žolíka
luxor-opt-scarab = Vzít skarabea
luxor-opt-take = Vzít poklad: { $tile }
luxor-opt-leave = Nechat poklad: { $tile }
luxor-opt-wake = Aktivovat dobrodruha u sochy { $statue }: postaví se na schody
luxor-opt-sleep = Nechat dobrodruha ležet u sochy { $statue }

## luxor.note

luxor-note-osiris = Usir { $n }
luxor-note-wakes = aktivuje u sochy { $statue }
luxor-note-wakes_many = aktivuje u soch { $statue }
luxor-note-tomb = vstup do hrobky za klíč
luxor-note-stopped = zastaví před hrobkou

## luxor.ev

luxor-ev-setup = Hra Luxor je připravena. Usirovy { -dlazdice }: { $osiris }
luxor-ev-start_player = Začínající hráč: { $player }
luxor-ev-turn = Kolo { $round }: na tahu je { $player }
luxor-ev-played = { $player } hraje { $side } kartu: { $card }
luxor-ev-stalled = { $player } nemůže táhnout a odkládá { $side } kartu: { $card }
luxor-ev-rolled = { $player } hází { $roll }
luxor-ev-roll_failed = { $player } hází { $roll }: žádný platný tah, karta propadá
luxor-ev-moved = { $player }: dobrodruh { $adv } { $src } → { $dst }
luxor-ev-moved_osiris = { $player }: dobrodruh { $adv } { $src } → { $dst } (Usir: { $via })
luxor-ev-blocked = { $player }: dobrodruh { $adv } ({ $src }) nemůže táhnout
luxor-ev-jumped = { $player }: dobrodruh { $adv } přeskakuje { $src } → { $dst }
luxor-ev-woke = { $player }: dobrodruh { $adv } u sochy { $statue } vstává a jde na schody
luxor-ev-left_lying = { $player } nechává dobrodruha u sochy { $statue } ležet
luxor-ev-tomb =
    { $player }: dobrodruh { $adv } vstupuje do hrobky a platí klíč ({ $keys ->
        [one] zbývá { $keys }
        [few] zbývají { $keys }
        [many] zbývá { $keys }
       *[other] zbývá { $keys }
    })
luxor-ev-sarcophagus = { $player } získává sarkofág za { $vp } b.
luxor-ev-end_triggered = Druhý dobrodruh je v hrobce: toto kolo je poslední
luxor-ev-treasure = { $player } bere poklad: { $type } – { $place } (+{ $vp }, skóre { $score })
luxor-ev-treasure_missed =
    { $player }: { $place } – { $have ->
        [one] { $have } dobrodruh
        [few] { $have } dobrodruzi
        [many] { $have } dobrodruha
       *[other] { $have } dobrodruhů
    } z { $need }, poklad nezíská
luxor-ev-treasure_left = { $player } nechává poklad – { $place }
luxor-ev-revealed = Odkryta chrámová { -dlazdice } ({ $back }) – { $place }: { $tile }
luxor-ev-key = { $player } bere klíč (má { $keys })
luxor-ev-horus_card = { $player } bere Horovu kartu úrovně { $level }: { $card }
luxor-ev-scarab = { $player } bere skarabea (má { $count })
luxor-ev-scarab_value = Tvůj nový skarabeus má hodnotu { $vp }
luxor-ev-wild = { $player } bere pokladového žolíka (má { $count })
luxor-ev-tunnel = { $player }: dobrodruh { $adv } prochází chodbou { $src } → { $dst }
luxor-ev-tunnel_none = { $place }: žádná další chodba, nic se neděje
luxor-ev-nothing_left = { $place }: už není co vzít
luxor-ev-no_draw = { $player } získává Horovu kartu a nelíže si
luxor-ev-drew = { $player } si líže kartu
luxor-ev-drew_card = Tvoje nová karta: { $card }
luxor-ev-reshuffled =
    Odkládací hromádka je zamíchána do nové tahací ({ $count ->
        [one] { $count } karta
        [few] { $count } karty
        [many] { $count } karty
       *[other] { $count } karet
    })
luxor-ev-game_over_tomb = Kolo je dohráno: konec hry
luxor-ev-game_over_stall = Celé kolo nikdo nemohl táhnout: konec hry
luxor-ev-game_over_stall_turns =
    Nikdo se nemohl pohnout { $n ->
        [one] { $n } tah
        [few] { $n } tahy
        [many] { $n } tahu
       *[other] { $n } tahů
    } po sobě: konec hry
luxor-ev-final = { $player }: lišta { $track } + pozice { $positions } + sarkofágy { $sarcophagi } + klíče { $keys } + sady { $sets } za { $set_vp } + skarabeové { $scarabs } ({ $scarab_values }) = { $total }
luxor-ev-winners = Vítězství: { $players } (skóre { $score })

## luxor.result

luxor-result-line = { $player }: { $total } (lišta { $track }, pozice { $positions }, sarkofágy { $sarcophagi }, klíče { $keys }, sady { $sets } za { $set_vp }, skarabeové { $scarabs })

## luxor.err

luxor-err-over = Hra skončila.
luxor-err-not_your_turn = Teď nerozhoduješ ty.
luxor-err-garbage = To není tah této hry.
luxor-err-must_play = Máš hratelnou kartu, musíš ji zahrát a táhnout.
luxor-err-unplayable = S touto kartou teď nelze táhnout.
luxor-err-ends_only = Hrát lze jen levou nebo pravou krajní kartu.
luxor-err-discard_only = Žádná karta nejde zahrát: odlož levou nebo pravou krajní kartu.
luxor-err-no_adventurer = Na políčku { $pos } nemáš žádného aktivního dobrodruha.
luxor-err-illegal_move = Tento tah není platný (přesný počet, do hrobky jen s klíčem, bez přetažení).
luxor-err-not_an_option = To není jedna z možností.
luxor-err-play_first = Nejdřív zahraj levou nebo pravou krajní kartu.
luxor-err-not_actor = Akci může provést jen políčko, kam dorazil dobrodruh posunutý touto kartou (ne hrobka).
luxor-err-lying = Tvůj dobrodruh ležící u sochy { $pos } ještě není ve hře: aktivuješ ho, když sochu přejdeš.
luxor-err-finished = Dobrodruzi v hrobce v ní zůstávají až do konce hry.
luxor-err-direction = Zvol vpřed (f), nebo zpět (b).
luxor-err-roll_first = Tuto kartu zahraj samotnou (play L nebo play R): nejdřív se hází kostkou, pak volíš tah.
luxor-err-moves_itself = Tato karta táhne bez volby: zahraj ji samotnou (play L nebo play R).
luxor-err-play_with_move = Vyber tah spolu s kartou: play L nebo R, políčko, odkud táhneš, a počet kroků nebo směr.
luxor-err-steps_range = Zvol počet kroků od { $lo } do { $hi }.
luxor-err-fixed_steps = Tato karta má pevný počet kroků ({ $n }): zadej jen políčko, odkud táhneš.
luxor-err-overshoot = Tah musí skončit přesně v hrobce; tento by ji přetáhl.
luxor-err-no_key = Vstup do hrobky stojí klíč a ty žádný nemáš.
luxor-err-osiris = Usirova { -dlazdice } na konci by dobrodruha poslala za hrobku nebo do ní bez klíče.
luxor-err-no_tile_behind = Za dobrodruhem ({ $place }) už žádná { -dlazdice } není a schody cílem být nemohou.

## luxor.option

luxor-option-temple_mapping = Které líce chrámových dlaždic patří ke kterým rubům (rekonstruovaná data: H1, H2, H3)
luxor-option-treasure_take_optional = Hráč smí odmítnout poklad, jehož požadavek splnil
luxor-option-backward_to_stairs = Krok zpět bez { -dlazdice } za sebou končí na schodech
luxor-option-anubis_activation_optional = Aktivace ležícího dobrodruha u sochy je volitelná
luxor-option-forced_move_overshoot = Usirův skok za hrobku: neplatný, nebo zastavit na poslední dlaždici
luxor-option-advance_all_blocked = Všichni vpřed, když někdo nemůže: přeskočit ho, nebo karta nejde zahrát
luxor-option-one_less_after_osiris = Mínus 1 dobrodruh platí i po Usirově skoku
luxor-option-one_less_steps = Mínus 1 dobrodruh: pevný počet kroků, nebo volba 1 až 3
luxor-option-tomb_scarab_vp = Hodnota skarabea hrobky
luxor-option-stall_end = Konec při zaseknutí: celé kolo bez tahu, nebo tolik tahů za sebou, kolik je hráčů
luxor-option-reshuffle_timing = Zamíchat odkládací hromádku, až je třeba líznout, nebo hned, jak dojde
luxor-option-start_player = Začínající hráč: náhodně, nebo určí hostitel
