### Texty bota, lobby a konzole (čeština). Klíče jsou společné s en/pl.
### Message ids are the catalogue keys with '.' written as '-' (and a '-' inside a key part doubled).

more_lines =
    … ({ $n ->
        [one] { $n } starší řádek
        [few] { $n } starší řádky
        [many] { $n } staršího řádku
       *[other] { $n } starších řádků
    })

## game

game-alhambra = Alhambra
game-egizia = { -hra-egizia }
game-luxor = Luxor

## cmd

cmd-game = Založení, připojení a správa deskové hry v tomto kanálu
cmd-new = Založit v tomto kanálu novou hru (staneš se hostitelem)
cmd-new-game = Která hra
cmd-new-language = Jazyk herního plánu a zpráv v tomto kanálu
cmd-new-options = Herní volby ve tvaru klíč=hodnota, např. exact_payment_extra_action=mandatory
cmd-join = Připojit se ke hře, která v tomto kanálu čeká na hráče
cmd-leave = Odejít z lobby v tomto kanálu
cmd-start = Zahájit hru (jen hostitel)
cmd-status = Kdo hraje, kdo je na tahu a jaké platí volby
cmd-board = Znovu zobrazit aktuální herní plán
cmd-hand = Ukázat tvé karty v ruce (uvidíš je jen ty)
cmd-history = Poslední tahy
cmd-history-count = Kolik tahů (1–50)
cmd-rules = Stručné shrnutí pravidel
cmd-rules-game = Která hra (výchozí: hra v tomto kanálu)
cmd-abandon = Ukončit hru v tomto kanálu bez výsledku (hostitel nebo oprávnění Spravovat kanály)
cmd-move = Provést libovolný povolený tah (našeptávač je vypíše)
cmd-move-action = Tvůj tah; začni psát a povolené možnosti se vyfiltrují
cmd-choice = Tvoje volba; začni psát a povolené možnosti se vyfiltrují
cmd-alhambra = Tahy ve hře Alhambra
cmd-alhambra-take = Vzít si peníze z vyložených karet
cmd-alhambra-buy = Koupit budovu: pole stavebního trhu a karty peněz, kterými zaplatíš
cmd-alhambra-redesign = Přestavět Alhambru: přidat budovu z rezervy, odebrat ji do rezervy nebo ji s rezervou vyměnit
cmd-alhambra-place = Umístit koupenou budovu, dát ji do rezervy, nebo ji dát Petrovi
cmd-alhambra-end = Ukončit fázi akcí po zaplacení přesnou částkou
cmd-alhambra-start = Zvolit začínajícího hráče (hostitel, pokud se shoda rozhoduje volbou host_choice)
cmd-egizia = Tahy ve hře { -hra-egizia }
cmd-luxor = Tahy ve hře Luxor
cmd-alhambra-choose = Libovolný povolený tah ve hře Alhambra
cmd-egizia-sail = Plavba: polož loď na Nil, pasuj nebo ukonči tah
cmd-egizia-card = Volby vzaté karty či políčka kola (stupnice, čety, pole, { -vodni-prstenec }, zbylá karta)
cmd-egizia-feed = Krmení: kterým obilím a kameny nakrmíš stavební čety
cmd-egizia-build = Stavba: pořadí, čety, karty { -sfinga(case: "gen") }, { -obelisk-a-hroby }, { -pyramida-a-chram }
cmd-egizia-play = Zahrát kartu či volnou akci, když je to dovoleno (prodej, stavět jako první, koupit sílu…)
cmd-egizia-choose = Libovolný povolený tah ve hře { -hra-egizia }
cmd-luxor-card = Zahrát levou nebo pravou krajní kartu z ruky (nebo jednu odhodit)
cmd-luxor-move = Posunout dobrodruha po hodu kostkou (ostatní karty táhnou v /luxor card)
cmd-luxor-act = Po „Všichni vpřed“: které pole dobrodruha se vyhodnotí
cmd-luxor-horus = Horova { -dlazdice }: vzít klíč nebo Horovu kartu
cmd-luxor-eye = Chrámová { -dlazdice } s Horovým okem: ze kterého balíčku brát
cmd-luxor-temple = Chrámová { -dlazdice }: žolík nebo skarabeus
cmd-luxor-treasure = Vzít, nebo nechat poklad
cmd-luxor-anubis = Aktivovat ležícího dobrodruha, nebo ho nechat ležet
cmd-luxor-start = Zvolit začínajícího hráče (hostitel, při volbě host_choice)
cmd-luxor-choose = Libovolný povolený tah ve hře Luxor

