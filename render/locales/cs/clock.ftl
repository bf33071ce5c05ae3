### Hodiny tahů, připomínky, vypršení času, dovolené (issue 10). Čeština.

clock-remind = ⏰ { $player }, stůl na tebe čeká ve hře { $game } (#{ $id }), zbývající čas: { $left }. Poslední deska: { $link }
clock-your_turn = 🎲 { $player }, jsi na tahu ve hře { $game } (#{ $id }). Poslední deska: { $link }
clock-overdue = ⌛ Hráči { $player } vypršel čas ve hře { $game } (#{ $id }). Ostatní mohou hlasovat o přeskočení tohoto rozhodnutí (/game skip); hostitel může místo předat někomu jinému (/game replace).
clock-replace_allowed = Hráči { $player } { $n ->
        [one] { $n } rozhodnutí
        [few] { $n } rozhodnutí
        [many] { $n } rozhodnutí
       *[other] { $n } rozhodnutí
    } po sobě propadlo: hostitel teď může místo předat někomu jinému (/game replace).
clock-replaced = { $new } přebírá místo hráče { $old }: stejné místo, body i karty.
clock-lobby = Hodiny: { $clock } · když vyprší čas: { $policy }
clock-desc-none = bez hodin
clock-desc-move = { $limit } na každé rozhodnutí
clock-desc-bank = zásoba { $limit }, +{ $increment } za každé rozhodnutí
clock-policy-wait = čekat (ostatní mohou hlasovat o přeskočení)
clock-policy-skip = přeskočit (zahraje se nejméně škodlivý tah)
clock-policy-bot = hraje bot, dokud se hráč nevrátí
clock-line-to_act = Na tahu: { $player } · zbývající čas: { $left }
clock-line-no_clock = Na tahu: { $player }
clock-line-overdue = Na tahu: { $player } · čas vypršel
clock-line-paused = Na tahu: { $player } · hra je pozastavena
clock-line-vacation = Na tahu: { $player } · na dovolené do { $until }
clock-line-bot = Na tahu: { $player } · za hráče hraje bot
clock-err-kind = Neznámý druh hodin { $kind }.
clock-err-range = Hodiny musí být delší než nula a nejvýše { $max ->
        [one] { $max } den
        [few] { $max } dny
        [many] { $max } dne
       *[other] { $max } dní
    }.
clock-err-duration = „{ $text }“ není doba: použij dny, hodiny a minuty, např. 24h, 2d, 1d 12h nebo 90m.
clock-err-zone = Neznámé časové pásmo „{ $zone }“: použij název jako Europe/Prague nebo America/New_York.
clock-err-quiet_length = Klidové hodiny musí být kratší než { $hours ->
        [one] { $hours } hodina
        [few] { $hours } hodiny
        [many] { $hours } hodiny
       *[other] { $hours } hodin
    }.
clock-err-quiet = „{ $text }“ nejsou klidové hodiny: zadej od–do, např. 22:00-07:00.
clock-err-policy = Neznámé pravidlo pro vypršení času „{ $policy }“: vyber z { $known }.
clock-err-bad_clock = Tyto hodiny nelze použít: { $detail }
clock-err-empty = Hodiny jsou prázdné. Vynech je a platí výchozí ({ $default }), nebo zadej předvolbu ({ $presets }) či čas, např. 24h nebo 3d+12h.
clock-err-bad_quiet = Tyto klidové hodiny nelze použít: { $detail }
clock-err-bad_notify = Neznámý způsob upozornění „{ $mode }“: vyber channel, dm nebo both.
clock-err-nobody_overdue = V této hře nikomu nevypršel čas.
clock-err-vote_self = O přeskočení vlastního rozhodnutí hlasovat nemůžeš: prostě táhni.
clock-err-no_timeout_action = Tato hra zatím nemá tah pro vypršení času; hostitel může hráče nahradit.
clock-err-replace_not_seated = Tento uživatel v této hře nehraje.
clock-err-replace_seated = { $player } už v této hře hraje.
clock-err-replace_not_yet = Hráče { $player } lze nahradit, až mu vyprší čas nebo po { $n ->
        [one] { $n } vypršení
        [few] { $n } vypršeních
        [many] { $n } vypršení
       *[other] { $n } vypršeních
    } po sobě (zatím { $timeouts }).
clock-err-already_paused = Hra už je pozastavena.
clock-err-not_paused = Hra není pozastavena.
clock-err-vacation_days = Dovolená trvá 1 až { $max ->
        [one] { $max } den
        [few] { $max } dny
        [many] { $max } dne
       *[other] { $max } dní
    } (0 ji hned ukončí).
clock-err-no_vacation = Nejsi na dovolené.
clock-err-on_vacation_already = Jsi na dovolené do { $until }; novou si vezmeš, až tuto ukončíš (0 dní).
clock-err-vacation_allowance = Letos ti { $left ->
        [one] zbývá jen { $left } den
        [few] zbývají jen { $left } dny
        [many] zbývá jen { $left } dne
       *[other] zbývá jen { $left } dní
    } dovolené (z { $max }).
clock-err-replace_bot = Místo může převzít jen člověk, ne účet bota.
clock-choice-wait = čekat: ostatní mohou hlasovat o přeskočení
clock-choice-skip = přeskočit: zahraje se nejméně škodlivý tah
clock-choice-bot = bot: hraje bot, dokud se hráč nevrátí
clock-notify-channel = do kanálu
clock-notify-dm = soukromou zprávou
clock-notify-both = do kanálu i soukromou zprávou
clock-ok-notify = Upozornění ti teď chodí { $mode }.
clock-ok-quiet = Klidové hodiny nastaveny: { $hours } ({ $zone }).
clock-ok-quiet_off = Klidové hodiny zrušeny.
clock-ok-vacation = Užij si dovolenou! Tvé hodiny stojí do { $until } (letos využito { $used } z { $max ->
        [one] { $max } dne
        [few] { $max } dní
        [many] { $max } dne
       *[other] { $max } dní
    }).
clock-ok-vacation_over = Vítej zpět: tvé hodiny zase běží.
clock-ok-paused = ⏸ { $user } pozastavuje hru: žádné hodiny neběží, dokud hra nebude pokračovat.
clock-ok-resumed = ▶ { $user } obnovuje hru: hodiny zase běží.
clock-ok-voted = Tvůj hlas se počítá: { $votes } z potřebných { $needed }.
clock-ok-skipped = Rozhodnutí po čase bylo přeskočeno nejméně škodlivým tahem.
clock-mine-head = **Kde jsi na tahu** (nejdéle čekající první):
clock-mine-none = Na tomto serveru na tebe žádná hra nečeká.
clock-mine-others = **Tvé hry, které čekají na někoho jiného:**
clock-mine-line = { $game } #{ $id }: { $line } · čeká { $waited } · { $link }
clock-overdue_list-head = **Hráči, kterým vypršel čas:**
clock-overdue_list-none = Nikomu nevypršel čas.
cmd-new-clock = Hodiny: relaxed (výchozí), daily, steady, brisk, none, nebo vlastní jako 24h či 3d+12h
cmd-new-timeout = Co se stane, když hráči vyprší čas (výchozí: čekat)
cmd-notify = Kam chodí tvá upozornění: do kanálu, soukromou zprávou, nebo obojí
cmd-notify-mode = channel, dm nebo both
cmd-quiet = Klidové hodiny: žádná upozornění a tvé hodiny stojí, pokud to stůl dovolí
cmd-quiet-hours = Od–do, např. 22:00-07:00, nebo off
cmd-quiet-zone = Tvé časové pásmo, např. Europe/Prague
cmd-vacation = Zastav své hodiny ve všech hrách na několik dní (0 dovolenou ukončí)
cmd-vacation-days = Kolik dní (0 = už jsem zpět)
cmd-pause = Pozastavit celou hru: žádné hodiny neběží (hostitel nebo Spravovat kanály)
cmd-resume = Pokračovat v pozastavené hře (hostitel nebo Spravovat kanály)
cmd-skip = Hlasovat o přeskočení rozhodnutí hráče, kterému vypršel čas
cmd-replace = Předat místo nepřítomného hráče někomu jinému (hostitel nebo Spravovat kanály)
cmd-replace-old = Nepřítomný hráč
cmd-replace-new = Kdo místo převezme
cmd-mine = Všechny hry na tomto serveru, kde jsi na tahu, a kde se čeká na jiné
cmd-overdue = Hráči, kterým na tomto serveru vypršel čas (hostitelé a moderátoři)
