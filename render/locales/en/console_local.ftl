## console (issue 23): help with this game's examples, the resume question, earlier boards, player names

console-help_game = Commands for { $game }: a number from the list shown last, or a move as the list writes it in brackets (e.g. { $move }; case, spaces after commas and the order of +-parts do not matter), the first word of a move to list those (e.g. { $prefix }), list (all moves again), hand (the current player's private view), board, history, quit.
console-resume_again = “{ $answer }” is not an answer here: type r to resume the saved game or n to start a new one.
console-boards_kept = The boards of the earlier game were moved to { $path }.
console-err-duplicate_name = The name “{ $name }” is given twice: each player needs a name of their own.
