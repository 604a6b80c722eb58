# GameNotice: siehe src/letters/game.rs

## Die Weiterleitung eines angenommenen Zuges.
game-forward-plays = Ihr Gegner { $mover } ({ $color }) spielt:
game-forward-played = { $mover } ({ $color }) spielt:
game-forward-yours = Kopie für Ihre Partieunterlagen – Ihr an { $opponent } weitergeleiteter Zug:
game-forward-conditional = Dieser Zug wurde vom Schiedsrichter aus den bedingten Zügen von { $mover } gespielt: der Zug davor stimmte mit ihnen überein. Er hat keine Bedenkzeit verbraucht.
game-forward-draw-offer-yours = Sie bieten mit diesem Zug Remis an (=).
game-forward-note-yours = Ihre Anmerkung, unverändert an { $opponent } weitergeleitet:
game-forward-received = Gesendet und empfangen am { $date }.
game-forward-held = Gesendet am { $sent }; zurückgehalten, solange die Partie unterbrochen war, weitergeleitet und empfangen am { $forwarded } ({ $article }).
game-forward-counts = Ihre Bedenkzeit läuft ab diesem Tag.
game-forward-counts-for = Die Bedenkzeit von { $opponent } läuft ab diesem Tag.
game-forward-ends = Mit diesem Zug ist die Partie beendet: { $result } ({ $reason }); eine Antwort ist nicht nötig. Das Ergebnis folgt in einer eigenen E-Mail mit der Partie im PGN-Format.
game-forward-draw-offer = Ihr Gegner bietet Remis an (=). Um anzunehmen, schreiben Sie REMIS ANGENOMMEN (ACCEPT DRAW) in eine eigene Zeile; um abzulehnen, senden Sie einfach Ihren Zug.
game-forward-draw-offered = { $mover } bietet Remis an (=).
game-forward-note = Anmerkung Ihres Gegners, unverändert weitergeleitet ({ $mover }):
game-forward-note-relayed = Die Anmerkung von { $mover }, unverändert an { $opponent } weitergeleitet:
game-forward-tables = { $start ->
        [yes] Es stehen
       *[no] Jetzt stehen
    } { $pieces } Steine auf dem Brett, und die Stellung liegt in den Endspieldatenbanken. Der Spieler am Zug kann Gewinn oder Remis reklamieren, und die Datenbanken entscheiden sofort: REKLAMIERE GEWINN oder REKLAMIERE REMIS in einer eigenen Zeile, allein (für die Stellung auf dem Brett) oder mit seinem Zug (für die Stellung danach). Eine falsche Reklamation kostet nichts.
game-forward-answer = Antworten Sie an diese Adresse mit mindestens diesem Zug und Ihrem eigenen, zum Beispiel:
game-forward-your-move = <Ihr Zug>
game-forward-notes = Hinweise für den Absender ({ $mover }):
game-clock-of = { $name } ({ $color }):

## Eine angebotene Variante (III.3.7) und die Antwort darauf.
game-variant-offered = Mit diesem Zug bietet { $mover } eine Variante an ({ $article }): wenn Sie wie angegeben antworten, ergeben sich diese Züge:
game-variant-offered-yours = Ihre Variante, mit dem Zug weitergeleitet ({ $article }):
game-variant-offered-by = Mit diesem Zug bietet { $mover } eine Variante an ({ $article }):
game-variant-how = Um sie ganz oder teilweise anzunehmen, wiederholen Sie den obigen Zug und die angenommenen Züge der Variante in derselben Reihenfolge, endend mit einem Zug Ihres Gegners, und fügen Sie dann Ihren Antwortzug hinzu ({ $repeat }); die angenommenen Züge verbrauchen keine Bedenkzeit ({ $time }). Zum Beispiel, um die ersten beiden Züge anzunehmen:
game-variant-rules = Um abzulehnen, senden Sie einfach Ihren Zug. Ein anders wiederholter Zug der Variante ist eine falsche Wiederholung (Strafzeit, { $penalty }); angenommene Züge ohne Antwortzug gelten als unleserlicher Zug ({ $noreply }).
game-variant-whose-yours = Ihre Variante
game-variant-whose = die Variante von { $proposer }
game-variant-accepted-full = Vollständig angenommen, { $whose } ({ $article }): { $moves }. Diese Züge haben keine Bedenkzeit verbraucht ({ $time }).
game-variant-accepted-part = Teilweise angenommen, { $whose } ({ $article }): { $moves }; der Rest ist verfallen. Die angenommenen Züge haben keine Bedenkzeit verbraucht ({ $time }).
game-variant-declined = Nicht angenommen, { $whose } ({ $article }): die Antwort weicht sofort davon ab, und die Variante ist verfallen.

