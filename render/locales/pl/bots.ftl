### Bot seats (issue 11): names, levels, lobby refusals, the console. Polish.

bots-seat = 🤖 { $name } (bot, { $level })
bots-level-random = losowy
bots-level-easy = łatwy
bots-level-normal = normalny
bots-err-unknown_level = Nieznany poziom bota „{ $level }”: wybierz jeden z { $known }.
bots-err-lobby_only = Boty można dodawać i usuwać tylko w poczekalni, zanim gra się zacznie.
bots-err-seated_only = Boty mogą dodawać i usuwać tylko gospodarz i gracze siedzący w poczekalni.
bots-err-too_many =
    { $n ->
        [one] { $n } bot
        [few] { $n } boty
       *[many] { $n } botów
        [other] { $n } bota
    } i gospodarz: miejsc przy stole byłoby razem { $total }, a { $game } ma ich najwyżej { $max }.
bots-err-bad_count = Liczba botów musi wynosić 0 lub więcej (nie { $n }).
bots-err-no_bots = Przy tym stole nie ma żadnego bota.
bots-err-no_such_bot = Przy tym stole nie ma bota „{ $bot }”; boty tutaj: { $known }.
bots-line-thinking = Ruch: { $player } · myśli
bots-console-thinking = { $player } myśli…
bots-console-stuck = Boty nie wykonały ruchu (zob. log). Gra jest zapisana: uruchom to samo polecenie ponownie, aby ją wznowić.
