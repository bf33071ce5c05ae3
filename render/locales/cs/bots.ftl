### Bot seats (issue 11): names, levels, lobby refusals, the console. Czech.

bots-seat = 🤖 { $name } (bot, { $level })
bots-level-random = náhodný
bots-level-easy = snadný
bots-level-normal = normální
bots-err-unknown_level = Neznámá úroveň bota „{ $level }“: vyber jednu z { $known }.
bots-err-lobby_only = Boty lze přidávat a odebírat jen v lobby, než hra začne.
bots-err-seated_only = Boty mohou přidávat a odebírat jen hostitel a hráči usazení v lobby.
bots-err-too_many =
    { $n ->
        [one] { $n } bot
        [few] { $n } boti
        [many] { $n } bota
       *[other] { $n } botů
    } a hostitel: míst u stolu by bylo celkem { $total }, { $game } jich má nejvýše { $max }.
bots-err-bad_count = Počet botů musí být 0 nebo víc (ne { $n }).
bots-err-no_bots = U tohoto stolu nesedí žádný bot.
bots-err-no_such_bot = Bot „{ $bot }“ u tohoto stolu nesedí; boti zde: { $known }.
bots-line-thinking = Na tahu: { $player } · přemýšlí
bots-console-thinking = { $player } přemýšlí…
bots-console-stuck = Boti neudělali žádný tah (viz log). Hra je uložená: spusť stejný příkaz znovu a bude pokračovat.
