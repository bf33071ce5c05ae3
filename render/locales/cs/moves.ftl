## move.err — tah, který není zapsán jediným pravopisem společným všem hrám (engines.core.checked)

move-err-character = „{ $action }“ obsahuje znak „{ $char }“ ({ $code }): tahy piš jen obyčejnými písmeny, číslicemi 0–9 a interpunkcí.
move-err-number_too_long =
    { $digits ->
        [one] „{ $action }“: číslo v tahu má nejvýš { $most } číslic; tohle má { $digits } číslici.
        [few] „{ $action }“: číslo v tahu má nejvýš { $most } číslic; tohle má { $digits } číslice.
        [many] „{ $action }“: číslo v tahu má nejvýš { $most } číslic; tohle má { $digits } číslice.
       *[other] „{ $action }“: číslo v tahu má nejvýš { $most } číslic; tohle má { $digits } číslic.
    }
move-err-leading_zero = „{ $action }“: číslo { $number } piš bez nuly na začátku.
move-err-too_long = „{ $action }“ je moc dlouhé: tah má nejvýš { $n } znaků.
