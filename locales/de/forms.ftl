# Das Fernschach-Formular, das Brett, die Zugübersicht, die Bedenkzeit: siehe src/letters/forms.rs

clock = Ihre Bedenkzeit: { $used } { $used ->
        [one] Tag
       *[other] Tage
    } von { $allowance } { $control ->
        [0] für die ganze Partie
       *[other] bis zum { $control }. Zug
    } verbraucht; es { $left ->
        [one] bleibt { $left } Tag
       *[other] bleiben { $left } Tage
    }.
clock-send-by = Senden Sie Ihren Zug spätestens am { $date }, sofern Sie keinen Urlaub nehmen.
clock-send-by-final = Senden Sie Ihren Zug spätestens am { $date }: Sie haben in diesem Jahr keine Urlaubstage mehr.
clock-over = Ihre Bedenkzeit: { $used } { $used ->
        [one] Tag
       *[other] Tage
    } von { $allowance } { $control ->
        [0] für die ganze Partie
       *[other] bis zum { $control }. Zug
    } verbraucht: Überschreitung um { $over } { $over ->
        [one] Tag
       *[other] Tage
    }.
clock-send-by-leave = Senden Sie Ihren Zug spätestens am { $date }: Ihr Urlaub ({ $leave }) ist berücksichtigt.
clock-tournament-end = { $earlier ->
        [yes] Das Turnier endet schon früher, am { $end }
       *[no] Das Turnier endet am selben Tag, dem { $end }
    }: eine bis dahin nicht beendete Partie wird abgeschätzt ({ $article }).
clock-barred = Eine Reklamation wegen Zeitüberschreitung gegen Sie wurde abgelehnt: vor Ihrem { $control }. Zug kann keine neue erhoben werden.
clock-warning = Achtung: nur noch { $left } { $left ->
        [one] Tag
       *[other] Tage
    } { $control ->
        [0] für die ganze Partie
       *[other] bis zum { $control }. Zug
    }.

## Die Bedenkzeiten für den Turnierleiter (dritte Person): siehe forms::clocks_of_both.
clocks-of-title = Bedenkzeiten am { $date }:
clock-of = { $name } ({ $side ->
        [white] Weiß
       *[black] Schwarz
    }): { $used } { $used ->
        [one] Tag
       *[other] Tage
    } von { $allowance } { $control ->
        [0] für die ganze Partie
       *[other] bis zum { $control }. Zug
    } verbraucht; es { $left ->
        [one] bleibt { $left } Tag
       *[other] bleiben { $left } Tage
    }.
clock-of-over = { $name } ({ $side ->
        [white] Weiß
       *[black] Schwarz
    }): { $used } { $used ->
        [one] Tag
       *[other] Tage
    } von { $allowance } { $control ->
        [0] für die ganze Partie
       *[other] bis zum { $control }. Zug
    } verbraucht: Überschreitung um { $over } { $over ->
        [one] Tag
       *[other] Tage
    }.
clock-of-send-by = am Zug: letzter Tag zum Absenden ist der { $date }.
clock-of-send-by-final = am Zug: letzter Tag zum Absenden ist der { $date } (in diesem Jahr keine Urlaubstage mehr).
clock-of-send-by-leave = am Zug: letzter Tag zum Absenden ist der { $date }, der Urlaub { $leave } ist berücksichtigt.
clock-of-barred = am Zug: eine Reklamation gegen diesen Spieler wurde abgelehnt, keine neue vor dem { $control }. Zug.

## Das Fernschach-Formular (Anh. 3): die Bezeichnungen des Kopfes und der Spalten.
form-tournament = Turnier
form-start = Startdatum
form-white = Weiß
form-black = Schwarz
form-game = Partie
form-received = Empf.
form-sent = Abs.
form-time = Zeit
form-number = Nr.
form-total = Gesamtbedenkzeit (Tage + Straftage): Weiß { $white }, Schwarz { $black }
form-forfeit = In der Gesamtzeit von { $side ->
        [white] Weiß
       *[black] Schwarz
    } { $days ->
        [one] ist { $days } Tag
       *[other] sind { $days } Tage
    } für den erwarteten Zug bis zum { $date } enthalten, wie die bestätigte Reklamation wegen Zeitüberschreitung sie gezählt hat.
form-leaves = Urlaub von Weiß: { $white }; von Schwarz: { $black } (diese Tage werden nicht gezählt).
form-variant = Züge angenommener Varianten, ohne Zeitverbrauch ({ $article }): { $moves }.
form-conditional = Automatisch aus verdeckten bedingten Zugfolgen gespielte Züge, ohne Zeitverbrauch: { $moves }.

