### Boty przy stole na Discordzie: polecenia, poczekalnia, połączone plansze (polski). Klucze są wspólne z en/cs.
### Message ids are the catalogue keys with '.' written as '-' (and a '-' inside a key part doubled).

## plansza pokazująca kilka ruchów naraz (boty grają jeden po drugim)

board-earlier_moves =
    … i { $n ->
        [one] { $n } wcześniejszy ruch
        [few] { $n } wcześniejsze ruchy
        [many] { $n } wcześniejszych ruchów
       *[other] { $n } wcześniejszego ruchu
    }

## polecenia

cmd-addbot = Posadź bota w poczekalni tego kanału (może każdy gracz)
cmd-addbot-level = Jak bot gra (domyślnie: normalny)
cmd-addbot-level-random = losowy — dowolny dozwolony ruch
cmd-addbot-level-easy = łatwy — patrzy jeden ruch do przodu
cmd-addbot-level-normal = normalny — przelicza do przodu (silniejszy, około sekundy na ruch)
cmd-removebot = Usuń bota z poczekalni tego kanału
cmd-removebot-bot = Którego bota (domyślnie: ostatnio posadzonego)
cmd-new-bots = Ile botów posadzić od razu (kolejne można dodać w poczekalni)
cmd-new-bot_level = Poziom tych botów (domyślnie: normalny)
cmd-new-watch = Prowadź stół bez własnego miejsca: grają tylko boty (nadal rozpoczynasz lub porzucasz grę)
cmd-settings = Twoje ustawienia: dokąd trafiają powiadomienia, godziny ciszy, urlop

## poczekalnia

lobbybot-add_button = Dodaj bota
lobbybot-remove_button = Usuń bota
lobbybot-seated = Przy stole: { $names }
lobbybot-added = { $user } dosadza do stołu bota { $bot } ({ $n }): { $names }
lobbybot-removed = { $user } usuwa bota { $bot }. Gracze: { $names }
lobbybot-ok_added = Bot przy stole: { $bot }.
lobbybot-ok_removed = Usunięto bota: { $bot }.

## plansza, na którą odpowiadają tylko boty (gdy myślą dłużej, niż plansza czeka)

board-bots_thinking = ⏳ Ruch (boty decydują same): { $players } · { $what }
