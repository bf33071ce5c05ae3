## move.err — ruch niezapisany jedyną pisownią wspólną dla wszystkich gier (engines.core.checked)

move-err-character = „{ $action }” zawiera znak „{ $char }” ({ $code }): zapisuj ruchy tylko zwykłymi literami, cyframi 0–9 i znakami interpunkcyjnymi.
move-err-number_too_long =
    { $digits ->
        [one] „{ $action }”: liczba w ruchu ma najwyżej { $most } cyfr; ta ma { $digits } cyfrę.
        [few] „{ $action }”: liczba w ruchu ma najwyżej { $most } cyfr; ta ma { $digits } cyfry.
        [many] „{ $action }”: liczba w ruchu ma najwyżej { $most } cyfr; ta ma { $digits } cyfr.
       *[other] „{ $action }”: liczba w ruchu ma najwyżej { $most } cyfr; ta ma { $digits } cyfr.
    }
move-err-leading_zero = „{ $action }”: zapisz liczbę { $number } bez zera na początku.
move-err-too_long = „{ $action }” jest za długie: ruch ma najwyżej { $n } znaków.
