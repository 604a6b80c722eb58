# Turnyro direktoriaus atsakymai ir laikmačio laiškai: žr. src/letters/officials.rs

## taisyklės ir laiko tarpai

official-rules = { $section ->
        [postal] RAZŠ II skyrius (žaidimas paštu)
        [iccf] ICCF (žaidimas el. paštu)
       *[email] RAZŠ III skyrius (žaidimas el. paštu)
    }: { $clock }; bauda { $penalty } { $penalty ->
        [one] diena
        [few] dienos
       *[other] dienų
    }
official-clock-moves = { $moves } { $moves ->
        [one] ėjimas
        [few] ėjimai
       *[other] ėjimų
    } per { $days } { $days ->
        [one] dieną
        [few] dienas
       *[other] dienų
    }, nepanaudotas laikas kaupiamas
official-clock-fischer = Fischerio laikrodis: { $base } { $base ->
        [one] diena
        [few] dienos
       *[other] dienų
    } pradžioje, po kiekvieno ėjimo prisideda { $inc } { $inc ->
        [one] diena
        [few] dienos
       *[other] dienų
    }, laikrodyje niekada ne daugiau kaip { $max } { $max ->
        [one] diena
        [few] dienos
       *[other] dienų
    }
official-clock-countdown = { $days } { $days ->
        [one] diena
        [few] dienos
       *[other] dienų
    } visai partijai
official-clock-doubled = ; vieno ėjimo dienos, viršijančios { $days }, skaičiuojamos dvigubai
official-span = { $unit ->
        [months] { $n } { $n ->
            [one] mėnuo
            [few] mėnesiai
           *[other] mėnesių
        }
       *[days] { $n } { $n ->
            [one] diena
            [few] dienos
           *[other] dienų
        }
    }
official-side = { $color ->
        [white] baltieji
       *[black] juodieji
    }
official-side-lower = { $color ->
        [white] baltieji
       *[black] juodieji
    }
official-clock-of = { $name } ({ $side }):

## laiškas apie partijos pradžią

official-opening-subject = partija prasideda
official-opening-begins = Turnyro { $tournament } partija { $game } prasideda { $date }.
official-opening-colours = Baltieji: { $white }. Juodieji: { $black }.
official-opening-position = Partija pradedama ne iš pradinės padėties, o iš šios (FEN { $fen }):
official-opening-rules = Taisyklės: { $rules }
official-opening-notation = Notacija: ICCF skaitmeninė, lietuviška, angliška ar rusiška algebrinė – skaitoma bet kuri
official-opening-write = Rašykite savo ėjimus šiuo adresu, su numeriais, laiško temoje palikdami partijos žymę. Pradeda { $color ->
        [white] baltieji
       *[black] juodieji
    }, pavyzdžiui:
official-opening-example = { $move } <jūsų ėjimas>
official-opening-sample = (pavyzdžiui, ėjimas e2-e4 rašomas taip: { $sample })
official-opening-later = Kiekviename paskesniame laiške pakartojamas bent paskutinis partnerio ėjimas, tada pateikiamas jūsų: „12... <partnerio ėjimas> 13. <jūsų ėjimas>“. Komandos atskiroje eilutėje: PASIDUODU (RESIGN); (=) su ėjimu – lygiųjų pasiūlymas; SUTINKU SU LYGIOSIOMIS (ACCEPT DRAW); REIKALAUJU LYGIŲJŲ (CLAIM DRAW); ATOSTOGOS 2026-07-01 2026-07-10 (LEAVE); ATOSTOGŲ PABAIGA (LEAVE END); BŪSENA (STATUS); PAGALBA (HELP).

## priminimas (III.5.1, II.5.1) ir baltųjų pirmojo ėjimo prašymas

official-warning-subject = liko nedaug dienų
official-warning-body = { $control ->
        [0] Visai partijai
       *[other] Iki jūsų { $control }-ojo ėjimo
    } liko tik { $left } { $left ->
        [one] diena
        [few] dienos
       *[other] dienų
    }: ėjimą turite išsiųsti ne vėliau kaip { $last }, antraip kitą dieną bus pateiktas pareiškimas dėl laiko viršijimo ({ $claim }). Jau suteiktos atostogos šioje datoje įskaičiuotos; atostogos, neviršijančios jūsų metinių atostogų dienų ir iš anksto paskelbtos partneriams bei turnyro direktoriui, taip pat sustabdo jūsų laiką ({ $leave }).
