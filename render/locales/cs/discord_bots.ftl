### Boti u stolu na Discordu: příkazy, lobby, spojené herní plány (čeština). Klíče jsou společné s en/pl.
### Message ids are the catalogue keys with '.' written as '-' (and a '-' inside a key part doubled).

## herní plán, který ukazuje několik tahů najednou (boti táhnou za sebou)

board-earlier_moves =
    … a { $n ->
        [one] { $n } starší tah
        [few] { $n } starší tahy
        [many] { $n } staršího tahu
       *[other] { $n } starších tahů
    }

## příkazy

cmd-addbot = Posadit bota do lobby v tomto kanálu (může kterýkoli hráč)
cmd-addbot-level = Jak bot hraje (výchozí: normální)
cmd-addbot-level-random = náhodný — libovolný povolený tah
cmd-addbot-level-easy = snadný — dívá se o jeden tah dopředu
cmd-addbot-level-normal = normální — propočítává dopředu (silnější, asi sekunda na tah)
cmd-removebot = Odebrat bota z lobby v tomto kanálu
cmd-removebot-bot = Kterého bota (výchozí: naposledy posazeného)
cmd-new-bots = Kolik botů rovnou posadit (další lze přidat v lobby)
cmd-new-bot_level = Úroveň těchto botů (výchozí: normální)
cmd-new-watch = Řídit stůl bez vlastního místa: hrají jen boti (hru přesto zahajuješ a můžeš ji zrušit)
cmd-settings = Tvoje nastavení: kam chodí upozornění, klidové hodiny, dovolená

## lobby

lobbybot-add_button = Přidat bota
lobbybot-remove_button = Odebrat bota
lobbybot-seated = U stolu: { $names }
lobbybot-added = { $user } přidává ke stolu bota { $bot } ({ $n }): { $names }
lobbybot-removed = { $user } odebírá bota { $bot }. Hráči: { $names }
lobbybot-ok_added = Bot je u stolu: { $bot }.
lobbybot-ok_removed = Bot odebrán: { $bot }.

## herní plán, na který odpovídají jen boti (když přemýšlejí déle, než plán čeká)

board-bots_thinking = ⏳ Na tahu (boti rozhodují sami): { $players } · { $what }
