### Teksty bota, poczekalni i konsoli (polski). Klucze są wspólne z en/cs.
### Message ids are the catalogue keys with '.' written as '-' (and a '-' inside a key part doubled).

more_lines =
    … ({ $n ->
        [one] { $n } wcześniejszy wiersz
        [few] { $n } wcześniejsze wiersze
       *[many] { $n } wcześniejszych wierszy
        [other] { $n } wcześniejszego wiersza
    })

## game

game-alhambra = Alhambra
game-egizia = { -hra-egizia }
game-luxor = Luxor

## cmd

cmd-game = Zakładaj gry planszowe w tym kanale, dołączaj do nich i zarządzaj nimi
cmd-new = Załóż nową grę w tym kanale (zostaniesz gospodarzem)
cmd-new-game = Która gra
cmd-new-language = Język planszy i wiadomości w tym kanale
cmd-new-options = Opcje gry jako pary klucz=wartość, np. exact_payment_extra_action=mandatory
cmd-join = Dołącz do gry czekającej w tym kanale
cmd-leave = Opuść poczekalnię w tym kanale
cmd-start = Rozpocznij grę (tylko gospodarz)
cmd-status = Kto gra, czyj jest ruch i jakie są opcje
cmd-board = Pokaż ponownie aktualną planszę
cmd-hand = Pokaż swoje karty na ręce (widzisz je tylko ty)
cmd-history = Ostatnie ruchy
cmd-history-count = Ile ruchów (1–50)
cmd-rules = Krótkie podsumowanie zasad
cmd-rules-game = Która gra (domyślnie: ta z tego kanału)
cmd-abandon = Zakończ grę w tym kanale bez wyniku (gospodarz lub uprawnienie Zarządzanie kanałami)
cmd-move = Wykonaj dowolny dozwolony ruch (podpowiedzi pokażą ich listę)
cmd-move-action = Twój ruch; zacznij pisać, aby zawęzić dozwolone opcje
cmd-choice = Twój wybór; zacznij pisać, aby zawęzić dozwolone opcje
cmd-alhambra = Ruchy w Alhambrze
cmd-alhambra-take = Weź pieniądze spośród odkrytych kart
cmd-alhambra-buy = Kup budynek: pole rynku i karty pieniędzy, którymi płacisz
cmd-alhambra-redesign = Przebuduj Alhambrę: dodaj z rezerwy, odłóż do rezerwy lub zamień z rezerwą
cmd-alhambra-place = Umieść kupiony budynek, odłóż go do rezerwy lub oddaj Dirkowi
cmd-alhambra-end = Zakończ fazę akcji po zapłacie bez reszty
cmd-alhambra-start = Wybierz gracza rozpoczynającego (gospodarz, gdy remis rozstrzyga host_choice)
cmd-egizia = Ruchy w grze { -hra-egizia }
cmd-luxor = Ruchy w Luxorze
cmd-alhambra-choose = Dowolny dozwolony ruch w Alhambrze
cmd-egizia-sail = Żegluga: postaw { -statek } na Nilu, pasuj lub zakończ turę
cmd-egizia-card = Wybory wziętej karty lub pola rundy (tor, { -budowniczy(case: "pl-nom") }, pole, nawodnienie, pozostała karta)
cmd-egizia-feed = Karmienie: którym zbożem i kamieniami wyżywić { -budowniczy(case: "pl-gen") }
cmd-egizia-build = Budowa: kolejność, { -budowniczy(case: "pl-nom") }, karty { -sfinks(case: "gen") }, { -obelisk-i-grobowce }, { -piramida-i-swiatynia }
cmd-egizia-play = Zagraj kartę lub darmową akcję, gdy jest dozwolona (sprzedaż, buduj przed innymi, kup siłę…)
cmd-egizia-choose = Dowolny dozwolony ruch w grze { -hra-egizia }
cmd-luxor-card = Zagraj lewą lub prawą skrajną kartę z ręki (albo odrzuć jedną)
cmd-luxor-move = Przesuń poszukiwacza po rzucie kością (inne karty ruszają w /luxor card)
cmd-luxor-act = Po „Wszyscy naprzód”: czyje pole działa
cmd-luxor-horus = Płytka Horusa: weź klucz lub kartę Horusa
cmd-luxor-eye = Płytka świątyni z okiem Horusa: z którego stosu brać
cmd-luxor-temple = Płytka świątyni: dżoker lub skarabeusz
cmd-luxor-treasure = Weź lub zostaw skarb
cmd-luxor-anubis = Obudź leżącego poszukiwacza albo pozwól mu spać
cmd-luxor-start = Wybierz gracza rozpoczynającego (gospodarz, przy opcji host_choice)
cmd-luxor-choose = Dowolny dozwolony ruch w Luxorze