official-reminder-subject = priminimas
official-reminder-waiting = jau { $waiting } { $waiting ->
        [one] dieną
        [few] dienas
       *[other] dienų
    } nėra atsakymo į ėjimą { $last }, gautą { $received }.
official-reminder-first = jau { $waiting } { $waiting ->
        [one] dieną
        [few] dienas
       *[other] dienų
    } nuo partijos pradžios { $start } nėra atsakymo: laukiama pirmojo { $color ->
        [white] baltųjų
       *[black] juodųjų
    } ėjimo.
official-reminder-repeated = { $director ->
        [yes] Ėjimas čia pakartojamas su visa informacija; kopija siunčiama turnyro direktoriui ({ $article }).
       *[no] Ėjimas čia pakartojamas su visa informacija ({ $article }).
    }
official-reminder-asked = { $director ->
        [yes] Šiuo laišku jo prašoma; kopija siunčiama turnyro direktoriui ({ $article }).
       *[no] Šiuo laišku jo prašoma ({ $article }).
    }
official-reminder-again = Jei jau atsakėte, prašome atsakymą atsiųsti dar kartą.
official-reminder-breakdown = Jei atsakymo nebus ir po { $days } { $days ->
        [one] dienos
        [few] dienų
       *[other] dienų
    }, turnyro direktoriui bus pranešta, kad susirašinėjimas nutrūko ({ $article }).

## pranešimai turnyro direktoriui

official-breakdown-subject = nėra atsakymo į pakartotą ėjimą
official-breakdown-body = Partijoje { $game } atsakymo nėra jau { $waiting } { $waiting ->
        [one] dieną
        [few] dienas
       *[other] dienų
    } ({ $today } duomenimis): { $name } ({ $side }) { $first ->
        [yes] nepadarė pirmojo ėjimo nuo { $received }, kai prasidėjo partija, ir neatsakė į priminimą, išsiųstą po
       *[no] neatsakė nei į ėjimą, gautą { $received }, nei į jo pakartojimą, išsiųstą po
    } { $reminder } { $reminder ->
        [one] dienos
        [few] dienų
       *[other] dienų
    }. Susirašinėjimas nutrūko ({ $article }).
official-inactivity-subject = ėjimo nėra: praėjo { $limit }
official-inactivity-body = Partijoje { $game } ėjimo nėra jau { $waiting } { $waiting ->
        [one] dieną
        [few] dienas
       *[other] dienų
    } ({ $today } duomenimis; riba – { $limit }): { $name } ({ $side }) { $first ->
        [yes] nepadarė pirmojo ėjimo nuo { $received }, kai prasidėjo partija
       *[no] neatsakė į ėjimą, gautą { $received }
    }. Žaidėjui, kuris nepranešė turnyro direktoriui, gali būti įskaitytas pralaimėjimas ({ $article }).
official-inactivity-leaves = Į skaičiuojamas dienas neįtrauktos atostogos { $leaves }: { $first ->
        [yes] nuo partijos pradžios
       *[no] nuo ėjimo gavimo
    } praėjo { $days } { $days ->
        [one] kalendorinė diena
        [few] kalendorinės dienos
       *[other] kalendorinių dienų
    }.
