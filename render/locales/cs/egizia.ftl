### Egizia — cs catalogue (keys egizia.*); missing keys fall back to English.
### Message ids are the catalogue keys with '.' written as '-' (and a '-' inside a key part doubled).


## egizia

egizia-name = { -hra-egizia }

## egizia.temple_field (a temple field by its place: the letters L/R/C/T are the moves' own)

egizia-temple_field =
    { $field ->
        [L1] levý pilíř 1
        [L2] levý pilíř 2
        [L3] levý pilíř 3
        [L4] levý pilíř 4
        [R1] pravý pilíř 1
        [R2] pravý pilíř 2
        [R3] pravý pilíř 3
        [R4] pravý pilíř 4
        [C1] sloup 1
        [C2] sloup 2
        [T1] vrchol 1
        [T2] vrchol 2
       *[other] { $field }
    }

## egizia.builder

egizia-builder-black = černá { -ceta }
egizia-builder-blue = modrá { -ceta }
egizia-builder-yellow = žlutá { -ceta }
egizia-builder-joker = { -zolik }

## egizia.track

egizia-track-stone_sale =
    { $case ->
        [gen] { -prodej-kamenu(case: "gen") }
       *[nom] { -prodej-kamenu }
    }
egizia-track-grain_market =
    { $case ->
        [gen] { -obilny-trh(case: "gen") }
       *[nom] { -obilny-trh }
    }

## egizia.ring

egizia-ring-left =
    { $case ->
        [loc] levém
       *[nom] levé
    }
egizia-ring-middle =
    { $case ->
        [loc] prostředním
       *[nom] prostřední
    }
egizia-ring-right =
    { $case ->
        [loc] pravém
       *[nom] pravé
    }

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

egizia-pos-slot = { $site }, pozice { $slot }
egizia-pos-sub = náhradník { $site }
    .case-site = at
egizia-pos-extra = { $site }, pozice navíc (N37)

## egizia.item

egizia-item-obelisk =
    { $case ->
        [acc] na obelisku (řada { $row }, hodnota { $value })
       *[nom] obelisk: řada { $row }, hodnota { $value }
    }
egizia-item-tomb =
    { $case ->
        [acc] { -hrob } ({ -policko } { $space }, destička { $value })
       *[nom] { -hrob }: { -policko } { $space }, destička { $value }
    }
egizia-item-pyramid =
    { $case ->
        [acc] na pyramidě (řada { $row }, pole { $pos }, hodnota { $value })
       *[nom] pyramida: řada { $row }, pole { $pos }, hodnota { $value }
    }
egizia-item-temple =
    { $case ->
        [acc] v chrámu ({ egizia-temple_field }, hodnota { $value })
       *[nom] chrám: { egizia-temple_field }, hodnota { $value }
    }

## egizia.reason

egizia-reason-chose = odmítá stavět
egizia-reason-no_builder = žádná nepoužitá { -ceta }
egizia-reason-no_stones = žádné kameny
egizia-reason-nothing_affordable = s touto silou nelze nic postavit

## egizia.why

egizia-why-card = karta
egizia-why-space = { -policko } na Nilu
egizia-why-bottom_stone_sale = bonus za dno { -prodej-kamenu(case: "gen") }
egizia-why-bottom_grain_market = bonus za dno { -obilny-trh(case: "gen") }
egizia-why-sell_card = { -prodej-kamenu }
egizia-why-field_bonus = bonus pole
egizia-why-production = těžba
egizia-why-feeding = trest za hlad
egizia-why-build = stavba
egizia-why-row_bonus = bonus za řadu pyramidy
egizia-why-sphinx_return = vrácené karty { -sfinga(case: "gen") }
egizia-why-cooperation = bonus za spolupráci
egizia-why-obelisk = krok na trhu
egizia-why-final_stone_sale = závěrečný { -prodej-kamenu }
egizia-why-final_tombs = { -hroby }
egizia-why-final_sphinx = karta { -sfinga(case: "gen") }

## egizia.final

egizia-final-stone_sale = { -prodej-kamenu }
egizia-final-tombs = { -hroby }

## egizia.result

egizia-result-line = { $player }: { $what } { $vp } b.

## egizia.err