## err

err-replay_version = Ta gra została zapisana według zasad w wersji { $stored }; silnik ma teraz wersję { $current }, więc jej zapisu ruchów nie da się dokładnie odtworzyć. Zapisana pozycja pozostaje bez zmian.
err-no_game = W tym kanale nie ma żadnej gry. Załóż ją poleceniem /game new.
err-unknown_game = Nieznana gra „{ $title }”.
err-game_unavailable = Gra { $title } nie jest jeszcze dostępna.
err-bad_option = Nieprawidłowa opcja gry: { $detail }
err-option_syntax = Opcje zapisuje się jako klucz=wartość; „{ $part }” nie ma takiej postaci.
err-channel_busy = W tym kanale toczy się już gra. Najpierw ją dokończ lub przerwij albo załóż wątek: każdy wątek może mieć własną grę.
err-already_started = Gra już się rozpoczęła.
err-already_joined = Już jesteś w tej grze.
err-lobby_full =
    Gra jest już pełna ({ $max ->
        [one] { $max } gracz
        [few] { $max } gracze
       *[many] { $max } graczy
        [other] { $max } gracza
    }).
err-leave_started = Gra już się rozpoczęła; nie możesz teraz z niej wyjść. Gospodarz może ją przerwać.
err-not_in_lobby = Nie jesteś w tej poczekalni.
err-host_only = Tylko gospodarz może to zrobić.
err-host_or_manager = Tylko gospodarz lub ktoś z uprawnieniem Zarządzanie kanałami może to zrobić.
err-player_count =
    Ta gra jest dla { $min }–{ $max ->
        [one] { $max } gracza
        [few] { $max } graczy
       *[many] { $max } graczy
        [other] { $max } gracza
    }; { $n ->
        [one] zgłosił się { $n }
        [few] zgłosiło się { $n }
       *[many] zgłosiło się { $n }
        [other] zgłosiło się { $n }
    }.
