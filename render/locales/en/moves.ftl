## move.err — an action not written in the one spelling every game shares (engines.core.checked)

move-err-character = “{ $action }” contains the character “{ $char }” ({ $code }): moves are written with plain letters, digits 0–9 and punctuation only.
move-err-number_too_long =
    { $digits ->
        [one] “{ $action }”: a number in a move has at most { $most } digits; this one has { $digits } digit.
       *[other] “{ $action }”: a number in a move has at most { $most } digits; this one has { $digits } digits.
    }
move-err-leading_zero = “{ $action }”: write the number { $number } without a leading zero.
move-err-too_long = “{ $action }” is too long: a move has at most { $n } characters.