## Das Ergebnis.
game-result-subject = Ergebnis { $result }
game-result = Die Partie { $game } ({ $white } - { $black }) endete am { $date }: { $result } ({ $reason }).
game-result-resigned = { $name } ({ $side }) hat aufgegeben.
game-result-resigned-yours = Sie haben aufgegeben.
game-result-on-time = { $name } ({ $side }) hat durch Zeitüberschreitung verloren: die Zeitüberschreitung wurde bestätigt ({ $article }).
game-result-on-time-yours = Sie haben durch Zeitüberschreitung verloren: die Zeitüberschreitung wurde bestätigt ({ $article }).

## Die Reklamation wegen Zeitüberschreitung.
game-claim-subject = Reklamation wegen Zeitüberschreitung
game-claim-facts = Reklamation wegen Zeitüberschreitung in der Partie { $game } ({ $article }): { $you ->
        [yes] Sie haben
       *[no] { $name } ({ $color }) hat
    } { $used } { $used ->
        [one] Tag
       *[other] Tage
    } verbraucht, erlaubt sind { $allowance } { $control ->
        [0] für die ganze Partie
       *[other] bis zum { $control }. Zug
    } ({ $recorded } { $recorded ->
        [one] Tag
       *[other] Tage
    } laut Notation, { $thinking } { $thinking ->
        [one] Tag
       *[other] Tage
    } für den jetzt erwarteten Zug, gezählt bis zum { $date }).
game-claim-suspended = Die Partie ist unterbrochen, bis der Turnierleiter entscheidet ({ $article }); ein in der Zwischenzeit gesendeter Zug wird aufbewahrt, nicht weitergeleitet.
game-claim-goes-on = Dies ist eine erste Zeitüberschreitung: die Partie wird nicht unterbrochen und läuft weiter, während der Turnierleiter entscheidet; nur die Reklamation einer zweiten Zeitüberschreitung unterbricht sie ({ $article }).
game-claim-confirm-loss = antworten Sie BESTÄTIGT (CONFIRM), um die Partie als verloren zu werten ({ $loss })
game-claim-confirm-reset = antworten Sie BESTÄTIGT (CONFIRM), um die erste Zeitüberschreitung festzustellen (die Zählung der Bedenkzeit des Spielers beginnt dann nach dem { $number }. Zug wieder bei null, { $reset }; eine zweite Zeitüberschreitung bedeutet den Partieverlust, { $loss })
game-claim-reject-resume = oder ABGELEHNT (REJECT), um die Partie fortzusetzen.
game-claim-reject = oder ABGELEHNT (REJECT), um die Reklamation abzulehnen.
game-claim-director = Turnierleiter: { $confirm }, { $reject }
game-claim-how = Antworten Sie auf diese E-Mail mit BESTÄTIGT (CONFIRM) oder ABGELEHNT (REJECT) in einer eigenen Zeile und behalten Sie [{ $game }] im Betreff.
game-claim-players = Der Turnierleiter entscheidet über die Reklamation: bestätigt er sie, { $loss ->
        [yes] ist die Partie durch Zeitüberschreitung verloren ({ $article })
       *[no] wird die erste Zeitüberschreitung festgestellt, und die Zählung beginnt nach dem { $number }. Zug wieder bei null ({ $article })
    }; lehnt er sie ab, läuft die Partie weiter.

## Die Entscheidungen des Turnierleiters, an beide Spieler.
