### Slovníček: herní pojmy českých pravidel (../shared/rules/*/rulebook/). Každá zpráva a každý popisek na obrázku
### je bere odsud; tests/platform/test_glossary.py odmítá varianty, které nahradily.
### Pád se volí parametrem: { -sfinga(case: "gen") } → „Sfingy“ (nom, gen, dat, acc, loc, ins).

## Údolí králů (Egizia). Název hry: titul českého vydání a českých pravidel (000, 003), jeden všude: v textu, na
## herním plánu i v seznamu her. „egizia“ zůstává jen jménem příkazu (/egizia, referee play egizia).
-hra-egizia = Údolí králů
-sfinga =
    { $case ->
       *[nom] Sfinga
        [gen] Sfingy
        [dat] Sfinze
        [acc] Sfingu
        [loc] Sfinze
        [ins] Sfingou
    }
-obelisk-a-hroby =
    { $case ->
       *[nom] obelisk a hroby
        [gen] obelisku a hrobů
        [dat] obelisku a hrobům
        [acc] obelisk a hroby
        [loc] obelisku a hrobech
        [ins] obeliskem a hroby
    }
-pyramida-a-chram =
    { $case ->
       *[nom] pyramida a chrám
        [gen] pyramidy a chrámu
        [dat] pyramidě a chrámu
        [acc] pyramidu a chrám
        [loc] pyramidě a chrámu
        [ins] pyramidou a chrámem
    }
-vodni-prstenec =
    { $case ->
       *[nom] vodní prstenec
        [gen] vodního prstence
        [acc] vodní prstenec
        [loc] vodním prstenci
        [ins] vodním prstencem
    }
-obilny-trh =
    { $case ->
       *[nom] obilný trh
        [gen] obilného trhu
        [dat] obilnému trhu
        [acc] obilný trh
        [loc] obilném trhu
        [ins] obilným trhem
    }
-prodej-kamenu =
    { $case ->
       *[nom] prodej kamenů
        [gen] prodeje kamenů
        [dat] prodeji kamenů
        [acc] prodej kamenů
        [loc] prodeji kamenů
        [ins] prodejem kamenů
    }
-kamenolom = kamenolom
-hrob = hrob
-hroby = hroby
-desticka-poradi = destička pořadí
-ceta = četa
-zolik = žolík
-policko = políčko
-zaverecne-bodovani =
    { $case ->
       *[nom] závěrečné bodování
        [gen] závěrečného bodování
        [dat] závěrečnému bodování
        [loc] závěrečném bodování
    }

## Alhambra (pravidla Corfix/Queen)
-petr = Petr
-zed = zeď

## Luxor
-dlazdice = dlaždice
