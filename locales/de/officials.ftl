# Die Antworten an den Turnierleiter und die E-Mails des Zeitgebers: siehe src/letters/officials.rs

## das Regelwerk und Zeitspannen

official-rules = { $section ->
        [postal] RAZSh Abschnitt II (Briefschach)
        [iccf] ICCF (E-Mail)
       *[email] RAZSh Abschnitt III (E-Mail)
    }: { $clock }; Strafzeit { $penalty } { $penalty ->
        [one] Tag
       *[other] Tage
    }
official-clock-moves = { $moves } { $moves ->
        [one] Zug
       *[other] Züge
    } in { $days } { $days ->
        [one] Tag
       *[other] Tagen
    }, nicht verbrauchte Bedenkzeit wird übertragen
official-clock-fischer = eine Fischer-Uhr, { $base } { $base ->
        [one] Tag
       *[other] Tage
    } zu Beginn, { $inc } { $inc ->
        [one] Tag
       *[other] Tage
    } mehr nach jedem Zug, nie mehr als { $max } auf der Uhr
official-clock-countdown = { $days } { $days ->
        [one] Tag
       *[other] Tage
    } für die ganze Partie
official-clock-doubled = ; die Tage eines Zuges über { $days } hinaus zählen doppelt
official-span = { $unit ->
        [months] { $n } { $n ->
            [one] Monat
           *[other] Monate
        }
       *[days] { $n } { $n ->
            [one] Tag
           *[other] Tage
        }
    }
official-side = { $color ->
        [white] Weiß
       *[black] Schwarz
    }
# Substantive: auch hier groß geschrieben.
official-side-lower = { $color ->
        [white] Weiß
       *[black] Schwarz
    }
official-clock-of = { $name } ({ $side }):

## die Eröffnungs-E-Mail

official-opening-subject = die Partie beginnt
official-opening-begins = Die Partie { $game } von { $tournament } beginnt am { $date }.
official-opening-colours = Weiß: { $white }. Schwarz: { $black }.
official-opening-position = Die Partie beginnt nicht aus der Grundstellung, sondern aus dieser Stellung (FEN { $fen }):
official-opening-rules = Regeln: { $rules }
official-opening-notation = Notation: ICCF-Ziffernnotation oder algebraische Notation mit deutschen, englischen oder russischen Buchstaben — jede wird gelesen
official-opening-write = Schreiben Sie Ihre Züge nummeriert an diese Adresse und behalten Sie die Partiekennung im Betreff. { $color ->
        [white] Weiß
       *[black] Schwarz
    } beginnt, zum Beispiel:
official-opening-example = { $move } <Ihr Zug>
official-opening-sample = (der Zug e2-e4 zum Beispiel wird { $sample } geschrieben)
official-opening-later = Jede weitere E-Mail wiederholt mindestens den letzten Zug des Gegners und gibt dann Ihren an: „12... <Zug des Gegners> 13. <Ihr Zug>“. Befehle in einer eigenen Zeile: ICH GEBE AUF (RESIGN); (=) mit einem Zug bietet Remis an; REMIS ANGENOMMEN (ACCEPT DRAW); REKLAMIERE REMIS (CLAIM DRAW); URLAUB 01.07.2026 10.07.2026 (LEAVE); URLAUB ENDE (LEAVE END); STAND (STATUS); HILFE (HELP).

## die Erinnerung (III.5.1, II.5.1) und der erste Zug von Weiß, der angefordert wird

official-warning-subject = nur noch wenige Tage
official-warning-body = Es { $left ->
        [one] bleibt nur noch { $left } Tag
       *[other] bleiben nur noch { $left } Tage
    } { $control ->
        [0] für die ganze Partie
       *[other] bis zu Ihrem { $control }. Zug
    }: Ihr Zug muss bis zum { $last } gesendet werden, sonst wird am nächsten Tag eine Zeitüberschreitung reklamiert ({ $claim }). Bereits gewährter Urlaub ist in diesem Datum berücksichtigt; ein Urlaub im Rahmen Ihrer jährlichen Urlaubstage, rechtzeitig Ihren Gegnern und dem Turnierleiter angekündigt, hält Ihre Uhr ebenfalls an ({ $leave }).
