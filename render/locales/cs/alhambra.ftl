### Alhambra — české texty. Klíče "alhambra.<tabulka>.<klíč>".
### Message ids are the catalogue keys with '.' written as '-' (and a '-' inside a key part doubled).


## alhambra

alhambra-name = Alhambra
alhambra-card = { $currency } { $value }
alhambra-type_points = { $type } { $points }
alhambra-paid_many =
    { $count ->
        [one] { $count } karta
        [few] { $count } karty
        [many] { $count } karty
       *[other] { $count } karet
    }, celkem { $total }

## alhambra.currency

alhambra-currency-yellow = žlutá
alhambra-currency-green = zelená
alhambra-currency-blue = modrá
alhambra-currency-orange = oranžová

## alhambra.type

alhambra-type-pavilion = pavilón
alhambra-type-seraglio = palác
alhambra-type-arcades = arkády
alhambra-type-chambers = komnaty
alhambra-type-garden = zahrada
alhambra-type-tower = věž
alhambra-type-fountain = fontána

## alhambra.round

alhambra-round-A =
    { $case ->
        [scoring] Bodování A
       *[nom] A
    }
alhambra-round-B =
    { $case ->
        [scoring] Bodování B
       *[nom] B
    }
alhambra-round-final =
    { $case ->
        [scoring] Závěrečné bodování
       *[nom] závěrečné
    }

## alhambra.option

alhambra-option-two_player_money_copies = Dva hráči: kopie každé peněžní karty (2 = 72 karet, 3 = 108)
alhambra-option-start_player_tiebreak = Začínající hráč při shodě: náhodně, nebo vybere hostitel
alhambra-option-exact_payment_extra_action = Akce navíc po přesné platbě je volitelná, nebo povinná
alhambra-option-wall_ring_scoring = Uzavřený okruh z k úseků zdi dává k bodů (full), nebo k-1 (bga)
alhambra-option-open_hands = Peníze všech hráčů jsou veřejné

## alhambra.prompt

alhambra-prompt-start = Hostitel: vyber začínajícího hráče z { $players }
alhambra-prompt-action = { $player }: vezmi peníze, kup budovu, nebo přestavuj
alhambra-prompt-extra = { $player }: přesná platba, vyber další akci
alhambra-prompt-place =
    { $player }: umísti koupené budovy ({ $count ->
        [one] zbývá { $count }
        [few] zbývají { $count }
        [many] zbývá { $count }
       *[other] zbývá { $count }
    })
alhambra-prompt-end_place =
    { $player }: umísti budovy získané na konci hry ({ $count ->
        [one] zbývá { $count }
        [few] zbývají { $count }
        [many] zbývá { $count }
       *[other] zbývá { $count }
    })

## alhambra.opt

alhambra-opt-start = Začíná { $player }
alhambra-opt-take = Vzít: { $cards }
alhambra-opt-buy = Koupit { $tile } ({ $type }, { $price }) z pole { $space }, zaplatit: { $currency } { $paid }
alhambra-opt-buy_exact = Koupit { $tile } ({ $type }, { $price }) z pole { $space }, zaplatit: { $currency } { $paid } (přesně: akce navíc)
alhambra-opt-end = Ukončit akce (vzdát se akce navíc)
alhambra-opt-add = Přestavba: přidat { $tile } ({ $type }) z rezervy na { $cell }
alhambra-opt-remove = Přestavba: přesunout { $tile } ({ $type }) z { $cell } do rezervy
alhambra-opt-swap = Přestavba: dát { $tile } z rezervy na { $cell }; { $old } jde do rezervy
alhambra-opt-place = Umístit { $tile } ({ $type }) na { $cell }
alhambra-opt-reserve = Dát { $tile } ({ $type }) do rezervy
alhambra-opt-dirk = Dát { $tile } ({ $type }) Petrovi
alhambra-opt-reserve_all =
    { $count ->
        [one] Dát { $count } budovu do rezervy
        [few] { $count ->
            [2] Dát obě budovy do rezervy
           *[other] Dát všechny { $count } budovy do rezervy
        }
        [many] Dát { $count } budovy do rezervy
       *[other] Dát všech { $count } budov do rezervy
    }

## alhambra.ev

alhambra-ev-market_setup = Stavební trh: { $tiles }
alhambra-ev-dirk_draw =
    { -petr } si bere { $count ->
        [one] { $count } budovu
        [few] { $count } budovy
        [many] { $count } budovy
       *[other] { $count } budov
    }: { $tiles }
alhambra-ev-deal = { $player } dostává karty: { $cards } (celkem { $total })
alhambra-ev-start_random = O začátek se dělí { $players }; los určil: { $chosen_player }
alhambra-ev-start_choice = O začátek se dělí { $players }; vybere hostitel
alhambra-ev-start_chosen = Hostitel určuje začínajícího hráče: { $player }
alhambra-ev-start_player =
    Začíná { $player } ({ $count ->
        [one] { $count } karta
        [few] { $count } karty
        [many] { $count } karty
       *[other] { $count } karet
    }, celkem { $total })
alhambra-ev-display = Nabídka peněz: { $cards }
alhambra-ev-deck_ready =
    Balíček peněz připraven: { $count ->
        [one] { $count } karta
        [few] { $count } karty
        [many] { $count } karty
       *[other] { $count } karet
    } včetně bodovacích karet A a B