official-leave-begins-subject = prasideda jūsų partnerio atostogos
official-leave-begins = { $name } šiandien, { $from }, išeina atostogų, kurios truks iki { $to } imtinai: šios dienos neįskaitomos į šio žaidėjo laiką; jūsų laikas skaičiuojamas įprastai ({ $article }).
official-leave-ended-subject = jūsų partnerio atostogos baigėsi
official-leave-ended = { $name } atostogas baigė { $to }: nuo šiandien šio žaidėjo laikas vėl skaičiuojamas ({ $article }).
official-answers-intro = Turnyro direktoriau, į šį laišką galite atsakyti komanda atskiroje eilutėje, laiško temoje palikdami žymę [{ $game }]:
official-answers-intro-digest = Turnyro direktoriau, dėl šios partijos galite atsakyti į suvestinę: atskiroje eilutėje parašykite jos žymę [{ $game }], o po ja – komandą atskiroje eilutėje (viename atsakyme – viena partija):
official-answers-claim = PATVIRTINU (CONFIRM) arba ATMETU (REJECT)   sprendimas dėl laukiančio pareiškimo dėl laiko viršijimo ({ $article })
official-answers-result = REZULTATAS 1-0, REZULTATAS 0-1 arba REZULTATAS 1/2-1/2 (RESULT)   partijos rezultato paskyrimas ({ $article })
official-answers-leave = ATOSTOGOS { $player } { $from } { $to } (LEAVE)   atostogos (žaidėjas – { $name }), taip pat ir atgaline data ({ $article })
official-answers-penalty = BAUDA { $color } <dienos> (PENALTY)   baudos dienos (žaidėjas – { $name })

## turnyro direktoriaus sprendimai, pranešami žaidėjams

official-penalty-subject = bauda
official-penalty-body = Turnyro direktorius skiria baudos dienų: { $name } ({ $side }) +{ $days } { $days ->
        [one] diena
        [few] dienos
       *[other] dienų
    }.
official-penalty-body-yours = Turnyro direktorius jums skiria baudos dienų: +{ $days } { $days ->
        [one] diena
        [few] dienos
       *[other] dienų
    }.
official-fixed-subject = pirmasis laiko viršijimas
official-fixed-body = Turnyro direktorius patvirtina pirmąjį laiko viršijimą: { $name } ({ $side }). Šio žaidėjo laikas skaičiuojamas nuo nulio po jo { $number }-ojo ėjimo ({ $reset }); antrasis laiko viršijimas reiškia partijos pralaimėjimą ({ $loss }). { $interrupted ->
        [yes] Partija atnaujinama.
       *[no] Pareiškimas partijos nesustabdė, ji tęsiama; pareiškimas dėl antrojo laiko viršijimo ją sustabdytų ({ $suspension }).
    }
official-fixed-body-yours = Turnyro direktorius patvirtina jūsų pirmąjį laiko viršijimą. Jūsų laikas skaičiuojamas nuo nulio po jūsų { $number }-ojo ėjimo ({ $reset }); antrasis laiko viršijimas reiškia partijos pralaimėjimą ({ $loss }). { $interrupted ->
        [yes] Partija atnaujinama.
       *[no] Pareiškimas partijos nesustabdė, ji tęsiama; pareiškimas dėl antrojo laiko viršijimo ją sustabdytų ({ $suspension }).
    }
official-rejected-subject = pareiškimas atmestas
official-rejected-body = Turnyro direktorius atmeta pareiškimą dėl laiko viršijimo ({ $name }, { $side }); { $interrupted ->
        [yes] partija atnaujinama, ir iki { $control }-ojo ėjimo naujas pareiškimas prieš šį žaidėją nepateikiamas ({ $bar }).
       *[no] pareiškimas partijos nesustabdė ({ $suspension }), ji tęsiama, ir iki { $control }-ojo ėjimo naujas pareiškimas prieš šį žaidėją nepateikiamas ({ $bar }).
    }
official-rejected-body-yours = Turnyro direktorius atmeta pareiškimą dėl jūsų laiko viršijimo; { $interrupted ->
        [yes] partija atnaujinama, ir iki { $control }-ojo ėjimo naujas pareiškimas prieš jus nepateikiamas ({ $bar }).
       *[no] pareiškimas partijos nesustabdė ({ $suspension }), ji tęsiama, ir iki { $control }-ojo ėjimo naujas pareiškimas prieš jus nepateikiamas ({ $bar }).
    }
official-leave-subject = atostogos
official-leave-body = { $name } atostogauja nuo { $from } iki { $to } imtinai (atostogas suteikė turnyro direktorius, { $article }). Šios dienos neįskaitomos į žaidėjo apmąstymo laiką; partnerių laikas skaičiuojamas įprastai ({ $days }).

## turnyro direktoriaus atsakymai