official-reminder-subject = Erinnerung
official-reminder-waiting = seit { $waiting } { $waiting ->
        [one] Tag
       *[other] Tagen
    } ist keine Antwort auf { $last } (empfangen am { $received }) eingegangen.
official-reminder-first = die Partie hat am { $start } begonnen, und seit { $waiting } { $waiting ->
        [one] Tag
       *[other] Tagen
    } ist keine Antwort eingegangen: der erste Zug von { $color ->
        [white] Weiß
       *[black] Schwarz
    } wird erwartet.
official-reminder-repeated = { $director ->
        [yes] Der Zug wird hier mit allen Angaben wiederholt; eine Kopie geht an den Turnierleiter ({ $article }).
       *[no] Der Zug wird hier mit allen Angaben wiederholt ({ $article }).
    }
official-reminder-asked = { $director ->
        [yes] Diese E-Mail fordert ihn an; eine Kopie geht an den Turnierleiter ({ $article }).
       *[no] Diese E-Mail fordert ihn an ({ $article }).
    }
official-reminder-again = Falls Sie bereits geantwortet haben, senden Sie Ihre Antwort bitte erneut.
official-reminder-breakdown = Ist nach { $days } { $days ->
        [one] Tag
       *[other] Tagen
    } keine Antwort eingegangen, wird dem Turnierleiter mitgeteilt, dass der Briefwechsel abgebrochen ist ({ $article }).

## die Mitteilungen an den Turnierleiter

official-breakdown-subject = keine Antwort auf die Wiederholung
official-breakdown-body = Keine Antwort in der Partie { $game } seit { $waiting } { $waiting ->
        [one] Tag
       *[other] Tagen
    } (Stand { $today }): { $name } ({ $side }) { $first ->
        [yes] hat seit Beginn der Partie am { $received } weder den ersten Zug gesendet noch auf die Erinnerung geantwortet, die nach
       *[no] hat weder auf den am { $received } empfangenen Zug geantwortet noch auf dessen Wiederholung, die nach
    } { $reminder } { $reminder ->
        [one] Tag
       *[other] Tagen
    } gesendet wurde. Der Briefwechsel ist abgebrochen ({ $article }).
official-inactivity-subject = { $limit } ohne Zug
official-inactivity-body = Kein Zug in der Partie { $game } seit { $waiting } { $waiting ->
        [one] Tag
       *[other] Tagen
    } (Stand { $today }; die Grenze beträgt { $limit }): { $name } ({ $side }) { $first ->
        [yes] hat seit Beginn der Partie am { $received } den ersten Zug nicht gesendet
       *[no] hat nicht auf den am { $received } empfangenen Zug geantwortet
    }. Einem Spieler, der den Turnierleiter nicht informiert hat, kann die Partie als verloren gewertet werden ({ $article }).
official-inactivity-leaves = Bei den gezählten Tagen ist der Urlaub { $leaves } ausgenommen: { $first ->
        [yes] seit Beginn der Partie
       *[no] seit dem Empfang des Zuges
    } { $days ->
        [one] ist { $days } Kalendertag
       *[other] sind { $days } Kalendertage
    } vergangen.
official-leave-begins-subject = der Urlaub Ihres Gegners beginnt
official-leave-begins = Der Urlaub von { $name } beginnt heute, am { $from }, und dauert bis einschließlich { $to }: diese Tage werden nicht auf die Bedenkzeit dieses Spielers angerechnet; Ihre eigene Uhr läuft wie gewohnt ({ $article }).
official-leave-ended-subject = der Urlaub Ihres Gegners ist beendet
official-leave-ended = Der Urlaub von { $name } endete am { $to }: die Uhr dieses Spielers läuft ab heute wieder ({ $article }).
official-answers-intro = Als Turnierleiter können Sie auf diese E-Mail mit einem Befehl in einer eigenen Zeile antworten; die Kennung [{ $game }] bleibt dabei im Betreff:
official-answers-intro-digest = Als Turnierleiter können Sie zu dieser Partie auf die Tagesübersicht antworten: schreiben Sie ihre Kennung [{ $game }] in eine eigene Zeile und darunter einen Befehl in eine eigene Zeile (eine Partie je Antwort):
official-answers-claim = BESTÄTIGT (CONFIRM) oder ABGELEHNT (REJECT)   über die offene Reklamation wegen Zeitüberschreitung entscheiden ({ $article })
official-answers-result = ERGEBNIS 1-0, ERGEBNIS 0-1 oder ERGEBNIS 1/2-1/2 (RESULT)   das Ergebnis der Partie festsetzen ({ $article })
official-answers-leave = URLAUB { $player } { $from } { $to } (LEAVE)   ein Urlaub für { $name }, auch nachträglich ({ $article })
official-answers-penalty = STRAFE { $color } <Tage> (PENALTY)   Straftage für { $name }