egizia-err-ring =
    { -vodni-prstenec } se posune nejvýš o { $steps ->
        [one] { $steps } krok
        [few] { $steps } kroky
        [many] { $steps } kroku
       *[other] { $steps } kroků
    } a zůstane na třech polích.
egizia-err-played_with = { $card } se hraje v rámci: { $how }.
egizia-err-crew_fixed = { -ceta } je pevná: už se stavělo nebo lízaly karty.
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
egizia-err-cost =
    { $card } stojí { $cost ->
        [one] { $cost } kámen
        [few] { $cost } kameny
        [many] { $cost } kamene
       *[other] { $cost } kamenů
    }; máš { $stones }.
egizia-err-bad_builder = Uveď četu: bk, bl, ye nebo jk.
egizia-err-improver_attached = { $card } už je přiložena; přiložení je konečné.
egizia-err-improver_field = { $card } patří jen k tvému poli, které ještě není zelené.
egizia-err-no_window = Teď nemůžeš hrát karty.
egizia-err-no_space = Políčko řeky { $what } neexistuje (1-20).
egizia-err-no_ships = V zásobě ti nezbyla žádná loď.
egizia-err-up_not_needed = Políčko { $idx } je i tak po proudu: umísti loď bez { $card }.
egizia-err-downstream = Políčko { $idx } není po proudu od tvé lodi na políčku { $last }.
egizia-err-round_space_only = { $card } platí jen na políčku kola.
egizia-err-site_only = Políčko { $idx } není staveniště: pozice se nevolí.
egizia-err-no_card_here = Na políčku { $idx } neleží žádná karta.
egizia-err-not_here = { $card } nelze použít { $space }.
    .case-space = at
egizia-err-not_occupied = { $card } není potřeba: { $space } je volno.
    .case-space = at
egizia-err-round_full = Dvě lodě už stojí { $space }.
    .case-space = at
egizia-err-occupied = Místo { $space } je obsazené.
    .case-space = at
egizia-err-own_ship_at_site = Už máš loď { $site }.
    .case-site = at
egizia-err-choose_slot = Vyber pozici { $site } (s1, s2, ...), nebo sub, když je plno.
    .case-site = at
egizia-err-slot_free = Ještě je volná pozice { $site }: obsaď ji.
    .case-site = at
egizia-err-extra_taken = Pozice navíc { $site } je obsazená.
    .case-site = at
egizia-err-no_slot = V této hře { $site } není pozice { $slot }.
    .case-site = at
egizia-err-slot_taken = Pozice { $slot } { $site } je obsazená.
    .case-site = at
egizia-err-joker_alone = Žolík nikdy nestaví sám: přidej běžnou četu.
egizia-err-builder_used = { $builder }: v tomto kole už má stavbu za sebou.
egizia-err-two_builders = Dvě běžné čety v jedné skupině vyžadují N34 nebo N54.
egizia-err-sphinx_only = { $card } platí jen u { -sfinga(case: "gen") }.
egizia-err-crew_useless = S touto četou nelze nic postavit.
egizia-err-at_least_one = Před ukončením postav aspoň jednu část.
egizia-err-over_strength = Hodnota { $value } je větší než zbývající síla { $left }.
egizia-err-over_stones =
    Hodnota { $value } stojí víc než { $stones ->
        [one] tvůj { $stones } kámen
        [few] tvé { $stones } kameny
        [many] tvých { $stones } kamene
       *[other] tvých { $stones } kamenů
    }.
egizia-err-obelisk_full = Obelisk je dokončen.
egizia-err-tombs_empty = Nezbyla žádná destička hrobu.
egizia-err-no_such_field = Takové pole neexistuje: { $what }.
egizia-err-row_full = Řada pyramidy { $row } je plná.
egizia-err-not_supported = Pole { $pos } v řadě { $row } pyramidy ještě nespočívá na dvou cihlách.
egizia-err-temple_taken = V chrámu už stojí { egizia-temple_field }.
egizia-err-temple_requires = V chrámu lze { egizia-temple_field } stavět až na postavených polích pod ním (tahy { $needs }).
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
egizia-err-market_first = Nejdřív posuň jednu značku trhu o 1 krok dolů ({ -prodej-kamenu } nebo { -obilny-trh }).

