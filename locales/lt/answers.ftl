# Atsakymai į žaidėjo laiškus ir prašymus, pranešimai apie atostogas,
# pastabos ėjimo siuntėjui: žr. src/letters/answers.rs

## Temos

answer-refused-subject = ėjimas nepriimtas
answer-no-move-subject = laiške nėra ėjimo
answer-already-subject = ėjimas jau gautas
answer-not-your-turn-subject = ne jūsų eilė
answer-over-subject = partija baigta
answer-suspended-subject = partija sustabdyta
answer-kept-subject = ėjimas išsaugotas, partija sustabdyta
answer-no-draw-offer-subject = nėra lygiųjų pasiūlymo
answer-draw-claim-refused-subject = pareiškimas dėl lygiųjų atmestas
answer-table-claim-refused-subject = reikalavimas atmestas
answer-table-claim-director-subject = reikalavimas perduotas turnyro direktoriui
answer-pgn-subject = partijos įrašas (PGN)
answer-not-your-game-subject = ne jūsų partija
answer-which-game-subject = Kuri partija?
answer-director-only-subject = komanda atmesta
answer-stranger-subject = Ne ėjimas
answer-status-subject = Partijų eigos ataskaita
answer-leave-refused-subject = atostogos nesuteiktos
answer-no-leave-subject = atostogų nėra
answer-leave-subject = atostogos
answer-leave-ended-subject = atostogos baigtos
answer-xfcc-subject = Xfcc: žaidimas per šachmatų programą

## Laiškas su ėjimu nepriimtas

answer-refused = jūsų { $date } laiškas nepriimtas kaip ėjimas.
answer-you-wrote = Jūs parašėte: { $moves }
answer-reason = Priežastis: { $reason }.
answer-penalty = Bauda: { $penalty } { $penalty ->
        [one] diena
        [few] dienos
       *[other] dienų
    } ({ $article }): ji įskaičiuota į jūsų laiką žemiau ir į bendrą jūsų užrašytų ėjimų laiką (dabar { $total } { $total ->
        [one] diena
        [few] dienos
       *[other] dienų
    }).
answer-send-again = Prašome dar kartą atsiųsti savo ėjimą, pakartojant paskutinį partnerio ėjimą, štai taip:
answer-correct-record = Teisingas partijos įrašas:
answer-fault-repetition = parašėte „{ $wrote }“, o partijos įraše yra { $record } ({ $article })
answer-fault-not-repeated = jūsų laiške nepakartotas paskutinis partnerio ėjimas { $record } ({ $article })
answer-fault-no-move-email = laiške nėra naujo ėjimo; pranešimas be atsakomojo ėjimo laikomas neįskaitomu ėjimu ({ $article }). Rašykite ėjimą su numeriu, pavyzdžiui, „13. 3234“ arba „13... Žf6“
answer-fault-no-move-postal = laiške nėra naujo ėjimo; pranešimas be atsakomojo ėjimo laikomas neįmanomu ėjimu ({ $article }). Rašykite ėjimą su numeriu, pavyzdžiui, „13. 3234“ arba „13... Žf6“
answer-fault-illegible = „{ $written }“ negali būti perskaitytas kaip ėjimas jokia notacija (neįskaitomas ėjimas, { $article })
answer-fault-illegible-numeric = „{ $written }“ negali būti perskaitytas kaip ėjimas: ICCF skaitmeninėje notacijoje kiekvienas langelis rašomas dviem skaitmenimis nuo 1 iki 8 (neįskaitomas ėjimas, { $article })
answer-fault-impossible = „{ $written }“ – neįmanomas ėjimas ({ $article }): { $reason }
answer-fault-two-moves = parašyti du skirtingi nauji ėjimai „{ $written }“ ({ $article })
answer-fault-ambiguous = „{ $written }“ – dviprasmis ėjimas: tai gali būti { $candidates } ({ $article })
answer-fault-variant-repetition = parašėte „{ $wrote }“, o priimamame variante yra { $expected }: priimti ėjimai kartojami taip, kaip pasiūlyti, ta pačia tvarka ({ $article }; variantas įpareigoja jį pasiūliusį žaidėją, { $binds })
answer-fault-variant-no-reply = iš partnerio varianto priėmėte { $accepted }, bet nepridėjote atsakomojo ėjimo; varianto priėmimas be atsakomojo ėjimo laikomas neįskaitomu ėjimu ({ $article })
answer-or = {" "}arba{" "}