## die Entscheidungen des Turnierleiters, den Spielern mitgeteilt

official-penalty-subject = Strafzeit
official-penalty-body = Der Turnierleiter verhängt Straftage: { $name } ({ $side }) +{ $days } { $days ->
        [one] Tag
       *[other] Tage
    }.
official-penalty-body-yours = Der Turnierleiter verhängt gegen Sie Straftage: +{ $days } { $days ->
        [one] Tag
       *[other] Tage
    }.
official-fixed-subject = erste Zeitüberschreitung
official-fixed-body = Der Turnierleiter bestätigt die erste Zeitüberschreitung: { $name } ({ $side }). Die Zählung der Bedenkzeit dieses Spielers beginnt nach dem { $number }. Zug wieder bei null ({ $reset }); eine zweite Zeitüberschreitung bedeutet den Verlust der Partie ({ $loss }). { $interrupted ->
        [yes] Die Partie wird fortgesetzt.
       *[no] Die Reklamation hat die Partie nicht unterbrochen, sie läuft weiter; die Reklamation einer zweiten Zeitüberschreitung würde sie unterbrechen ({ $suspension }).
    }
official-fixed-body-yours = Der Turnierleiter bestätigt Ihre erste Zeitüberschreitung. Die Zählung Ihrer Bedenkzeit beginnt nach Ihrem { $number }. Zug wieder bei null ({ $reset }); eine zweite Zeitüberschreitung bedeutet den Verlust der Partie ({ $loss }). { $interrupted ->
        [yes] Die Partie wird fortgesetzt.
       *[no] Die Reklamation hat die Partie nicht unterbrochen, sie läuft weiter; die Reklamation einer zweiten Zeitüberschreitung würde sie unterbrechen ({ $suspension }).
    }
official-rejected-subject = Reklamation abgelehnt
official-rejected-body = Der Turnierleiter lehnt die Reklamation wegen Zeitüberschreitung gegen { $name } ({ $side }) ab; { $interrupted ->
        [yes] die Partie wird fortgesetzt, und vor dem { $control }. Zug wird keine neue Reklamation gegen diesen Spieler erhoben ({ $bar }).
       *[no] die Reklamation hat die Partie nicht unterbrochen ({ $suspension }), sie läuft weiter, und vor dem { $control }. Zug wird keine neue Reklamation gegen diesen Spieler erhoben ({ $bar }).
    }
official-rejected-body-yours = Der Turnierleiter lehnt die Reklamation wegen Zeitüberschreitung gegen Sie ab; { $interrupted ->
        [yes] die Partie wird fortgesetzt, und vor dem { $control }. Zug wird keine neue Reklamation gegen Sie erhoben ({ $bar }).
       *[no] die Reklamation hat die Partie nicht unterbrochen ({ $suspension }), sie läuft weiter, und vor dem { $control }. Zug wird keine neue Reklamation gegen Sie erhoben ({ $bar }).
    }
official-leave-subject = Urlaub
official-leave-body = { $name } ist vom { $from } bis einschließlich { $to } im Urlaub (vom Turnierleiter gewährt, { $article }). Diese Tage werden nicht auf die Bedenkzeit von { $name } angerechnet; die Uhren der Gegner laufen normal ({ $days }).

## die Antworten an den Turnierleiter

official-report-subject = Stand der Partien
official-report-title = Stand der Partien am { $date }
standings-title = { $name } ({ $id }): Tabellenstand am { $date }
standings-player = Spieler
standings-points = Punkte
standings-games = Partien
standings-tie-break-short = { $tie_break ->
        [wins] Siege
       *[other] SB
    }
