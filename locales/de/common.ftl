# Wörter, die viele E-Mails gemeinsam haben.

days = { $n ->
    [one] { $n } Tag
   *[other] { $n } Tage
}
moves = { $n ->
    [one] { $n } Zug
   *[other] { $n } Züge
}
white = Weiß
black = Schwarz

## Die Anrede am Anfang einer Mail: die Namen in natürlicher Reihenfolge (das Geschlecht ist unbekannt).
greeting = Guten Tag, { $names },
names-and = und

## Die E-Mails an den Turnierleiter: sein Titel und seine Kopie einer E-Mail an die Spieler.
director-title = Turnierleiter von { $tournament }
director-addressed = Turnierleiter von { $tournament }
copy-intro = { $why ->
        [short] Eine Kopie für Sie: Ein Spieler dieser Partie hat noch { $days } { $days ->
            [one] Tag
           *[other] Tage
        } Bedenkzeit oder weniger, und dann geht jede E-Mail der Partie auch an den Turnierleiter ({ $article }).
        [reminder] Eine Kopie für Sie: Seit { $days } { $days ->
            [one] Tag
           *[other] Tagen
        } ist keine Antwort gekommen, und der wiederholte Zug geht auch an den Turnierleiter ({ $article }).
        [protest] Eine Kopie für Sie: die Antwort auf den Einspruch von { $player } gegen die Meldung der Zeitüberschreitung, denn ein Einspruch geht an den Turnierleiter ({ $article }).
       *[record] Eine Kopie für Ihre Partieunterlagen.
    } Die folgende E-Mail ging an { $names }:
