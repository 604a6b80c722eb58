# Antworten auf die E-Mails und Anfragen eines Spielers, die Urlaubsmitteilungen,
# die Hinweise für den Ziehenden: siehe src/letters/answers.rs

## Betreffzeilen

answer-refused-subject = Zug nicht angenommen
answer-no-move-subject = kein Zug in Ihrer E-Mail
answer-already-subject = Zug bereits erhalten
answer-not-your-turn-subject = Sie sind nicht am Zug
answer-over-subject = die Partie ist beendet
answer-suspended-subject = Partie unterbrochen
answer-kept-subject = Zug aufbewahrt, Partie unterbrochen
answer-no-draw-offer-subject = kein Remisangebot
answer-draw-claim-refused-subject = Remisreklamation abgelehnt
answer-table-claim-refused-subject = Reklamation abgelehnt
answer-table-claim-director-subject = Reklamation an den Turnierleiter weitergegeben
answer-pgn-subject = PGN
answer-not-your-game-subject = nicht Ihre Partie
answer-which-game-subject = Welche Partie?
answer-director-only-subject = Befehl abgelehnt
answer-stranger-subject = Kein Zug
answer-status-subject = Stand der Partien
answer-leave-refused-subject = Urlaub abgelehnt
answer-no-leave-subject = kein Urlaub
answer-leave-subject = Urlaub
answer-leave-ended-subject = Urlaub beendet
answer-xfcc-subject = Xfcc: Spielen aus einem Schachprogramm

## Eine Zug-E-Mail, die nicht angenommen wurde

answer-refused = Ihre E-Mail vom { $date } wurde nicht als Zug angenommen.
answer-you-wrote = Sie schrieben: { $moves }
answer-reason = Grund: { $reason }.
answer-penalty = Strafzeit: { $penalty } { $penalty ->
        [one] Tag
       *[other] Tage
    } ({ $article }): sie ist in Ihrer Bedenkzeit unten und in der Summe Ihrer notierten Züge enthalten (jetzt { $total } { $total ->
        [one] Tag
       *[other] Tage
    }).
answer-send-again = Bitte senden Sie Ihren Zug erneut und wiederholen Sie dabei den letzten Zug Ihres Gegners, so:
answer-correct-record = Die richtige Notation:
answer-fault-repetition = Sie schrieben „{ $wrote }“, wo die Notation { $record } lautet ({ $article })
answer-fault-not-repeated = Ihre E-Mail wiederholt den letzten Zug Ihres Gegners { $record } nicht ({ $article })
answer-fault-no-move-email = die E-Mail enthält keinen neuen Zug; eine Nachricht ohne Antwortzug gilt als unleserlicher Zug ({ $article }). Schreiben Sie den Zug mit Nummer, zum Beispiel „13. 3234“ oder „13... Sf6“
answer-fault-no-move-postal = die E-Mail enthält keinen neuen Zug; eine Nachricht ohne Antwortzug gilt als unmöglicher Zug ({ $article }). Schreiben Sie den Zug mit Nummer, zum Beispiel „13. 3234“ oder „13... Sf6“
answer-fault-illegible = „{ $written }“ kann in keiner Notation als Zug gelesen werden (ein unleserlicher Zug, { $article })
answer-fault-illegible-numeric = „{ $written }“ kann nicht als Zug gelesen werden: In der ICCF-Ziffernnotation wird jedes Feld mit zwei Ziffern von 1 bis 8 geschrieben (ein unleserlicher Zug, { $article })
answer-fault-impossible = „{ $written }“ ist ein unmöglicher Zug ({ $article }): { $reason }
answer-fault-two-moves = zwei verschiedene neue Züge sind geschrieben: „{ $written }“ ({ $article })
answer-fault-ambiguous = „{ $written }“ ist mehrdeutig: es kann { $candidates } sein ({ $article })
answer-fault-variant-repetition = Sie schrieben „{ $wrote }“, wo die Variante, die Sie annehmen, { $expected } vorsieht: angenommene Züge werden so wiederholt, wie sie angeboten wurden, in derselben Reihenfolge ({ $article }; die Variante bindet den, der sie vorschlägt, { $binds })
answer-fault-variant-no-reply = Sie haben { $accepted } aus der Variante Ihres Gegners angenommen, aber keinen Antwortzug hinzugefügt; die Annahme einer Variante ohne Antwortzug gilt als unleserlicher Zug ({ $article })
answer-or = {" "}oder{" "}