## err

err-replay_version = Tato hra byla zaznamenána podle pravidel verze { $stored }; engine je nyní ve verzi { $current }, takže její záznam tahů nelze přehrát přesně. Uložená pozice tím není dotčena.
err-no_game = V tomto kanálu neprobíhá žádná hra. Založ ji příkazem /game new.
err-unknown_game = Neznámá hra „{ $title }“.
err-game_unavailable = Hra { $title } zatím není k dispozici.
err-bad_option = Neplatná herní volba: { $detail }
err-option_syntax = Volby se zapisují ve tvaru klíč=hodnota; „{ $part }“ tento tvar nemá.
err-channel_busy = V tomto kanálu už hra probíhá. Nejdřív je třeba ji dohrát nebo ukončit, případně založit vlákno: každé vlákno může mít vlastní hru.
err-already_started = Hra už začala.
err-already_joined = V této hře už jsi.
err-lobby_full =
    Hra je plně obsazena ({ $max ->
        [one] { $max } hráč
        [few] { $max } hráči
        [many] { $max } hráče
       *[other] { $max } hráčů
    }).
err-leave_started = Hra už začala, teď ji opustit nemůžeš. Hostitel ji může ukončit.
err-not_in_lobby = V tomto lobby nejsi.
err-host_only = To může udělat jen hostitel.
err-host_or_manager = To může udělat jen hostitel nebo někdo s oprávněním Spravovat kanály.
err-player_count =
    Tato hra je pro { $min }–{ $max ->
        [one] { $max } hráče
        [few] { $max } hráče
        [many] { $max } hráče
       *[other] { $max } hráčů
    }; { $n ->
        [one] přihlášen je { $n }
        [few] přihlášeni jsou { $n }
        [many] přihlášeno je { $n }
       *[other] přihlášeno je { $n }
    }.