official-report-subject = Partijų eigos ataskaita
official-report-title = Partijų eigos ataskaita { $date } duomenimis
standings-title = { $name } ({ $id }): turnyro lentelė { $date } duomenimis
standings-player = Žaidėjas
standings-points = Taškai
standings-games = Partijos
standings-tie-break-short = { $tie_break ->
        [wins] Perg.
       *[other] SB
    }
standings-tie-break = Papildomas rodiklis: { $tie_break ->
        [wins] laimėtų partijų skaičius.
        [none] nėra; surinkę vienodai taškų dalijasi vietą.
       *[other] Sonneborno-Bergerio koeficientas (SB): nugalėtų varžovų taškų suma ir pusė varžovų, su kuriais sužaista lygiosiomis, taškų.
    }
standings-legend = 1 pergalė, ½ lygiosios, 0 pralaimėjimas, * nebaigta. Baigta { $finished } iš { $games } { $games ->
        [one] partijos
        [few] partijų
       *[other] partijų
    }, { $registered } { $registered ->
        [one] rezultatas užregistruotas
        [few] rezultatai užregistruoti
       *[other] rezultatų užregistruota
    } ({ $article }): rezultatas užregistruojamas, kai užrašyta partijos pabaiga ir jos PGN išsiųstas turnyro direktoriui.
standings-withdrawn = pasitraukė
standings-games-title = Partijos ir laikas:
standings-registered = rezultatas užregistruotas { $date }
official-help-subject = Turnyro direktoriaus komandos
official-help-body =
    Turnyro direktoriaus komandos, kiekviena atskiroje eilutėje, bet kokiomis raidėmis, taškas gale netrukdo; partija nurodoma jos žyme laiško temoje ({ $example }):
      PATVIRTINU (CONFIRM)                  patvirtinti laukiantį pareiškimą dėl laiko viršijimo
      ATMETU (REJECT)                       atmesti jį: partija atnaujinama, sulaikytas ėjimas persiunčiamas
      REZULTATAS 1-0|0-1|1/2-1/2 (RESULT)   paskirti partijos rezultatą
      BAUDA baltiesiems|juodiesiems N (PENALTY white|black N)   baudos dienos partijoje
      ATOSTOGOS <žaidėjas> <nuo> <iki> (LEAVE)   išimtinės arba atgaline data suteikiamos atostogos
      PASITRAUKIMAS <žaidėjas> pralaimėjimas|anuliuoti|vertinimas (WITHDRAW)   pasitraukimas: jo vykstančios partijos pralaimėtos, anuliuotos arba perduotos vertinti (III.8.1)
      BŪSENA (STATUS)                       visos jūsų turnyrų partijos
      PGN                                   temoje nurodyta partija PGN formatu
      ARCHYVAS (ARCHIVE)                    visi temoje nurodytos partijos laiškai vienu mbox failu (III.1.4)
      PAGALBA (HELP)                        šis tekstas
official-refused-subject = { $partly ->
        [yes] Kai kurios komandos neįvykdytos
       *[no] Turnyro direktoriaus komanda neįvykdyta
    }
official-archive-subject = partijos laiškai (III.1.4)
official-archive-body = Pridedama: visi partijos { $game } gauti ir išsiųsti laiškai ta tvarka, kuria jie gauti ir išsiųsti, mbox failu (atidarykite jį el. pašto programa arba `mutt -f`).
official-command = { $command ->
        [archive] ARCHYVAS (ARCHIVE)
        [result] REZULTATAS (RESULT)
        [penalty] BAUDA (PENALTY)
       *[pgn] PGN
    }