## Das Brett: der Buchstabe jeder weißen Figur (Schwarz in Kleinbuchstaben) und die Legende.
piece-king = K
piece-queen = D
piece-rook = T
piece-bishop = L
piece-knight = S
piece-pawn = B
castling-short = 0-0
castling-long = 0-0-0
board-legend = (K König, D Dame, T Turm, L Läufer, S Springer, B Bauer; Großbuchstaben Weiß)
board-to-move = { $color ->
        [white] Weiß
       *[black] Schwarz
    } am Zug
board-last-move = Letzter Zug: { $squares }

## Die Zugübersicht (Anh. 1).
schedule-title = Zugübersicht der Partie { $game } ({ $tournament })
schedule-move = Zug
schedule-received = erhalten
schedule-sent = gesendet
schedule-days = Tage
schedule-total = Summe
schedule-remarks = Bemerkungen
schedule-remark-penalty = { $color } Strafzeit +{ $days } ({ $date })
schedule-remark-leave = { $color } Urlaub { $from }-{ $to }
schedule-remark-reset = { $color }: nach diesem Zug werden die Tage neu gezählt (erste Zeitüberschreitung, { $article }); bis dahin insgesamt { $total }
schedule-penalty = Strafzeit { $color }: +{ $days } { $days ->
        [one] Tag
       *[other] Tage
    } ({ $date }): { $reason }
schedule-result = Ergebnis: { $result } ({ $reason })

## Warum Straftage verhängt wurden.
penalty-reason = { $reason ->
        [illegible] unleserlicher Zug
        [impossible] unmöglicher Zug
        [ambiguous] mehrdeutiger Zug
        [wrong-repetition] falsche Wiederholung des gegnerischen Zuges
        [missing-repetition] fehlende Wiederholung des gegnerischen Zuges
        [no-move] kein neuer Zug
       *[director] vom Turnierleiter verhängt
    }

## Warum eine Partie endete.
end-reason = { $reason ->
        [checkmate] Matt
        [stalemate] Patt
        [insufficient-material] ungenügendes Material
        [resignation] Aufgabe
        [draw-agreed] Remis vereinbart
        [threefold] dreifache Stellungswiederholung, reklamiert
        [fifty-moves] 50-Züge-Regel, reklamiert
        [fivefold] fünffache Stellungswiederholung
        [seventy-five-moves] 75-Züge-Regel
        [time-forfeit] Zeitüberschreitung, vom Turnierleiter bestätigt
        [claims-agreed] übereinstimmende Anträge beider Spieler bei Turnierende (III.9.5)
        [withdrawal] Rückzug eines Spielers aus dem Turnier, die Partie nach Entscheidung des Turnierleiters als verloren gewertet (III.8.1)
        [cancelled] Rückzug eines Spielers aus dem Turnier, die Partie nach Entscheidung des Turnierleiters annulliert: sie wird für niemanden gewertet (III.8.1)
        [tablebase] eine von den Endspieldatenbanken bestätigte Reklamation
       *[adjudication] Entscheidung des Turnierleiters
    }

## Warum ein geschriebener Zug unmöglich ist (nur die Dame ist weiblich).
piece-name = { $role ->
        [pawn] Bauer
        [knight] Springer
        [bishop] Läufer
        [rook] Turm
        [queen] Dame
       *[king] König
    }
word-or = oder
impossible-castling = { $side ->
        [short] die kurze Rochade (0-0)
       *[long] die lange Rochade (0-0-0)
    } ist jetzt nicht erlaubt
impossible-no-piece = auf { $square } steht keine Figur
impossible-not-yours = die Figur auf { $square } ist { $color ->
        [white] weiß
       *[black] schwarz
    }
impossible-other-piece = auf { $square } steht { $piece ->
        [Dame] eine
       *[other] ein
    } { $piece }
impossible-cannot-move = { $piece ->
        [Dame] die
       *[other] der
    } { $piece } auf { $from } kann nicht nach { $to } ziehen
impossible-none-reaches = keine { $color ->
        [white] weiße
       *[black] schwarze
    } Figur kann nach { $to } ziehen
impossible-none-of = { $pieces ->
        [Dame] keine { $color ->
            [white] weiße
           *[black] schwarze
        } Dame
       *[other] kein { $color ->
            [white] weißer
           *[black] schwarzer
        } { $pieces }
    } kann nach { $to } ziehen

# Die Ansicht `show GAME` des Betreibers.
show-result = Ergebnis: { $result } ({ $reason }, { $date })
show-claim = { $interrupts ->
        [yes] Unterbrochen seit
       *[no] Die Partie läuft weiter; Reklamation offen seit
    } { $since }: Reklamation wegen Zeitüberschreitung gegen { $side }, { $used }/{ $allowance } Tage, Zugkontrolle { $control }{ $held ->
        [yes] ; ein Zug wird zurückgehalten
       *[no] {""}
    }