standings-tie-break = Feinwertung: { $tie_break ->
        [wins] die Zahl der gewonnenen Partien.
        [none] keine; bei gleicher Punktzahl wird der Platz geteilt.
       *[other] Sonneborn-Berger (SB), die Punkte der besiegten Gegner plus die Hälfte der Punkte der Gegner, gegen die remis gespielt wurde.
    }
standings-legend = 1 Sieg, ½ Remis, 0 Niederlage, * nicht beendet. { $finished } von { $games } { $games ->
        [one] Partie
       *[other] Partien
    } beendet, { $registered } { $registered ->
        [one] Ergebnis
       *[other] Ergebnisse
    } erfasst ({ $article }): ein Ergebnis ist erfasst, wenn das Ende der Partie notiert ist und ihr PGN an den Turnierleiter gegangen ist.
standings-withdrawn = zurückgetreten
standings-games-title = Partien und Bedenkzeiten:
standings-registered = Ergebnis erfasst am { $date }
official-help-subject = Befehle des Turnierleiters
official-help-body =
    Befehle des Turnierleiters, jeder in einer eigenen Zeile, in beliebiger Schreibweise, Satzzeichen am Ende erlaubt; die Partie wird durch ihre Kennung im Betreff bestimmt ({ $example }):
      BESTÄTIGT (CONFIRM)                   die offene Reklamation wegen Zeitüberschreitung bestätigen
      ABGELEHNT (REJECT)                    sie ablehnen: die Partie wird fortgesetzt, ein zurückgehaltener Zug wird weitergeleitet
      ERGEBNIS 1-0|0-1|1/2-1/2 (RESULT)     das Ergebnis der Partie festsetzen
      STRAFE Weiß|Schwarz N (PENALTY white|black N)   Straftage in der Partie
      URLAUB <Spieler> <von> <bis> (LEAVE)  ein außerordentlicher oder nachträglicher Urlaub
      RÜCKZUG <Spieler> verloren|annulliert|Abschätzung (WITHDRAW)  ein Rückzug: die laufenden Partien des Spielers verloren, annulliert oder zur Abschätzung (III.8.1)
      STAND (STATUS)                        jede Partie Ihrer Turniere
      PGN                                   die Partie aus dem Betreff als PGN
      ARCHIV (ARCHIVE)                      alle E-Mails der Partie aus dem Betreff in einer mbox-Datei (III.1.4)
      HILFE (HELP)                          dieser Text
    Die englischen Befehle in Klammern werden ebenso gelesen.
official-refused-subject = { $partly ->
        [yes] Einige Befehle wurden nicht ausgeführt
       *[no] Befehl des Turnierleiters nicht ausgeführt
    }
official-archive-subject = die E-Mails der Partie (III.1.4)
official-archive-body = Im Anhang: jede E-Mail, die in der Partie { $game } ein- und ausging, in der Reihenfolge ihres Ein- und Ausgangs, als mbox-Datei (öffnen Sie sie mit einem E-Mail-Programm oder mit `mutt -f`).
official-command = { $command ->
        [archive] ARCHIV (ARCHIVE)
        [result] ERGEBNIS (RESULT)
        [penalty] STRAFE (PENALTY)
       *[pgn] PGN
    }
official-problem-no-command = Kein Befehl des Turnierleiters gefunden. Befehle, jeder in einer eigenen Zeile: BESTÄTIGT (CONFIRM), ABGELEHNT (REJECT), ERGEBNIS 1-0|0-1|1/2-1/2 (RESULT), STRAFE Weiß|Schwarz N (PENALTY), URLAUB <Spieler> <von> <bis> (LEAVE), RÜCKZUG <Spieler> verloren|annulliert|Abschätzung (WITHDRAW), ARCHIV (ARCHIVE), STAND (STATUS), PGN, HILFE (HELP).
official-problem-no-game = { $command }: bestimmen Sie die Partie durch ihre Kennung im Betreff.
official-problem-which-claim = BESTÄTIGT/ABGELEHNT (CONFIRM/REJECT): bestimmen Sie die Partie durch ihre Kennung im Betreff (es ist keine oder mehr als eine Reklamation wegen Zeitüberschreitung offen).
official-problem-no-claim = { $game }: es ist keine Reklamation wegen Zeitüberschreitung offen.
official-problem-over = { $game }: die Partie ist bereits beendet.
official-problem-penalty = { $game }: STRAFE { $days }: möglich sind 1 bis { $max } Straftage.
official-problem-leave-backwards = URLAUB { $player }: der Urlaub endet, bevor er beginnt.
official-problem-no-player = URLAUB: kein Spieler „{ $player }“ in Ihren Turnieren.
official-problem-withdraw-no-player = RÜCKZUG (WITHDRAW): kein Spieler „{ $player }“ in Ihren Turnieren.
official-problem-withdraw-nothing = RÜCKZUG (WITHDRAW): { $player } hat keine laufende Partie; nichts wurde geändert.
official-penalty-color = { $color ->
        [white] Weiß
       *[black] Schwarz
    }

