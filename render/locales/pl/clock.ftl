### Zegary tur, przypomnienia, koniec czasu, urlopy (issue 10). Polski.

clock-remind = ⏰ { $player }, stół czeka na ciebie w grze { $game } (#{ $id }), pozostały czas: { $left }. Ostatnia plansza: { $link }
clock-your_turn = 🎲 { $player }, twój ruch w grze { $game } (#{ $id }). Ostatnia plansza: { $link }
clock-overdue = ⌛ { $player } — czas minął w grze { $game } (#{ $id }). Pozostali mogą głosować za pominięciem tej decyzji (/game skip); gospodarz może oddać miejsce komuś innemu (/game replace).
clock-replace_allowed = { $player } — { $n ->
        [one] { $n } decyzja
        [few] { $n } decyzje
        [many] { $n } decyzji
       *[other] { $n } decyzji
    } z rzędu bez odpowiedzi w czasie: gospodarz może teraz oddać miejsce komuś innemu (/game replace).
clock-replaced = { $new } przejmuje miejsce gracza { $old }: to samo miejsce, punkty i karty.
clock-lobby = Zegar: { $clock } · gdy skończy się czas: { $policy }
clock-desc-none = bez zegara
clock-desc-move = { $limit } na każdą decyzję
clock-desc-bank = pula { $limit }, +{ $increment } za każdą decyzję
clock-policy-wait = czekać (pozostali mogą głosować za pominięciem)
clock-policy-skip = pominąć (wykonany zostanie najmniej szkodliwy ruch)
clock-policy-bot = gra bot, dopóki gracz nie wróci
clock-line-to_act = Ruch: { $player } · pozostały czas: { $left }
clock-line-no_clock = Ruch: { $player }
clock-line-overdue = Ruch: { $player } · czas minął
clock-line-paused = Ruch: { $player } · gra wstrzymana
clock-line-vacation = Ruch: { $player } · na urlopie do { $until }
clock-line-bot = Ruch: { $player } · za gracza gra bot
clock-err-kind = Nieznany rodzaj zegara { $kind }.
clock-err-range = Zegar musi być dłuższy niż zero i wynosić najwyżej { $max ->
        [one] { $max } dzień
        [few] { $max } dni
        [many] { $max } dni
       *[other] { $max } dnia
    }.
clock-err-duration = „{ $text }” to nie jest czas trwania: użyj dni, godzin i minut, np. 24h, 2d, 1d 12h lub 90m.
clock-err-zone = Nieznana strefa czasowa „{ $zone }”: użyj nazwy takiej jak Europe/Warsaw lub America/New_York.
clock-err-quiet_length = Godziny ciszy muszą być krótsze niż { $hours ->
        [one] { $hours } godzina
        [few] { $hours } godziny
        [many] { $hours } godzin
       *[other] { $hours } godziny
    }.
clock-err-quiet = „{ $text }” to nie są godziny ciszy: podaj od–do, np. 22:00-07:00.
clock-err-policy = Nieznana zasada na koniec czasu „{ $policy }”: wybierz jedną z { $known }.
clock-err-bad_clock = Tego zegara nie można użyć: { $detail }
clock-err-empty = Zegar jest pusty. Pomiń go, a obowiązuje domyślny ({ $default }), albo podaj gotowe ustawienie ({ $presets }) lub czas, np. 24h albo 3d+12h.
clock-err-bad_quiet = Tych godzin ciszy nie można użyć: { $detail }
clock-err-bad_notify = Nieznany sposób powiadamiania „{ $mode }”: wybierz channel, dm lub both.
clock-err-nobody_overdue = W tej grze nikomu nie skończył się czas.
clock-err-vote_self = Nie możesz głosować za pominięciem własnej decyzji: po prostu ją podejmij.
clock-err-no_timeout_action = Ta gra nie ma jeszcze ruchu na koniec czasu; gospodarz może zastąpić gracza.
clock-err-replace_not_seated = Ten użytkownik nie gra w tej grze.
clock-err-replace_seated = { $player } już gra w tej grze.
clock-err-replace_not_yet = Gracza { $player } można zastąpić, gdy skończy mu się czas lub po { $n ->
        [one] { $n } przekroczeniu
        [few] { $n } przekroczeniach
        [many] { $n } przekroczeniach
       *[other] { $n } przekroczeniach
    } z rzędu (na razie { $timeouts }).
clock-err-already_paused = Gra jest już wstrzymana.
clock-err-not_paused = Gra nie jest wstrzymana.
clock-err-vacation_days = Urlop trwa od 1 do { $max ->
        [one] { $max } dnia
        [few] { $max } dni
        [many] { $max } dni
       *[other] { $max } dnia
    } (0 kończy go od razu).
clock-err-no_vacation = Nie jesteś na urlopie.
clock-err-on_vacation_already = Jesteś na urlopie do { $until }; nowy weźmiesz po zakończeniu obecnego (0 dni).
clock-err-vacation_allowance = W tym roku { $left ->
        [one] został ci tylko { $left } dzień
        [few] zostały ci tylko { $left } dni
        [many] zostało ci tylko { $left } dni
       *[other] zostało ci tylko { $left } dnia
    } urlopu (z { $max }).
clock-err-replace_bot = Miejsce może przejąć tylko człowiek, nie konto bota.
clock-choice-wait = czekać: pozostali mogą głosować za pominięciem
clock-choice-skip = pominąć: najmniej szkodliwy ruch
clock-choice-bot = bot: gra bot, dopóki gracz nie wróci
clock-notify-channel = na kanale
clock-notify-dm = w wiadomości prywatnej
clock-notify-both = na kanale i w wiadomości prywatnej
clock-ok-notify = Powiadomienia przychodzą teraz { $mode }.
clock-ok-quiet = Ustawiono godziny ciszy: { $hours } ({ $zone }).
clock-ok-quiet_off = Usunięto godziny ciszy.
clock-ok-vacation = Udanego urlopu! Twoje zegary stoją do { $until } (w tym roku wykorzystano { $used } z { $max ->
        [one] { $max } dnia
        [few] { $max } dni
        [many] { $max } dni
       *[other] { $max } dnia
    }).
clock-ok-vacation_over = Witaj z powrotem: twoje zegary znów biegną.
clock-ok-paused = ⏸ { $user } wstrzymuje grę: żaden zegar nie biegnie do wznowienia.
clock-ok-resumed = ▶ { $user } wznawia grę: zegary znów biegną.
clock-ok-voted = Twój głos został policzony: { $votes } z potrzebnych { $needed }.
clock-ok-skipped = Przeterminowaną decyzję pominięto najmniej szkodliwym ruchem.
clock-mine-head = **Gdzie masz ruch** (najdłużej czekające najpierw):
clock-mine-none = Żadna gra na tym serwerze nie czeka na ciebie.
clock-mine-others = **Twoje gry, które czekają na kogoś innego:**
clock-mine-line = { $game } #{ $id }: { $line } · czeka { $waited } · { $link }
clock-overdue_list-head = **Gracze, którym skończył się czas:**
clock-overdue_list-none = Nikomu nie skończył się czas.
cmd-new-clock = Zegar: relaxed (domyślny), daily, steady, brisk, none lub własny, np. 24h albo 3d+12h
cmd-new-timeout = Co się dzieje, gdy graczowi skończy się czas (domyślnie: czekać)
cmd-notify = Gdzie trafiają twoje powiadomienia: na kanał, w wiadomości prywatnej czy tu i tu
cmd-notify-mode = channel, dm lub both
cmd-quiet = Godziny ciszy: bez powiadomień, a twój zegar stoi, jeśli stół na to pozwala
cmd-quiet-hours = Od–do, np. 22:00-07:00, albo off
cmd-quiet-zone = Twoja strefa czasowa, np. Europe/Warsaw
cmd-vacation = Zatrzymaj swój zegar we wszystkich grach na kilka dni (0 kończy urlop)
cmd-vacation-days = Ile dni (0 = już wracam)
cmd-pause = Wstrzymaj całą grę: żaden zegar nie biegnie (gospodarz lub Zarządzanie kanałami)
cmd-resume = Wznów wstrzymaną grę (gospodarz lub Zarządzanie kanałami)
cmd-skip = Głosuj za pominięciem decyzji gracza, któremu skończył się czas
cmd-replace = Oddaj miejsce nieobecnego gracza komuś innemu (gospodarz lub Zarządzanie kanałami)
cmd-replace-old = Nieobecny gracz
cmd-replace-new = Kto przejmuje miejsce
cmd-mine = Wszystkie gry na tym serwerze, w których masz ruch, i te, gdzie czeka się na innych
cmd-overdue = Gracze, którym skończył się czas na tym serwerze (gospodarze i moderatorzy)
