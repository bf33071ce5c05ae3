### Vrácení tahů, záznamy her, shrnutí, statistiky a sledování hry (issue 12).

## undo

undo-what_action = tah `{ $action }`
undo-requested = ↩️ { $player } žádá o vrácení tahů č. { $first }–{ $last }: { $moves }. { $waiting }: souhlas? (Odpověď do { $minutes } min, jinak žádost propadne.)
undo-accepted = { $player } souhlasí. Ještě čekáme na: { $waiting }.
undo-declined = { $player } vrácení odmítá. Nic se nezměnilo.
undo-already_agreed = Tvůj souhlas už máme. { $n ->
    [one] Čekáme ještě na { $n } hráče.
    [few] Čekáme ještě na { $n } hráče.
    [many] Čekáme ještě na { $n } hráče.
   *[other] Čekáme ještě na { $n } hráčů.
    }
undo-lapsed = ⌛ Žádost o vrácení tahů č. { $first }–{ $last } (žádá { $player }) propadla: ne všichni včas souhlasili. Hra pokračuje beze změny.
undo-accept_button = Souhlasím
undo-decline_button = Nesouhlasím
undo-undo_button = Vrátit tah
undo-err-nothing = Nemáš žádný tah, který by šlo vrátit.
undo-err-revealed = Tah č. { $move } hráče { $player } nelze vrátit: tento tah odhalil skrytou informaci ({ $what }). Nic se nezměnilo.
undo-err-pending = V této hře už čeká jiná žádost o vrácení tahu.
undo-err-no_request = Žádná žádost o vrácení nečeká: možná propadla, byla zodpovězena, nebo hra mezitím pokročila.
undo-err-own_request = To je tvoje vlastní žádost: odpovídají na ni ostatní hráči.
undo-err-over = Hra skončila: její tahy už vrátit nelze.
undo-err-no_such_move = Tah č. { $move } neexistuje (tahy mají čísla 1 až { $last }).
undo-ev-done =
    ↩️ { $player } bere zpět { $n ->
        [one] { $n } tah (č. { $last })
        [few] { $n } tahy (č. { $first }–{ $last })
        [many] { $n } tahu (č. { $first }–{ $last })
       *[other] { $n } tahů (č. { $first }–{ $last })
    }.

## record

record-header = { $game } — hra č. { $id } ({ $names })
record-started = Založena { $at } UTC
record-setup = příprava
record-undone = (vráceno tahem č. { $by })
record-result = Konečné skóre:
record-winners = Vítězství: { $names }
record-abandoned = Hra byla ukončena bez výsledku.
record-running = Hra stále běží.
record-attached = 📜 Záznam hry č. { $id }: soubor JSON ji přehraje (`referee replay SOUBOR`), textový soubor je její průběh.
record-running_only_players = Dokud hra běží, záznam si mohou stáhnout jen její hráči; po skončení kdokoli.

## recap

recap-round_end = konec { $round }. kola
recap-final = { -zaverecne-bodovani }
recap-chart_title = { $game } č. { $id }: skóre po každém tahu
recap-x_label = tahy
recap-posted =
    🎬 Shrnutí hry č. { $id }: { $moves ->
        [one] { $moves } tah
        [few] { $moves } tahy
        [many] { $moves } tahu
       *[other] { $moves } tahů
    } na { $frames ->
        [one] { $frames } obrázku
        [few] { $frames } obrázcích
        [many] { $frames } obrázku
       *[other] { $frames } obrázcích
    } a vývoj skóre během hry.
recap-not_finished = Shrnutí vznikne, až hra skončí.

## console

console-help_undo = Dále: undo (hráč posledního tahu ho vezme zpět, pokud tento tah nic neodhalil), record (zapíše záznam hry a její průběh).
console-record_written = záznam: { $json }, průběh: { $text }

## follow

follow-ended = 🏁 Hra { $game } č. { $id }, kterou sleduješ, skončila: průběh ukáže /game recap.
follow-scoring = 📊 Hra { $game } č. { $id }, kterou sleduješ, došla k bodování: { $what }.
follow-followed = Sleduješ hru č. { $id }: dozvíš se, když dojde k bodování a když skončí ({ $how }).
follow-by_dm = soukromou zprávou
follow-by_ping = zmínkou v kanálu
follow-unfollowed = Hru č. { $id } už nesleduješ.
follow-err-not_following = Tuto hru nesleduješ.
follow-err-ended = Hra { $game } č. { $id } v tomto kanálu skončila: už není co sledovat. Průběh ukáže /game recap; novou hru tady můžeš sledovat, jakmile začne.

## stats

stats-title = { $name }: statistiky na tomto serveru
stats-line = **{ $game }**: odehráno { $played }, vyhráno { $wins }, průměrné skóre { $score }, průměrné umístění { $place }, hodnocení { $rating }{ $extra }
stats-extra_abandoned =
    , { $n ->
        [one] { $n } hra ukončena
        [few] { $n } hry ukončeny
        [many] { $n } hry ukončeno
       *[other] { $n } her ukončeno
    } bez výsledku
stats-extra_replaced =
    , nahrazení { $n ->
        [one] v { $n } hře
        [few] ve { $n } hrách
        [many] v { $n } hry
       *[other] v { $n } hrách
    }
stats-none = { $name } zatím na tomto serveru nemá žádnou dohranou hru.
stats-board_title = { $game }: žebříček tohoto serveru
stats-board_line = { $rank }. { $name } — hodnocení { $rating } (odehráno { $played }, vyhráno { $wins }, průměrné umístění { $place })
stats-board_empty = Na tomto serveru zatím není žádná hodnocená hra { $game }.
stats-board_note = Hodnocení = ordinal openskill (μ − 3σ) z dohraných her alespoň dvou lidí; boti hodnoceni nejsou; hry ukončené bez výsledku se nepočítají.

## cmd

cmd-extra-undo = Vrátit tvůj poslední tah (hned, když nikdo netáhl a nic se neodhalilo; jinak se souhlasem)
cmd-extra-rollback_move = Jen hostitel: vrátit hru před tento tah (číslo z /game history), se souhlasem všech
cmd-extra-record = Přiložit záznam hry (JSON) a její průběh
cmd-extra-recap = Animované shrnutí a graf skóre poslední dohrané hry
cmd-extra-follow = Sledovat tuto hru: zmínka při bodování a na konci
cmd-extra-follow_dm = Upozornit mě soukromou zprávou místo zmínky
cmd-extra-unfollow = Přestat sledovat tuto hru
cmd-extra-stats = Statistiky a hodnocení na tomto serveru
cmd-extra-stats_me = Tvoje statistiky
cmd-extra-stats_user = Statistiky jiného hráče
cmd-extra-stats_user_who = Čí statistiky
cmd-extra-stats_leaderboard = Žebříček jedné hry
cmd-extra-stats_game = Která hra