err-abandon_rights = Grę może przerwać tylko gospodarz lub ktoś z uprawnieniem Zarządzanie kanałami.
err-not_started = Gra jeszcze się nie rozpoczęła.
err-not_seated = Nie bierzesz udziału w tej grze.
err-not_your_turn = To nie twój ruch: czekamy na { $players }.
err-stale = Ten przycisk dotyczy wcześniejszej sytuacji: gra toczy się już dalej. Użyj najnowszej wiadomości lub /game move.
err-no_options = W tej chwili nie masz nic do zdecydowania.
err-illegal = ❌ Niedozwolone: { $reason } (zasada { $clause }). Nic nie zostało zmienione.
err-internal = Coś poszło nie tak po naszej stronie. Nic nie zostało zmienione; spróbuj ponownie.
err-other_game = To należy do innej gry, nie do tej, która toczy się teraz na tym kanale. Nic nie zostało zmienione.
err-game_ended = Ta gra (#{ NUMBER($id, useGrouping: 0) }) już się zakończyła. Nic nie zostało zmienione.
err-nothing_to_abandon = Nie ma tu otwartej gry do porzucenia: ostatnia (#{ NUMBER($id, useGrouping: 0) }) już się zakończyła.
err-shutting_down = Sędzia właśnie się restartuje i przez chwilę nie przyjmuje nowych żądań. Nic nie zostało zmienione; spróbuj ponownie za moment.
err-storage = Nie udało się tego zapisać: { $reason } Nic nie zostało zmienione; spróbuj ponownie.
err-no_group_options = Nie masz teraz żadnego dozwolonego ruchu tego rodzaju ({ $group }).
err-internal_after = Twoje żądanie zostało zapisane ({ $action }), ale potem coś poszło nie tak po naszej stronie. Stan gry pokażą /game status i /game board.
err-missing_permissions = Nie mogę tu prowadzić gry: brakuje mi na tym kanale tych uprawnień: { $perms }. Poproś kogoś, kto zarządza kanałem, o ich nadanie i spróbuj ponownie.
err-lobby_not_posted = Nie udało mi się wysłać zaproszenia do gry na ten kanał ({ $reason }), więc żadna gra nie została otwarta. Nic nie zostało zmienione; spróbuj ponownie.

## ok

ok-move = ✅ Zrobione: `{ $action }`
ok-created = Poczekalnia otwarta.
ok-joined = Jesteś w grze.
ok-started = Gra się rozpoczęła.
ok-done = Gotowe.

## lobby

lobby-default = domyślnie
lobby-opened =
    { $host } zakłada grę **{ $game }** ({ $min }–{ $max ->
        [one] { $max } gracz
        [few] { $max } graczy
       *[many] { $max } graczy
        [other] { $max } gracza
    }; { $options }). Dołącz poleceniem /game join lub przyciskiem; gospodarz rozpoczyna grę poleceniem /game start.
lobby-default_options = standardowe zasady
lobby-join_button = Dołącz
lobby-start_button = Rozpocznij
lobby-joined = Dołącza { $user } ({ $n }): { $names }
lobby-left = { $user } wychodzi. Gracze: { $names }
lobby-closed = Poczekalnia została zamknięta.
lobby-started = Gra **{ $game }** się rozpoczyna! Gracze w kolejności przy stole: { $names }

## turn

turn-embed_title = { $game } — ruch { $move } (gra #{ NUMBER($id, useGrouping: 0) })
turn-content = Na ruchu: { $mentions } ({ $what })
turn-continues = { $player } kontynuuje: { $what }

## result

result-title = Wynik końcowy
result-content = 🏁 Gra zakończona. Gratulacje: { $winners }!
result-extra-dirk = Dirk (gracz neutralny): { $value }
result-extra-tie_break_used =
    { $value ->
        [0] Rozstrzygnięcie remisu: niepotrzebne
       *[other] Rozstrzygnięcie remisu: wygrywa ten, kto wcześniej osiągnął końcowy wynik
    }

## menu

menu-choose = Wybierz jedną z { $n } opcji:
menu-placeholder = Opcje ({ $n }/{ $total })
menu-too_many =
    Pokazano tylko { $shown ->
        [one] pierwszą { $shown }
        [few] pierwsze { $shown }
       *[many] pierwszych { $shown }
        [other] pierwszej { $shown }
    }; pozostałe wpisz przyciskiem ✏️ lub poleceniem /game move.

## hand

hand-title = Twój prywatny widok, { $player } (widzisz go tylko ty):

## history

history-empty = Nie było jeszcze żadnych ruchów.

## status

status-head = **{ $game }** (gra #{ NUMBER($id, useGrouping: 0) }): { $status }, ruch { $move }
status-players = Gracze: { $names }
status-options = Opcje: { $options }
status-waiting = Czekamy na { $player }: { $what }
status-lobby = oczekiwanie na graczy
status-active = w toku
status-over = zakończona
status-abandoned = przerwana

## abandon

abandon-confirm = Na pewno zakończyć grę #{ NUMBER($id, useGrouping: 0) } bez wyniku? Tego nie da się cofnąć.
abandon-confirm_button = Tak, przerwij grę
abandon-done = { $user } przerywa grę #{ NUMBER($id, useGrouping: 0) }.

## rules

rules-alhambra = **Alhambra** (2–6 graczy). W swojej turze wykonaj jedną akcję: **weź pieniądze** (jedną kartę albo kilka o łącznej wartości najwyżej 5), **kup** budynek z rynku, płacąc co najmniej jego cenę w walucie danego pola (jeśli zapłacisz bez reszty, wykonujesz kolejną akcję), albo **przebuduj** swoją Alhambrę, korzystając z rezerwy. Na koniec tury umieść każdy kupiony budynek: mury muszą stykać się z murami, do każdego budynku musi prowadzić droga od fontanny i nie może być dziur. Karty punktacji A i B są wtasowane w talię pieniędzy; { -punktacja-koncowa } kończy grę. Punkty daje przewaga w liczbie budynków każdego rodzaju oraz twój najdłuższy mur zewnętrzny.
    Polecenia: /alhambra take · buy · redesign · place · end albo przyciski pod planszą. /game hand pokazuje twoje pieniądze.
rules-egizia = **{ -hra-egizia }** (2–4 graczy). W każdej rundzie płyń swoimi statkami w dół Nilu, aby zdobywać karty, pola rundy i miejsca na budowach; wyżyw swoich { -budowniczy(case: "pl-gen") } zbożem z pól; następnie buduj przy { -sfinks(case: "loc") }, przy { -obelisk-i-grobowce(case: "loc") }, na piramidzie i w świątyni za pomocą swoich { -budowniczy(case: "pl-gen") } i kamieni. Punkty dają budowle, tory i { -punktacja-koncowa }.
    Użyj /egizia choose lub przycisków pod planszą; /game hand pokazuje twoje karty { -sfinks(case: "gen") }.
rules-luxor = **Luxor** (2–4 graczy). Zagraj kartę z lewego lub prawego końca swojej ręki, aby przesunąć jednego ze swoich poszukiwaczy przygód po ścieżce świątynnej, zbieraj skarby, karty Horusa i klucze i ścigaj się do grobowca. Gra kończy się, gdy do grobowca wejdzie drugi poszukiwacz przygód.
rules-roles = **Kto może co.** Gospodarz rozpoczyna grę i cofa ją (`/game undo move:`). Gospodarz lub każdy z uprawnieniem *Zarządzanie kanałami* może wstrzymać i wznowić grę, oddać miejsce nieobecnego gracza komuś innemu (`/game replace`) i zakończyć grę, żeby stół nie stał, gdy gospodarza nie ma. Każdy, kto siedzi przy stole, może głosować za pominięciem decyzji, której skończył się czas.
    Użyj /luxor choose lub przycisków pod planszą; /game hand pokazuje twoje karty na ręce w kolejności oraz twoje skarabeusze.

## console

console-welcome = Gra na jednym komputerze (hot-seat). Wpisz numer lub ruch; 'help' wyświetla polecenia.
console-help = Polecenia: numer z ostatnio wyświetlonej listy albo ruch (np. take y2+g3; wielkość liter, spacje po przecinkach i kolejność części łączonych + nie mają znaczenia), pierwsze słowo lub słowa ruchu, aby wypisać takie ruchy (np. buy, place SER-06), list (znowu wszystkie ruchy), hand (prywatny widok gracza na ruchu), board, history, quit.
console-turn = ▶ { $player }
console-filter_hint = Wpisz rodzaj ruchu (np. pierwsze słowo powyżej), aby wyświetlić te opcje.
console-board_written = plansza: { $path }
console-hand_written = obraz kart na ręce: { $path }
console-illegal = Niedozwolone ({ $clause }): { $reason }
console-bye = Gra zapisana; aby ją wznowić, uruchom ponownie to samo polecenie.
console-resumed = Wznowiono zapisaną grę od ruchu { $version }.
console-game_over = Gra zakończona.
console-hand_title = Prywatny widok gracza { $player } (miejsce { $seat }):
console-hand_money =
    Pieniądze: { $n ->
        [one] { $n } karta
        [few] { $n } karty
       *[many] { $n } kart
        [other] { $n } karty
    }: { $cards }
console-hand_totals = Sumy według waluty: { $totals }
console-hand_sphinx = Karty { -sfinks(case: "gen") } ({ $n }): { $cards }
console-hand_anytime = Karty do zagrania w dowolnej chwili ({ $n }): { $cards }
console-hand_cards =
    Ręka od lewej do prawej ({ $n ->
        [one] { $n } karta
        [few] { $n } karty
       *[many] { $n } kart
        [other] { $n } karty
    }): { $cards }
console-hand_scarabs =
    Skarabeusze: { $n ->
        [one] { $n } skarabeusz
        [few] { $n } skarabeusze
       *[many] { $n } skarabeuszy
        [other] { $n } skarabeusza
    } o łącznej wartości { $vp ->
        [one] { $vp } punktu
        [few] { $vp } punktów
       *[many] { $vp } punktów
        [other] { $vp } punktu
    }
console-hand_none = brak
console-raw = { $text }
console-bad_number = Wpisz numer od 1 do { $n } (z ostatnio wyświetlonej listy) albo 'list', aby znowu zobaczyć wszystkie ruchy.
console-no_numbers = Nie wyświetlono listy z numerami: wpisz pierwsze słowo ruchu, aby wypisać takie ruchy, albo 'list'.
console-unknown = Nieznane polecenie „{ $text }” — czy chodziło o: { $hint }?
console-unknown_nohint = Nieznane polecenie „{ $text }”. Polecenia wypisze 'help', dozwolone ruchy 'list'.
console-other_game =
    Czeka tu zapisana gra { $game } dla { $n ->
        [one] { $n } gracza
        [few] { $n } graczy
       *[many] { $n } graczy
        [other] { $n } gracza
    } ({ $names }), ruch { $version }.
console-resume_or_new = Wznowić ją (w) czy zacząć nową (n)?
console-choose_resume_or_new = Nic się nie zmieniło. Uruchom polecenie ponownie z --resume, aby kontynuować zapisaną grę, albo z --new, aby zacząć nową.

## button

button-type_move = Wpisz ruch
button-private = Wybór prywatny
button-hand = Moja ręka
button-zoom = Cała plansza
board-standings = Punktacja
board-standing = { $mark }{ $player }: { $score ->
        [one] { $score } punkt
        [few] { $score } punkty
        [many] { $score } punktów
       *[other] { $score } punktu
    }
board-zoom = Cała plansza: { $game }, gra #{ NUMBER($id, useGrouping: 0) }, ruch { $move }. Widzisz ją tylko ty.
board-zoom_stale = Od tamtej wiadomości gra poszła dalej (to był ruch { $then }), więc oto aktualna plansza, ruch { $now }.

## group.alhambra

group-alhambra-take = Weź pieniądze
group-alhambra-buy = Kup
group-alhambra-redesign = Przebuduj
group-alhambra-place = Umieść
group-alhambra-end = Zakończ akcje
group-alhambra-start = Wybierz pierwszego

## group.egizia

group-egizia-sail = Żegluga
group-egizia-card = Wybór karty
group-egizia-feed = Nakarm
group-egizia-build = Buduj
group-egizia-play = Zagraj kartę

## group.luxor

group-luxor-card = Zagraj kartę
group-luxor-move = Ruch
group-luxor-act = Które pole
group-luxor-horus = Płytka Horusa
group-luxor-eye = Stos Horusa
group-luxor-temple = Płytka świątyni
group-luxor-treasure = Skarb
group-luxor-anubis = Anubis
group-luxor-start = Wybierz pierwszego

## none

none-private = Teraz nie czeka na ciebie żadna tajna decyzja.

## none.alhambra

none-alhambra-start = Teraz nie wybiera się gracza rozpoczynającego.
none-alhambra-place = Nie masz teraz kupionego budynku do umieszczenia.
none-alhambra-redesign = Nie możesz teraz przebudować: ani rezerwa, ani twoja Alhambra nie pozwalają na dozwoloną zmianę.
none-alhambra-take = Nie ma teraz wyłożonych pieniędzy do wzięcia.
none-alhambra-buy = Nie stać cię teraz na żaden budynek na rynku.
none-alhambra-end = Fazę akcji możesz zakończyć wcześniej tylko po dokładnej zapłacie.

## none.egizia

none-egizia-play = Nie masz teraz karty, którą można zagrać.
none-egizia-build = Teraz nie czeka na ciebie żadna decyzja o budowie.
none-egizia-feed = Karmienie teraz na ciebie nie czeka.
none-egizia-card = Teraz żadna karta ani pole rundy nie czeka na twój wybór.
none-egizia-sail = Nie masz teraz żadnego ruchu żeglugi.

## none.luxor

none-luxor-start = Teraz nie wybiera się gracza rozpoczynającego.
none-luxor-anubis = Żaden z twoich poszukiwaczy nie leży teraz przy posągu.
none-luxor-treasure = Żaden skarb nie czeka teraz na twój wybór.
none-luxor-temple = Żadna płytka świątyni nie czeka teraz na twój wybór.
none-luxor-eye = Żadne oko Horusa nie czeka teraz na twój wybór.
none-luxor-horus = Żadna płytka Horusa nie czeka teraz na twój wybór.
none-luxor-act = Żadne pole nie czeka teraz na rozpatrzenie.
none-luxor-move = Żaden z twoich poszukiwaczy nie może się teraz ruszyć.
none-luxor-card = Nie masz teraz karty do zagrania.

## post

post-failed = ⚠️ Nie udało się opublikować planszy po ruchu { $move } gry #{ NUMBER($id, useGrouping: 0) } na <#{ $channel }>: { $reason }. Sam ruch jest zapisany. Napraw kanał, a potem opublikuj planszę poleceniem /game board.
post-reason-forbidden = brakuje mi uprawnienia na tym kanale
post-reason-not_found = ten kanał już nie istnieje
post-reason-rejected = Discord odrzucił wiadomość
post-reason-gave_up = Discord wciąż zawodził, więc po kilku próbach zrezygnowałem
post-reason-unavailable = Discord nie odpowiada teraz prawidłowo
post-status_failed = ⚠️ Nie udało się opublikować planszy po ruchu { $move }: { $reason }.
post-status_pending = ⏳ Plansza po ruchu { $move } czeka na publikację (próba { $n }).

## perm

perm-view_channel = Wyświetlanie kanału
perm-send_messages = Wysyłanie wiadomości
perm-send_messages_in_threads = Wysyłanie wiadomości w wątkach
perm-attach_files = Załączanie plików
perm-embed_links = Osadzanie linków
perm-read_message_history = Czytanie historii wiadomości

## modal

modal-title = Twój ruch
modal-label = Ruch (jak w /game move)
modal-placeholder = np. tekst dozwolonego ruchu

## options

options-syntax = Opcje zapisuje się jako klucz=wartość; „{ $part }” tak nie wygląda.
options-unknown = { $game } nie ma opcji „{ $name }”. Jej opcje: { $known }.
options-unknown_hint = { $game } nie ma opcji „{ $name }”. Czy chodziło o „{ $suggestion }”?
options-duplicate = Opcja „{ $name }” została podana więcej niż raz.
options-value = Opcja „{ $name }” może mieć wartość { $allowed }, nie „{ $value }”.
options-value_hint = Opcja „{ $name }” może mieć wartość { $allowed }, nie „{ $value }”. Czy chodziło o „{ $suggestion }”?
options-allowed_bool = true lub false (także yes/no, on/off)
options-at_least = dowolna liczba całkowita od { $n } wzwyż

## storage

storage-closed = baza danych jest zamknięta (sędzia się wyłącza).
storage-full = dysk lub baza danych są pełne.
storage-readonly = nie można zapisywać do bazy danych (plik, folder lub dysk tylko do odczytu).
storage-corrupt = plik bazy danych jest uszkodzony albo nie jest bazą Referee.
storage-unavailable = nie można otworzyć pliku bazy danych (czy jego folder istnieje i czy wolno go czytać?).
storage-unreachable = nie można połączyć się z serwerem bazy danych (czy działa i czy jego adres oraz hasło są poprawne?).
storage-busy = baza danych jest zablokowana przez inny program.
storage-failed = baza danych zgłosiła błąd.
storage-cli = nie można użyć bazy danych { $path }: { $reason } ({ $detail })
storage-check_ok = baza danych { $path } przeszła kontrolę integralności SQLite ({ $seconds } s).
