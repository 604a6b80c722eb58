# Standartinė forma, lenta, grafikas, laikas: žr. src/letters/forms.rs

clock = Jūsų laikas: sunaudojote { $used } { $used ->
        [one] dieną
        [few] dienas
       *[other] dienų
    } iš leistinų { $allowance } { $control ->
        [0] visai partijai
       *[other] iki { $control }-ojo ėjimo
    }; liko { $left } { $left ->
        [one] diena
        [few] dienos
       *[other] dienų
    }.
clock-send-by = Išsiųskite ėjimą ne vėliau kaip { $date }, nebent išeisite atostogų.
clock-send-by-final = Išsiųskite ėjimą ne vėliau kaip { $date }: šiais metais atostogų dienų jums nebeliko.
clock-over = Jūsų laikas: sunaudojote { $used } { $used ->
        [one] dieną
        [few] dienas
       *[other] dienų
    } iš leistinų { $allowance } { $control ->
        [0] visai partijai
       *[other] iki { $control }-ojo ėjimo
    }: laikas viršytas { $over } { $over ->
        [one] diena
        [few] dienomis
       *[other] dienų
    }.
clock-send-by-leave = Išsiųskite ėjimą ne vėliau kaip { $date }: jūsų atostogos ({ $leave }) įskaičiuotos.
clock-tournament-end = { $earlier ->
        [yes] Turnyras baigiasi anksčiau, { $end }
       *[no] Turnyras baigiasi tą pačią dieną, { $end }
    }: iki tos dienos nebaigta partija perduodama vertinti ({ $article }).
clock-barred = Pareiškimas dėl jūsų laiko viršijimo buvo atmestas: naujo negalima pateikti iki jūsų { $control }-ojo ėjimo.
clock-warning = Dėmesio: { $control ->
        [0] visai partijai
       *[other] iki { $control }-ojo ėjimo
    } liko tik { $left } { $left ->
        [one] diena
        [few] dienos
       *[other] dienų
    }.

## Abiejų žaidėjų laikas turnyro direktoriui (trečiuoju asmeniu): žr. forms::clocks_of_both.
clocks-of-title = Žaidėjų laikas { $date } duomenimis:
clock-of = { $name } ({ $side ->
        [white] baltieji
       *[black] juodieji
    }): sunaudojo { $used } { $used ->
        [one] dieną
        [few] dienas
       *[other] dienų
    } iš leistinų { $allowance } { $control ->
        [0] visai partijai
       *[other] iki { $control }-ojo ėjimo
    }; liko { $left } { $left ->
        [one] diena
        [few] dienos
       *[other] dienų
    }.
clock-of-over = { $name } ({ $side ->
        [white] baltieji
       *[black] juodieji
    }): sunaudojo { $used } { $used ->
        [one] dieną
        [few] dienas
       *[other] dienų
    } iš leistinų { $allowance } { $control ->
        [0] visai partijai
       *[other] iki { $control }-ojo ėjimo
    }: laikas viršytas { $over } { $over ->
        [one] diena
        [few] dienomis
       *[other] dienų
    }.
clock-of-send-by = eilė eiti: paskutinė išsiuntimo diena { $date }.
clock-of-send-by-final = eilė eiti: paskutinė išsiuntimo diena { $date } (šiais metais atostogų dienų nebeliko).
clock-of-send-by-leave = eilė eiti: paskutinė išsiuntimo diena { $date }, įskaičiavus atostogas { $leave }.
clock-of-barred = eilė eiti: pareiškimas prieš šį žaidėją atmestas, naujas negalimas iki { $control }-ojo ėjimo.

## Standartinė forma (3 priedas): antraštės ir stulpelių pavadinimai.
form-tournament = Turnyras
form-start = Pradžios data
form-white = Baltieji
form-black = Juodieji
form-game = Partija
form-received = Gauta
form-sent = Išsiųsta
form-time = Laikas
form-number = Nr.
form-total = Bendras laikas (dienos + baudos dienos): baltųjų { $white }, juodųjų { $black }
form-forfeit = Į { $side ->
        [white] baltųjų
       *[black] juodųjų
    } bendrą laiką įskaičiuotas laukiamo ėjimo laikas iki { $date }, kurį suskaičiavo patvirtintas pareiškimas dėl laiko viršijimo: { $days } { $days ->
        [one] diena
        [few] dienos
       *[other] dienų
    }.
form-leaves = Baltųjų atostogos: { $white }; juodųjų atostogos: { $black } (šios dienos neskaičiuojamos).
form-variant = Priimtų variantų ėjimai, atlikti nenaudojant dienų ({ $article }): { $moves }.
form-conditional = Ėjimai, automatiškai atlikti iš paslėptų sąlyginių ėjimų serijų, nenaudojant dienų: { $moves }.

