### Egizia — cs catalogue (keys egizia.*); missing keys fall back to English.
### Message ids are the catalogue keys with '.' written as '-' (and a '-' inside a key part doubled).


## egizia

egizia-name = Údolí králů

## egizia.builder

egizia-builder-black = černá četa
egizia-builder-blue = modrá četa
egizia-builder-yellow = žlutá četa
egizia-builder-joker = žolík

## egizia.track

egizia-track-stone_sale = prodej kamenů
egizia-track-grain_market = trh s obilím

## egizia.ring

egizia-ring-left = levé
egizia-ring-middle = prostřední
egizia-ring-right = pravé

## egizia.note

egizia-note-plus = { " " }+ { $items }
egizia-note-up = N41 proti proudu
egizia-note-occ = N42 obsazené
egizia-note-dbl = zdvojeno N36
egizia-note-at_max = { " " }({ $builder } na maximu: ten krok propadá)
egizia-note-wrap = { " " }({ $items })
egizia-note-bonus_stones =
    { " " }(+{ $n ->
        [one] { $n } kámen
        [few] { $n } kameny
        [many] { $n } kamene
       *[other] { $n } kamenů
    })
egizia-note-bonus_vp = { " " }(+{ $n } b.)

## egizia.pos

egizia-pos-slot = { $site } pozice { $slot }
egizia-pos-sub = vedle { $site } (náhradník)
egizia-pos-extra = { $site } pozice navíc (N37)

## egizia.item

egizia-item-obelisk = obelisk řada { $row } (hodnota { $value })
egizia-item-tomb =
    { $case ->
        [acc] hrobku pole { $space } (destička { $value })
       *[nom] hrobka pole { $space } (destička { $value })
    }
egizia-item-pyramid =
    { $case ->
        [acc] pyramidu řada { $row } pole { $pos } (hodnota { $value })
       *[nom] pyramida řada { $row } pole { $pos } (hodnota { $value })
    }
egizia-item-temple = chrám { $field } (hodnota { $value })

## egizia.reason

egizia-reason-chose = odmítl stavět
egizia-reason-no_builder = žádná nepoužitá četa
egizia-reason-no_stones = žádné kameny
egizia-reason-nothing_affordable = s touto silou nelze nic postavit

## egizia.why

egizia-why-card = karta
egizia-why-space = pole na Nilu
egizia-why-bottom_stone_sale = bonus za dno prodeje kamenů
egizia-why-bottom_grain_market = bonus za dno trhu s obilím
egizia-why-sell_card = prodej kamenů
egizia-why-field_bonus = bonus pole
egizia-why-production = těžba
egizia-why-feeding = trest za hlad
egizia-why-build = stavba
egizia-why-row_bonus = bonus za řadu pyramidy
egizia-why-sphinx_return = vrácené karty Sfingy
egizia-why-cooperation = bonus za spolupráci
egizia-why-obelisk = krok na trhu
egizia-why-final_stone_sale = závěrečný prodej kamenů
egizia-why-final_tombs = hrobky
egizia-why-final_sphinx = karta Sfingy

## egizia.final

egizia-final-stone_sale = prodej kamenů
egizia-final-tombs = hrobky

## egizia.result

egizia-result-line = { $player }: { $what } { $vp } b.

## egizia.err

egizia-err-ring =
    Kruh se posune nejvýš o { $steps ->
        [one] { $steps } krok
        [few] { $steps } kroky
        [many] { $steps } kroku
       *[other] { $steps } kroků
    } a zůstane na třech polích.
egizia-err-played_with = { $card } se hraje v rámci: { $how }.
egizia-err-crew_fixed = Četa je pevná: už se stavělo nebo líznulo.
egizia-err-bad_action = To není platná akce.
egizia-err-not_your_turn = Teď nejsi na tahu.
egizia-err-game_over = Hra skončila.
egizia-err-illegal = Teď není povoleno: { $action }
egizia-err-no_such_card = Karta { $what } neexistuje.
egizia-err-not_held = Nemáš kartu { $card }.
egizia-err-n33_after_placement = { $card } se hraje hned po umístění lodi, ne teď.
egizia-err-window = { $card } teď použít nelze; hraje se: { $windows }.
egizia-err-no_stones = Nemáš žádné kameny.
egizia-err-sell_range =
    { $card }: prodej 1 až { $max ->
        [one] { $max } kámen
        [few] { $max } kameny
        [many] { $max } kamene
       *[other] { $max } kamenů
    }.
