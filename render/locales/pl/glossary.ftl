### Słowniczek: pojęcia gry z polskiej instrukcji (../shared/rules/*/rulebook/). Każdy komunikat i każdy napis na
### obrazie bierze je stąd; tests/platform/test_glossary.py odrzuca warianty, które zastąpiły.
### Przypadek wybiera się parametrem: { -sfinks(case: "loc") } → „Sfinksie” (nom, gen, dat, acc, loc, ins).

## Dolina Królów (Egizia). Nazwa gry: tytuł polskiego wydania i polskiej instrukcji (002), jedna wszędzie: w tekście,
## na planszy i na liście gier. „egizia” zostaje tylko nazwą polecenia (/egizia, referee play egizia).
-hra-egizia = Dolina Królów
-sfinks =
    { $case ->
       *[nom] Sfinks
        [gen] Sfinksa
        [dat] Sfinksowi
        [acc] Sfinksa
        [loc] Sfinksie
        [ins] Sfinksem
    }
-obelisk-i-grobowce =
    { $case ->
       *[nom] obelisk i grobowce
        [gen] obelisku i grobowców
        [dat] obeliskowi i grobowcom
        [acc] obelisk i grobowce
        [loc] obelisku i grobowcach
        [ins] obeliskiem i grobowcami
    }
-piramida-i-swiatynia =
    { $case ->
       *[nom] piramida i świątynia
        [gen] piramidy i świątyni
        [dat] piramidzie i świątyni
        [acc] piramidę i świątynię
        [loc] piramidzie i świątyni
        [ins] piramidą i świątynią
    }
-znacznik-nawodnienia =
    { $case ->
       *[nom] znacznik nawodnienia
        [gen] znacznika nawodnienia
        [acc] znacznik nawodnienia
        [loc] znaczniku nawodnienia
        [ins] znacznikiem nawodnienia
    }
-rynek-zbozowy =
    { $case ->
       *[nom] rynek zbożowy
        [gen] rynku zbożowego
        [dat] rynkowi zbożowemu
        [acc] rynek zbożowy
        [loc] rynku zbożowym
        [ins] rynkiem zbożowym
    }
-sprzedaz-kamieni =
    { $case ->
       *[nom] sprzedaż kamieni
        [gen] sprzedaży kamieni
        [dat] sprzedaży kamieni
        [acc] sprzedaż kamieni
        [loc] sprzedaży kamieni
        [ins] sprzedażą kamieni
    }
-budowniczy =
    { $case ->
       *[nom] budowniczy
        [gen] budowniczego
        [acc] budowniczego
        [pl-nom] budowniczowie
        [pl-gen] budowniczych
        [pl-acc] budowniczych
    }
-zarzadca = zarządca
-kamieniolom = kamieniołom
-grobowiec = grobowiec
-grobowce = grobowce
-zeton-grobowca = żeton grobowca
-zeton-kolejnosci = żeton kolejności
-tor-punktacji = tor punktacji
-statek = statek
-punktacja-koncowa =
    { $case ->
       *[nom] punktacja końcowa
        [gen] punktacji końcowej
        [acc] punktację końcową
        [ins] punktacją końcową
    }

## Alhambra
-rynek = rynek

## Luxor: grobowiec (as above)