## Laiškas be ėjimo

answer-no-move = jūsų { $date } laiške nėra nė vieno numeruoto ėjimo, todėl jis nebuvo skaitomas kaip ėjimas: nieko neužrašyta, bauda neskiriama.
answer-understood = Suprasta: { $commands }.
answer-understood-draw-offer = lygiųjų pasiūlymas (=): jis pateikiamas kartu su ėjimu, todėl neužrašytas
answer-misplaced-subject = Ėjimai rasti tik laiško temoje: arbitras ėjimus skaito laiško tekste. Parašykite juos ten.
answer-misplaced-quote = Jūsų naujas ėjimas rastas tik cituojamame tekste (eilutėse, prasidedančiose „>“, arba žemiau ankstesnio laiško), kurio arbitras nelaiko jūsų tekstu. Parašykite ėjimą savo tekste, virš citatos.
answer-misplaced-attachment = Ėjimai rasti tik priede: arbitras ėjimus skaito laiško tekste. Parašykite juos ten.
answer-not-read = Neperskaityta kaip ėjimas ar komanda:
answer-game-now = Partija dabar:
answer-last-moves = Paskutiniai ėjimai: { $white }; { $black }.
answer-last-move = { $color } { $move }, persiųstas partneriui { $date }
answer-last-move-none = { $color } – dar nėra
answer-your-move = Jūsų eilė eiti. Parašykite ėjimą su numeriu po paskutinio partnerio ėjimo, štai taip:
answer-partner-to-move = Eilė eiti jūsų partneriui.
answer-write-help = Atskiroje eilutėje parašykite PAGALBA (HELP), ir sužinosite, kaip rašyti ėjimus ir komandas.

## Nieko neužrašyta

answer-already =
    Jūsų ėjimas { $ply } jau gautas { $date } ir persiųstas partneriui; eilė eiti partneriui.
    Šis laiškas nebuvo skaitomas kaip naujas ėjimas: nieko neužrašyta, bauda neskiriama.
answer-not-your-turn =
    Dabar ne jūsų eilė: eina jūsų varžovas.
    Paskutinis ėjimas: { $ply }.
answer-over = Partija { $game } baigta: { $result } ({ $reason }).
answer-suspended = Partija { $game } sustabdyta: pareiškimas dėl laiko viršijimo laukia turnyro direktoriaus sprendimo ({ $article }). Iki tol niekas nepersiunčiama.
answer-kept = Jūsų ėjimas { $move } išsaugotas: jis bus persiųstas, jei turnyro direktorius pareiškimą atmes, ir panaikintas, jei patvirtins.
answer-unreadable = Jūsų ėjimo nepavyko perskaityti pagal partijos įrašą, todėl jis neišsaugotas; kol partija sustabdyta, bauda neskiriama.
answer-note-for-director = Žaidėjo pastaba turnyro direktoriui, persiųsta be pakeitimų ({ $name }):
answer-no-draw-offer = Jūsų varžovo lygiųjų pasiūlymo šiuo metu nėra, todėl nėra ką priimti. Lygiųjų pasiūlymas galioja nuo ėjimo, kuriuo jis pateiktas, iki atsakomojo ėjimo.
answer-draw-claim-refused = Jūsų pareiškimas dėl lygiųjų atmestas: pozicija nepasikartojo tris kartus ir nepraėjo 50 ėjimų ({ $position }). Pareiškimas dėl pozicijos, kurią sukurs jūsų ėjimas, pateikiamas kartu su tuo ėjimu: parašykite ėjimą ir REIKALAUJU LYGIŲJŲ (CLAIM DRAW).
answer-table-claim-refused = Jūsų reikalavimas { $claim ->
        [win] pripažinti pergalę
       *[draw] pripažinti lygiąsias
    } atmestas: pagal baigmių lenteles { $moved ->
        [yes] pozicijoje po jūsų ėjimo
       *[no] šioje pozicijoje
    } { $tables ->
        [win] laimite jūs
        [draw] lygiosios
       *[loss] laimi varžovas
    }{ $cursed ->
        [yes] { $fifty ->
            [yes] {" "}(pergalei reikia daugiau ėjimų, nei leidžia 50 ėjimų taisyklė, o šiame turnyre ji taikoma)
           *[no] {" "}(pergalei reikia daugiau ėjimų, nei leistų 50 ėjimų taisyklė, bet šiame turnyre ji vis tiek įskaitoma)
        }
       *[no] {""}
    }. Už atmestą reikalavimą nieko neskiriama; { $moved ->
        [yes] jūsų ėjimas galioja ir persiųstas varžovui.
       *[no] partija tęsiama, ėjimas jūsų.
    }