## Eine E-Mail ohne Zug

answer-no-move = Ihre E-Mail vom { $date } enthält keinen nummerierten Zug und wurde daher nicht als Zug gelesen: nichts wurde notiert, und es wird keine Strafzeit angerechnet.
answer-understood = Verstanden: { $commands }.
answer-understood-draw-offer = ein Remisangebot (=): es wird zusammen mit einem Zug gemacht und wurde daher nicht notiert
answer-misplaced-subject = Züge wurden nur im Betreff gefunden: der Schiedsrichter liest Züge im Text der E-Mail. Schreiben Sie sie dort.
answer-misplaced-quote = Ihr neuer Zug wurde nur im zitierten Text gefunden (Zeilen, die mit „>“ beginnen, oder unterhalb der vorherigen Nachricht), den der Schiedsrichter nicht als Ihren Text liest. Schreiben Sie ihn in Ihren eigenen Text, über dem Zitat.
answer-misplaced-attachment = Züge wurden nur in einem Anhang gefunden: der Schiedsrichter liest Züge im Text der E-Mail. Schreiben Sie sie dort.
answer-not-read = Weder als Zug noch als Befehl gelesen:
answer-game-now = Die Partie jetzt:
answer-last-moves = Letzte Züge: { $white }; { $black }.
answer-last-move = { $color } { $move }, am { $date } an den Gegner weitergeleitet
answer-last-move-none = { $color } noch keiner
answer-your-move = Sie sind am Zug. Schreiben Sie ihn mit Nummer, nach dem letzten Zug Ihres Gegners, so:
answer-partner-to-move = Ihr Gegner ist am Zug.
answer-write-help = Schreiben Sie HILFE (HELP) in eine eigene Zeile, um zu erfahren, wie man Züge und Befehle schreibt.

## Nichts notiert

answer-already =
    Ihr Zug { $ply } wurde bereits am { $date } empfangen und an Ihren Gegner weitergeleitet; Ihr Gegner ist am Zug.
    Diese E-Mail wurde nicht als neuer Zug gelesen: nichts wurde notiert, und es wird keine Strafzeit angerechnet.
answer-not-your-turn =
    Sie sind nicht am Zug: Ihr Gegner ist am Zug.
    Der letzte Zug ist { $ply }.