## die eigenen Berichte des Dienstes an den Turnierleiter

official-bounced-subject = Unzustellbare E-Mail
official-bounced-intro = Eine E-Mail des Schiedsrichters wurde nicht zugestellt: der Mailserver hat sie zurückgeschickt.
official-bounced-to = Nicht zugestellt an: { $who }
official-bounced-game = Partie: { $game }
official-bounced-sent = Gesendet: { $sent }
official-bounced-why = Grund:
official-bounced-missed = { $who } hat diese E-Mail daher nicht erhalten:
official-bounced-kept = Die zurückgeschickte E-Mail bleibt im Postfach (Schlüssel { $key }, von { $from }). Eine solche Rücksendung kann jeder fälschen, der die E-Mail gesehen hat: vergewissern Sie sich beim Spieler.
official-mail-key = Postfach-Schlüssel: { $key }
official-mail-from = Von: { $from }
official-mail-id = Message-ID: { $id }
official-mail-subject = Betreff: { $subject }
official-no-access-subject = III.1.6: seit { $days } { $days ->
        [one] Tag
       *[other] Tagen
    } kein E-Mail-Zugang
official-no-access-body = Unsere E-Mails an { $address } ({ $players }) kommen seit dem { $since } unzustellbar zurück, und seitdem ist von dieser Adresse keine E-Mail gekommen: { $days } { $days ->
        [one] Tag ist
       *[other] Tage sind
    } vergangen. Nach III.1.6 gilt ein Spieler, der seinen E-Mail-Zugang nicht innerhalb von { $days } { $days ->
        [one] Tag
       *[other] Tagen
    } wiederherstellen kann, als zurückgetreten. Entscheiden Sie über seine laufenden Partien mit RÜCKZUG { $player } verloren, RÜCKZUG { $player } annulliert oder RÜCKZUG { $player } Abschätzung (WITHDRAW, III.8.1).
official-not-refereed-subject = Eine E-Mail konnte nicht bearbeitet werden
official-not-refereed-body = Eine E-Mail konnte nicht bearbeitet werden und wurde im Postfach beiseitegelegt; nichts davon wurde notiert.
official-not-refereed-reason = Grund: { $reason }

## Einsprüche gegen eine Reklamation wegen Zeitüberschreitung (III.6.4)
official-protest-subject = Einspruch gegen die Reklamation wegen Zeitüberschreitung
official-protest-body = { $name } ({ $side }) legt Einspruch gegen die Reklamation wegen Zeitüberschreitung in der Partie { $game } ein (eingegangen am { $today }; Einsprüche werden bis zum { $until } angenommen, { $article }). Die Begründung, wie geschrieben:
official-protest-no-reasons = (keine Begründung angegeben)
official-protest-decide = Bitte entscheiden Sie nun in Kenntnis des Einspruchs über die Reklamation: antworten Sie mit BESTÄTIGT (CONFIRM) oder ABGELEHNT (REJECT) in einer eigenen Zeile und behalten Sie [{ $game }] im Betreff. Ihre Bestätigung wird jetzt sofort wirksam.
official-protest-answer-subject = Ihr Einspruch
official-protest-answer-copy-subject = Einspruch von { $player }
official-protest-passed-on = Ihr Einspruch gegen die Reklamation wegen Zeitüberschreitung wurde mit Ihrer Begründung an den Turnierleiter weitergeleitet ({ $article }). { $interrupted ->
        [yes] Die Partie wartet auf seine Entscheidung.
       *[no] Die Partie läuft weiter, während er entscheidet.
    }
