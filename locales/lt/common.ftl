# Žodžiai, bendri daugeliui laiškų.

days = { $n ->
    [one] { $n } diena
    [few] { $n } dienos
   *[other] { $n } dienų
}
moves = { $n ->
    [one] { $n } ėjimas
    [few] { $n } ėjimai
   *[other] { $n } ėjimų
}
white = baltieji
black = juodieji

## Kreipinys laiško pradžioje: skaitytojų vardai šauksmininku.
greeting = Laba diena, { $names },
names-and = ir

## Laiškai turnyro direktoriui: jo pareigos ir laiško žaidėjams kopija.
director-title = Turnyro { $tournament } direktorius
director-addressed = turnyro { $tournament } direktoriau
copy-intro = { $why ->
        [short] Kopija jums: vienam iš partijos žaidėjų laikrodyje liko { $days } { $days ->
            [one] diena
            [few] dienos
           *[other] dienų
        } ar mažiau, o tada visi partijos laiškai siunčiami ir turnyro direktoriui ({ $article }).
        [reminder] Kopija jums: jau { $days } { $days ->
            [one] dieną
            [few] dienas
           *[other] dienų
        } nėra atsakymo, o pakartotas ėjimas siunčiamas ir turnyro direktoriui ({ $article }).
        [protest] Kopija jums: atsakymas į žaidėjo { $player } protestą dėl pareiškimo apie laiko viršijimą, nes protestas siunčiamas turnyro direktoriui ({ $article }).
       *[record] Kopija jūsų partijos apskaitai.
    } Toliau pateiktas laiškas išsiųstas: { $names }.