egizia-err-after_feeding_only = V této hře lze { $card } použít jen po krmení (volba).
egizia-err-once_per_round = Kartu { $card } v tomto kole už znovu použít nelze.
egizia-err-cost = { $card } stojí { $cost } kameny; máš { $stones }.
egizia-err-bad_builder = Uveď četu: bk, bl, ye nebo jk.
egizia-err-improver_attached = { $card } už je přiložena; přiložení je konečné.
egizia-err-improver_field = { $card } patří jen k tvému poli, které ještě není zelené.
egizia-err-no_window = Teď nemáš okno pro akce s kartami.
egizia-err-no_space = Pole řeky { $what } neexistuje (1-20).
egizia-err-no_ships = V zásobě ti nezbyla žádná loď.
egizia-err-up_not_needed = Pole { $idx } je i tak po proudu: umísti bez { $card }.
egizia-err-downstream = Pole { $idx } není po proudu od tvé lodi na poli { $last }.
egizia-err-round_space_only = { $card } platí jen na poli kola.
egizia-err-site_only = Pole { $idx } není staveniště: pozice se nevolí.
egizia-err-no_card_here = Na poli { $idx } neleží žádná karta.
egizia-err-not_here = { $card } nelze použít na { $space }.
egizia-err-not_occupied = { $space } je volné: umísti tam bez { $card }.
egizia-err-round_full = Na { $space } už stojí dvě lodě.
egizia-err-occupied = { $space } je obsazené.
egizia-err-own_ship_at_site = Na { $site } už máš loď.
egizia-err-choose_slot = Vyber pozici na { $site } (s1, s2, ...), nebo sub, když je plno.
egizia-err-slot_free = { $site } má ještě volnou pozici: obsaď ji.
egizia-err-extra_taken = Pozice navíc na { $site } je obsazená.
egizia-err-no_slot = { $site } nemá v této hře pozici { $slot }.
egizia-err-slot_taken = { $site } pozice { $slot } je obsazená.
egizia-err-joker_alone = Žolík nikdy nestaví sám: přidej běžnou četu.
egizia-err-builder_used = { $builder } už v tomto kole stavěla.
egizia-err-two_builders = Dvě běžné čety v jedné skupině vyžadují N34 nebo N54.
egizia-err-sphinx_only = { $card } platí jen u Sfingy.
egizia-err-crew_useless = S touto četou nelze nic postavit.
egizia-err-at_least_one = Před ukončením postav aspoň jednu část.
egizia-err-over_strength = Hodnota { $value } je víc než zbývající síla { $left }.
egizia-err-over_stones =
    Hodnota { $value } stojí víc než { $stones ->
        [one] tvůj { $stones } kámen
        [few] tvé { $stones } kameny
        [many] tvých { $stones } kamene
       *[other] tvých { $stones } kamenů
    }.
egizia-err-obelisk_full = Obelisk je dokončen.
egizia-err-tombs_empty = Nezbyla žádná destička hrobky.
egizia-err-no_such_field = Takové pole neexistuje: { $what }.
egizia-err-row_full = Řada pyramidy { $row } je plná.
egizia-err-not_supported = Řada pyramidy { $row } pole { $pos } ještě nespočívá na dvou cihlách.
egizia-err-temple_taken = Chrám { $field } je už postaven.
egizia-err-temple_requires = Chrám { $field } nejdřív potřebuje { $needs }.
egizia-err-wrong_building = Tato část patří k druhému staveništi.
egizia-err-one_placement = V tomto tahu už máš loď umístěnou: ukonči tah (nebo zahraj N33).
egizia-err-grain_cards =
    Máš jen { $held ->
        [one] { $held } kartu obilí
        [few] { $held } karty obilí
        [many] { $held } karty obilí
       *[other] { $held } karet obilí
    }.
