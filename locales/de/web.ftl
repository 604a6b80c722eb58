# Die öffentlichen Webseiten (`[gateway] web_dir`): die Seiten eines Turniers
# sind in der Sprache seines Turnierleiters.

web-all-tournaments = Alle Turniere
web-tournament = Turnier
web-id = Kennung
web-start = Beginn
web-players = Spieler
web-games = Partien
web-standings-as-of = Tabellenstand am { $date }.
web-player = Spieler
web-points = Punkte
web-played = Partien
web-sonneborn-berger = SB
web-wins = Siege
web-game = Partie
web-white = Weiß
web-black = Schwarz
web-moves = Züge
web-state = Stand
web-white-clock = Bedenkzeit Weiß
web-black-clock = Bedenkzeit Schwarz
web-clock-over = { $used } { $used ->
        [one] Tag
       *[other] Tage
    } / Überschreitung { $over }{ $control ->
        [0] {""}
       *[other] {" "}bis Zug { $control }
    }
web-clock-total = insgesamt { $used } { $used ->
        [one] Tag
       *[other] Tage
    }
web-clock = { $used } { $used ->
        [one] Tag
       *[other] Tage
    } / noch { $left } { $control ->
        [0] für die Partie
       *[other] bis Zug { $control }
    }
web-finished = beendet { $result } ({ $reason })
web-suspended = unterbrochen
web-claim-pending = Reklamation offen
web-to-move = { $side ->
        [white] Weiß
       *[black] Schwarz
    } am Zug
web-state-result = { $state }. Ergebnis: { $result }.
web-clocks-as-of = Bedenkzeiten am { $date }
web-side = Farbe
web-clock-head = Bedenkzeit
web-days-in-all = Tage insgesamt
web-sent = Gesendet
web-days = Tage
web-draw-offered = Remis angeboten
web-from-variant = aus einer angenommenen Variante
web-conditional = bedingt
web-held = zurückgehalten, empfangen am { $date }
web-penalties = Strafzeiten
web-penalty = { $side }: { $days } { $days ->
        [one] Straftag
       *[other] Straftage
    } am { $date } ({ $reason })
web-download = { $file } herunterladen
