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
cmd-addbot-level = Jak bot hraje (výchozí: normal)
cmd-addbot-level-random = random — libovolný povolený tah
cmd-addbot-level-easy = easy — dívá se o jeden tah dopředu
cmd-addbot-level-normal = normal — propočítává dopředu (silnější, asi sekunda na tah)
cmd-removebot = Odebrat bota z lobby v tomto kanálu
cmd-removebot-bot = Kterého bota (výchozí: naposledy posazeného)
cmd-new-bots = Kolik botů rovnou posadit (další lze přidat v lobby)
cmd-new-bot_level = Úroveň těchto botů (výchozí: normal)
cmd-new-watch = Řídit stůl bez vlastního místa: hrají jen boti (hru přesto zahajujete a můžete ji zrušit)
cmd-settings = Vaše nastavení: kam chodí upozornění, klidové hodiny, dovolená

## lobby

lobbybot-add_button = Přidat bota
lobbybot-remove_button = Odebrat bota
lobbybot-seated = U stolu: { $names }
lobbybot-added = { $user } posadil(a) ke stolu { $bot } ({ $n }): { $names }
lobbybot-removed = { $user } odebral(a) { $bot }. Hráči: { $names }
lobbybot-ok_added = Bot je u stolu: { $bot }.
lobbybot-ok_removed = Bot odebrán: { $bot }.

## herní plán, na který odpovídají jen boti (když přemýšlejí déle, než plán čeká)

board-bots_thinking = ⏳ Na tahu (boti rozhodují sami): { $players } · { $what }
