# Die E-Mails einer Abschätzung (III.9.4-9.10): siehe src/letters/adjudication.rs
# ANTRAG GEWINN|REMIS|VERLUST und BERUFUNG werden gelesen, ebenso die englischen
# (CLAIM WIN|DRAW|LOSS, APPEAL) und russischen Formen.

adj-claim-word = { $claim ->
        [win] Gewinn
        [loss] Verlust
       *[draw] Remis
    }
adj-opened-subject = Abschätzung (III.9.4)
adj-opened-body = { $reason ->
        [withdrawal] Der Turnierleiter hat diese Partie zur Abschätzung gegeben (III.8.1).
       *[end] Das Turnier endete am { $end }, und diese Partie ist nicht beendet: Sie wird abgeschätzt (III.9.4).
    } Die Uhren wurden am { $end } angehalten.

    Bis zum { $until } (14 Tage) { $who ->
        [both] sendet jeder von Ihnen
       *[other] senden Sie
    } dem Turnierleiter per E-Mail an diese Adresse, mit der Partiekennung im Betreff:
    - die Notation der Partie und die Schlussstellung (beide unten);
    - Ihr beanspruchtes Ergebnis mit Analyse: eine Zeile ANTRAG GEWINN, ANTRAG REMIS oder ANTRAG VERLUST (CLAIM WIN, CLAIM DRAW, CLAIM LOSS), danach Ihre Analyse.

    { $who ->
        [mover] Sie sind am Zug und senden Ihren Zug wie gewohnt an diese Adresse: Er wird notiert und gilt als ausgeführt (III.9.4.4). Er geht an den Turnierleiter, nicht an Ihren Gegner. Danach werden keine Züge mehr angenommen.
        [partner] { $name } ({ $side }) ist am Zug und sendet den Zug wie gewohnt an diese Adresse: Er wird notiert und gilt als ausgeführt (III.9.4.4). Er geht an den Turnierleiter, nicht an Sie. Danach werden keine Züge mehr angenommen.
       *[both] { $name } ({ $side }) ist am Zug und sendet den Zug wie gewohnt an diese Adresse: Er wird notiert und gilt als ausgeführt (III.9.4.4). Er geht an den Turnierleiter, nicht an den Gegner. Danach werden keine Züge mehr angenommen.
    }

    Stimmen beide Anträge überein (Gewinn gegen Verlust, Remis gegen Remis), endet die Partie ohne Abschätzung mit diesem Ergebnis (III.9.5). Wer keinen Antrag rechtzeitig sendet, verliert das Recht auf Berufung (III.9.7). Der Turnierleiter gibt das Ergebnis bekannt, indem er im E-Mail-Verlauf dieser Partie mit ERGEBNIS 1-0, ERGEBNIS 0-1 oder ERGEBNIS 1/2-1/2 (RESULT) antwortet.
adj-move-subject = der Zug in der Abschätzung (III.9.4.4)
adj-move-body = { $name } hat in der Partie, die abgeschätzt wird, { $move } gesendet. Der Zug ist notiert und gilt als ausgeführt (III.9.4.4); er wurde nicht an den Gegner gesendet. In dieser Partie werden keine Züge mehr angenommen.
adj-move-body-yours = Sie haben in der Partie, die abgeschätzt wird, { $move } gesendet. Der Zug ist notiert und gilt als ausgeführt (III.9.4.4); er wurde nicht an den Gegner gesendet. In dieser Partie werden keine Züge mehr angenommen.
adj-nomove-subject = die Partie ist in der Abschätzung
adj-nomove-body = Diese Partie ist seit dem { $on } in der Abschätzung (III.9.4): { $made ->
        [yes] der Zug des Spielers am Zug ist notiert, und
       *[no] nur der Spieler am Zug darf einen Zug senden, und
    } es wird kein anderer Zug angenommen. Ihre E-Mail wurde nicht als Zug gelesen; es gibt keine Strafzeit. Senden Sie Ihr beanspruchtes Ergebnis mit Analyse: eine Zeile ANTRAG GEWINN, ANTRAG REMIS oder ANTRAG VERLUST (CLAIM WIN, CLAIM DRAW, CLAIM LOSS), danach Ihre Analyse.