official-problem-no-command = Turnyro direktoriaus komanda nerasta. Komandos, kiekviena atskiroje eilutėje: PATVIRTINU (CONFIRM), ATMETU (REJECT), REZULTATAS 1-0|0-1|1/2-1/2 (RESULT), BAUDA baltiesiems|juodiesiems N (PENALTY), ATOSTOGOS <žaidėjas> <nuo> <iki> (LEAVE), PASITRAUKIMAS <žaidėjas> pralaimėjimas|anuliuoti|vertinimas (WITHDRAW), ARCHYVAS (ARCHIVE), BŪSENA (STATUS), PGN, PAGALBA (HELP).
official-problem-no-game = { $command }: nurodykite partiją jos žyme laiško temoje.
official-problem-which-claim = PATVIRTINU/ATMETU (CONFIRM/REJECT): nurodykite partiją jos žyme laiško temoje (laukiančių pareiškimų dėl laiko viršijimo nėra arba yra daugiau nei vienas).
official-problem-no-claim = { $game }: nėra laukiančio pareiškimo dėl laiko viršijimo.
official-problem-over = { $game }: partija jau baigta.
official-problem-penalty = { $game }: BAUDA { $days }: baudos dienų gali būti nuo 1 iki { $max }.
official-problem-leave-backwards = ATOSTOGOS { $player }: atostogos baigiasi anksčiau, nei prasideda.
official-problem-no-player = ATOSTOGOS (LEAVE): jūsų turnyruose nėra žaidėjo „{ $player }“.
official-problem-withdraw-no-player = PASITRAUKIMAS (WITHDRAW): jūsų turnyruose nėra žaidėjo „{ $player }“.
official-problem-withdraw-nothing = PASITRAUKIMAS (WITHDRAW): { $player } neturi vykstančių partijų; niekas nepakeista.
official-penalty-color = { $color ->
        [white] baltiesiems
       *[black] juodiesiems
    }

## paties arbitro pranešimai turnyro direktoriui

official-bounced-subject = Nepristatytas laiškas
official-bounced-intro = Arbitro išsiųstas laiškas nebuvo pristatytas: pašto serveris jį grąžino.
official-bounced-to = Nepristatyta: { $who }
official-bounced-game = Partija: { $game }
official-bounced-sent = Išsiųsta: { $sent }
official-bounced-why = Priežastis:
official-bounced-missed = Todėl { $who } šio laiško negavo:
official-bounced-kept = Grąžintas laiškas laikomas pašto dėžutėje (raktas { $key }, siuntėjas { $from }). Grąžinimo pranešimą gali suklastoti bet kas, matęs laišką: pasitikrinkite pas žaidėją.
official-mail-key = Pašto dėžutės raktas: { $key }
official-mail-from = Nuo: { $from }
official-mail-id = Message-ID: { $id }
official-mail-subject = Tema: { $subject }
official-no-access-subject = III.1.6: jau { $days } { $days ->
        [one] dieną
        [few] dienas
       *[other] dienų
    } nėra prieigos prie el. pašto
official-no-access-body = Mūsų laiškai, siųsti adresu { $address } ({ $players }), grąžinami nepristatyti nuo { $since }, ir nuo to laiko iš šio adreso neatėjo nė vieno laiško: praėjo { $days } { $days ->
        [one] diena
        [few] dienos
       *[other] dienų
    }. Pagal III.1.6 žaidėjas, per { $days } { $days ->
        [one] dieną
        [few] dienas
       *[other] dienų
    } neatkūręs prieigos prie el. pašto, laikomas pasitraukusiu. Jo vykstančias partijas išspręskite komanda PASITRAUKIMAS { $player } pralaimėjimas, PASITRAUKIMAS { $player } anuliuoti arba PASITRAUKIMAS { $player } vertinimas (WITHDRAW, III.8.1).
official-not-refereed-subject = Laiško nepavyko išnagrinėti
official-not-refereed-body = Laiško nepavyko išnagrinėti, todėl jis atidėtas pašto dėžutėje; nieko iš jo neužrašyta.
official-not-refereed-reason = Priežastis: { $reason }

## Protestai prieš pareiškimą dėl laiko viršijimo (III.6.4)
official-protest-subject = protestas prieš pareiškimą dėl laiko viršijimo
official-protest-body = { $name } ({ $side }) protestuoja prieš pareiškimą dėl laiko viršijimo partijoje { $game } (gauta { $today }; protestai priimami iki { $until }, { $article }). Motyvai, kaip parašyta:
official-protest-no-reasons = (motyvai nenurodyti)
official-protest-decide = Turnyro direktoriau, žinodami apie protestą, dabar išspręskite pareiškimą: atsakykite atskiroje eilutėje parašydami PATVIRTINU (CONFIRM) arba ATMETU (REJECT) ir laiško temoje palikdami [{ $game }]. Komanda PATVIRTINU (CONFIRM) įsigalioja iš karto.
official-protest-answer-subject = jūsų protestas
official-protest-answer-copy-subject = žaidėjo { $player } protestas
official-protest-passed-on = Jūsų protestas prieš pareiškimą dėl laiko viršijimo kartu su motyvais perduotas turnyro direktoriui ({ $article }). { $interrupted ->
        [yes] Partija laukia jo sprendimo.
       *[no] Kol jis sprendžia, žaidimas tęsiamas.
    }
