# Partijos vertinimo (adjudication) laiškai (III.9.4-9.10): žr. src/letters/adjudication.rs

adj-claim-word = { $claim ->
        [win] pergalė
        [loss] pralaimėjimas
       *[draw] lygiosios
    }
adj-opened-subject = vertinimas (III.9.4)
adj-opened-body = { $reason ->
        [withdrawal] Turnyro direktorius perdavė šią partiją vertinti (III.8.1).
       *[end] Turnyras baigėsi { $end }, o ši partija nebaigta: ji perduodama vertinti (III.9.4).
    } Laikrodžiai sustabdyti { $end }.

    Iki { $until } (14 dienų) { $who ->
        [both] kiekvienas iš jūsų siunčia turnyro direktoriui laišką šiuo adresu, laiško temoje nurodęs partijos žymę:
       *[other] atsiųskite turnyro direktoriui laišką šiuo adresu, laiško temoje nurodę partijos žymę:
    }
    - partijos įrašą ir galutinę poziciją (abu pateikti žemiau);
    - savo pareiškiamą rezultatą su analize: eilutę PARAIŠKA LAIMĖJIMAS, PARAIŠKA LYGIOSIOS arba PARAIŠKA PRALAIMĖJIMAS (CLAIM WIN, CLAIM DRAW, CLAIM LOSS), o po jos savo analizę.

    { $who ->
        [mover] Eilė eiti jums: savo ėjimą siųskite kaip įprasta, šiuo adresu; jis užrašomas ir laikomas atliktu (III.9.4.4). Ėjimas siunčiamas turnyro direktoriui, ne varžovui. Po jo daugiau ėjimų nepriimama.
        [partner] Eilė eiti: { $name } ({ $side }); šis žaidėjas savo ėjimą siunčia kaip įprasta, šiuo adresu: jis užrašomas ir laikomas atliktu (III.9.4.4). Ėjimas siunčiamas turnyro direktoriui, ne jums. Po jo daugiau ėjimų nepriimama.
       *[both] Eilė eiti: { $name } ({ $side }); šis žaidėjas savo ėjimą siunčia kaip įprasta, šiuo adresu: jis užrašomas ir laikomas atliktu (III.9.4.4). Ėjimas siunčiamas turnyro direktoriui, ne varžovui. Po jo daugiau ėjimų nepriimama.
    }

    Jei abu pareiškimai sutampa (pergalė ir pralaimėjimas, lygiosios ir lygiosios), partija baigiama tuo rezultatu be vertinimo (III.9.5). Laiku pareiškimo neatsiuntęs žaidėjas netenka teisės apeliuoti (III.9.7). Turnyro direktorius rezultatą paskelbia šios partijos laiškų gijoje atsakydamas REZULTATAS 1-0, REZULTATAS 0-1 arba REZULTATAS 1/2-1/2 (RESULT).
adj-move-subject = ėjimas vertinamoje partijoje (III.9.4.4)
adj-move-body = { $name } atsiuntė ėjimą { $move } vertinamoje partijoje. Jis užrašytas ir laikomas atliktu (III.9.4.4); varžovui jis nebuvo persiųstas. Šioje partijoje daugiau ėjimų nepriimama.
adj-move-body-yours = Jūs atsiuntėte ėjimą { $move } vertinamoje partijoje. Jis užrašytas ir laikomas atliktu (III.9.4.4); varžovui jis nebuvo persiųstas. Šioje partijoje daugiau ėjimų nepriimama.
adj-nomove-subject = partija vertinama
adj-nomove-body = Ši partija vertinama nuo { $on } (III.9.4): { $made ->
        [yes] žaidėjo, kurio buvo eilė eiti, ėjimas užrašytas, ir
       *[no] tik žaidėjas, kurio eilė eiti, gali atsiųsti vieną ėjimą, ir
    } jokie kiti ėjimai nepriimami. Jūsų laiškas nebuvo skaitomas kaip ėjimas; bauda neskiriama. Atsiųskite savo pareiškiamą rezultatą su analize: eilutę PARAIŠKA LAIMĖJIMAS, PARAIŠKA LYGIOSIOS arba PARAIŠKA PRALAIMĖJIMAS (CLAIM WIN, CLAIM DRAW, CLAIM LOSS), o po jos savo analizę.