official-protest-late = Ihr Einspruch kommt zu spät: Einsprüche gegen diese Reklamation wurden bis zum { $until } angenommen ({ $article }).
official-protest-no-claim = In dieser Partie ist keine Reklamation wegen Zeitüberschreitung gegen Sie offen: es gibt nichts, wogegen Einspruch eingelegt werden könnte.
official-table-claim-subject = Datenbank-Reklamation zu entscheiden
official-table-claim-body = { $name } ({ $side }) reklamiert in der Partie { $game } am { $today } { $claim ->
        [win] den Gewinn
       *[draw] Remis
    }, { $moved ->
        [yes] in der Stellung nach dem Zug { $move }
       *[no] in der Stellung auf dem Brett, am Zug
    }. Die Endspieldatenbanken entscheiden das hier nicht: { $why }.
official-table-claim-why = { $why ->
        [claims-off] Die Regeln dieses Turniers sehen keine Datenbank-Reklamationen vor, die Entscheidung liegt bei Ihnen
        [no-table] Der Schiedsrichter hat keine Datenbank für dieses Material ({ $pieces } Steine)
        [castling] Es bestehen noch Rochaderechte, und solche Stellungen enthalten die Datenbanken nicht
        [failed] Eine Datenbankdatei ließ sich nicht lesen ({ $error }); der Betreiber sollte die Dateien prüfen
       *[ambiguous] Die 50-Züge-Regel gilt, und die gerundete Distanz der Datenbank lässt nicht erkennen, ob der Gewinn rechtzeitig kommt
    }
official-table-claim-position = Die reklamierte Stellung (FEN { $fen }):
official-table-claim-decide = Bitte entscheiden Sie die Reklamation. Um ihr stattzugeben, antworten Sie mit ERGEBNIS 1-0, ERGEBNIS 0-1 oder ERGEBNIS 1/2-1/2 in einer eigenen Zeile und lassen [{ $game }] im Betreff; die Partie endet dann mit diesem Ergebnis, und beide Spieler erhalten es mit der PGN. Um sie abzulehnen, schreiben Sie den Spielern: Die Partie geht inzwischen weiter, und nichts wartet auf Ihre Antwort.
official-confirm-held-subject = Ihre Bestätigung (CONFIRM) wird bis zum Ende der Einspruchsfrist zurückgestellt
official-confirm-held-body = Ihre Bestätigung (BESTÄTIGT, CONFIRM) der Reklamation wegen Zeitüberschreitung in der Partie { $game } wird bis zum { $until } zurückgestellt: bis dahin kann { $name } Einspruch einlegen ({ $article }). Geht kein Einspruch ein, wird Ihre Bestätigung am { $effect } wirksam, und beide Spieler werden dann benachrichtigt. Geht ein Einspruch ein, erhalten Sie ihn mit der Begründung und entscheiden erneut; eine Bestätigung wird dann sofort wirksam.
official-claim-protest = { $name } kann bis einschließlich { $until } Einspruch gegen diese Reklamation einlegen ({ $article }); ein Einspruch erreicht Sie als eigene E-Mail, mit der Begründung. Ihre Bestätigung (BESTÄTIGT, CONFIRM) wird erst nach diesem Tag wirksam – oder sofort, sobald ein Einspruch eingegangen ist.
official-claim-protest-yours = Sie können bis einschließlich { $until } Einspruch gegen diese Reklamation einlegen ({ $article }): antworten Sie auf diese E-Mail mit EINSPRUCH (PROTEST) in einer eigenen Zeile und Ihrer Begründung darunter; sie geht an den Turnierleiter. Ohne Einspruch wird keine Bestätigung wirksam, bevor dieser Tag vergangen ist.
official-claim-protest-partner = { $name } kann bis einschließlich { $until } Einspruch gegen diese Reklamation einlegen ({ $article }), mit einer Antwort EINSPRUCH (PROTEST) und der Begründung; der Turnierleiter entscheidet nach diesem Tag oder auf den Einspruch hin.