## egizia.space

egizia-space-card =
    { $case ->
        [at] na políčku { $idx } s kartou
       *[nom] { -policko } { $idx } s kartou
    }
egizia-space-edfu =
    { $case ->
        [at] na políčku Edfu
       *[nom] Edfu
    }
egizia-space-selinon =
    { $case ->
        [at] na políčku Selinon
       *[nom] Selinon
    }
egizia-space-thebae =
    { $case ->
        [at] na políčku Thebae
       *[nom] Thebae
    }
egizia-space-beni_hasan =
    { $case ->
        [at] na políčku Beni Hasan
       *[nom] Beni Hasan
    }
egizia-space-passalon =
    { $case ->
        [at] na políčku Passalon
       *[nom] Passalon
    }
egizia-space-alyi =
    { $case ->
        [at] na políčku Alyi
       *[nom] Alyi
    }
egizia-space-heliopolis =
    { $case ->
        [at] na políčku Heliopolis
       *[nom] Heliopolis
    }

## egizia.site

egizia-site-sphinx =
    { $case ->
        [gen] { -sfinga(case: "gen") }
        [acc] { -sfinga(case: "acc") }
        [loc] { -sfinga(case: "loc") }
        [at] u { -sfinga(case: "gen") }
       *[nom] { -sfinga }
    }
egizia-site-obelisk_tombs =
    { $case ->
        [gen] { -obelisk-a-hroby(case: "gen") }
        [acc] { -obelisk-a-hroby(case: "acc") }
        [loc] { -obelisk-a-hroby(case: "loc") }
        [at] u { -obelisk-a-hroby(case: "gen") }
       *[nom] Obelisk a { -hroby }
    }
egizia-site-pyramid_temple =
    { $case ->
        [gen] { -pyramida-a-chram(case: "gen") }
        [acc] { -pyramida-a-chram(case: "acc") }
        [loc] { -pyramida-a-chram(case: "loc") }
        [at] u { -pyramida-a-chram(case: "gen") }
       *[nom] Pyramida a chrám
    }

## egizia.fx

egizia-fx-edfu = obě značky trhu o 1 krok dolů
egizia-fx-selinon = černá +1, modrá +1
egizia-fx-thebae = černá +1, žlutá +1
egizia-fx-beni_hasan = modrá +1, žlutá +1
egizia-fx-passalon = { -zolik } +1, { -vodni-prstenec } ±1
egizia-fx-alyi = jedna { -ceta } dle volby +1, +2 kameny
egizia-fx-heliopolis = { -zolik } +1, { -vodni-prstenec } ±1

## egizia.nth

egizia-nth-1 = 1.
egizia-nth-2 = 2.
egizia-nth-3 = 3.
egizia-nth-4 = 4.

## egizia.ev