egizia-err-convert_max =
    Převést můžeš nejvýš { $max ->
        [one] { $max } kámen
        [few] { $max } kameny
        [many] { $max } kamene
       *[other] { $max } kamenů
    } (tvé kameny, nejvýš chybějící obilí).
egizia-err-cannot_build = Tady teď stavět nemůžeš: odmítni.
egizia-err-draw_range =
    Zaplať { $lo } až { $hi ->
        [one] { $hi } kartu
        [few] { $hi } karty
        [many] { $hi } karty
       *[other] { $hi } karet
    }.
egizia-err-keep_max =
    Nechat si můžeš nejvýš { $max ->
        [one] { $max } kartu
        [few] { $max } karty
        [many] { $max } karty
       *[other] { $max } karet
    }.
egizia-err-keep_pick = Nenech si nic, nebo uveď líznuté karty pozicí 1-{ $n }.
egizia-err-market_first = Nejdřív posuň jednu značku trhu o 1 krok dolů (prodej kamenů nebo trh s obilím).

## egizia.space

egizia-space-card = pole karty { $idx }
egizia-space-edfu = Edfu
egizia-space-selinon = Selinon
egizia-space-thebae = Thebae
egizia-space-beni_hasan = Beni Hasan
egizia-space-passalon = Passalon
egizia-space-alyi = Alyi
egizia-space-heliopolis = Heliopolis

## egizia.site

egizia-site-sphinx = Sfinga
egizia-site-obelisk_tombs = Obelisk/Hrobky
egizia-site-pyramid_temple = Pyramida/Chrám

## egizia.fx

egizia-fx-edfu = obě značky trhu o 1 krok dolů
egizia-fx-selinon = černá +1, modrá +1
egizia-fx-thebae = černá +1, žlutá +1
egizia-fx-beni_hasan = modrá +1, žlutá +1
egizia-fx-passalon = žolík +1, lze posunout kruh
egizia-fx-alyi = jedna četa dle volby +1, +2 kameny
egizia-fx-heliopolis = žolík +1, lze posunout kruh

## egizia.nth

egizia-nth-1 = 1.
egizia-nth-2 = 2.
egizia-nth-3 = 3.
egizia-nth-4 = 4.

## egizia.ev

egizia-ev-crew_back = { $player } bere četu zpět.
egizia-ev-setup =
    Údolí králů pro { $players ->
        [one] { $players } hráče
        [few] { $players } hráče
        [many] { $players } hráče
       *[other] { $players } hráčů
    } je připraveno.
egizia-ev-tile =
    { $player } má destičku pořadí { $tile } a { $stones ->
        [one] { $stones } kámen
        [few] { $stones } kameny
        [many] { $stones } kamene
       *[other] { $stones } kamenů
    }.
egizia-ev-sphinx_setup_one = { $player }, tvoje karta Sfingy: { $card }
egizia-ev-sphinx_setup_drawn = { $player }, tvé karty Sfingy: { $cards }
egizia-ev-sphinx_setup_kept = { $player } si nechává { $kept } kartu Sfingy a vrací { $returned }.
egizia-ev-round = Kolo { $round }: na Nilu leží { $cards }.
egizia-ev-auto_pass = { $player } pasuje (žádná loď nebo žádné volné pole).
egizia-ev-pass = { $player } pasuje.
egizia-ev-place = { $player } pluje na pole { $idx }: { $where }.
egizia-ev-take = { $player } bere { $card }.
egizia-ev-play = { $player } hraje { $card }.
egizia-ev-stones =
    { $player }: { SIGNED($amount) } { $amount ->
        [one] kámen
        [few] kameny
        [many] kamene
       *[other] kamenů
    } ({ $why }) -> { $total }, ztraceno { $lost }.