answer-table-claim-pieces = Jūsų reikalavimas { $claim ->
        [win] pripažinti pergalę
       *[draw] pripažinti lygiąsias
    } atmestas: { $moved ->
        [yes] po jūsų ėjimo lentoje yra
       *[no] lentoje yra
    } { $pieces } { $pieces ->
        [one] figūra
        [few] figūros
       *[other] figūrų
    }, o baigmių lentelės apima ne daugiau kaip { $limit }. Už atmestą reikalavimą nieko neskiriama; { $moved ->
        [yes] jūsų ėjimas galioja ir persiųstas varžovui.
       *[no] partija tęsiama, ėjimas jūsų.
    }
answer-table-claim-director = Baigmių lentelės neišsprendžia jūsų reikalavimo { $claim ->
        [win] pripažinti pergalę
       *[draw] pripažinti lygiąsias
    } { $moved ->
        [yes] pozicijoje po jūsų ėjimo
       *[no] šioje pozicijoje
    }, todėl jis perduotas turnyro direktoriui, kuris ir nuspręs. Kol jis nenusprendė, partija tęsiama{ $moved ->
        [yes] : jūsų ėjimas galioja ir persiųstas varžovui.
       *[no] , ėjimas jūsų.
    }
answer-table-claim-turn = Jūsų reikalavimas { $claim ->
        [win] pripažinti pergalę
       *[draw] pripažinti lygiąsias
    } atmestas: reikalavimą pareiškia žaidėjas, kurio eilė eiti, pagal poziciją lentoje arba kartu su savo ėjimu pagal poziciją po jo. Dabar eilė eiti varžovui; už reikalavimą nieko neskiriama.
answer-draw-position = pozicija pasikartojo { $repetitions } { $repetitions ->
        [one] kartą
        [few] kartus
       *[other] kartų
    }, { $moves } { $moves ->
        [one] ėjimas
        [few] ėjimai
       *[other] ėjimų
    } be kirtimo ir pėstininko ėjimo
answer-not-your-game = Jūs nežaidžiate partijoje { $game }.
answer-no-such-game = Partijos { $game } nėra.
answer-your-games = Jūsų partijos:
answer-which-game = Jūsų laiške nenurodyta, kuriai partijai jis skirtas. Prašome atsakyti, laiško temoje nurodant partijos žymę, vieną iš šių:
answer-director-only = Šią komandą ({ $command }) gali duoti tik turnyro direktorius.
answer-stranger = Šis adresas neužregistruotas kaip nė vieno čia teisėjaujamo turnyro žaidėjo adresas, todėl jūsų laiškas nebuvo skaitomas kaip ėjimas.

## Partijų eigos ataskaita

answer-status = Partijų eigos ataskaita { $date } duomenimis
answer-status-end = Turnyras { $tournament } baigiasi { $end }: iki tos dienos nebaigta partija perduodama vertinti ({ $article }).
answer-progress = [{ $game }] { $white } - { $black }: { $moves } { $moves ->
        [one] ėjimas
        [few] ėjimai
       *[other] ėjimų
    }, { $state }; { $white_clock }; { $black_clock }
answer-progress-finished = baigta { $result }
answer-progress-suspended = sustabdyta (pareiškimas dėl laiko viršijimo)
answer-progress-to-move = eina { $color ->
        [white] baltieji
       *[black] juodieji
    }
answer-progress-claim-pending = eina { $color ->
        [white] baltieji
       *[black] juodieji
    } (pareiškimas dėl laiko viršijimo laukia sprendimo, žaidimas tęsiamas)
answer-progress-clock-over = { $color } { $used } { $used ->
        [one] diena
        [few] dienos
       *[other] dienų
    } / viršyta { $over }{ $control ->
        [0] {""}
       *[other] {" "}iki { $control }-ojo ėjimo
    }
answer-progress-clock = { $color } { $used } { $used ->
        [one] diena
        [few] dienos
       *[other] dienų
    } / liko { $left } { $control ->
        [0] partijai
       *[other] iki { $control }-ojo ėjimo
    }
answer-progress-total = { $color } iš viso { $total } { $total ->
        [one] diena
        [few] dienos
       *[other] dienų
    }

## Atostogos