err-abandon_rights = Hru může ukončit jen hostitel nebo někdo s oprávněním Spravovat kanály.
err-not_started = Hra ještě nezačala.
err-not_seated = V této hře nehraješ.
err-not_your_turn = Nejsi na tahu: čeká se na { $players }.
err-stale = Toto tlačítko patří k dřívější pozici: hra mezitím pokročila. Použij nejnovější zprávu nebo /game move.
err-no_options = Právě teď nemáš o čem rozhodovat.
err-illegal = ❌ Nepovoleno: { $reason } (pravidlo { $clause }). Nic se nezměnilo.
err-internal = Na naší straně se něco pokazilo. Nic se nezměnilo; zkus to prosím znovu.
err-other_game = Tohle patří k jiné hře, ne k té, která teď v tomto kanálu běží. Nic se nezměnilo.
err-game_ended = Ta hra (#{ NUMBER($id, useGrouping: 0) }) už skončila. Nic se nezměnilo.
err-nothing_to_abandon = Není tu žádná otevřená hra, kterou by šlo ukončit: poslední (#{ NUMBER($id, useGrouping: 0) }) už skončila.
err-shutting_down = Rozhodčí se právě restartuje a chvíli nepřijímá nové požadavky. Nic se nezměnilo; zkus to prosím za chvíli znovu.
err-storage = Nepodařilo se to uložit: { $reason } Nic se nezměnilo; zkus to prosím znovu.
err-no_group_options = Tento druh tahu ({ $group }) teď nemáš žádný povolený.
err-internal_after = Tvůj požadavek byl zaznamenán ({ $action }), ale potom se na naší straně něco pokazilo. Stav hry ukáže /game status a /game board.
err-missing_permissions = Tady hru vést nemohu: v tomto kanálu mi chybí tato oprávnění: { $perms }. Požádej někoho, kdo kanál spravuje, aby mi je udělil, a zkus to znovu.
err-lobby_not_posted = Do tohoto kanálu se mi nepodařilo poslat výzvu ke hře ({ $reason }), a tak žádná hra nezačala. Nic se nezměnilo; zkus to prosím znovu.

## ok

ok-move = ✅ Hotovo: `{ $action }`
ok-created = Lobby je otevřené.
ok-joined = Jsi ve hře.
ok-started = Hra začala.
ok-done = Hotovo.

## lobby

lobby-default = výchozí
lobby-opened =
    { $host } zakládá hru **{ $game }** ({ $min }–{ $max ->
        [one] { $max } hráč
        [few] { $max } hráči
        [many] { $max } hráče
       *[other] { $max } hráčů
    }; { $options }). Připojit se lze příkazem /game join nebo tlačítkem; hostitel hru zahájí příkazem /game start.
lobby-default_options = standardní pravidla
lobby-join_button = Připojit se
lobby-start_button = Zahájit
lobby-joined = Připojuje se { $user } ({ $n }): { $names }
lobby-left = { $user } odchází. Hráči: { $names }
lobby-closed = Lobby bylo zavřeno.
lobby-started = Hra **{ $game }** začíná! Hráči v pořadí u stolu: { $names }

## turn

turn-embed_title = { $game } — tah { $move } (hra #{ NUMBER($id, useGrouping: 0) })
turn-content = Na tahu: { $mentions } ({ $what })
turn-continues = { $player } pokračuje: { $what }

## result

result-title = Konečný výsledek
result-content = 🏁 Hra skončila. Gratulujeme: { $winners }!
result-extra-dirk = { -petr } (neutrální hráč): { $value }
result-extra-tie_break_used =
    { $value ->
        [0] Rozhodnutí remízy: nebylo potřeba
       *[other] Rozhodnutí remízy: vítězí, kdo byl na konečném počtu bodů dřív
    }

## menu

menu-choose =
    Vyber jednu z { $n ->
        [one] { $n } možnosti
        [few] { $n } možností
        [many] { $n } možnosti
       *[other] { $n } možností
    }:
menu-placeholder = Možnosti ({ $n }/{ $total })
menu-too_many =
    { $shown ->
        [one] Uvedena je jen první { $shown }
        [few] Uvedeny jsou jen první { $shown }
        [many] Uvedeno je jen prvních { $shown }
       *[other] Uvedeno je jen prvních { $shown }
    }; ostatní napiš tlačítkem ✏️ nebo příkazem /game move.

## hand

hand-title = Tvůj soukromý pohled, { $player } (vidíš ho jen ty):

## history

history-empty = Zatím žádné tahy.

## status

status-head = **{ $game }** (hra #{ NUMBER($id, useGrouping: 0) }): { $status }, tah { $move }
status-players = Hráči: { $names }
status-options = Volby: { $options }
status-waiting = Čeká se na { $player }: { $what }
status-lobby = čeká se na hráče
status-active = probíhá
status-over = dohráno
status-abandoned = ukončeno bez výsledku

## abandon

abandon-confirm = Opravdu ukončit hru #{ NUMBER($id, useGrouping: 0) } bez výsledku? Tuto akci nelze vrátit.
abandon-confirm_button = Ano, ukončit hru
abandon-done = { $user } ukončuje hru #{ NUMBER($id, useGrouping: 0) }.

## rules

rules-alhambra = **Alhambra** (2–6 hráčů). Ve svém tahu proveď jednu akci: **vezmi si peníze** (jednu kartu nebo několik karet v celkové hodnotě nejvýše 5), **kup** budovu ze stavebního trhu a zaplať alespoň její cenu v měně daného pole (zaplatíš-li přesně, máš další akci), nebo **přestav** svou Alhambru pomocí rezervy. Na konci tahu umísti každou koupenou budovu: { -zed } musí navazovat na { -zed }, ke každé budově se musí dát dojít od fontány a nesmí vzniknout díry. Karty bodování A a B jsou zamíchány v balíčku peněz; { -zaverecne-bodovani } hru ukončí. Body přináší převaha v počtu budov každého druhu a tvoje nejdelší vnější { -zed }.
    Příkazy: /alhambra take · buy · redesign · place · end nebo tlačítka pod herním plánem. /game hand ukáže tvé peníze.
rules-egizia = **{ -hra-egizia }** (2–4 hráči). V každém kole pluj se svými loďmi po Nilu a získávej karty, políčka kola a místa na stavbách; nakrm své stavební čety obilím z polí; pak stavěj u { -sfinga(case: "gen") }, u { -obelisk-a-hroby(case: "gen") }, na pyramidě a v chrámu se svými četami a kameny. Body přinášejí stavby, stupnice a { -zaverecne-bodovani }.
    Použij /egizia choose nebo tlačítka pod herním plánem; /game hand ukáže tvé karty { -sfinga(case: "gen") }.
rules-luxor = **Luxor** (2–4 hráči). Zahraj kartu z levého nebo pravého kraje své ruky a posuň jednoho ze svých dobrodruhů po chrámové stezce; sbírej poklady, Horovy karty a klíče a závoď do hrobky. Hra končí, jakmile do hrobky vstoupí druhý dobrodruh.
    Použij /luxor choose nebo tlačítka pod herním plánem; /game hand ukáže tvé karty v ruce v pořadí a tvé skarabey.
rules-roles = **Kdo smí co.** Hostitel spouští hru a vrací ji zpět (`/game undo move:`). Hostitel nebo kdokoli s oprávněním *Spravovat kanály* může hru pozastavit a znovu spustit, předat místo nepřítomného hráče někomu jinému (`/game replace`) a hru ukončit, aby stůl nestál, když hostitel chybí. Každý, kdo u stolu sedí, může hlasovat o přeskočení rozhodnutí, kterému vypršel čas.

## console

console-welcome = Hra u jednoho počítače (hot-seat). Zadej číslo nebo tah; 'help' vypíše příkazy.
console-help = Příkazy: číslo z naposledy vypsaného seznamu, nebo tah (např. take y2+g3; na velikosti písmen, mezerách po čárkách a pořadí částí spojených + nezáleží), první slovo či slova tahu pro výpis takových tahů (např. buy, place SER-06), list (znovu všechny tahy), hand (soukromý pohled hráče na tahu), board, history, quit.
console-turn = ▶ { $player }
console-filter_hint = Zadej druh tahu (např. první slovo výše) a vypíšou se odpovídající možnosti.
console-board_written = herní plán: { $path }
console-hand_written = obrázek karet v ruce: { $path }
console-illegal = Nepovoleno ({ $clause }): { $reason }
console-bye = Hra je uložena; chceš-li pokračovat, spusť znovu stejný příkaz.
console-resumed = Uložená hra pokračuje od tahu { $version }.
console-game_over = Hra skončila.
console-hand_title = Soukromý pohled hráče { $player } (místo { $seat }):
console-hand_money =
    Peníze: { $n ->
        [one] { $n } karta
        [few] { $n } karty
        [many] { $n } karty
       *[other] { $n } karet
    }: { $cards }
console-hand_totals = Součty podle měny: { $totals }
console-hand_sphinx = Karty { -sfinga(case: "gen") } ({ $n }): { $cards }
console-hand_anytime = Karty hratelné kdykoli ({ $n }): { $cards }
console-hand_cards =
    Ruka zleva doprava ({ $n ->
        [one] { $n } karta
        [few] { $n } karty
        [many] { $n } karty
       *[other] { $n } karet
    }): { $cards }
console-hand_scarabs =
    Skarabeové: { $n ->
        [one] { $n } skarabeus
        [few] { $n } skarabeové
        [many] { $n } skarabea
       *[other] { $n } skarabeů
    } v celkové hodnotě { $vp ->
        [one] { $vp } bod
        [few] { $vp } body
        [many] { $vp } bodu
       *[other] { $vp } bodů
    }
console-hand_none = nic
console-raw = { $text }
console-bad_number = Napiš číslo od 1 do { $n } (z naposledy vypsaného seznamu), nebo 'list' pro nový výpis všech tahů.
console-no_numbers = Není vypsán žádný očíslovaný seznam: napiš první slovo tahu pro výpis takových tahů, nebo 'list'.
console-unknown = Neznámý příkaz „{ $text }“ — nemyslíš: { $hint }?
console-unknown_nohint = Neznámý příkaz „{ $text }“. Příkazy vypíše 'help', povolené tahy 'list'.
console-other_game =
    Čeká tu uložená hra { $game } pro { $n ->
        [one] { $n } hráče
        [few] { $n } hráče
        [many] { $n } hráče
       *[other] { $n } hráčů
    } ({ $names }), tah { $version }.
console-resume_or_new = Pokračovat v ní (p), nebo začít novou (n)?
console-choose_resume_or_new = Nic se nezměnilo. Spusť příkaz znovu s --resume pro pokračování uložené hry, nebo s --new pro novou hru.

## button

button-type_move = Napsat tah
button-private = Soukromá volba
button-hand = Moje ruka
button-zoom = Celý plán
board-standings = Pořadí
board-standing = { $mark }{ $player }: { $score ->
        [one] { $score } bod
        [few] { $score } body
        [many] { $score } bodu
       *[other] { $score } bodů
    }
board-zoom = Celý herní plán: { $game }, hra #{ NUMBER($id, useGrouping: 0) }, tah { $move }. Vidíš ho jen ty.
board-zoom_stale = Hra od té zprávy pokročila (byl to tah { $then }), tak tady máš aktuální plán, tah { $now }.

## group.alhambra

group-alhambra-take = Vzít peníze
group-alhambra-buy = Koupit
group-alhambra-redesign = Přestavět
group-alhambra-place = Umístit
group-alhambra-end = Ukončit akce
group-alhambra-start = Zvolit začínajícího

## group.egizia

group-egizia-sail = Plavba
group-egizia-card = Volba karty
group-egizia-feed = Krmit
group-egizia-build = Stavět
group-egizia-play = Zahrát kartu

## group.luxor

group-luxor-card = Zahrát kartu
group-luxor-move = Táhnout
group-luxor-act = Které pole
group-luxor-horus = Horova { -dlazdice }
group-luxor-eye = Horův balíček
group-luxor-temple = Chrámová { -dlazdice }
group-luxor-treasure = Poklad
group-luxor-anubis = Anubis
group-luxor-start = Zvolit začínajícího

## none

none-private = Teď na tebe nečeká žádné tajné rozhodnutí.

## none.alhambra

none-alhambra-start = Teď se začínající hráč nevolí.
none-alhambra-place = Teď nemáš žádnou koupenou budovu k umístění.
none-alhambra-redesign = Teď nemůžeš přestavět: rezerva ani tvá Alhambra nedovolují žádnou povolenou změnu.
none-alhambra-take = Teď nejsou vyložené žádné peníze, které by šlo vzít.
none-alhambra-buy = Teď si nemůžeš dovolit žádnou budovu na stavebním trhu.
none-alhambra-end = Fázi akcí můžeš ukončit předčasně jen po přesné platbě.

## none.egizia

none-egizia-play = Teď nemáš žádnou kartu, kterou lze zahrát.
none-egizia-build = Teď na tebe nečeká žádné rozhodnutí o stavbě.
none-egizia-feed = Krmení teď na tebe nečeká.
none-egizia-card = Teď na tvou volbu nečeká žádná karta ani { -policko } kola.
none-egizia-sail = Teď nemáš žádný tah plavby.

## none.luxor

none-luxor-start = Teď se začínající hráč nevolí.
none-luxor-anubis = Žádný z tvých dobrodruhů teď neleží u sochy.
none-luxor-treasure = Na tvou volbu teď nečeká žádný poklad.
none-luxor-temple = Na tvou volbu teď nečeká žádná chrámová { -dlazdice }.
none-luxor-eye = Na tvou volbu teď nečeká žádné Horovo oko.
none-luxor-horus = Na tvou volbu teď nečeká žádná Horova { -dlazdice }.
none-luxor-act = Teď nečeká na vyhodnocení žádné pole.
none-luxor-move = Teď se nemůže pohnout žádný z tvých dobrodruhů.
none-luxor-card = Teď nemáš žádnou kartu k zahrání.

## post

post-failed = ⚠️ Desku po tahu { $move } hry #{ NUMBER($id, useGrouping: 0) } se nepodařilo zveřejnit v <#{ $channel }>: { $reason }. Samotný tah je zaznamenán. Oprav kanál a pak desku zveřejni příkazem /game board.
post-reason-forbidden = v tom kanálu mi chybí oprávnění
post-reason-not_found = ten kanál už neexistuje
post-reason-rejected = Discord zprávu odmítl
post-reason-gave_up = Discord opakovaně selhával, a tak jsem to po několika pokusech vzdal
post-reason-unavailable = Discord teď správně neodpovídá
post-status_failed = ⚠️ Desku po tahu { $move } se nepodařilo zveřejnit: { $reason }.
post-status_pending = ⏳ Deska po tahu { $move } čeká na zveřejnění (pokus { $n }).

## perm

perm-view_channel = Zobrazit kanál
perm-send_messages = Odesílat zprávy
perm-send_messages_in_threads = Odesílat zprávy ve vláknech
perm-attach_files = Připojovat soubory
perm-embed_links = Vkládat odkazy
perm-read_message_history = Číst historii zpráv

## modal

modal-title = Tvůj tah
modal-label = Tah (jako v /game move)
modal-placeholder = např. text povoleného tahu

## options

options-syntax = Volby se zapisují jako klíč=hodnota; „{ $part }“ takto zapsáno není.
options-unknown = { $game } nemá volbu „{ $name }“. Její volby: { $known }.
options-unknown_hint = { $game } nemá volbu „{ $name }“. Myslíš „{ $suggestion }“?
options-duplicate = Volba „{ $name }“ je zadána víckrát.
options-value = Volba „{ $name }“ může být { $allowed }, ne „{ $value }“.
options-value_hint = Volba „{ $name }“ může být { $allowed }, ne „{ $value }“. Myslíš „{ $suggestion }“?
options-allowed_bool = true nebo false (také yes/no, on/off)
options-at_least = libovolné celé číslo od { $n } výš

## storage

storage-closed = databáze je zavřená (rozhodčí se vypíná).
storage-full = disk nebo databáze je plná.
storage-readonly = do databáze nelze zapisovat (soubor, složka nebo disk jen pro čtení).
storage-corrupt = soubor databáze je poškozený nebo to není databáze Referee.
storage-unavailable = soubor databáze nelze otevřít (existuje jeho složka a smí se číst?).
storage-unreachable = databázový server není dostupný (běží a jsou jeho adresa a heslo správné?).
storage-busy = databázi má zamčenou jiný program.
storage-failed = databáze ohlásila chybu.
storage-cli = databázi { $path } nelze použít: { $reason } ({ $detail })
storage-check_ok = databáze { $path } prošla kontrolou integrity SQLite ({ $seconds } s).
