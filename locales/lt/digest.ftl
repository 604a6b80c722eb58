# Turnyro direktoriaus dienos suvestinė: žr. src/letters/digest.rs

digest-subject = [{ $id }] dienos suvestinė { $date }
digest-intro = Turnyro { $tournament } ({ $id }) dienos suvestinė, { $date }.
digest-no-game = Šiandien nė viena partija nereikalauja dėmesio.
digest-games = { $n ->
        [one] Dėmesio reikalauja { $n } partija
        [few] Dėmesio reikalauja { $n } partijos
       *[other] Dėmesio reikalauja { $n } partijų
    }, pirmiausia – su mažiausiu laiko likučiu:
digest-game = [{ $game }] { $white } - { $black }: baltiesiems liko { $white_left } { $white_left ->
        [one] diena
        [few] dienos
       *[other] dienų
    } { $white_control ->
        [0] partijai
       *[other] iki { $white_control }-ojo ėjimo
    }, juodiesiems liko { $black_left } { $black_left ->
        [one] diena
        [few] dienos
       *[other] dienų
    } { $black_control ->
        [0] partijai
       *[other] iki { $black_control }-ojo ėjimo
    }; eina { $to_move ->
            [white] baltieji
           *[black] juodieji
        }{ $claim ->
        [yes] ; laukia pareiškimas dėl laiko viršijimo
       *[no] {""}
    }.
digest-kept-aside = Laiškų iš nežinomų siuntėjų (ne žaidėjų ir ne direktorių), nuo paskutinės suvestinės paliktų be atsakymo: { $n }. Tokie laiškai lieka pašto dėžutėje.
digest-copies = { $n ->
        [0] Nuo paskutinės suvestinės kopijų nesulaikyta.
        [one] Nuo paskutinės suvestinės sulaikyta { $n } kopija:
        [few] Nuo paskutinės suvestinės sulaikytos { $n } kopijos, seniausios pirmiau:
       *[other] Nuo paskutinės suvestinės sulaikyta { $n } kopijų, seniausios pirmiau:
    }