answer-leave-refused = Atostogos nesuteiktos: { $reason }.
answer-no-leave = Neturite vykstančių ar paskelbtų atostogų.
answer-refusal-not-in-advance = atostogos turi būti paskelbtos prieš joms prasidedant; jos prasideda { $from }, o jų paprašyta { $asked } ({ $article })
answer-refusal-over = atostogos, paskelbtos joms jau prasidėjus, skaičiuojamos nuo pranešimo dienos, o šios baigėsi { $to }, dar prieš pranešimą, pateiktą { $asked } ({ $article })
answer-refusal-backwards = jos baigiasi anksčiau, nei prasideda
answer-refusal-too-long = per daug atostogų dienų { $year } metais: paimta { $taken } + prašoma { $asked } > { $limit } ({ $article })
answer-refusal-longer-than-one = pagal šio turnyro taisykles vienos atostogos gali trukti ne ilgiau kaip { $limit } { $limit ->
        [one] dieną
        [few] dienas
       *[other] dienų
    }, o šios trunka { $asked } { $asked ->
        [one] dieną
        [few] dienas
       *[other] dienų
    }
answer-refusal-overlaps = jos persidengia su jūsų atostogomis { $from } – { $to }
answer-leave = { $name } atostogauja nuo { $from } iki { $to } imtinai. Šios dienos neįskaitomos į žaidėjo apmąstymo laiką; partnerių laikas skaičiuojamas įprastai ({ $article }).
answer-leave-by-director = { $name } atostogauja nuo { $from } iki { $to } imtinai (atostogas suteikė turnyro direktorius, { $exceptional }). Šios dienos neįskaitomos į žaidėjo apmąstymo laiką; partnerių laikas skaičiuojamas įprastai ({ $article }).
answer-leave-ahead = { $name } atostogaus nuo { $from } iki { $to } imtinai. Šios dienos nebus įskaitomos į žaidėjo apmąstymo laiką; partnerių laikas bus skaičiuojamas įprastai ({ $article }).
answer-leave-ahead-by-director = { $name } atostogaus nuo { $from } iki { $to } imtinai (atostogas suteikė turnyro direktorius, { $exceptional }). Šios dienos nebus įskaitomos į žaidėjo apmąstymo laiką; partnerių laikas bus skaičiuojamas įprastai ({ $article }).
answer-leave-concerns = { $count ->
        [1] Atostogos taikomos partijai { $games }.
       *[other] Atostogos taikomos partijoms { $games }.
    }
answer-leave-ended = { $name } baigė atostogas ({ $article }).
answer-leave-yours = Jūsų atostogos nuo { $from } iki { $to } imtinai užregistruotos: šios dienos neįskaitomos į jūsų apmąstymo laiką; jūsų partnerių laikas skaičiuojamas įprastai ({ $article }). Jūsų partneriams ir turnyro direktoriui pranešta.
answer-leave-ended-yours = Jūsų atostogos baigtos ({ $article }): jūsų laikas vėl skaičiuojamas. Jūsų partneriams ir turnyro direktoriui pranešta.
answer-leave-games = Jūsų vykstančios partijos, kurioms jos taikomos: { $games }.
answer-leave-balance = Liko atostogų dienų { $year } metams: { $left } iš { $limit } ({ $article }).
answer-leave-late = Atostogų prašyta nuo { $asked }, bet jos paskelbtos { $announced }, joms jau prasidėjus: jos skaičiuojamos nuo pranešimo dienos, { $announced } ({ $article }).

## Pastabos ėjimo siuntėjui, jo ėjimo persiuntime