egizia-ev-score = { $player }: { SIGNED($amount) } b. ({ $why }) -> { $total }.
egizia-ev-builder = { $player }: { $builder } +{ $amount } -> { $total } (ztraceno { $lost }).
egizia-ev-track = { $player }: značka { $track } -> pole { $pos }.
egizia-ev-ring = { $player } posouvá zavlažovací kruh na { $pos } pole.
egizia-ev-improve = { $player } přikládá { $card } k { $field }.
egizia-ev-sail_end = Plavba skončila; lodě se vracejí a zbylé karty odcházejí ze hry.
egizia-ev-feed = { $player } krmí: potřeba { $need }, obilí { $grain }, chybí { $short }, ztráta { $loss } b.
egizia-ev-feed_ready = { $player } má o krmení rozhodnuto (provede se v pořadí podle bodů).
egizia-ev-decline = { $player } opouští { $site }: { $reason }.
egizia-ev-promoted = Náhradník hráče { $player } postupuje na { $site }, pozice { $slot }.
egizia-ev-build_first = { $player } staví první na { $site } (N38).
egizia-ev-crew = Četa hráče { $player }: { $builders } = síla { $strength }.
egizia-ev-built =
    { $player } staví { $item } za { $cost ->
        [one] { $cost } kámen
        [few] { $cost } kameny
        [many] { $cost } kamene
       *[other] { $cost } kamenů
    }.
    .case-item = acc
egizia-ev-tomb_reveal = Hrobka { $space } se otáčí: { $value }.
egizia-ev-row_bonus =
    { $player } získává bonus za řadu pyramidy { $row } s { $bricks ->
        [one] { $bricks } cihlou
        [few] { $bricks } cihlami
        [many] { $bricks } cihly
       *[other] { $bricks } cihlami
    }.
egizia-ev-sphinx_draw =
    { $player } platí { $paid ->
        [one] { $paid } kámen
        [few] { $paid } kameny
        [many] { $paid } kamene
       *[other] { $paid } kamenů
    } a líže { $drawn ->
        [one] { $drawn } kartu Sfingy
        [few] { $drawn } karty Sfingy
        [many] { $drawn } karty Sfingy
       *[other] { $drawn } karet Sfingy
    }.
egizia-ev-sphinx_seen = { $player }, vidíš: { $cards }
egizia-ev-sphinx_kept =
    { $player } si nechává { $kept ->
        [one] { $kept } kartu Sfingy
        [few] { $kept } karty Sfingy
        [many] { $kept } karty Sfingy
       *[other] { $kept } karet Sfingy
    } a vrací { $returned }.
egizia-ev-sphinx_kept_private = { $player }, necháváš si: { $cards }
egizia-ev-coop =
    { $player } spolupracuje na { $sites ->
        [one] { $sites } stavbě
        [few] { $sites } stavbách
        [many] { $sites } stavby
       *[other] { $sites } stavbách
    }: { $vp } b.
egizia-ev-turn_order = Nové pořadí: { $players }.
egizia-ev-sphinx_scored = { $player } odhaluje { $card }: { $vp } b.
egizia-ev-winner = { $player } vítězí s { $score } body.
egizia-ev-winner_tie = { $player } vítězí s { $score } body díky rozstřelu (první v cíli).

## egizia.title

egizia-title-D--03 = Nech si jednu ze dvou karet Sfingy
egizia-title-D--04 = Tvůj tah plavby
egizia-title-D--05 = Kam pošleš loď?
egizia-title-D--08 = Zahrát dvojitý tah?
egizia-title-D--09 = Vzít zbylou kartu?
egizia-title-D--10 = Krmení: potřeba { $need }, pole dají { $grain }, trest { $penalty } za chybějící obilí
egizia-title-D--11 = Stavět první na { $site }?
egizia-title-D--12 = Tvůj stavební tah na { $site }
egizia-title-D--13 = Vyber četu na { $site }
egizia-title-D--14 = Kolik karet Sfingy zaplatíš?
egizia-title-D--15 = Které karty Sfingy si necháš?
egizia-title-D--16 = Obelisk a hrobky: zbývá síla { $left }
egizia-title-D--17 = Kterou značku trhu posunout o 1 dolů?
egizia-title-D--18 = Pyramida a chrám: zbývá síla { $left }
egizia-title-D--19 = Poslední akce před závěrečným bodováním

## egizia.title.D-06

