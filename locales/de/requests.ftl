# Anfragen eines Spielers, die keine Züge sind: HILFE.

help-subject = so schreiben Sie Züge und Befehle
help-body =
    SO SCHREIBEN SIE EINEN ZUG
    Wiederholen Sie den letzten Zug Ihres Gegners mit seiner Nummer und schreiben Sie dann Ihren Zug
    mit seiner Nummer, in Ihrem eigenen Text (über jedem zitierten Text), zum Beispiel:
        12. 4244 4745          (ICCF-Ziffernnotation)
        12. d2-d4 d7-d5        (lange algebraische Notation)
        12. d4 d5  oder  12... Sf6  oder  12... Ng8-f6   (kurz; deutsche oder englische Buchstaben)
    Ein Zug, der zweimal in zwei Notationen geschrieben ist (12... 7866 / Sg8-f6), zählt einmal.
    Wenn Sie mehrere Partien spielen, behalten Sie die Partiekennung (zum Beispiel [{ $tournament }/1]) im Betreff.
    Eine Zug-E-Mail mit einer falschen Wiederholung oder mit einem unleserlichen, unmöglichen oder
    mehrdeutigen Zug kostet Straftage; eine E-Mail ganz ohne nummerierten Zug wird beantwortet und kostet nichts.

    BEFEHLE, jeder in einer eigenen Zeile, in beliebiger Schreibweise; Satzzeichen am Ende und
    „ich“ oder „bitte“ stören nicht:
      ICH GEBE AUF (RESIGN)               Sie geben die Partie auf
      (=) nach Ihrem Zug                  Sie bieten mit diesem Zug Remis an
      REMIS ANGENOMMEN (ACCEPT DRAW)      Sie nehmen das Remisangebot Ihres Gegners an
      REKLAMIERE REMIS (CLAIM DRAW)       dreifache Wiederholung oder 50 Züge; zusammen mit dem Zug, der sie herbeiführt
      REKLAMIERE GEWINN (CLAIM WIN)       in einem Endspiel der Datenbanken (auch REKLAMIERE REMIS): die Datenbanken entscheiden; mit Ihrem Zug für die Stellung danach
      STAND (STATUS)                      Ihre Partien und Bedenkzeiten
      PGN                                 die bisherige Partie als PGN
      URLAUB 01.07.2026 10.07.2026 (LEAVE)   ein Urlaub, vor seinem Beginn angekündigt
      URLAUB ENDE (LEAVE END)             beendet Ihren Urlaub vorzeitig
      EINSPRUCH (PROTEST)                 Einspruch gegen eine Reklamation wegen Zeitüberschreitung gegen Sie; die Begründung in den Zeilen darunter
      BEDINGTE ZÜGE (CONDITIONAL)         in den Zeilen darunter folgen verdeckte bedingte Züge (wo das Turnier sie verwendet)
      BEDINGTE ZÜGE STREICHEN (CONDITIONAL CANCEL)   streicht Ihre gespeicherten bedingten Züge
      XFCC PASSWORT (XFCC)                ein Passwort für das Spielen aus einem Schachprogramm (Xfcc)
      XFCC WEITERLEITUNG AUS (XFCC FORWARDS OFF)   die Züge Ihrer Gegner kommen nicht mehr per E-Mail (mit einem Xfcc-Zugang)
      XFCC WEITERLEITUNG EIN (XFCC FORWARDS ON)    die Züge Ihrer Gegner kommen wieder per E-Mail
      HILFE (HELP)                        dieser Text
    Die englischen Befehle in Klammern werden ebenso gelesen.
help-guide =
    Das Merkblatt für Spieler ist angehängt ({ $file }): Züge und Befehle, die
    Bedenkzeit, Urlaub, Einsprüche und der Zugang für Schachprogramme (Xfcc), vollständig.