egizia-ev-crew_back = { $player } bere četu zpět.
egizia-ev-setup =
    { -hra-egizia } pro { $players ->
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
egizia-ev-sphinx_setup_one = { $player }, tvoje karta { -sfinga(case: "gen") }: { $card }
egizia-ev-sphinx_setup_drawn = { $player }, tvé karty { -sfinga(case: "gen") }: { $cards }
egizia-ev-sphinx_setup_kept =
    { $player } si nechává { $kept ->
        [one] { $kept } kartu { -sfinga(case: "gen") }
        [few] { $kept } karty { -sfinga(case: "gen") }
        [many] { $kept } karty { -sfinga(case: "gen") }
       *[other] { $kept } karet { -sfinga(case: "gen") }
    } a vrací { $returned }.
egizia-ev-round = Kolo { $round }: na Nilu leží { $cards }.
egizia-ev-auto_pass = { $player } pasuje (žádná loď nebo žádné volné pole).
egizia-ev-pass = { $player } pasuje.
egizia-ev-place = { $player } pluje na { -policko } { $idx }: { $where }.
egizia-ev-take = { $player } bere { $card }.
egizia-ev-play = { $player } hraje { $card }.
egizia-ev-stones =
    { $player }: { SIGNED($amount) } { $amount ->
        [one] kámen
        [few] kameny
        [many] kamene
       *[other] kamenů
    } ({ $why }) → { $total }, ztraceno { $lost }.
egizia-ev-score = { $player }: { SIGNED($amount) } b. ({ $why }) → { $total }.
egizia-ev-builder = { $player }: { $builder } +{ $amount } → { $total } (ztraceno { $lost }).
egizia-ev-track = { $player }: značka { $track } → pole { $pos }.
    .case-track = gen
egizia-ev-ring = { $player } posouvá { -vodni-prstenec(case: "acc") } na { $pos } pole.
egizia-ev-improve = { $player } přikládá { $card } { $field }.
    .case-field = to
egizia-ev-sail_end = Plavba skončila; lodě se vracejí a zbylé karty odcházejí ze hry.
egizia-ev-feed = { $player } krmí: potřeba { $need }, obilí { $grain }, chybí { $short }, ztráta { $loss } b.
egizia-ev-feed_ready = { $player } má o krmení rozhodnuto (provede se v pořadí podle bodů).
egizia-ev-decline = { $player } opouští { $site }: { $reason }.
    .case-site = acc
egizia-ev-promoted = Náhradník hráče { $player } postupuje na pozici { $slot } { $site }.
    .case-site = at
egizia-ev-build_first = { $player } staví { $site } jako první (N38).
    .case-site = at
egizia-ev-crew = Četa hráče { $player }: { $builders } = síla { $strength }.
egizia-ev-built =
    { $player } staví { $item } za { $cost ->
        [one] { $cost } kámen
        [few] { $cost } kameny
        [many] { $cost } kamene
       *[other] { $cost } kamenů
    }.
    .case-item = acc
egizia-ev-tomb_reveal = { -hrob } na políčku { $space } se otáčí: { $value }.
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
        [one] { $drawn } kartu { -sfinga(case: "gen") }
        [few] { $drawn } karty { -sfinga(case: "gen") }
        [many] { $drawn } karty { -sfinga(case: "gen") }
       *[other] { $drawn } karet { -sfinga(case: "gen") }
    }.
