# Viešieji tinklalapiai (`[gateway] web_dir`): turnyro puslapiai rašomi
# ta kalba, kurią skaito jo turnyro direktorius.

web-all-tournaments = Visi turnyrai
web-tournament = Turnyras
web-id = Kodas
web-start = Pradžia
web-players = Žaidėjai
web-games = Partijos
web-standings-as-of = Turnyro lentelė { $date } duomenimis.
web-player = Žaidėjas
web-points = Taškai
web-played = Sužaista
web-sonneborn-berger = SB
web-wins = Pergalės
web-game = Partija
web-white = Baltieji
web-black = Juodieji
web-moves = Ėjimai
web-state = Būsena
web-white-clock = Baltųjų laikas
web-black-clock = Juodųjų laikas
web-clock-over = { $used } { $used ->
        [one] diena
        [few] dienos
       *[other] dienų
    } / viršyta { $over }{ $control ->
        [0] {""}
       *[other] {" "}iki { $control }-ojo ėjimo
    }
web-clock-total = iš viso { $used } { $used ->
        [one] diena
        [few] dienos
       *[other] dienų
    }
web-clock = { $used } { $used ->
        [one] diena
        [few] dienos
       *[other] dienų
    } / liko { $left } { $control ->
        [0] partijai
       *[other] iki { $control }-ojo ėjimo
    }
web-finished = baigta { $result } ({ $reason })
web-suspended = sustabdyta
web-claim-pending = pareiškimas laukia sprendimo
web-to-move = eina { $side ->
        [white] baltieji
       *[black] juodieji
    }
web-state-result = { $state }. Rezultatas: { $result }.
web-clocks-as-of = Laikas { $date } duomenimis
web-side = Spalva
web-clock-head = Laikas
web-days-in-all = Iš viso dienų
web-sent = Išsiųsta
web-days = Dienos
web-draw-offered = pasiūlytos lygiosios
web-from-variant = iš priimto varianto
web-conditional = sąlyginis
web-held = sulaikytas, gautas { $date }
web-penalties = Baudos
web-penalty = { $side }: { $days } { $days ->
        [one] baudos diena
        [few] baudos dienos
       *[other] baudos dienų
    } { $date } ({ $reason })
web-download = Atsisiųsti { $file }
