# Žaidėjo prašymai, kurie nėra ėjimai: PAGALBA.

help-subject = kaip rašyti ėjimus ir komandas
help-body =
    KAIP RAŠYTI ĖJIMĄ
    Pakartokite paskutinį partnerio ėjimą su jo numeriu, tada parašykite savo ėjimą su numeriu,
    savo tekste (virš cituojamo teksto), pavyzdžiui:
        12. 4244 4745          (ICCF skaitmeninė notacija)
        12. d2-d4 d7-d5        (ilgoji algebrinė)
        12. d4 d5  arba  12... Žf6  arba  12... Ng8-f6   (trumpoji; lietuviškos arba angliškos raidės)
    Ėjimas, užrašytas du kartus dviem notacijomis (12... 7866 / Žg8-f6), įskaitomas vieną kartą.
    Jei žaidžiate kelias partijas, laiško temoje palikite partijos žymę (pavyzdžiui, [{ $tournament }/1]).
    Už laišką su klaidingai pakartotu partnerio ėjimu arba su neįskaitomu, neįmanomu ar dviprasmiu
    ėjimu skiriama baudos dienų; į laišką be jokio numeruoto ėjimo atsakoma, ir jis nieko nekainuoja.

    KOMANDOS, kiekviena atskiroje eilutėje, bet kokiomis raidėmis; taškas gale ir žodžiai
    „aš“, „prašau“ netrukdo:
      PASIDUODU (Aš pasiduodu)            pasiduodate šioje partijoje
      (=) po savo ėjimo                   šiuo ėjimu siūlote lygiąsias
      SUTINKU SU LYGIOSIOMIS              priimate partnerio pasiūlytas lygiąsias
      REIKALAUJU LYGIŲJŲ                  pozicija pasikartojo tris kartus arba 50 ėjimų; kartu su ėjimu, kuris tai sukuria
      REIKALAUJU PERGALĖS                 baigmėje, kurią apima lentelės (ir REIKALAUJU LYGIŲJŲ): sprendžia lentelės; su savo ėjimu – pagal poziciją po jo
      BŪSENA                              jūsų partijos ir laikas
      PGN FAILAS                          partija iki šiol PGN formatu
      ATOSTOGOS 2026-07-01 2026-07-10     atostogos, paskelbtos prieš joms prasidedant
      ATOSTOGŲ PABAIGA                    anksčiau laiko baigia jūsų atostogas
      PROTESTUOJU                         protestuojate prieš pareiškimą dėl jūsų laiko viršijimo; motyvai – žemiau esančiose eilutėse
      SĄLYGINIAI ĖJIMAI                   žemiau esančiose eilutėse – paslėpti sąlyginiai ėjimai (jei turnyre jie taikomi)
      SĄLYGINIAI ATŠAUKTI                 atšaukia išsaugotus sąlyginius ėjimus
      XFCC SLAPTAŽODIS                    slaptažodis žaisti per šachmatų programą (Xfcc)
      XFCC PERSIUNTIMAS IŠJUNGTAS         partnerių ėjimai nebesiunčiami el. paštu (turint Xfcc paskyrą)
      XFCC PERSIUNTIMAS ĮJUNGTAS          partnerių ėjimai vėl siunčiami el. paštu
      PAGALBA                             šis tekstas
    Skaitomos ir angliškos formos: RESIGN, ACCEPT DRAW, CLAIM DRAW, CLAIM WIN, STATUS, PGN, LEAVE, LEAVE END, PROTEST, CONDITIONAL, XFCC, HELP.
help-guide =
    Žaidėjo atmintinė pridėta prie laiško ({ $file }): ėjimai ir komandos, laiko
    kontrolė, atostogos, protestai ir žaidimas per šachmatų programas (Xfcc), visa.