## Lenta: kiekvienos baltųjų figūros raidė (juodųjų – mažoji) ir paaiškinimas.
piece-king = K
piece-queen = V
piece-rook = B
piece-bishop = R
piece-knight = Ž
piece-pawn = P
castling-short = O-O
castling-long = O-O-O
board-legend = (K karalius, V valdovė, B bokštas, R rikis, Ž žirgas, P pėstininkas; didžiosios – baltųjų, mažosios – juodųjų)
board-to-move = Eina { $color ->
        [white] baltieji
       *[black] juodieji
    }
board-last-move = Paskutinis ėjimas: { $squares }

## Ėjimų grafikas (1 priedas).
schedule-title = Partijos { $game } ėjimų grafikas ({ $tournament })
schedule-move = ėjimas
schedule-received = gauta
schedule-sent = išsiųsta
schedule-days = dienos
schedule-total = viso
schedule-remarks = pastabos
schedule-remark-penalty = { $color }: bauda +{ $days } ({ $date })
schedule-remark-leave = { $color }: atostogos { $from } – { $to }
schedule-remark-reset = { $color }: po šio ėjimo dienos skaičiuojamos iš naujo (pirmasis laiko viršijimas, { $article }); iki jo iš viso { $total }
schedule-penalty = Bauda ({ $color }): +{ $days } { $days ->
        [one] diena
        [few] dienos
       *[other] dienų
    } ({ $date }): { $reason }
schedule-result = Rezultatas: { $result } ({ $reason })

## Kodėl skirta baudos dienų.
penalty-reason = { $reason ->
        [illegible] neįskaitomas ėjimas
        [impossible] neįmanomas ėjimas
        [ambiguous] dviprasmis ėjimas
        [wrong-repetition] klaidingai pakartotas partnerio ėjimas
        [missing-repetition] nepakartotas partnerio ėjimas
        [no-move] nėra naujo ėjimo
       *[director] skyrė turnyro direktorius
    }

## Kodėl partija baigėsi.
end-reason = { $reason ->
        [checkmate] matas
        [stalemate] patas
        [insufficient-material] nepakanka figūrų matui
        [resignation] pasidavimas
        [draw-agreed] lygiosios susitarus
        [threefold] pozicija pasikartojo tris kartus, pagal pareiškimą
        [fifty-moves] 50 ėjimų taisyklė, pagal pareiškimą
        [fivefold] pozicija pasikartojo penkis kartus
        [seventy-five-moves] 75 ėjimų taisyklė
        [time-forfeit] laiko viršijimas, patvirtintas turnyro direktoriaus
        [claims-agreed] sutapę abiejų žaidėjų pareiškimai turnyro pabaigoje (III.9.5)
        [withdrawal] žaidėjo pasitraukimas iš turnyro, turnyro direktoriaus sprendimu partija įskaityta kaip pralaimėta (III.8.1)
        [cancelled] žaidėjo pasitraukimas iš turnyro, turnyro direktoriaus sprendimu partija anuliuota ir niekam neįskaitoma (III.8.1)
        [tablebase] reikalavimas, patvirtintas baigmių lentelėmis
       *[adjudication] turnyro direktoriaus sprendimas
    }

## Kodėl užrašytas ėjimas neįmanomas.
piece-name = { $role ->
        [pawn] pėstininkas
        [knight] žirgas
        [bishop] rikis
        [rook] bokštas
        [queen] valdovė
       *[king] karalius
    }
word-or = arba
impossible-castling = { $side ->
        [short] trumpoji rokiruotė (O-O)
       *[long] ilgoji rokiruotė (O-O-O)
    } dabar negalima
impossible-no-piece = laukelyje { $square } nėra figūros
impossible-not-yours = figūra laukelyje { $square } yra { $color ->
        [white] baltųjų
       *[black] juodųjų
    }
impossible-other-piece = laukelyje { $square } stovi { $piece }
impossible-cannot-move = { $piece } iš laukelio { $from } negali eiti į laukelį { $to }
impossible-none-reaches = nė viena { $color ->
        [white] baltųjų
       *[black] juodųjų
    } figūra negali eiti į laukelį { $to }
impossible-none-of = { $color ->
        [white] baltųjų
       *[black] juodųjų
    } { $pieces } negali eiti į laukelį { $to }

# Operatoriaus `show GAME` vaizdas.
show-result = Rezultatas: { $result } ({ $reason }, { $date })
show-claim = { $interrupts ->
        [yes] Sustabdyta nuo
       *[no] Žaidimas tęsiamas; pareiškimas laukia sprendimo nuo
    } { $since }: pareiškimas dėl laiko viršijimo ({ $side }), { $used }/{ $allowance } d., kontrolinis ėjimas { $control }{ $held ->
        [yes] ; ėjimas sulaikytas
       *[no] {""}
    }
