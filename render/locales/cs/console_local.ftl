## console (issue 23): help with this game's examples, the resume question, earlier boards, player names

console-help_game = Příkazy pro { $game }: číslo z naposledy vypsaného seznamu, nebo tah tak, jak ho seznam píše v hranatých závorkách (např. { $move }; na velikosti písmen, mezerách po čárkách a pořadí částí spojených + nezáleží), první slovo tahu pro výpis takových tahů (např. { $prefix }), list (znovu všechny tahy), hand (soukromý pohled hráče na tahu), board, history, quit.
console-resume_again = „{ $answer }“ tu není odpověď: napiš r a pokračuj v uložené hře, nebo n a začni novou.
console-boards_kept = Plány předchozí hry jsou přesunuté do { $path }.
console-err-duplicate_name = Jméno „{ $name }“ je tu dvakrát: každý hráč potřebuje vlastní jméno.