answer-over = Die Partie { $game } ist beendet: { $result } ({ $reason }).
answer-suspended = Die Partie { $game } ist unterbrochen: eine Reklamation wegen Zeitüberschreitung wartet auf die Entscheidung des Turnierleiters ({ $article }). Bis dahin wird nichts weitergeleitet.
answer-kept = Ihr Zug { $move } wird aufbewahrt: Er wird weitergeleitet, wenn der Turnierleiter die Reklamation ablehnt, und verworfen, wenn er sie bestätigt.
answer-unreadable = Ihr Zug konnte anhand der Notation nicht gelesen werden und wird daher nicht aufbewahrt; solange die Partie unterbrochen ist, gibt es keine Strafzeit.
answer-note-for-director = Anmerkung des Spielers für den Turnierleiter, unverändert weitergeleitet ({ $name }):
answer-no-draw-offer = Es liegt kein Remisangebot Ihres Gegners vor, es gibt also nichts anzunehmen. Ein Remisangebot gilt von dem Zug, mit dem es gemacht wurde, bis zum Antwortzug.
answer-draw-claim-refused = Ihre Remisreklamation wird abgelehnt: die Stellung ist nicht dreimal aufgetreten, und die 50-Züge-Regel greift nicht ({ $position }). Eine Reklamation für die Stellung, die erst Ihr Zug herbeiführt, senden Sie zusammen mit diesem Zug: schreiben Sie den Zug und REKLAMIERE REMIS (CLAIM DRAW).
answer-table-claim-refused = Ihre Reklamation { $claim ->
        [win] auf Gewinn
       *[draw] auf Remis
    } ist abgelehnt: Die Endspieldatenbanken ergeben { $moved ->
        [yes] in der Stellung nach Ihrem Zug
       *[no] in dieser Stellung
    } { $tables ->
        [win] Ihren Gewinn
        [draw] Remis
       *[loss] den Gewinn Ihres Gegners
    }{ $cursed ->
        [yes] { $fifty ->
            [yes] {" "}(der Gewinn dauert länger, als die 50-Züge-Regel erlaubt, und sie gilt in diesem Turnier)
           *[no] {" "}(der Gewinn dauert länger, als die 50-Züge-Regel erlauben würde, zählt in diesem Turnier aber als Gewinn)
        }
       *[no] {""}
    }. Eine abgelehnte Reklamation kostet nichts; { $moved ->
        [yes] Ihr Zug bleibt bestehen und ist an Ihren Gegner weitergeleitet.
       *[no] die Partie geht weiter, und Sie sind am Zug.
    }
answer-table-claim-pieces = Ihre Reklamation { $claim ->
        [win] auf Gewinn
       *[draw] auf Remis
    } ist abgelehnt: { $moved ->
        [yes] Nach Ihrem Zug stehen
       *[no] Es stehen
    } { $pieces } Steine auf dem Brett, und keine Endspieldatenbank reicht über { $limit } Steine hinaus. Eine abgelehnte Reklamation kostet nichts; { $moved ->
        [yes] Ihr Zug bleibt bestehen und ist an Ihren Gegner weitergeleitet.
       *[no] die Partie geht weiter, und Sie sind am Zug.
    }
answer-table-claim-director = Die Endspieldatenbanken entscheiden Ihre Reklamation { $claim ->
        [win] auf Gewinn
       *[draw] auf Remis
    } { $moved ->
        [yes] in der Stellung nach Ihrem Zug
       *[no] hier
    } nicht; sie ist daher an den Turnierleiter gegangen, der darüber entscheidet. Bis dahin geht die Partie weiter{ $moved ->
        [yes] : Ihr Zug bleibt bestehen und ist an Ihren Gegner weitergeleitet.
       *[no] , und Sie sind am Zug.
    }
answer-table-claim-turn = Ihre Reklamation { $claim ->
        [win] auf Gewinn
       *[draw] auf Remis
    } ist abgelehnt: Reklamieren kann nur der Spieler am Zug, in der Stellung auf dem Brett oder mit seinem Zug in der Stellung danach. Jetzt ist Ihr Gegner am Zug; die Reklamation kostet nichts.
answer-draw-position = die Stellung ist { $repetitions ->
        [one] einmal
       *[other] { $repetitions }-mal
    } aufgetreten, { $moves } { $moves ->
        [one] Zug
       *[other] Züge
    } ohne Schlagen oder Bauernzug
answer-not-your-game = Sie spielen nicht in der Partie { $game }.
answer-no-such-game = Es gibt keine Partie { $game }.
answer-your-games = Ihre Partien:
answer-which-game = Ihre E-Mail sagt nicht, um welche Partie es geht. Bitte antworten Sie mit der Partiekennung im Betreff, einer der folgenden:
answer-director-only = Nur der Turnierleiter darf diesen Befehl geben ({ $command }).
answer-stranger = Diese Adresse ist nicht als Spieler eines hier geleiteten Turniers registriert, daher wurde Ihre E-Mail nicht als Zug gelesen.