egizia-title-D--06-track =
    { $card }: která stupnice dostane { $steps ->
        [one] { $steps } krok
        [few] { $steps } kroky
        [many] { $steps } kroku
       *[other] { $steps } kroků
    }?
egizia-title-D--06-n18 = Dva kroky čet: vyber
egizia-title-D--06-improve = { $card }: přiložit hned?

## egizia.title.D-07

egizia-title-D--07-alyi =
    Alyi: vyber { $picks ->
        [one] { $picks } krok
        [few] { $picks } kroky
        [many] { $picks } kroku
       *[other] { $picks } kroků
    } čety
egizia-title-D--07-ring = Posunout zavlažovací kruh?

## egizia.lbl

egizia-lbl-crew_back = Vzít četu zpět (vybrat znovu nebo odmítnout)
egizia-lbl-pass = Pasovat: v tomto kole už žádnou loď
egizia-lbl-stop = Druhou loď neumísťovat (N33 je stejně spotřebována)
egizia-lbl-n33 = Zahrát { $card }: umístit další loď
egizia-lbl-endturn = Ukončit tah
egizia-lbl-place_card = { $idx }: vzít { $card }{ $note }
egizia-lbl-place_round = { $idx }: { $space } - { $fx }{ $note }
egizia-lbl-place_slot = { $idx }: { $site } pozice { $slot } (staví { $order }){ $note }
egizia-lbl-place_sub = { $idx }: náhradník u { $site }, { $queue }. v pořadí{ $note }
egizia-lbl-place_extra = { $idx }: { $site } pozice navíc (N37){ $note }
egizia-lbl-sell =
    Zahrát { $card }: prodat { $n ->
        [one] { $n } kámen
        [few] { $n } kameny
        [many] { $n } kamene
       *[other] { $n } kamenů
    } za { $vp } b.
egizia-lbl-build_first = Zahrát { $card }: v tomto kole stavím první
egizia-lbl-improve = Přiložit { $card } k { $field }
egizia-lbl-improve_keep = Nechat nepřiložené
egizia-lbl-crewup = { $card }: { $builder } +1 (nyní { $now }/{ $max })
egizia-lbl-buy =
    { $card }: zaplatit { $cost ->
        [one] { $cost } kámen
        [few] { $cost } kameny
        [many] { $cost } kamene
       *[other] { $cost } kamenů
    }, { $builder } +1 (nyní { $now }/{ $max })
egizia-lbl-track = { $track }: pole { $pos } -> { $to }{ $bonus }
egizia-lbl-track_steps =
    { $track }: { $steps ->
        [one] { $steps } krok
        [few] { $steps } kroky
        [many] { $steps } kroku
       *[other] { $steps } kroků
    }, pole { $pos } -> { $to }{ $bonus }
egizia-lbl-n18_two = { $a } +1 a { $b } +1
egizia-lbl-n18_one = { $a } +2 (nyní { $now }/{ $max })
egizia-lbl-alyi = +1 pro { $builders }{ $note }
egizia-lbl-ring = Posunout kruh na { $pos }
egizia-lbl-ring_stay = Nechat kruh na { $pos }
egizia-lbl-leftover = Vzít { $card } z pole { $idx }
egizia-lbl-leftover_no = Nebrat nic (N39 zůstává nepoužita)
egizia-lbl-feed =
    { $cards ->
        [one] { $cards } karta obilí
        [few] { $cards } karty obilí
        [many] { $cards } karty obilí
       *[other] { $cards } karet obilí
    }, { $stones ->
        [one] { $stones } kámen
        [few] { $stones } kameny
        [many] { $stones } kamene
       *[other] { $stones } kamenů
    }: obilí { $grain }/{ $need }, ztráta { $loss } b.
egizia-lbl-first_yes = Stavět první na { $site }
egizia-lbl-first_no = Ponechat své místo
egizia-lbl-build = Stavět na { $site }
egizia-lbl-decline = Odmítnout (loď opouští stavbu)
egizia-lbl-crew = { $builders }{ $note } = síla { $strength }
egizia-lbl-draw =
    Zaplatit { $n ->
        [one] { $n } kámen
        [few] { $n } kameny
        [many] { $n } kamene
       *[other] { $n } kamenů
    }, líznout { $d ->
        [one] { $d } kartu
        [few] { $d } karty
        [many] { $d } karty
       *[other] { $d } karet
    }