alhambra-ev-turn = Tah { $turn }: { $player }
alhambra-ev-no_action = { $player } nemá žádnou možnou akci
alhambra-ev-no_further_action = { $player } nemá žádnou další možnou akci
alhambra-ev-auto = { $player } (jediná možnost): { $choice }
alhambra-ev-take = { $player } si bere: { $cards }
alhambra-ev-buy = { $player } kupuje { $tile } ({ $type }, { $price }) z pole { $space }, platí: { $cards }
alhambra-ev-buy_exact = { $player } kupuje { $tile } ({ $type }, { $price }) z pole { $space }, platí přesně: { $cards } (akce navíc)
alhambra-ev-end_actions = { $player } končí akce
alhambra-ev-redesign_add = { $player } přestavuje: přidává { $tile } ({ $type }) na { $cell }
alhambra-ev-redesign_remove = { $player } přestavuje: { $tile } ({ $type }) z { $cell } do rezervy
alhambra-ev-redesign_swap = { $player } přestavuje: { $tile } místo { $old } na { $cell }
alhambra-ev-place = { $player } umisťuje { $tile } ({ $type }) na { $cell }
alhambra-ev-reserve = { $player } dává { $tile } ({ $type }) do rezervy
alhambra-ev-gift = { $player } dává { $tile } ({ $type }) Petrovi
alhambra-ev-reshuffle =
    Odhazovací balíček ({ $count ->
        [one] { $count } karta
        [few] { $count } karty
        [many] { $count } karty
       *[other] { $count } karet
    }) se zamíchá jako nový balíček peněz
alhambra-ev-money_short =
    Nejsou peníze k dobrání: nabídka zůstává na { $count ->
        [one] { $count } kartě
        [few] { $count } kartách
        [many] { $count } karty
       *[other] { $count } kartách
    }
alhambra-ev-scoring_card = Byla otočena bodovací karta { $round }
alhambra-ev-refill_money = Nové peněžní karty: { $cards }
alhambra-ev-refill_market = Pole { $space } dostává { $tile } ({ $type }, { $price })
alhambra-ev-end_trigger = Pytlík nestačí na doplnění trhu: hra po tomto tahu končí
alhambra-ev-scoring = { $round }
    .case-round = scoring
alhambra-ev-score_row = { $player }: +{ $total } ({ $types }; { -zed } { $wall }) = { $score }
alhambra-ev-score_row_dirk = { -petr }: +{ $total } ({ $types }) = { $score }
alhambra-ev-reveal = { $player } ukazuje: { $totals }
alhambra-ev-distribute = Pole { $space }: { $tile } dostává { $player } (celkem { $total })
alhambra-ev-distribute_none = Pole { $space }: shoda o { $tile }, budova zůstává mimo hru
alhambra-ev-game_over =
    Konec hry, nejvyšší skóre { $score ->
        [one] { $score } bod
        [few] { $score } body
        [many] { $score } bodu
       *[other] { $score } bodů
    }: { $players }

## alhambra.result

alhambra-result-line = { $player }: { $score }
alhambra-result-dirk = { -petr } (není hráč): { $score }

## alhambra.err

alhambra-err-game_over = Hra skončila.
alhambra-err-bad_action = Tady to není platná akce: { $action }
alhambra-err-not_your_turn = Teď nerozhoduješ ty; čeká se na: { $player }.
alhambra-err-bad_start = Vyber jednoho z hráčů ve shodě: { $action }
alhambra-err-display_empty = Nabídka peněz je prázdná.
alhambra-err-bad_take = Vezmi jednu kartu, nebo několik v součtu nejvýše 5: { $action }
alhambra-err-space_empty = Na poli { $space } není žádná budova.
alhambra-err-bad_payment = Plať kartami měny pole v součtu aspoň ceny: { $action }
alhambra-err-write_as = Zapiš to takto: { $action }
alhambra-err-not_on_display = Tyto karty nejsou všechny v nabídce peněz: { $action }
alhambra-err-not_held = Nemáš karty { $paid } (měna: { $currency }); pole { $space } přijímá jen tuto měnu.
alhambra-err-underpaid = Tvoje platba dává { $total }, méně než cena { $tile } ({ $price }).
alhambra-err-no_tile = Na poli { $cell } tvé Alhambry není žádná budova.
alhambra-err-end_only_after_exact = Ukončit akce lze jen po přesné platbě; vyber akci.
alhambra-err-extra_mandatory = V této hře je akce navíc po přesné platbě povinná.
alhambra-err-place_later = Koupené budovy se umísťují až po skončení akcí.
alhambra-err-bad_redesign = Tato přestavba by porušila pravidla stavby: { $action }
alhambra-err-fountain = Fontánu nelze nikdy přesunout.
alhambra-err-not_in_reserve = { $tile } není ve tvé rezervě.
alhambra-err-no_dirk = Petrovi lze dát jen koupené budovy, ve hře dvou hráčů.
alhambra-err-not_pending_tile = { $tile } nečeká na umístění.
alhambra-err-cell_occupied = Pole { $cell } je obsazené.
alhambra-err-illegal_cell = { $tile } nelze umístit na { $cell }.
