### Napisy na obrazach gry Egizia (render/egizia.py).
### Message ids are the catalogue keys with '.' written as '-' (and a '-' inside a key part doubled).


## egizia_render

egizia_render-title = { -hra-egizia }
egizia_render-seat = Gracz { $n }
egizia_render-round = Runda { $n }/{ $of }
egizia_render-game_over = Koniec gry
egizia_render-waiting = Czekamy na
egizia_render-turn_order = Kolejność tury
egizia_render-river = Nil — od źródła (1) do ujścia (20)
egizia_render-subs = rezerwa:
egizia_render-buildings = Budowle
egizia_render-obelisk = Obelisk
egizia_render-pyramid = Piramida
egizia_render-temple = Świątynia
egizia_render-tombs = Grobowce
egizia_render-tombs_hint = pole 1 jest przy Nilu; złota ramka: następny do wzięcia
egizia_render-stone_sale = Sprzedaż kamieni
egizia_render-grain_market = Rynek zbożowy
egizia_render-stone_sale_sub = dół: +3 kamienie
egizia_render-grain_market_sub = dół: +2 PZ
egizia_render-penalty = −{ $n }/zboże
egizia_render-sale = sprzedaż
egizia_render-ring = Nawodnienie
egizia_render-nile_decks = Talie Nilu: { $decks }
egizia_render-sphinx_deck = Talia { -sfinks(case: "gen") }: { $n }
egizia_render-score_track = Tor punktacji (w stosie na dole ten, kto był na mecie wcześniej)
egizia_render-order = Ranking:
egizia_render-vp = { $n } PZ
egizia_render-tile = Żeton { $n }
egizia_render-stones = { $n }/{ $max }
egizia_render-ships = statki: { $n }
egizia_render-sphinx_cards = { -sfinks }: { $n }
egizia_render-tombs_held = { -grobowce }: { $n } ({ $total })
egizia_render-passed = pas
egizia_render-used = użyty
egizia_render-production = Produkcja
egizia_render-cards = Karty
egizia_render-feed = zboże { $grain } (potrzeba { $need })
egizia_render-cooperated = Współpraca w tej rundzie: { $sites }
egizia_render-final = Wynik końcowy
egizia_render-winner = Zwycięzca: { $names }
egizia_render-winners = Wspólne zwycięstwo: { $names }
egizia_render-final_stone_sale = { -sprzedaz-kamieni }
egizia_render-final_tombs = { -grobowce }
egizia_render-sphinx_revealed = Karty { -sfinks(case: "gen") }: { $cards }
egizia_render-private_title = { $name } — twoje ukryte karty
egizia_render-your_sphinx = Twoje karty { -sfinks(case: "gen") } ({ $n })
egizia_render-drawing = Dobrane teraz — wybierz, co zatrzymać
egizia_render-your_anytime = Twoje karty „w dowolnej chwili” ({ $n })
egizia_render-playable_hint = ▶ można zagrać teraz
egizia_render-none = brak

## egizia_render.phase

egizia_render-phase-setup = przygotowanie
egizia_render-phase-sail = żegluga po Nilu
egizia_render-phase-leftover = pozostałe karty
egizia_render-phase-feed = karmienie { -budowniczy(case: "pl-gen") }
egizia_render-phase-build = budowa
egizia_render-phase-prefinal = przed { -punktacja-koncowa(case: "ins") }
egizia_render-phase-over = koniec gry

## egizia_render.pending

egizia_render-pending-D--03 = zatrzymuje kartę { -sfinks(case: "gen") }
egizia_render-pending-D--04 = płynie lub pasuje
egizia_render-pending-D--05 = stawia { -statek }
egizia_render-pending-D--06 = rozpatruje kartę
egizia_render-pending-D--07 = rozpatruje pole rzeki
egizia_render-pending-D--08 = może wykonać drugi ruch
egizia_render-pending-D--09 = może wziąć pozostałą kartę
egizia_render-pending-D--10 = karmi { -budowniczy(case: "pl-gen") }
egizia_render-pending-D--11 = może budować przed innymi
egizia_render-pending-D--12 = buduje lub rezygnuje
egizia_render-pending-D--13 = wybiera { -budowniczy(case: "pl-gen") }
egizia_render-pending-D--14 = dobiera karty { -sfinks(case: "gen") }
egizia_render-pending-D--15 = zatrzymuje karty { -sfinks(case: "gen") }
egizia_render-pending-D--16 = buduje przy { -obelisk-i-grobowce(case: "loc") }
egizia_render-pending-D--17 = przesuwa się na torze rynku
egizia_render-pending-D--18 = buduje przy { -piramida-i-swiatynia(case: "dat") }
egizia_render-pending-D--19 = ostatnie wolne akcje

## egizia_render.site

egizia_render-site-sphinx = { -sfinks }
egizia_render-site-obelisk_tombs = Obelisk i { -grobowce }
egizia_render-site-pyramid_temple = Piramida i świątynia

## egizia_render.space

egizia_render-space-edfu = oba rynki ▼1
egizia_render-space-selinon = czarny + niebieski +1
egizia_render-space-thebae = czarny + żółty +1
egizia_render-space-beni_hasan = niebieski + żółty +1
egizia_render-space-passalon = { -zarzadca } +1, znacznik ±1
egizia_render-space-alyi = { -budowniczy } +1, +2 kamienie
egizia_render-space-heliopolis = { -zarzadca } +1, znacznik ±1

## egizia_render.type

egizia_render-type-permanent = stała
egizia_render-type-immediate = od razu
egizia_render-type-anytime = w dowolnej chwili

## egizia_render.field_letter

egizia_render-field_letter-green = Z
egizia_render-field_letter-yellow_green = ŻZ
egizia_render-field_letter-brown = B

## egizia_render.ring_pos

egizia_render-ring_pos-left = nawadnia Z
egizia_render-ring_pos-middle = nawadnia Z, ŻZ
egizia_render-ring_pos-right = nawadnia Z, ŻZ, B

## egizia_render.builder

egizia_render-builder-black = czarny
egizia_render-builder-blue = niebieski
egizia_render-builder-yellow = żółty
egizia_render-builder-joker = { -zarzadca }

## egizia_render.scope

egizia_render-scope-global = wspólna
egizia_render-scope-personal = osobista
