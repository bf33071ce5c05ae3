## replay.err — why a record file cannot be read or replayed (referee replay, referee recap)

replay-err-not_json = not a JSON file: { $detail } (line { $line })
replay-err-not_record = not a Referee game record (expected "format": "{ $format }")
replay-err-version = record format version { $version } is not supported (this Referee reads 1…{ $latest })
replay-err-unknown_game = unknown game { $game }; known: { $known }
replay-err-players = a record needs a non-empty "players" list and a "moves" list
replay-err-player = malformed player entry (missing or bad { $field })
replay-err-move = malformed move entry: { $entry }
replay-err-undo = malformed undo entry: { $action } (expected "undo FIRST-LAST")
replay-err-seed_type = "seed" must be an integer
replay-err-no_seed = this record has no seed (the game was still running when it was written): a game can be replayed from its record once it is over (a record written by the console can be replayed at any time)
replay-err-rules_version = the record was written under { $game } rules version { $stored }; this Referee plays version { $current }
replay-err-options = the record's options cannot be used: { $detail }
replay-err-move_fails = move #{ $seq } ({ $action }) does not replay: rule { $clause }
replay-err-result = the replay ends with { $got }, but the record says { $want }
replay-err-read = cannot read { $path }: { $reason }
replay-err-not_utf8 = not a JSON file: not UTF-8 text
replay-err-unusable = not a usable JSON file: { $detail }
replay-err-nested = not a usable JSON file: nested too deeply
replay-err-rules_version_type = "rules_version" must be an integer, not { $value }
replay-err-options_type = "options" must be an object of option names and values
replay-err-seat = move #{ $seq } names seat { $seat }, but the record has { $players ->
    [one] { $players } player
   *[other] { $players } players
}
replay-err-move_error = move #{ $seq } ({ $action }) cannot be replayed: { $error }
replay-err-result_unprintable = the replay ends with another result than the record says