egizia-lbl-keep_none = Nenechat nic, vrátit { $returned } (+{ $vp } b.)
egizia-lbl-keep_one = Nechat { $card }, vrátit { $returned } (+{ $vp } b.)
egizia-lbl-keep_two = Nechat { $cards } (N35), vrátit { $returned } (+{ $vp } b.)
egizia-lbl-keep_setup = Nechat { $card } (druhá jde pod balíček)
egizia-lbl-obelisk = Obelisk řada { $row }: hodnota { $value }
egizia-lbl-tomb = Hrobka { $space }: destička { $value }
egizia-lbl-pyramid = Pyramida řada { $row } pole { $pos }: hodnota { $value }
egizia-lbl-temple = Chrám { $field }: hodnota { $value }
egizia-lbl-finish = Hotovo ({ $total }/{ $strength } využito)
egizia-lbl-done = Hotovo: pokračovat k závěrečnému hodnocení

## egizia.how

egizia-how-feed = volba krmení (feed <karty> <kameny>)
egizia-how-crew = volba čety ve stavebním tahu
egizia-how-keep = volba ponechání karet Sfingy
egizia-how-place = umístění lodi (place ...)
egizia-how-leftover = konec plavby (leftover)

## egizia.window

egizia-window-W1 = tvůj tah plavby
egizia-window-W2 = tvé krmení
egizia-window-W3 = tvůj stavební tah před volbou čety
egizia-window-W4 = poslední okno před závěrečným hodnocením
egizia-window-W5 = konec plavby

## egizia.option

egizia-option-setup_sphinx = Karty Sfingy na začátku: líznout 1 (PL/EN) nebo 2 a nechat 1 (CZ)
egizia-option-score_floor_zero = Body nikdy pod 0 (pravidlo PL)
egizia-option-sphinx_extra_requires_payment = Sfinga +2 vyžaduje aspoň 1 zaplacenou kartu
egizia-option-two_three_player_cards = Volitelné karty pro 2-3 hráče (N57, S30)
egizia-option-remove_plus10_card = Odebrat kartu Sfingy +1 za 10 b.
egizia-option-take_leftover_mode = Karta zbylé karty: jednou nebo každé kolo
egizia-option-buy_strength_timing = 2 kameny za +1 sílu: kdykoli nebo až po krmení
egizia-option-two_each_includes_tombs = '2 cihly v každé stavbě' zahrnuje hrobky
egizia-option-substitute_timing = Postoupivší náhradník staví v tahu uvolněné pozice nebo po všech pozicích

## egizia.card

