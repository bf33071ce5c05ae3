## console (issue 23): help with this game's examples, the resume question, earlier boards, player names

console-help_game = Polecenia dla { $game }: numer z ostatnio wypisanej listy albo ruch zapisany tak, jak pokazuje go lista w nawiasach kwadratowych (np. { $move }; wielkość liter, spacje po przecinkach i kolejność części łączonych + nie mają znaczenia), pierwsze słowo ruchu, by wypisać takie ruchy (np. { $prefix }), list (znów wszystkie ruchy), hand (prywatny widok gracza, który ma ruch), board, history, quit.
console-resume_again = „{ $answer }” nie jest tu odpowiedzią: wpisz r, by wznowić zapisaną grę, albo n, by zacząć nową.
console-boards_kept = Plansze poprzedniej gry przeniesiono do { $path }.
console-err-duplicate_name = Imię „{ $name }” pojawia się dwa razy: każdy gracz potrzebuje własnego imienia.
