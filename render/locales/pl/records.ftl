### Cofanie ruchów, zapisy gier, podsumowania, statystyki i obserwowanie gry (issue 12).

## undo

undo-what_action = ruch `{ $action }`
undo-requested = ↩️ { $player } prosi o cofnięcie ruchów nr { $first }–{ $last }: { $moves }. { $waiting }: zgoda? (Odpowiedź w ciągu { $minutes } min, inaczej prośba wygaśnie.)
undo-accepted = { $player } się zgadza. Czekamy jeszcze na: { $waiting }.
undo-declined = { $player } nie zgadza się na cofnięcie. Nic nie zmieniono.
undo-already_agreed = Twoja zgoda jest już zapisana. { $n ->
    [one] Czekamy jeszcze na { $n } gracza.
    [few] Czekamy jeszcze na { $n } graczy.
    [many] Czekamy jeszcze na { $n } graczy.
   *[other] Czekamy jeszcze na { $n } graczy.
    }
undo-lapsed = ⌛ Prośba o cofnięcie ruchów nr { $first }–{ $last } (prosi: { $player }) wygasła: nie wszyscy zgodzili się na czas. Gra toczy się dalej bez zmian.
undo-accept_button = Zgadzam się
undo-decline_button = Nie zgadzam się
undo-undo_button = Cofnij
undo-err-nothing = Nie masz żadnego ruchu do cofnięcia.
undo-err-revealed = Ruchu nr { $move } gracza { $player } nie można cofnąć: ten ruch odsłonił ukrytą informację ({ $what }). Nic nie zmieniono.
undo-err-pending = W tej grze czeka już prośba o cofnięcie ruchu.
undo-err-no_request = Nie ma oczekującej prośby o cofnięcie: mogła wygasnąć, dostać odpowiedź albo gra poszła dalej.
undo-err-own_request = To twoja własna prośba: odpowiadają na nią pozostali gracze.
undo-err-over = Gra się skończyła: jej ruchów nie można już cofnąć.
undo-err-no_such_move = Nie ma ruchu nr { $move } (ruchy mają numery od 1 do { $last }).
undo-ev-done =
    ↩️ { $player } cofa { $n ->
        [one] { $n } ruch (nr { $last })
        [few] { $n } ruchy (nr { $first }–{ $last })
        [many] { $n } ruchów (nr { $first }–{ $last })
       *[other] { $n } ruchu (nr { $first }–{ $last })
    }.

## record

record-header = { $game } — gra nr { $id } ({ $names })
record-started = Otwarta { $at } UTC
record-setup = przygotowanie
record-undone = (cofnięty ruchem nr { $by })
record-result = Wyniki końcowe:
record-winners = Zwycięstwo: { $names }
record-abandoned = Gra została przerwana bez wyniku.
record-running = Gra wciąż trwa.
record-attached = 📜 Zapis gry nr { $id }: plik JSON pozwala ją odtworzyć (`referee replay PLIK`), plik tekstowy to jej przebieg.
record-running_only_players = Póki gra trwa, zapis mogą pobrać tylko jej gracze; po jej zakończeniu każdy.

## recap

recap-round_end = koniec rundy { $round }
recap-final = { -punktacja-koncowa }
recap-chart_title = { $game } nr { $id }: wynik po każdym ruchu
recap-x_label = ruchy
recap-posted =
    🎬 Podsumowanie gry nr { $id }: { $moves ->
        [one] { $moves } ruch
        [few] { $moves } ruchy
        [many] { $moves } ruchów
       *[other] { $moves } ruchu
    } na { $frames ->
        [one] { $frames } obrazku
        [few] { $frames } obrazkach
        [many] { $frames } obrazkach
       *[other] { $frames } obrazka
    } oraz wynik w trakcie gry.
recap-not_finished = Podsumowanie powstaje po zakończeniu gry.

## console

console-help_undo = Ponadto: undo (gracz ostatniego ruchu cofa go, jeśli ten ruch niczego nie odsłonił), record (zapisuje zapis gry i jej przebieg).
console-record_written = zapis: { $json }, przebieg: { $text }

## follow

follow-ended = 🏁 Gra { $game } nr { $id }, którą obserwujesz, dobiegła końca: /game recap pokaże jej przebieg.
follow-scoring = 📊 Gra { $game } nr { $id }, którą obserwujesz, doszła do punktacji: { $what }.
follow-followed = Obserwujesz grę nr { $id }: dowiesz się, gdy dojdzie do punktacji i gdy się skończy ({ $how }).
follow-by_dm = wiadomością prywatną
follow-by_ping = wzmianką na kanale
follow-unfollowed = Nie obserwujesz już gry nr { $id }.
follow-err-not_following = Nie obserwujesz tej gry.
follow-err-ended = Gra { $game } nr { $id } w tym kanale dobiegła końca: nie ma już czego obserwować. /game recap pokaże jej przebieg; nową grę tutaj możesz obserwować, gdy się zacznie.

## stats

stats-title = { $name }: statystyki na tym serwerze
stats-line = **{ $game }**: rozegrane { $played }, wygrane { $wins }, średni wynik { $score }, średnie miejsce { $place }, ranking { $rating }{ $extra }
stats-extra_abandoned =
    , { $n ->
        [one] { $n } gra przerwana
        [few] { $n } gry przerwane
        [many] { $n } gier przerwanych
       *[other] { $n } gry przerwanej
    }
stats-extra_replaced =
    , zastąpiony(-a) w { $n ->
        [one] { $n } grze
        [few] { $n } grach
        [many] { $n } grach
       *[other] { $n } gry
    }
stats-none = { $name } nie ma jeszcze żadnej ukończonej gry na tym serwerze.
stats-board_title = { $game }: ranking tego serwera
stats-board_line = { $rank }. { $name } — ranking { $rating } (rozegrane { $played }, wygrane { $wins }, średnie miejsce { $place })
stats-board_empty = Na tym serwerze nie ma jeszcze rankingowych gier { $game }.
stats-board_note = Ranking = ordinal openskill (μ − 3σ) z ukończonych gier co najmniej dwóch osób; boty nie mają rankingu; gry przerwane się nie liczą.

## cmd

cmd-extra-undo = Cofnij swój ostatni ruch (od razu, gdy nikt nie grał i nic nie odsłonięto; inaczej za zgodą)
cmd-extra-rollback_move = Tylko gospodarz: cofnij grę do stanu przed tym ruchem (numer z /game history), za zgodą wszystkich
cmd-extra-record = Dołącz zapis gry (JSON) i jej przebieg
cmd-extra-recap = Animowane podsumowanie i wykres wyników ostatniej ukończonej gry
cmd-extra-follow = Obserwuj tę grę: wzmianka przy punktacji i na końcu
cmd-extra-follow_dm = Powiadom mnie wiadomością prywatną zamiast wzmianki
cmd-extra-unfollow = Przestań obserwować tę grę
cmd-extra-stats = Statystyki i rankingi na tym serwerze
cmd-extra-stats_me = Twoje statystyki
cmd-extra-stats_user = Statystyki innego gracza
cmd-extra-stats_user_who = Czyje statystyki
cmd-extra-stats_leaderboard = Ranking jednej gry
cmd-extra-stats_game = Która gra