official-protest-late = Jūsų protestas pavėluotas: protestai prieš šį pareiškimą buvo priimami iki { $until } ({ $article }).
official-protest-no-claim = Šioje partijoje nėra laukiančio pareiškimo dėl jūsų laiko viršijimo: nėra dėl ko protestuoti.
official-table-claim-subject = reikalavimas pagal lenteles: spręskite
official-table-claim-body = { $name } ({ $side }) reikalauja { $claim ->
        [win] pripažinti pergalę
       *[draw] pripažinti lygiąsias
    } partijoje { $game } ({ $today }) { $moved ->
        [yes] pagal poziciją po ėjimo { $move }
       *[no] pagal poziciją lentoje, būdamas eilėje eiti
    }. Baigmių lentelės čia neišsprendžia: { $why }.
official-table-claim-why = { $why ->
        [claims-off] šio turnyro taisyklės nenumato reikalavimų pagal lenteles, todėl spręsti jums
        [no-table] arbitras neturi lentelės šiai medžiagai ({ $pieces } fig.)
        [castling] dar išlikusi rokiruotės teisė, o tokių pozicijų lentelėse nėra
        [failed] lentelės nepavyko perskaityti ({ $error }); operatorius turėtų patikrinti lenteles
       *[ambiguous] taikoma 50 ėjimų taisyklė, o pagal suapvalintą lentelių atstumą negalima pasakyti, ar pergalė spės
    }
official-table-claim-position = Pozicija, pagal kurią reikalaujama (FEN { $fen }):
official-table-claim-decide = Prašome išspręsti reikalavimą. Norėdami jį patenkinti, atsakykite eilute REZULTATAS 1-0, REZULTATAS 0-1 arba REZULTATAS 1/2-1/2, palikdami [{ $game }] temoje; partija baigsis šiuo rezultatu, ir abu žaidėjai jį gaus su PGN. Norėdami atmesti, parašykite žaidėjams: partija tuo metu tęsiama, ir niekas nelaukia jūsų atsakymo.
official-confirm-held-subject = komanda PATVIRTINU (CONFIRM) atidėta iki protesto termino pabaigos
official-confirm-held-body = Jūsų komanda PATVIRTINU (CONFIRM) dėl pareiškimo dėl laiko viršijimo partijoje { $game } atidėta iki { $until }: iki tos dienos { $name } gali protestuoti ({ $article }). Jei protesto nebus, ji įsigalios { $effect }, ir tada bus pranešta abiem žaidėjams. Jei protestas bus gautas, jį gausite su motyvais ir spręsite iš naujo: tada komanda PATVIRTINU (CONFIRM) įsigalios iš karto.
official-claim-protest = { $name } gali protestuoti prieš šį pareiškimą iki { $until } imtinai ({ $article }); protestas jus pasieks atskiru laišku su motyvais. Jūsų komanda PATVIRTINU (CONFIRM) įsigalioja tik po tos dienos arba iš karto, kai gaunamas protestas.
official-claim-protest-yours = Galite protestuoti prieš šį pareiškimą iki { $until } imtinai ({ $article }): atsakykite į šį laišką atskiroje eilutėje parašydami PROTESTUOJU (PROTEST), o žemiau – savo motyvus; jie perduodami turnyro direktoriui. Be protesto joks patvirtinimas neįsigalioja, kol ta diena nepraėjo.
official-claim-protest-partner = { $name } gali protestuoti prieš šį pareiškimą iki { $until } imtinai ({ $article }), atsakydamas PROTESTUOJU (PROTEST) ir nurodydamas motyvus; turnyro direktorius sprendžia po tos dienos arba gavęs protestą.