answer-note-dated = jūsų laiškas datuotas { $claimed }, o gautas { $arrived }; skaičiuojama gavimo diena ({ $article }).
answer-note-variant-refused = jūsų variantas nepriimtas ir nepersiųstas ({ $article }): { $why }. Pats jūsų ėjimas galioja.
answer-note-variant-any = „bet koks ėjimas“ variante neleidžiamas ({ $article })
answer-note-variant-order = jo ėjimai turi eiti vienas po kito po jūsų ėjimo, pradedant partnerio atsakymu, o „{ $written }“ taip neina
answer-note-variant-trailing = jūsų variantas baigiasi partnerio ėjimu { $written }: šis ėjimas praleistas, nes variantas baigiasi jūsų ėjimu ({ $article }).
answer-note-stated-sending = { $ply }: jūsų laiške nurodyta išsiuntimo data { $said }, o { $record } – jūsų laiško gavimo diena, kuri ir skaičiuojama ({ $article }).
answer-note-stated-received = { $ply }: jūsų laiške nurodyta gavimo data { $said }, partijos įraše – { $record }; skaičiuojama įrašo data ({ $article }).
answer-note-stated-sent = { $ply }: jūsų laiške nurodyta išsiuntimo data { $said }, partijos įraše – { $record }; skaičiuojama įrašo data ({ $article }).
answer-note-stated-time = { $ply }: jūsų laiške nurodytas laikas { $said }, partijos įraše – { $record }; skaičiuojamas įrašo laikas ({ $article }).
answer-note-draw-claim = jūsų pareiškimas dėl lygiųjų atmestas: nėra nei triskart pasikartojusios pozicijos, nei 50 ėjimų ({ $position }).
answer-note-question = jūsų laiške yra klausimas, į kurį arbitras atsakyti negali: jis skaito tik ėjimus ir komandas. Prašome kreiptis į turnyro direktorių: { $director }.{ $deadline ->
        [yes] {" "}Norėdami sužinoti savo terminą, atskiroje eilutėje parašykite BŪSENA: atsakyme bus kiekvienos jūsų partijos laikas ir paskutinė ėjimo išsiuntimo diena.
       *[no] {""}
    }

## Paslėpti sąlyginiai ėjimai (issue 12 item 5), tik jų savininkui.
answer-conditional-subject = jūsų sąlyginiai ėjimai
answer-conditional-stored = Jūsų sąlyginiai ėjimai išsaugoti ir paslėpti nuo varžovo:
answer-conditional-replaced = Jūsų nauji sąlyginiai ėjimai pakeitė ankstesniuosius ir išsaugoti, paslėpti nuo varžovo:
answer-conditional-how = Kai varžovo ėjimas sutaps su pirmuoju serijos ėjimu, arbitras iš karto atliks jūsų atsakymą (jis dienų nesunaudoja) ir jį persiųs, ir taip toliau, kol varžovo ėjimai sutaps; kitoks ėjimas panaikina likusią serijos dalį, ir jums apie tai pranešama. Norėdami juos atšaukti, atskiroje eilutėje parašykite SĄLYGINIAI ATŠAUKTI (CONDITIONAL CANCEL); nauja SĄLYGINIAI ĖJIMAI eilutė juos pakeičia.
answer-conditional-trailing = Serija baigėsi varžovo ėjimu { $written }: jis praleistas, nes serija baigiasi jūsų ėjimu.
answer-conditional-refused = Jūsų sąlyginiai ėjimai neišsaugoti: { $why }. Daugiau niekas nesikeičia, bauda neskiriama.
answer-conditional-order = jie turi eiti vienas po kito pagal partijos įrašą, pradedant kitu varžovo ėjimu, o „{ $written }“ taip neina
answer-conditional-empty = po eilutės SĄLYGINIAI ĖJIMAI (CONDITIONAL) nėra ėjimų poros (varžovo ėjimo ir jūsų atsakymo)
answer-conditional-own-move = dabar jūsų eilė, todėl jie siunčiami kartu su jūsų ėjimu (po jo, eilutėse po SĄLYGINIAI ĖJIMAI)
answer-conditional-suspended = partija sustabdyta, kol turnyro direktorius priims sprendimą; atsiųskite juos dar kartą po jo sprendimo
answer-conditional-cancelled = Jūsų sąlyginiai ėjimai atšaukti: dabar nė vienas neišsaugotas.
answer-conditional-none = Neturite išsaugotų sąlyginių ėjimų: nebuvo ko atšaukti.
answer-conditional-not-used = Šiame turnyre sąlyginiai ėjimai netaikomi: eilutės po SĄLYGINIAI ĖJIMAI (CONDITIONAL) neperskaitytos ir niekas iš jų neišsaugota. Bauda neskiriama; jūsų laiške esantis ėjimas nagrinėjamas kaip įprasta.
answer-conditional-played = Iš jūsų sąlyginių ėjimų arbitras už jus atliko: { $moves }. Jie dienų nesunaudojo, o varžovas juos gavo kaip jūsų ėjimus, atliktus iš sąlyginių ėjimų.
answer-conditional-stands = Tebėra išsaugoti kitiems varžovo ėjimams:
answer-conditional-done = Tai buvo paskutinis jūsų sąlyginių ėjimų ėjimas: dabar nė vienas neišsaugotas.
answer-conditional-dropped = Jūsų varžovas atliko { $played }, o ne { $expected }: likę jūsų sąlyginiai ėjimai panaikinti, ir dabar jūsų eilė.
answer-conditional-draw-offer = Jūsų varžovas kartu su savo ėjimu pasiūlė lygiąsias: jūsų sąlyginiai ėjimai panaikinti, kad į pasiūlymą atsakytumėte patys.
answer-conditional-over = Partija baigėsi: jūsų sąlyginiai ėjimai panaikinti.

