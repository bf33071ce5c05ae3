## replay.err — dlaczego zapisu nie da się odczytać ani odtworzyć (referee replay, referee recap)

replay-err-not_json = to nie jest plik JSON: { $detail } (wiersz { $line })
replay-err-not_record = to nie jest zapis gry Referee (oczekiwano "format": "{ $format }")
replay-err-version = wersja formatu zapisu { $version } nie jest obsługiwana (ten Referee czyta 1…{ $latest })
replay-err-unknown_game = nieznana gra { $game }; znane: { $known }
replay-err-players = zapis potrzebuje niepustej listy "players" i listy "moves"
replay-err-player = błędny wpis gracza (brak lub zła wartość { $field })
replay-err-move = błędny wpis ruchu: { $entry }
replay-err-undo = błędny wpis cofnięcia: { $action } (oczekiwano "undo PIERWSZY-OSTATNI")
replay-err-seed_type = "seed" musi być liczbą całkowitą
replay-err-no_seed = ten zapis nie ma seeda (gra jeszcze trwała, gdy go zapisano): grę da się odtworzyć z zapisu, gdy się skończy (zapis z konsoli da się odtworzyć zawsze)
replay-err-rules_version = zapis powstał według zasad gry { $game } w wersji { $stored }; ten Referee gra w wersji { $current }
replay-err-options = opcji gry z zapisu nie da się użyć: { $detail }
replay-err-move_fails = ruchu nr { $seq } ({ $action }) nie da się odtworzyć: zasada { $clause }
replay-err-result = odtworzenie kończy się wynikiem { $got }, ale zapis podaje { $want }
replay-err-read = nie da się odczytać { $path }: { $reason }
replay-err-not_utf8 = to nie jest plik JSON: tekst nie jest w UTF-8
replay-err-unusable = tego pliku JSON nie da się użyć: { $detail }
replay-err-nested = tego pliku JSON nie da się użyć: jest zbyt głęboko zagnieżdżony
replay-err-rules_version_type = „rules_version” musi być liczbą całkowitą, a nie { $value }
replay-err-options_type = „options” musi być obiektem z nazwami i wartościami opcji
replay-err-seat = ruch nr { $seq } podaje miejsce { $seat }, ale zapis ma tylko { $players ->
    [one] { $players } gracza
    [few] { $players } graczy
    [many] { $players } graczy
   *[other] { $players } gracza
}
replay-err-move_error = ruchu nr { $seq } ({ $action }) nie da się odtworzyć: { $error }
replay-err-result_unprintable = odtworzenie kończy się innym wynikiem, niż podaje zapis