## Der Stand der Partien

answer-status = Stand der Partien am { $date }
answer-status-end = Das Turnier { $tournament } endet am { $end }: eine bis dahin nicht beendete Partie wird abgeschätzt ({ $article }).
answer-progress = [{ $game }] { $white } - { $black }: { $moves } { $moves ->
        [one] Zug
       *[other] Züge
    }, { $state }; { $white_clock }; { $black_clock }
answer-progress-finished = beendet { $result }
answer-progress-suspended = unterbrochen (Reklamation wegen Zeitüberschreitung)
answer-progress-to-move = { $color ->
        [white] Weiß
       *[black] Schwarz
    } am Zug
answer-progress-claim-pending = { $color ->
        [white] Weiß
       *[black] Schwarz
    } am Zug (Reklamation wegen Zeitüberschreitung offen, die Partie läuft weiter)
answer-progress-clock-over = { $color } { $used } { $used ->
        [one] Tag
       *[other] Tage
    } / Überschreitung { $over }{ $control ->
        [0] {""}
       *[other] {" "}bis Zug { $control }
    }
answer-progress-clock = { $color } { $used } { $used ->
        [one] Tag
       *[other] Tage
    } / noch { $left } { $control ->
        [0] für die Partie
       *[other] bis Zug { $control }
    }
answer-progress-total = { $color } insgesamt { $total } { $total ->
        [one] Tag
       *[other] Tage
    }

## Urlaub

answer-leave-refused = Ihr Urlaub wird abgelehnt: { $reason }.
answer-no-leave = Sie haben keinen laufenden oder angekündigten Urlaub.
answer-refusal-not-in-advance = ein Urlaub muss vor seinem Beginn angekündigt werden; dieser beginnt am { $from } und wurde am { $asked } beantragt ({ $article })
answer-refusal-over = ein nach seinem Beginn angekündigter Urlaub zählt ab dem Tag der Mitteilung, und dieser endete am { $to }, vor der Mitteilung vom { $asked } ({ $article })
answer-refusal-backwards = er endet, bevor er beginnt
answer-refusal-too-long = zu viele Urlaubstage im Jahr { $year }: { $taken } genommen + { $asked } beantragt > { $limit } ({ $article })
answer-refusal-longer-than-one = ein einzelner Urlaub darf nach den Regeln dieses Turniers höchstens { $limit } { $limit ->
        [one] Tag
       *[other] Tage
    } dauern, und dieser dauert { $asked } { $asked ->
        [one] Tag
       *[other] Tage
    }
answer-refusal-overlaps = er überschneidet sich mit Ihrem Urlaub vom { $from } bis { $to }
answer-leave = { $name } ist vom { $from } bis einschließlich { $to } im Urlaub. Diese Tage werden nicht auf die Bedenkzeit von { $name } angerechnet; die Uhren der Gegner laufen normal ({ $article }).
answer-leave-by-director = { $name } ist vom { $from } bis einschließlich { $to } im Urlaub (vom Turnierleiter gewährt, { $exceptional }). Diese Tage werden nicht auf die Bedenkzeit von { $name } angerechnet; die Uhren der Gegner laufen normal ({ $article }).
answer-leave-ahead = { $name } wird vom { $from } bis einschließlich { $to } im Urlaub sein. Diese Tage werden nicht auf die Bedenkzeit von { $name } angerechnet; die Uhren der Gegner laufen normal weiter ({ $article }).
answer-leave-ahead-by-director = { $name } wird vom { $from } bis einschließlich { $to } im Urlaub sein (vom Turnierleiter gewährt, { $exceptional }). Diese Tage werden nicht auf die Bedenkzeit von { $name } angerechnet; die Uhren der Gegner laufen normal weiter ({ $article }).
answer-leave-concerns = { $count ->
        [1] Der Urlaub betrifft die Partie { $games }.
       *[other] Der Urlaub betrifft die Partien { $games }.
    }