egizia-card-start = startovní pole
egizia-card-N01 = N01 zelené pole 2
egizia-card-N02 = N02 zelené pole 3
egizia-card-N03 = N03 zelené pole 4
egizia-card-N04 = N04 žlutozelené pole 4
egizia-card-N05 = N05 žlutozelené pole 5
egizia-card-N06 = N06 žlutozelené pole 6
egizia-card-N07 = N07 hnědé pole 6
egizia-card-N08 = N08 hnědé pole 7
egizia-card-N09 = N09 lom 2
egizia-card-N10 = N10 lom 2
egizia-card-N11 = N11 lom 3
egizia-card-N12 = N12 lom 3
egizia-card-N13 = N13 4 obilí
egizia-card-N14 = N14 +3 síla
egizia-card-N15 = N15 Sfinga +2 karty
egizia-card-N16 = N16 +6 kamenů
egizia-card-N17 = N17 trh +2 kroky
egizia-card-N18 = N18 2 kroky čet dle volby
egizia-card-N19 = N19 černá + modrá +1
egizia-card-N20 = N20 zlepšení pole
egizia-card-N21 = N21 zlepšení čety
egizia-card-N22 = N22 krmení kameny
egizia-card-N23 = N23 zelené pole 4
egizia-card-N24 = N24 zelené pole 5
egizia-card-N25 = N25 žlutozelené pole 5
egizia-card-N26 = N26 žlutozelené pole 7
egizia-card-N27 = N27 hnědé pole 7
egizia-card-N28 = N28 hnědé pole 8
egizia-card-N29 = N29 hnědé pole 9
egizia-card-N30 = N30 lom 2
egizia-card-N31 = N31 lom 3
egizia-card-N32 = N32 lom 4
egizia-card-N33 = N33 dvojitý tah
egizia-card-N34 = N34 dvě čety spolu
egizia-card-N35 = N35 nechat 2 karty Sfingy
egizia-card-N36 = N36 zdvojit pole kola
egizia-card-N37 = N37 stavět na plné stavbě
egizia-card-N38 = N38 stavět první
egizia-card-N39 = N39 vzít zbylou kartu
egizia-card-N40 = N40 černá + žlutá +1
egizia-card-N41 = N41 proti proudu
egizia-card-N42 = N42 obsazené pole kola
egizia-card-N43 = N43 2 kameny -> +1 síla
egizia-card-N44 = N44 zlepšení pole
egizia-card-N45 = N45 hnědé pole 8
egizia-card-N46 = N46 hnědé pole 9
egizia-card-N47 = N47 4 obilí
egizia-card-N48 = N48 body za cihly: obelisk + hrobky
egizia-card-N49 = N49 body za cihly: pyramida + chrám
egizia-card-N50 = N50 hrobka hodnoty 8
egizia-card-N51 = N51 prodat až 10 kamenů
egizia-card-N52 = N52 +6 kamenů
egizia-card-N53 = N53 +3 síla
egizia-card-N54 = N54 dvě čety spolu
egizia-card-N55 = N55 trh +2 kroky
egizia-card-N56 = N56 modrá + žlutá +1
egizia-card-N57 = N57 Sfinga +1 karty

## egizia.sphinx

egizia-sphinx-S01 = S01 obelisk řada 7 postavena
egizia-sphinx-S02 = S02 obelisk řada 8 postavena
egizia-sphinx-S03 = S03 obelisk řada 9 postavena
egizia-sphinx-S04 = S04 pyramida řada 4 postavena
egizia-sphinx-S05 = S05 pyramida řada 6 postavena
egizia-sphinx-S06 = S06 chrám: pilíře postaveno
egizia-sphinx-S07 = S07 chrám: sloupy postaveno
egizia-sphinx-S08 = S08 chrám: vrchol postaveno
egizia-sphinx-S09 = S09 dno stupnice prodej kamenů (tabulka)
egizia-sphinx-S10 = S10 dno stupnice trh s obilím (tabulka)
egizia-sphinx-S11 = S11 4 vlastní cihly: chrám
egizia-sphinx-S12 = S12 6 vlastní cihly: pyramida
egizia-sphinx-S13 = S13 7 vlastní cihly: pyramida
egizia-sphinx-S14 = S14 4 vlastní cihly: obelisk
egizia-sphinx-S15 = S15 5 vlastní cihly: obelisk
egizia-sphinx-S16 = S16 2 cihly v každé stavbě
egizia-sphinx-S17 = S17 1 b. za cihlu v hrobkách
egizia-sphinx-S18 = S18 body = síla: černá četa
egizia-sphinx-S19 = S19 body = síla: modrá četa
egizia-sphinx-S20 = S20 body = síla: žlutá četa
egizia-sphinx-S21 = S21 body = síla: žolík
egizia-sphinx-S22 = S22 největší produkce: lomy
egizia-sphinx-S23 = S23 největší produkce: zelená pole
egizia-sphinx-S24 = S24 největší produkce: žlutozelená pole
egizia-sphinx-S25 = S25 největší produkce: hnědá pole
egizia-sphinx-S26 = S26 vlastní značka na dně: trh s obilím
egizia-sphinx-S27 = S27 vlastní značka na dně: prodej kamenů
egizia-sphinx-S28 = S28 2 b. za trvalou kartu
egizia-sphinx-S29 = S29 +1 b. za každých 10 b.
egizia-sphinx-S30 = S30 +1 b. za každých 15 b.