adj-claimed-subject = { $name } pareiškia: { $word }
adj-claimed-subject-yours = jūsų pareiškimas: { $word }
adj-claimed-body = { $name } ({ $side }) vertinamoje partijoje pareiškia rezultatą: { $word } (III.9.4.3), t. y. { $result }. Pareiškimas užrašytas.
adj-claimed-body-yours = Jūs vertinamoje partijoje pareiškiate rezultatą: { $word } (III.9.4.3), t. y. { $result }. Jūsų pareiškimas užrašytas.
adj-claimed-analysis = Atsiųsta analizė:
adj-claimed-waiting = Laukiama kito žaidėjo pareiškimo.
adj-claimed-agree = Abu pareiškimai sutampa: partija baigiama rezultatu { $result } be vertinimo (III.9.5). Rezultatas su partijos įrašu siunčiamas atskiru laišku.
adj-claimed-differ = Gauti abu pareiškimai, ir jie skiriasi: turnyro direktorius įvertina partiją (III.9.6), šios partijos laiškų gijoje atsakydamas REZULTATAS 1-0, REZULTATAS 0-1 arba REZULTATAS 1/2-1/2 (RESULT).
adj-overdue-subject = vertinimo medžiaga vėluoja
adj-overdue-body = 14 dienų vertinimo medžiagai pateikti baigėsi { $until } (III.9.4). Pareiškimo neatsiuntė: { $names }. { $count ->
        [one] Šis žaidėjas netenka
        [few] Šie žaidėjai netenka
       *[other] Šie žaidėjai netenka
    } teisės apeliuoti (III.9.7). Turnyro direktorius įvertina partiją, šios partijos laiškų gijoje atsakydamas REZULTATAS 1-0, REZULTATAS 0-1 arba REZULTATAS 1/2-1/2 (RESULT).
adj-adjudicated-subject = įvertinta: { $result }
adj-adjudicated-body = Turnyro direktorius įvertino partiją: { $result } (III.9.8). Paskutinis atliktas ėjimas: { $last }.

    Apeliaciją galima pateikti per 14 dienų, iki { $until }: laišku šiuo adresu su eilute APELIACIJA (APPEAL) ir, jei reikia, papildoma analize (III.9.9); ji siunčiama turnyro direktoriui ir varžovui. Laiku pareiškimo neatsiuntęs žaidėjas neturi teisės apeliuoti (III.9.7). Jei iki { $until } apeliacijos nėra, rezultatas tampa galutinis.
adj-last-none = nėra
adj-appeal-subject = apeliacija: { $name }
adj-appeal-subject-yours = jūsų apeliacija
adj-appeal-body = { $name } apeliuoja dėl įvertinto rezultato { $result } (III.9.9). Partiją iš naujo įvertina kitas arbitras, ir jo sprendimas galutinis (III.9.10); turnyro direktorius jį įrašo, atsakydamas REZULTATAS 1-0, REZULTATAS 0-1 arba REZULTATAS 1/2-1/2 (RESULT) šios partijos laiškų gijoje.
adj-appeal-body-yours = Jūs apeliuojate dėl įvertinto rezultato { $result } (III.9.9). Partiją iš naujo įvertina kitas arbitras, ir jo sprendimas galutinis (III.9.10); turnyro direktorius jį įrašo, atsakydamas REZULTATAS 1-0, REZULTATAS 0-1 arba REZULTATAS 1/2-1/2 (RESULT) šios partijos laiškų gijoje.
adj-appeal-refused-subject = apeliacija nepriimta
adj-appeal-refused-body = { $why ->
        [late] 14 dienų apeliacijai pateikti baigėsi { $until } (III.9.9): apeliacija nepriimta.
        [no-materials] Laiku neatsiuntėte pareiškiamo rezultato vertinimui, todėl neturite teisės apeliuoti (III.9.7).
       *[not-open] Šioje partijoje nėra įvertinto rezultato, dėl kurio būtų galima apeliuoti.
    }
adj-final-subject = rezultatas { $result } galutinis
adj-final-body = { $appealed ->
        [yes] Partiją iš naujo įvertino kitas arbitras: rezultatas { $result } galutinis (III.9.10) ir užregistruotas.
       *[no] Per 14 dienų apeliacijos negauta: įvertintas rezultatas { $result } galutinis (III.9.9) ir užregistruotas.
    }
adj-standings-appeal = įvertinta, apeliuoti galima iki { $date }
adj-opened-tables = Šią poziciją apima baigmių lentelės. Kai eilė eiti { $color ->
        [white] baltiesiems
       *[black] juodiesiems
    }, jos rodo { $outcome ->
        [win] { $color ->
            [white] baltųjų
           *[black] juodųjų
        } pergalę
        [draw] lygiąsias
       *[loss] { $color ->
            [white] juodųjų
           *[black] baltųjų
        } pergalę
    }{ $zeroing ->
        [0] {""}
       *[other] {""}; žaidžiant geriausiai, kitas kirtimas, pėstininko ėjimas ar matas bus po { $zeroing } pusėjimių
    }{ $cursed ->
        [yes] {" "}(ilgiau, nei leidžia 50 ėjimų taisyklė)
       *[no] {""}
    }. Turnyro direktorius gali spręsti pagal jas; šiai partijai analizės nereikia.