answer-leave-ended = { $name } hat den Urlaub beendet ({ $article }).
answer-leave-yours = Ihr Urlaub vom { $from } bis einschließlich { $to } ist eingetragen: diese Tage werden nicht auf Ihre Bedenkzeit angerechnet; die Uhren Ihrer Gegner laufen normal ({ $article }). Ihre Gegner und der Turnierleiter werden benachrichtigt.
answer-leave-ended-yours = Ihr Urlaub ist beendet ({ $article }): Ihre Uhr läuft wieder. Ihre Gegner und der Turnierleiter werden benachrichtigt.
answer-leave-games = Ihre laufenden Partien, für die er gilt: { $games }.
answer-leave-balance = Verbleibende Urlaubstage für { $year }: { $left } von { $limit } ({ $article }).
answer-leave-late = Der Urlaub wurde ab dem { $asked } beantragt, aber erst am { $announced } angekündigt, nach seinem Beginn: er zählt ab dem Tag der Mitteilung, dem { $announced } ({ $article }).

## Hinweise für den Ziehenden, in der Weiterleitung seines Zuges

answer-note-dated = Ihre E-Mail ist auf den { $claimed } datiert und am { $arrived } eingegangen; es zählt der Tag des Eingangs ({ $article }).
answer-note-variant-refused = Ihre Variante wurde nicht angenommen und nicht weitergeleitet ({ $article }): { $why }. Ihr Zug selbst bleibt gültig.
answer-note-variant-any = „beliebiger Zug“ ist in einer Variante nicht erlaubt ({ $article })
answer-note-variant-order = ihre Züge müssen lückenlos auf Ihren Zug folgen, beginnend mit der Antwort Ihres Gegners; „{ $written }“ tut das nicht
answer-note-variant-trailing = Ihre Variante endet mit einem Zug Ihres Gegners, { $written }: dieser Zug wurde weggelassen, da eine Variante mit einem Zug von Ihnen endet ({ $article }).
answer-note-stated-sending = { $ply }: Absendedatum { $said } laut Ihrer E-Mail, { $record } ist der Tag, an dem Ihre E-Mail eingegangen ist, und dieser zählt ({ $article }).
answer-note-stated-received = { $ply }: empfangen { $said } laut Ihrer E-Mail, { $record } laut Notation, die maßgeblich ist ({ $article }).
answer-note-stated-sent = { $ply }: gesendet { $said } laut Ihrer E-Mail, { $record } laut Notation, die maßgeblich ist ({ $article }).
answer-note-stated-time = { $ply }: Zeit { $said } laut Ihrer E-Mail, { $record } laut Notation, die maßgeblich ist ({ $article }).
answer-note-draw-claim = Ihre Remisreklamation wird abgelehnt: weder dreifache Stellungswiederholung noch 50-Züge-Regel ({ $position }).
answer-note-question = Ihre E-Mail enthält eine Frage, die der Schiedsrichter nicht beantworten kann: Er liest nur Züge und Befehle. Bitte wenden Sie sich an den Turnierleiter, { $director }.{ $deadline ->
        [yes] {" "}Für Ihre Frist schreiben Sie STAND in eine eigene Zeile: Die Antwort nennt für jede Ihrer Partien die Bedenkzeit und den letzten Tag zum Absenden.
       *[no] {""}
    }

