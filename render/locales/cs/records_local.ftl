## replay.err — proč záznam nejde přečíst nebo přehrát (referee replay, referee recap)

replay-err-not_json = není to soubor JSON: { $detail } (řádek { $line })
replay-err-not_record = není to záznam hry Referee (očekávám "format": "{ $format }")
replay-err-version = verze formátu záznamu { $version } není podporovaná (podporované verze: 1…{ $latest })
replay-err-unknown_game = neznámá hra { $game }; známé: { $known }
replay-err-players = záznam potřebuje neprázdný seznam "players" a seznam "moves"
replay-err-player = chybný záznam hráče (chybí nebo je špatně { $field })
replay-err-move = chybný záznam tahu: { $entry }
replay-err-undo = chybný záznam vrácení: { $action } (očekávám "undo PRVNÍ-POSLEDNÍ")
replay-err-seed_type = "seed" musí být celé číslo
replay-err-no_seed = tento záznam nemá seed (hra se při zápisu ještě hrála): ze záznamu jde hru přehrát, až skončí (záznam z konzole jde přehrát kdykoli)
replay-err-rules_version = záznam vznikl podle pravidel hry { $game } ve verzi { $stored }; tento Referee hraje verzi { $current }
replay-err-options = možnosti hry ze záznamu nejde použít: { $detail }
replay-err-move_fails = tah č. { $seq } ({ $action }) se nedá přehrát: pravidlo { $clause }
replay-err-result = přehrání končí výsledkem { $got }, ale záznam uvádí { $want }
replay-err-read = { $path } nejde přečíst: { $reason }
replay-err-not_utf8 = není to soubor JSON: text není v UTF-8
replay-err-unusable = soubor JSON nejde použít: { $detail }
replay-err-nested = soubor JSON nejde použít: je příliš hluboko vnořený
replay-err-rules_version_type = „rules_version“ musí být celé číslo, ne { $value }
replay-err-options_type = „options“ musí být objekt s názvy a hodnotami nastavení
replay-err-seat = tah č. { $seq } uvádí místo { $seat }, ale záznam má jen { $players ->
    [one] { $players } hráče
    [few] { $players } hráče
    [many] { $players } hráče
   *[other] { $players } hráčů
}
replay-err-move_error = tah č. { $seq } ({ $action }) nejde přehrát: { $error }
replay-err-result_unprintable = přehrání končí jiným výsledkem, než uvádí záznam
