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
copy-intro = Kopie für den Turnierleiter ({ $why ->
        [short] ein Spieler dieser Partie hat noch { $days } { $days ->
            [one] Tag
           *[other] Tage
        } Bedenkzeit oder weniger: jede E-Mail der Partie geht auch an den Turnierleiter, { $article }
        [reminder] seit { $days } { $days ->
            [one] Tag
           *[other] Tagen
        } keine Antwort: der wiederholte Zug geht auch an den Turnierleiter, { $article }
        [protest] die Antwort auf den Einspruch von { $player } gegen die Meldung der Zeitüberschreitung: ein Einspruch geht an den Turnierleiter, { $article }
       *[record] für seine Partieunterlagen
    }). Die folgende E-Mail ging an { $names }:
