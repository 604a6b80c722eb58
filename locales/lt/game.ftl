# GameNotice: žr. src/letters/game.rs

## Priimto ėjimo persiuntimas.
game-forward-plays = Jūsų varžovas { $mover } ({ $color }) atliko ėjimą:
game-forward-played = { $mover } ({ $color }) atliko ėjimą:
game-forward-yours = Jūsų ėjimas, persiųstas varžovui ({ $opponent }):
game-forward-conditional = Šį ėjimą arbitras atliko iš sąlyginių ėjimų, kuriuos pateikė { $mover }: prieš jį buvęs ėjimas su jais sutapo. Dienų jis nesunaudojo.
game-forward-draw-offer-yours = Šiuo ėjimu siūlote lygiąsias (=).
game-forward-note-yours = Jūsų pastaba, be pakeitimų persiųsta varžovui ({ $opponent }):
game-forward-received = Išsiųsta ir gauta { $date }.
game-forward-held = Išsiųsta { $sent }; kol partija buvo sustabdyta, ėjimas buvo sulaikytas, persiųstas ir gautas { $forwarded } ({ $article }).
game-forward-counts = Jūsų apmąstymo laikas skaičiuojamas nuo šios dienos.
game-forward-counts-for = Nuo šios dienos skaičiuojamas laikas, kurį ėjimui apmąstyti naudoja { $opponent }.
game-forward-ends = Šiuo ėjimu partija baigta: { $result } ({ $reason }); atsakyti į jį nereikia. Rezultatas bus atsiųstas atskiru laišku kartu su partijos įrašu PGN formatu.
game-forward-draw-offer = Jūsų varžovas siūlo lygiąsias (=). Norėdami priimti, atskiroje eilutėje parašykite SUTINKU SU LYGIOSIOMIS (ACCEPT DRAW); norėdami atsisakyti, tiesiog atsiųskite savo ėjimą.
game-forward-draw-offered = { $mover } siūlo lygiąsias (=).
game-forward-note = Varžovo pastaba, persiųsta be pakeitimų ({ $mover }):
game-forward-note-relayed = Pastaba, kurią parašė { $mover }, be pakeitimų persiųsta varžovui ({ $opponent }):
game-forward-tables = { $start ->
        [yes] Lentoje yra
       *[no] Dabar lentoje yra
    } { $pieces } { $pieces ->
        [one] figūra
        [few] figūros
       *[other] figūrų
    }, ir poziciją apima baigmių lentelės. Žaidėjas, kurio eilė eiti, gali reikalauti pripažinti pergalę arba lygiąsias, ir lentelės nuspręs iškart: eilute REIKALAUJU PERGALĖS arba REIKALAUJU LYGIŲJŲ, atskirai (pagal poziciją lentoje) arba su savo ėjimu (pagal poziciją po jo). Už klaidingą reikalavimą nieko neskiriama.
game-forward-answer = Atsakykite šiuo adresu, pakartodami bent šį ėjimą ir pridėdami savąjį, pavyzdžiui:
game-forward-your-move = <jūsų ėjimas>
game-forward-notes = Pastabos siuntėjui ({ $mover }):
game-clock-of = { $name } ({ $color }):

## Pasiūlytas variantas (III.3.7) ir atsakymas į jį.
game-variant-offered = Kartu su šiuo ėjimu { $mover } siūlo variantą ({ $article }): jei atsakysite taip, kaip jame parašyta, ėjimai bus tokie:
game-variant-offered-yours = Jūsų variantas, persiųstas kartu su ėjimu ({ $article }):
game-variant-offered-by = Kartu su šiuo ėjimu { $mover } siūlo variantą ({ $article }):
game-variant-how = Norėdami jį priimti visą ar iš dalies, pakartokite aukščiau esantį ėjimą ir priimamus varianto ėjimus ta pačia tvarka, baigdami varžovo ėjimu, tada pridėkite savo atsakomąjį ėjimą ({ $repeat }); priimti ėjimai dienų nesunaudoja ({ $time }). Pavyzdžiui, norint priimti pirmuosius du ėjimus:
game-variant-rules = Norėdami atsisakyti, tiesiog atsiųskite savo ėjimą. Kitaip pakartotas varianto ėjimas laikomas klaidingu pakartojimu (bauda, { $penalty }); priimti ėjimai be atsakomojo ėjimo laikomi neįskaitomu ėjimu ({ $noreply }).
game-variant-whose-yours = jūsų variantas
game-variant-whose = variantas, kurį pasiūlė { $proposer }
game-variant-accepted-full = Priimta visa apimtimi – { $whose } ({ $article }): { $moves }. Šie ėjimai dienų nesunaudojo ({ $time }).
game-variant-accepted-part = Priimta iš dalies – { $whose } ({ $article }): { $moves }; likusi dalis nebegalioja. Priimti ėjimai dienų nesunaudojo ({ $time }).
game-variant-declined = Nepriimta – { $whose } ({ $article }): atsakymas nuo jo skiriasi iš karto, ir variantas nebegalioja.

## Rezultatas.
game-result-subject = rezultatas { $result }
game-result = Partija { $game } ({ $white } - { $black }) baigėsi { $date }: { $result } ({ $reason }).
game-result-resigned = { $name } ({ $side }) pasidavė.
game-result-resigned-yours = Jūs pasidavėte.
game-result-on-time = { $name } ({ $side }) pralaimėjo dėl laiko: laiko viršijimas patvirtintas ({ $article }).
game-result-on-time-yours = Jūs pralaimėjote dėl laiko: laiko viršijimas patvirtintas ({ $article }).

## Pareiškimas dėl laiko viršijimo.
game-claim-subject = pareiškimas dėl laiko viršijimo
game-claim-facts = Pareiškimas dėl laiko viršijimo partijoje { $game } ({ $article }): { $you ->
        [yes] jūs sunaudojote
       *[no] { $name } ({ $color }) sunaudojo
    } { $used } { $used ->
        [one] dieną
        [few] dienas
       *[other] dienų
    } iš leistinų { $allowance } { $control ->
        [0] visai partijai
       *[other] iki { $control }-ojo ėjimo
    } (pagal įrašą – { $recorded } { $recorded ->
        [one] diena
        [few] dienos
       *[other] dienų
    }, už dabar laukiamą ėjimą – { $thinking } { $thinking ->
        [one] diena
        [few] dienos
       *[other] dienų
    }, skaičiuojant iki { $date } imtinai).
game-claim-suspended = Partija sustabdyta, kol turnyro direktorius priims sprendimą ({ $article }); tuo metu atsiųstas ėjimas išsaugomas, bet nepersiunčiamas.
game-claim-goes-on = Tai pirmasis laiko viršijimas: partija nenutraukiama ir tęsiama, kol turnyro direktorius sprendžia; partiją sustabdo tik pareiškimas dėl antrojo laiko viršijimo ({ $article }).
game-claim-confirm-loss = atsakykite PATVIRTINU (CONFIRM), kad būtų įskaitytas pralaimėjimas ({ $loss })
game-claim-confirm-reset = atsakykite PATVIRTINU (CONFIRM), kad būtų užfiksuotas pirmasis laiko viršijimas (tada žaidėjo laikas skaičiuojamas nuo nulio po { $number }-ojo ėjimo, { $reset }; antrasis laiko viršijimas reiškia pralaimėjimą, { $loss })
game-claim-reject-resume = arba ATMETU (REJECT), kad partija būtų tęsiama.
game-claim-reject = arba ATMETU (REJECT), kad pareiškimas būtų atmestas.
game-claim-director = Turnyro direktoriau: { $confirm }, { $reject }
game-claim-how = Norėdami atsakyti, atsakykite į šį laišką atskiroje eilutėje parašydami PATVIRTINU (CONFIRM) arba ATMETU (REJECT) ir laiško temoje palikdami [{ $game }].
game-claim-players = Dėl pareiškimo sprendžia turnyro direktorius: jei jis pareiškimą patvirtins, { $loss ->
        [yes] partija bus įskaityta kaip pralaimėta dėl laiko ({ $article })
       *[no] bus užfiksuotas pirmasis laiko viršijimas ir laikas bus skaičiuojamas nuo nulio po { $number }-ojo ėjimo ({ $article })
    }; jei atmes, partija bus tęsiama.

## Turnyro direktoriaus sprendimai, abiem žaidėjams.