egizia-ev-sphinx_seen = { $player }, vidíš: { $cards }
egizia-ev-sphinx_kept =
    { $player } si nechává { $kept ->
        [one] { $kept } kartu { -sfinga(case: "gen") }
        [few] { $kept } karty { -sfinga(case: "gen") }
        [many] { $kept } karty { -sfinga(case: "gen") }
       *[other] { $kept } karet { -sfinga(case: "gen") }
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
egizia-ev-winner =
    { $player } vítězí s { $score ->
        [one] { $score } bodem
        [few] { $score } body
        [many] { $score } bodu
       *[other] { $score } body
    }.
egizia-ev-winner_tie =
    { $player } vítězí s { $score ->
        [one] { $score } bodem
        [few] { $score } body
        [many] { $score } bodu
       *[other] { $score } body
    } díky rozhodnutí remízy (dřív v cíli).

## egizia.title

egizia-title-D--03 = Nech si jednu ze dvou karet { -sfinga(case: "gen") }
egizia-title-D--04 = Plavba: jsi na tahu
egizia-title-D--05 = Kam pošleš loď?
egizia-title-D--08 = Zahrát dvojitý tah?
egizia-title-D--09 = Vzít zbylou kartu?
egizia-title-D--10 = Krmení: potřeba { $need }, pole dají { $grain }, trest { $penalty } za chybějící obilí
egizia-title-D--11 = Stavět { $site } jako první?
    .case-site = at
egizia-title-D--12 = Tvůj stavební tah: { $site }
egizia-title-D--13 = Vyber četu pro stavbu { $site }
    .case-site = gen
egizia-title-D--14 = Kolik karet { -sfinga(case: "gen") } zaplatíš?
egizia-title-D--15 = Které karty { -sfinga(case: "gen") } si necháš?
egizia-title-D--16 = Obelisk a { -hroby }: zbývá síla { $left }
egizia-title-D--17 = Kterou značku trhu posunout o 1 dolů?
egizia-title-D--18 = Pyramida a chrám: zbývá síla { $left }
egizia-title-D--19 = Poslední akce před { -zaverecne-bodovani(case: "ins") }

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
egizia-title-D--07-ring = Posunout { -vodni-prstenec(case: "acc") }?

## egizia.lbl

egizia-lbl-crew_back = Vzít četu zpět (vybrat znovu nebo odmítnout)
egizia-lbl-pass = Pasovat (v tomto kole už žádná další loď)
egizia-lbl-stop = Druhou loď neumísťovat (N33 je stejně spotřebována)
egizia-lbl-n33 = Zahrát { $card }: umístit další loď
egizia-lbl-endturn = Ukončit tah
egizia-lbl-place_card = { $idx }: vzít { $card }{ $note }
egizia-lbl-place_round = { $idx }: { $space } - { $fx }{ $note }
egizia-lbl-place_slot = { $idx }: { $site }, pozice { $slot } (staví { $order }){ $note }
egizia-lbl-place_sub = { $idx }: náhradník { $site }, { $queue }. v pořadí{ $note }
    .case-site = at
egizia-lbl-place_extra = { $idx }: { $site }, pozice navíc (N37){ $note }
egizia-lbl-sell =
    Zahrát { $card }: prodat { $n ->
        [one] { $n } kámen
        [few] { $n } kameny
        [many] { $n } kamene
       *[other] { $n } kamenů
    } za { $vp } b.
egizia-lbl-build_first = Zahrát { $card }: v tomto kole stavět jako první
egizia-lbl-improve = Přiložit { $card } { $field }
    .case-field = to
egizia-lbl-improve_keep = Nechat nepřiložené
egizia-lbl-crewup = { $card }: { $builder } +1 (nyní { $now }/{ $max })
egizia-lbl-buy =
    { $card }: zaplatit { $cost ->
        [one] { $cost } kámen
        [few] { $cost } kameny
        [many] { $cost } kamene
       *[other] { $cost } kamenů
    }, { $builder } +1 (nyní { $now }/{ $max })
egizia-lbl-track = { $track }: pole { $pos } → { $to }{ $bonus }
egizia-lbl-track_steps =
    { $track }: { $steps ->
        [one] { $steps } krok
        [few] { $steps } kroky
        [many] { $steps } kroku
       *[other] { $steps } kroků
    }, pole { $pos } → { $to }{ $bonus }
egizia-lbl-n18_two = { $a } +1 a { $b } +1
egizia-lbl-n18_one = { $a } +2 (nyní { $now }/{ $max })
egizia-lbl-alyi = { $builders } +1{ $note }
egizia-lbl-ring = Posunout { -vodni-prstenec(case: "acc") } na { $pos } pole
egizia-lbl-ring_stay = Nechat { -vodni-prstenec(case: "acc") } na { $pos } poli
    .case-pos = loc
egizia-lbl-leftover = Vzít { $card } z políčka { $idx }
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
egizia-lbl-first_yes = Stavět { $site } jako první
    .case-site = at
egizia-lbl-first_no = Ponechat své místo
egizia-lbl-build = Stavět { $site }
    .case-site = at
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
egizia-lbl-obelisk = Obelisk, řada { $row }: hodnota { $value }
egizia-lbl-tomb = { -hrob }, { -policko } { $space }: destička { $value }
egizia-lbl-pyramid = Pyramida, řada { $row }, pole { $pos }: hodnota { $value }
egizia-lbl-temple = Chrám, { egizia-temple_field }: hodnota { $value }
egizia-lbl-finish = Hotovo ({ $total }/{ $strength } využito)
egizia-lbl-done = Hotovo: pokračovat k { -zaverecne-bodovani(case: "dat") }

## egizia.how

egizia-how-feed = volba krmení (feed <karty> <kameny>)
egizia-how-crew = volba čety ve stavebním tahu
egizia-how-keep = volba ponechání karet { -sfinga(case: "gen") }
egizia-how-place = umístění lodi (place ...)
egizia-how-leftover = konec plavby (leftover)

## egizia.window

egizia-window-W1 = tvůj tah při plavbě
egizia-window-W2 = tvé krmení
egizia-window-W3 = tvůj stavební tah před volbou čety
egizia-window-W4 = poslední chvíle před { -zaverecne-bodovani(case: "ins") }
egizia-window-W5 = konec plavby

## egizia.option

egizia-option-setup_sphinx = Karty { -sfinga(case: "gen") } na začátku: líznout 1 (PL/EN) nebo 2 a nechat 1 (CZ)
egizia-option-score_floor_zero = Body nikdy pod 0 (pravidlo PL)
egizia-option-sphinx_extra_requires_payment = { -sfinga } +2 vyžaduje aspoň 1 zaplacenou kartu
egizia-option-two_three_player_cards = Volitelné karty pro 2-3 hráče (N57, S30)
egizia-option-remove_plus10_card = Odebrat kartu { -sfinga(case: "gen") } +1 za 10 b.
egizia-option-take_leftover_mode = Karta N39 (vzít zbylou kartu): jednou, nebo každé kolo
egizia-option-buy_strength_timing = 2 kameny za sílu +1: kdykoli, nebo až po krmení
egizia-option-two_each_includes_tombs = Karta „2 cihly v každé stavbě“ počítá i { -hroby }
egizia-option-substitute_timing = Postoupivší náhradník staví v tahu uvolněné pozice nebo po všech pozicích

## egizia.card

egizia-card-start =
    { $case ->
        [to] ke startovnímu poli
       *[nom] startovní pole
    }
egizia-card-N01 =
    { $case ->
        [to] k poli N01 (zelené pole 2)
       *[nom] N01 zelené pole 2
    }
egizia-card-N02 =
    { $case ->
        [to] k poli N02 (zelené pole 3)
       *[nom] N02 zelené pole 3
    }
egizia-card-N03 =
    { $case ->
        [to] k poli N03 (zelené pole 4)
       *[nom] N03 zelené pole 4
    }
egizia-card-N04 =
    { $case ->
        [to] k poli N04 (žlutozelené pole 4)
       *[nom] N04 žlutozelené pole 4
    }
egizia-card-N05 =
    { $case ->
        [to] k poli N05 (žlutozelené pole 5)
       *[nom] N05 žlutozelené pole 5
    }
egizia-card-N06 =
    { $case ->
        [to] k poli N06 (žlutozelené pole 6)
       *[nom] N06 žlutozelené pole 6
    }
egizia-card-N07 =
    { $case ->
        [to] k poli N07 (hnědé pole 6)
       *[nom] N07 hnědé pole 6
    }
egizia-card-N08 =
    { $case ->
        [to] k poli N08 (hnědé pole 7)
       *[nom] N08 hnědé pole 7
    }
egizia-card-N09 = N09 { -kamenolom } 2
egizia-card-N10 = N10 { -kamenolom } 2
egizia-card-N11 = N11 { -kamenolom } 3
egizia-card-N12 = N12 { -kamenolom } 3
egizia-card-N13 = N13 4 obilí
egizia-card-N14 = N14 síla +3
egizia-card-N15 = N15 { -sfinga } +2 karty
egizia-card-N16 = N16 +6 kamenů
egizia-card-N17 = N17 trh +2 kroky
egizia-card-N18 = N18 2 kroky čet dle volby
egizia-card-N19 = N19 černá + modrá +1
egizia-card-N20 = N20 zlepšení pole
egizia-card-N21 = N21 zlepšení čety
egizia-card-N22 = N22 krmení kameny
egizia-card-N23 =
    { $case ->
        [to] k poli N23 (zelené pole 4)
       *[nom] N23 zelené pole 4
    }
egizia-card-N24 =
    { $case ->
        [to] k poli N24 (zelené pole 5)
       *[nom] N24 zelené pole 5
    }
egizia-card-N25 =
    { $case ->
        [to] k poli N25 (žlutozelené pole 5)
       *[nom] N25 žlutozelené pole 5
    }
egizia-card-N26 =
    { $case ->
        [to] k poli N26 (žlutozelené pole 7)
       *[nom] N26 žlutozelené pole 7
    }
egizia-card-N27 =
    { $case ->
        [to] k poli N27 (hnědé pole 7)
       *[nom] N27 hnědé pole 7
    }
egizia-card-N28 =
    { $case ->
        [to] k poli N28 (hnědé pole 8)
       *[nom] N28 hnědé pole 8
    }
egizia-card-N29 =
    { $case ->
        [to] k poli N29 (hnědé pole 9)
       *[nom] N29 hnědé pole 9
    }
egizia-card-N30 = N30 { -kamenolom } 2
egizia-card-N31 = N31 { -kamenolom } 3
egizia-card-N32 = N32 { -kamenolom } 4
egizia-card-N33 = N33 dvojitý tah
egizia-card-N34 = N34 dvě čety spolu
egizia-card-N35 = N35 nechat 2 karty { -sfinga(case: "gen") }
egizia-card-N36 = N36 zdvojit pole kola
egizia-card-N37 = N37 stavět na plné stavbě
egizia-card-N38 = N38 stavět první
egizia-card-N39 = N39 vzít zbylou kartu
egizia-card-N40 = N40 černá + žlutá +1
egizia-card-N41 = N41 proti proudu
egizia-card-N42 = N42 obsazené pole kola
egizia-card-N43 = N43 2 kameny → síla +1
egizia-card-N44 = N44 zlepšení pole
egizia-card-N45 =
    { $case ->
        [to] k poli N45 (hnědé pole 8)
       *[nom] N45 hnědé pole 8
    }
egizia-card-N46 =
    { $case ->
        [to] k poli N46 (hnědé pole 9)
       *[nom] N46 hnědé pole 9
    }
egizia-card-N47 = N47 4 obilí
egizia-card-N48 = N48 body za cihly: obelisk + { -hroby }
egizia-card-N49 = N49 body za cihly: pyramida + chrám
egizia-card-N50 = N50 { -hrob } hodnoty 8
egizia-card-N51 = N51 prodat až 10 kamenů
egizia-card-N52 = N52 +6 kamenů
egizia-card-N53 = N53 síla +3
egizia-card-N54 = N54 dvě čety spolu
egizia-card-N55 = N55 trh +2 kroky
egizia-card-N56 = N56 modrá + žlutá +1
egizia-card-N57 = N57 { -sfinga } +1 karta

## egizia.sphinx

egizia-sphinx-S01 = S01 obelisk řada 7 postavena
egizia-sphinx-S02 = S02 obelisk řada 8 postavena
egizia-sphinx-S03 = S03 obelisk řada 9 postavena
egizia-sphinx-S04 = S04 pyramida řada 4 postavena
egizia-sphinx-S05 = S05 pyramida řada 6 postavena
egizia-sphinx-S06 = S06 chrám: pilíře postaveny
egizia-sphinx-S07 = S07 chrám: sloupy postaveny
egizia-sphinx-S08 = S08 chrám: vrchol postaven
egizia-sphinx-S09 = S09 dno stupnice { -prodej-kamenu(case: "gen") } (tabulka)
egizia-sphinx-S10 = S10 dno stupnice { -obilny-trh(case: "gen") } (tabulka)
egizia-sphinx-S11 = S11 4 vlastní cihly: chrám
egizia-sphinx-S12 = S12 6 vlastních cihel: pyramida
egizia-sphinx-S13 = S13 7 vlastních cihel: pyramida
egizia-sphinx-S14 = S14 4 vlastní cihly: obelisk
egizia-sphinx-S15 = S15 5 vlastních cihel: obelisk
egizia-sphinx-S16 = S16 2 cihly v každé stavbě
egizia-sphinx-S17 = S17 1 b. za každou cihlu v hrobech
egizia-sphinx-S18 = S18 body = síla: černá { -ceta }
egizia-sphinx-S19 = S19 body = síla: modrá { -ceta }
egizia-sphinx-S20 = S20 body = síla: žlutá { -ceta }
egizia-sphinx-S21 = S21 body = síla: { -zolik }
egizia-sphinx-S22 = S22 největší produkce: kamenolomy
egizia-sphinx-S23 = S23 největší produkce: zelená pole
egizia-sphinx-S24 = S24 největší produkce: žlutozelená pole
egizia-sphinx-S25 = S25 největší produkce: hnědá pole
egizia-sphinx-S26 = S26 vlastní značka na dně: { -obilny-trh }
egizia-sphinx-S27 = S27 vlastní značka na dně: { -prodej-kamenu }
egizia-sphinx-S28 = S28 2 b. za každou trvalou kartu
egizia-sphinx-S29 = S29 +1 b. za každých 10 b.
egizia-sphinx-S30 = S30 +1 b. za každých 15 b.