## Xfcc: žaidimas per šachmatų programą

answer-xfcc-account = štai jūsų paskyra žaisti per šachmatų programą (Xfcc: Scid, Lucas Chess, ChessBase, Aquarium).
    
    Serverio adresas (URL): { $url }
    Naudotojo vardas: { $username }
    Slaptažodis, kitoje eilutėje:
    { $password }
    
    Šis slaptažodis pakeičia bet kurį ankstesnį. Niekam jo neatskleiskite: kas jį turi, gali eiti jūsų partijose. Norėdami gauti naują, vėl parašykite XFCC.
    
    Scid 4.7 (meniu punktai angliškoje sąsajoje; lietuviškos Scid neturi):
    1. Play > Correspondence Chess > Configure...; skiltyje „Xfcc Configuration:“ palikite pažymėtą „Use internal Xfcc support“ ir spauskite mygtuką „Configure...“: atsivėrusiame lange perrašykite įrašą „ServerName“: Server Name – pavadinimas be „-“ (Scid partijų numerius skaido ties „-“ ir kitaip nieko neišsiųstų), Login Name – jūsų naudotojo vardas, Password – slaptažodis, Xfcc-URL – aukščiau nurodytas URL; OK ir dar kartą OK nustatymų lange.
    2. Play > Correspondence Chess > Open Database... (Ctrl+F12): Scid partijas parsiunčia tik į atidarytą „Correspondence“ tipo duomenų bazę (kitaip praneša „No Database of type 'Correspondence' is opened“).
    3. Play > Correspondence Chess > Retrieve Games.
    Scid pastabose siunčiamas ne lotyniškas raides (pavyzdžiui, kirilicą) sugadina: pastabas rašykite lotyniškomis raidėmis arba siųskite el. paštu.
    Lucas Chess: URL su ?wsdl gale: { $url }?wsdl
    
    Ėjimas iš programos sprendžiamas kaip laiškas su tuo ėjimu: tas pats laikas, tos pačios taisyklės, data – jo gavimo diena. Lentoje neleistiną ėjimą programa atmes savo atsakyme, ir jis nieko nekainuoja; atsiųskite jį pataisytą. Oficialūs laiškai ir toliau ateina el. paštu. Kad partnerių ėjimai nebeateitų el. paštu, parašykite XFCC PERSIUNTIMAS IŠJUNGTAS (XFCC FORWARDS OFF); XFCC PERSIUNTIMAS ĮJUNGTAS (XFCC FORWARDS ON) juos sugrąžina.
answer-xfcc-off = šis arbitras nesiūlo Xfcc (žaidimo per šachmatų programą): prašome siųsti ėjimus el. paštu.
answer-xfcc-forwards-off = kol turite Xfcc paskyrą (ją gausite parašę XFCC), jūsų partnerių ėjimai jums nebesiunčiami el. paštu: skaitykite juos savo šachmatų programoje. Oficialūs laiškai (rezultatai, pareiškimai, priminimai, atsakymai) ir toliau ateina el. paštu. Parašykite XFCC PERSIUNTIMAS ĮJUNGTAS (XFCC FORWARDS ON), kad ėjimus vėl gautumėte el. paštu.
answer-xfcc-forwards-on = jūsų partnerių ėjimai vėl ateina jums el. paštu (ir į jūsų šachmatų programą, jei ja naudojatės).

## Ėjimas iš šachmatų programos, kurio pastaba atėjo sugadinta
answer-xfcc-garbled-subject = jūsų pastaba atėjo sugadinta
answer-xfcc-garbled = jūsų ėjimas iš šachmatų programos užregistruotas, tačiau kartu siųsta pastaba atėjo sugadinta: programa jos neišsiuntė kaip įskaitomo teksto, todėl varžovui ji neperduota. Scid neteisingai siunčia ne lotyniškas raides (pavyzdžiui, kirilicą). Pastabas šachmatų programoje rašykite tik lotyniškomis raidėmis arba nusiųskite pastabą varžovui el. paštu.
