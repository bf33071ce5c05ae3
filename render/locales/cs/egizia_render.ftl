### Popisky na obrázcích hry Egizia (render/egizia.py).
### Message ids are the catalogue keys with '.' written as '-' (and a '-' inside a key part doubled).


## egizia_render

egizia_render-title = { -hra-egizia }
egizia_render-seat = Hráč { $n }
egizia_render-round = Kolo { $n }/{ $of }
egizia_render-game_over = Konec hry
egizia_render-waiting = Čeká se na
egizia_render-turn_order = Pořadí tahu
egizia_render-river = Nil — od pramene (1) k ústí (20)
egizia_render-subs = náhradníci:
egizia_render-buildings = Stavby
egizia_render-obelisk = Obelisk
egizia_render-pyramid = Pyramida
egizia_render-temple = Chrám
egizia_render-tombs = Hroby
egizia_render-tombs_hint = { -policko } 1 je u Nilu; zlatý rámeček: bere se další
egizia_render-stone_sale = Prodej kamenů
egizia_render-grain_market = Obilný trh
egizia_render-stone_sale_sub = dole: +3 kameny
egizia_render-grain_market_sub = dole: +2 b.
egizia_render-penalty = −{ $n }/obilí
egizia_render-sale = prodej
egizia_render-ring = Vodní prstenec
egizia_render-nile_decks = Balíčky Nilu: { $decks }
egizia_render-sphinx_deck = Balíček { -sfinga(case: "gen") }: { $n }
egizia_render-score_track = Stupnice bodů (ve sloupci je dole ten, kdo byl v cíli dřív)
egizia_render-order = Pořadí:
egizia_render-vp = { $n } b.
egizia_render-tile = Destička { $n }
egizia_render-stones = { $n }/{ $max }
egizia_render-ships = lodě: { $n }
egizia_render-sphinx_cards = { -sfinga }: { $n }
egizia_render-tombs_held = { -hroby }: { $n } ({ $total })
egizia_render-passed = pas
egizia_render-used = použit
egizia_render-production = Výnos
egizia_render-cards = Karty
egizia_render-feed = obilí { $grain } (potřeba { $need })
egizia_render-cooperated = Spolupráce v tomto kole: { $sites }
egizia_render-final = Konečné výsledky
egizia_render-winner = Vítěz: { $names }
egizia_render-winners = Společné vítězství: { $names }
egizia_render-final_stone_sale = { -prodej-kamenu }
egizia_render-final_tombs = { -hroby }
egizia_render-sphinx_revealed = Karty { -sfinga(case: "gen") }: { $cards }
egizia_render-private_title = { $name } — tvé skryté karty
egizia_render-your_sphinx = Tvé karty { -sfinga(case: "gen") } ({ $n })
egizia_render-drawing = Právě tažené — vyber, co si necháš
egizia_render-your_anytime = Tvé karty „kdykoli“ ({ $n })
egizia_render-playable_hint = ▶ lze zahrát teď
egizia_render-none = žádné

## egizia_render.phase

egizia_render-phase-setup = příprava
egizia_render-phase-sail = plavba po Nilu
egizia_render-phase-leftover = zbylé karty
egizia_render-phase-feed = krmení čet
egizia_render-phase-build = stavění
egizia_render-phase-prefinal = před { -zaverecne-bodovani(case: "ins") }
egizia_render-phase-over = konec hry

## egizia_render.pending

egizia_render-pending-D--03 = si nechává kartu { -sfinga(case: "gen") }
egizia_render-pending-D--04 = pluje, nebo pasuje
egizia_render-pending-D--05 = umisťuje loď
egizia_render-pending-D--06 = vyhodnocuje kartu
egizia_render-pending-D--07 = vyhodnocuje pole řeky
egizia_render-pending-D--08 = může táhnout znovu
egizia_render-pending-D--09 = si může vzít zbylou kartu
egizia_render-pending-D--10 = krmí čety
egizia_render-pending-D--11 = může stavět jako první
egizia_render-pending-D--12 = staví, nebo odmítá
egizia_render-pending-D--13 = volí četu
egizia_render-pending-D--14 = táhne karty { -sfinga(case: "gen") }
egizia_render-pending-D--15 = si nechává karty { -sfinga(case: "gen") }
egizia_render-pending-D--16 = staví u { -obelisk-a-hroby(case: "gen") }
egizia_render-pending-D--17 = posouvá se na stupnici trhu
egizia_render-pending-D--18 = staví u { -pyramida-a-chram(case: "gen") }
egizia_render-pending-D--19 = poslední volné akce

## egizia_render.site

egizia_render-site-sphinx = { -sfinga }
egizia_render-site-obelisk_tombs = Obelisk a { -hroby }
egizia_render-site-pyramid_temple = Pyramida a chrám

## egizia_render.space

egizia_render-space-edfu = oba trhy ▼1
egizia_render-space-selinon = černá + modrá +1
egizia_render-space-thebae = černá + žlutá +1
egizia_render-space-beni_hasan = modrá + žlutá +1
egizia_render-space-passalon = { -zolik } +1, prstenec ±1
egizia_render-space-alyi = { -ceta } +1, +2 kameny
egizia_render-space-heliopolis = { -zolik } +1, prstenec ±1

## egizia_render.type

egizia_render-type-permanent = trvalá
egizia_render-type-immediate = okamžitá
egizia_render-type-anytime = kdykoli

## egizia_render.field_letter

egizia_render-field_letter-green = Z
egizia_render-field_letter-yellow_green = ŽZ
egizia_render-field_letter-brown = H

## egizia_render.ring_pos

egizia_render-ring_pos-left = zavlažuje Z
egizia_render-ring_pos-middle = zavlažuje Z, ŽZ
egizia_render-ring_pos-right = zavlažuje Z, ŽZ, H

## egizia_render.builder

egizia_render-builder-black = černá
egizia_render-builder-blue = modrá
egizia_render-builder-yellow = žlutá
egizia_render-builder-joker = { -zolik }

## egizia_render.scope

egizia_render-scope-global = společná
egizia_render-scope-personal = osobní