adj-claimed-subject = { $name } beansprucht { $word }
adj-claimed-subject-yours = Ihr Antrag: { $word }
adj-claimed-body = { $name } ({ $side }) beansprucht in der Partie, die abgeschätzt wird, { $word } (III.9.4.3): das Ergebnis { $result }. Der Antrag ist notiert.
adj-claimed-body-yours = Sie beanspruchen in der Partie, die abgeschätzt wird, { $word } (III.9.4.3): das Ergebnis { $result }. Ihr Antrag ist notiert.
adj-claimed-analysis = Die eingesandte Analyse:
adj-claimed-waiting = Der Antrag des anderen Spielers steht noch aus.
adj-claimed-agree = Beide Anträge stimmen überein: die Partie endet ohne Abschätzung mit dem Ergebnis { $result } (III.9.5). Das Ergebnis mit der Partienotation folgt in einer eigenen E-Mail.
adj-claimed-differ = Beide Anträge liegen vor und weichen voneinander ab: der Turnierleiter schätzt die Partie ab (III.9.6), indem er im E-Mail-Verlauf dieser Partie mit ERGEBNIS 1-0, ERGEBNIS 0-1 oder ERGEBNIS 1/2-1/2 (RESULT) antwortet.
adj-overdue-subject = die Unterlagen für die Abschätzung sind verspätet
adj-overdue-body = Die 14 Tage für die Unterlagen der Abschätzung sind am { $until } abgelaufen (III.9.4). Kein Antrag kam von: { $names }. { $count ->
        [one] Dieser Spieler verliert
       *[other] Diese Spieler verlieren
    } das Recht auf Berufung (III.9.7). Der Turnierleiter schätzt die Partie ab, indem er im E-Mail-Verlauf dieser Partie mit ERGEBNIS 1-0, ERGEBNIS 0-1 oder ERGEBNIS 1/2-1/2 (RESULT) antwortet.
adj-adjudicated-subject = abgeschätzt { $result }
adj-adjudicated-body = Der Turnierleiter hat die Partie abgeschätzt: { $result } (III.9.8). Der letzte ausgeführte Zug: { $last }.

    Innerhalb von 14 Tagen, bis zum { $until }, kann Berufung eingelegt werden: per E-Mail an diese Adresse mit einer Zeile BERUFUNG (APPEAL) und, falls nötig, weiterer Analyse (III.9.9); sie geht an den Turnierleiter und den Gegner. Wer keinen Antrag rechtzeitig gesendet hat, hat kein Recht auf Berufung (III.9.7). Ist bis zum { $until } keine Berufung eingegangen, ist das Ergebnis endgültig.
adj-last-none = keiner
adj-appeal-subject = Berufung von { $name }
adj-appeal-subject-yours = Ihre Berufung
adj-appeal-body = { $name } legt Berufung gegen das abgeschätzte Ergebnis { $result } ein (III.9.9). Ein anderer Schiedsrichter schätzt die Partie erneut ab, und seine Entscheidung ist endgültig (III.9.10); der Turnierleiter trägt sie mit ERGEBNIS 1-0, ERGEBNIS 0-1 oder ERGEBNIS 1/2-1/2 (RESULT) im E-Mail-Verlauf dieser Partie ein.
adj-appeal-body-yours = Sie legen Berufung gegen das abgeschätzte Ergebnis { $result } ein (III.9.9). Ein anderer Schiedsrichter schätzt die Partie erneut ab, und seine Entscheidung ist endgültig (III.9.10); der Turnierleiter trägt sie mit ERGEBNIS 1-0, ERGEBNIS 0-1 oder ERGEBNIS 1/2-1/2 (RESULT) im E-Mail-Verlauf dieser Partie ein.
adj-appeal-refused-subject = die Berufung wird nicht angenommen
adj-appeal-refused-body = { $why ->
        [late] Die 14 Tage für eine Berufung sind am { $until } abgelaufen (III.9.9): die Berufung wird nicht angenommen.
        [no-materials] Sie haben Ihr beanspruchtes Ergebnis für die Abschätzung nicht rechtzeitig gesendet und haben daher kein Recht auf Berufung (III.9.7).
       *[not-open] In dieser Partie gibt es kein abgeschätztes Ergebnis, gegen das Berufung eingelegt werden könnte.
    }
adj-final-subject = das Ergebnis { $result } ist endgültig
adj-final-body = { $appealed ->
        [yes] Ein anderer Schiedsrichter hat die Partie erneut abgeschätzt: das Ergebnis { $result } ist endgültig (III.9.10) und erfasst.
       *[no] Innerhalb von 14 Tagen ist keine Berufung eingegangen: das abgeschätzte Ergebnis { $result } ist endgültig (III.9.9) und erfasst.
    }
adj-standings-appeal = abgeschätzt, Berufung möglich bis { $date }
adj-opened-tables = Die Endspieldatenbanken reichen bis zu dieser Stellung. Mit { $color ->
        [white] Weiß
       *[black] Schwarz
    } am Zug ergeben sie { $outcome ->
        [win] den Gewinn für { $color ->
            [white] Weiß
           *[black] Schwarz
        }
        [draw] Remis
       *[loss] den Gewinn für { $color ->
            [white] Schwarz
           *[black] Weiß
        }
    }{ $zeroing ->
        [0] {""}
       *[other] {""}; der nächste Schlag- oder Bauernzug (oder das Matt) folgt bei bestem Spiel in { $zeroing } Halbzügen
    }{ $cursed ->
        [yes] {" "}(länger, als die 50-Züge-Regel erlaubt)
       *[no] {""}
    }. Der Turnierleiter kann danach entscheiden; eine Analyse ist für diese Partie nicht nötig.
