# Die tägliche Übersicht des Turnierleiters: siehe src/letters/digest.rs

digest-subject = [{ $id }] Tagesübersicht { $date }
digest-intro = Tagesübersicht von { $tournament } ({ $id }) für den { $date }.
digest-no-game = Heute braucht keine Partie Aufmerksamkeit.
digest-games = { $n ->
        [one] Eine Partie braucht Aufmerksamkeit
       *[other] { $n } Partien brauchen Aufmerksamkeit
    }, die mit der knappsten Bedenkzeit zuerst:
digest-game = [{ $game }] { $white } - { $black }: Weiß noch { $white_left } { $white_left ->
        [one] Tag
       *[other] Tage
    } { $white_control ->
        [0] für die Partie
       *[other] bis zum { $white_control }. Zug
    }, Schwarz noch { $black_left } { $black_left ->
        [one] Tag
       *[other] Tage
    } { $black_control ->
        [0] für die Partie
       *[other] bis zum { $black_control }. Zug
    }; { $to_move ->
            [white] Weiß
           *[black] Schwarz
        } am Zug{ $claim ->
        [yes] ; eine Reklamation wegen Zeitüberschreitung ist offen
       *[no] {""}
    }.
digest-kept-aside = { $n ->
        [one] { $n } E-Mail eines unbekannten Absenders (weder Spieler noch Turnierleiter) wurde seit der letzten Übersicht unbeantwortet beiseitegelegt; sie bleibt im Postfach.
       *[other] { $n } E-Mails unbekannter Absender (weder Spieler noch Turnierleiter) wurden seit der letzten Übersicht unbeantwortet beiseitegelegt; sie bleiben im Postfach.
    }
digest-copies = { $n ->
        [0] Seit der letzten Übersicht wurde keine Kopie zurückgehalten.
        [one] Die seit der letzten Übersicht zurückgehaltene Kopie:
       *[other] Die { $n } seit der letzten Übersicht zurückgehaltenen Kopien, die älteste zuerst:
    }