## Verdeckte bedingte Züge (issue 12 item 5), nur an ihren Eigentümer.
## BEDINGTE ZÜGE und BEDINGTE ZÜGE STREICHEN werden gelesen, ebenso die englischen
## (CONDITIONAL, CONDITIONAL CANCEL) und russischen Formen.
answer-conditional-subject = Ihre bedingten Züge
answer-conditional-stored = Ihre bedingten Züge sind gespeichert, verborgen vor Ihrem Gegner:
answer-conditional-replaced = Ihre neuen bedingten Züge ersetzen die früheren und sind gespeichert, verborgen vor Ihrem Gegner:
answer-conditional-how = Wenn der Zug Ihres Gegners der erste Zug der Folge ist, spielt der Schiedsrichter sofort Ihre Antwort (sie verbraucht keine Bedenkzeit) und leitet sie weiter, und so fort, solange seine Züge übereinstimmen; ein anderer Zug verwirft den Rest, und Sie werden benachrichtigt. Um sie zu streichen, schreiben Sie BEDINGTE ZÜGE STREICHEN (CONDITIONAL CANCEL) in eine eigene Zeile; neue BEDINGTE ZÜGE ersetzen sie.
answer-conditional-trailing = Die Folge endete mit einem Zug Ihres Gegners, { $written }: er wurde weggelassen, da die Folge mit einem Zug von Ihnen endet.
answer-conditional-refused = Ihre bedingten Züge wurden nicht gespeichert: { $why }. Sonst ändert sich nichts, und es gibt keine Strafzeit.
answer-conditional-order = sie müssen lückenlos an die Notation anschließen, beginnend mit dem nächsten Zug Ihres Gegners; „{ $written }“ tut das nicht
answer-conditional-empty = nach der Zeile BEDINGTE ZÜGE (CONDITIONAL) steht kein Zugpaar (der Zug Ihres Gegners und Ihre Antwort)
answer-conditional-own-move = Sie sind am Zug: senden Sie sie zusammen mit Ihrem Zug (nach ihm, in den Zeilen nach BEDINGTE ZÜGE)
answer-conditional-suspended = die Partie ist unterbrochen, bis der Turnierleiter entscheidet; senden Sie sie nach seiner Entscheidung erneut
answer-conditional-cancelled = Ihre bedingten Züge sind gestrichen: jetzt ist keiner gespeichert.
answer-conditional-none = Sie haben keine bedingten Züge gespeichert: es gab nichts zu streichen.
answer-conditional-not-used = Bedingte Züge werden in diesem Turnier nicht verwendet: die Zeilen nach BEDINGTE ZÜGE (CONDITIONAL) wurden nicht gelesen und nichts davon gespeichert. Es gibt keine Strafzeit; ein Zug in Ihrer E-Mail wird wie üblich behandelt.
answer-conditional-played = Aus Ihren bedingten Zügen hat der Schiedsrichter für Sie gespielt: { $moves }. Sie haben keine Bedenkzeit verbraucht, und Ihr Gegner hat sie als Ihre Züge erhalten, gespielt aus Ihren bedingten Zügen.
answer-conditional-stands = Weiterhin gespeichert, für die nächsten Züge Ihres Gegners:
answer-conditional-done = Das war der letzte Ihrer bedingten Züge: jetzt ist keiner mehr gespeichert.
answer-conditional-dropped = Ihr Gegner hat { $played } statt { $expected } gespielt: der Rest Ihrer bedingten Züge wurde verworfen, und Sie sind am Zug.
answer-conditional-draw-offer = Ihr Gegner hat mit seinem Zug Remis angeboten: Ihre bedingten Züge wurden verworfen, damit Sie selbst auf das Angebot antworten.
answer-conditional-over = Die Partie ist beendet: Ihre bedingten Züge wurden verworfen.

## Xfcc: Spielen aus einem Schachprogramm

answer-xfcc-account = hier ist Ihr Zugang zum Spielen aus einem Schachprogramm (Xfcc: Scid, Lucas Chess, ChessBase, Aquarium).
    
    Serveradresse (URL): { $url }
    Benutzername: { $username }
    Passwort, in der nächsten Zeile:
    { $password }
    
    Dieses Passwort ersetzt jedes frühere. Behalten Sie es für sich: wer es hat, kann in Ihren Partien ziehen. Für ein neues schreiben Sie erneut XFCC PASSWORT (XFCC).
    
    Scid 4.7 (Menüpunkte der deutschen Oberfläche, die der englischen in Klammern):
    1. Spielen > Fernschach > Einstellungen... (Play > Correspondence Chess > Configure...); unter „Xfcc Einstellungen:“ lassen Sie „Interne Xfcc-Unterstützung verwenden“ angekreuzt und klicken auf „Einstellungen...“: im folgenden Fenster überschreiben Sie den Eintrag „ServerName“: Server Name: ein Name ohne „-“ (Scid trennt seine Partienummern am „-“ und würde sonst nichts senden), Login Name: Ihr Benutzername, Passwort: das Passwort, Xfcc-URL: die obige URL; OK und noch einmal OK im Einstellungsfenster.
    2. Spielen > Fernschach > Datenbank öffnen... (Open Database..., Ctrl+F12): Scid holt Partien nur in eine geöffnete Datenbank vom Typ „Fernschach“ (sonst meldet es „Es wurde keine Datenbank vom Typ 'Fernschach' geöffnet“).
    3. Spielen > Fernschach > Partien synchronisieren (Retrieve Games).
    Scid verstümmelt in den Anmerkungen, die es sendet, Buchstaben, die keine lateinischen sind (etwa kyrillische): schreiben Sie Anmerkungen mit lateinischen Buchstaben oder per E-Mail.
    Lucas Chess: die URL mit ?wsdl am Ende: { $url }?wsdl
    
    Ein Zug aus dem Programm wird wie eine E-Mail mit diesem Zug entschieden: dieselbe Uhr, dieselben Regeln, datiert auf den Tag seines Eingangs. Einen Zug, den das Brett nicht zulässt, weist die Antwort des Programms zurück, und er kostet nichts; senden Sie ihn berichtigt erneut. Ihre offiziellen Mitteilungen kommen weiterhin per E-Mail. Um die Züge Ihrer Gegner nicht mehr per E-Mail zu erhalten, schreiben Sie XFCC WEITERLEITUNG AUS (XFCC FORWARDS OFF); XFCC WEITERLEITUNG EIN (XFCC FORWARDS ON) bringt sie zurück.
answer-xfcc-off = dieser Schiedsrichter bietet kein Xfcc (Spielen aus einem Schachprogramm) an: bitte senden Sie Ihre Züge per E-Mail.
answer-xfcc-forwards-off = solange Sie einen Xfcc-Zugang haben (einen bekommen Sie mit XFCC PASSWORT oder XFCC), erhalten Sie die Züge Ihrer Gegner nicht mehr per E-Mail: lesen Sie sie in Ihrem Schachprogramm. Ihre offiziellen Mitteilungen (Ergebnisse, Reklamationen, Erinnerungen, Antworten) kommen weiterhin per E-Mail. Schreiben Sie XFCC WEITERLEITUNG EIN (XFCC FORWARDS ON), um die Züge wieder per E-Mail zu erhalten.
answer-xfcc-forwards-on = die Züge Ihrer Gegner kommen wieder per E-Mail zu Ihnen (und in Ihr Schachprogramm, falls Sie eines nutzen).

## Ein Zug aus einem Schachprogramm, dessen Anmerkung verstümmelt ankam
answer-xfcc-garbled-subject = Ihre Anmerkung kam verstümmelt an
answer-xfcc-garbled = Ihr Zug aus Ihrem Schachprogramm ist erfasst, aber die Anmerkung dazu kam verstümmelt an: Ihr Programm hat sie nicht als lesbaren Text gesendet, daher wurde sie nicht an Ihren Gegner weitergeleitet. Scid sendet Buchstaben, die keine lateinischen sind (zum Beispiel kyrillische), falsch. Schreiben Sie Anmerkungen in Ihrem Schachprogramm bitte nur mit lateinischen Buchstaben, oder schicken Sie Ihrem Gegner die Anmerkung per E-Mail.
