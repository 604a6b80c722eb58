# The public web pages (`[gateway] web_dir`): a tournament's pages are in
# the language its director reads.

web-all-tournaments = All tournaments
web-tournament = Tournament
web-id = Id
web-start = Start
web-players = Players
web-games = Games
web-standings-as-of = Standings as of { $date }.
web-player = Player
web-points = Points
web-played = Games
web-sonneborn-berger = SB
web-wins = Wins
web-game = Game
web-white = White
web-black = Black
web-moves = Moves
web-state = State
web-white-clock = White's clock
web-black-clock = Black's clock
web-clock-over = { $used } { $used ->
        [one] day
       *[other] days
    } / { $over } over{ $control ->
        [0] {""}
       *[other] {" "}at move { $control }
    }
web-clock-total = { $used } { $used ->
        [one] day
       *[other] days
    } in all
web-clock = { $used } { $used ->
        [one] day
       *[other] days
    } / { $left } left { $control ->
        [0] for the game
       *[other] to move { $control }
    }
web-finished = finished { $result } ({ $reason })
web-suspended = suspended
web-claim-pending = claim pending
web-to-move = { $side ->
        [white] White
       *[black] Black
    } to move
web-state-result = { $state }. Result: { $result }.
web-clocks-as-of = Clocks as of { $date }
web-side = Side
web-clock-head = Clock
web-days-in-all = Days in all
web-sent = Sent
web-days = Days
web-draw-offered = draw offered
web-from-variant = from an accepted variant
web-conditional = conditional
web-held = held, received { $date }
web-penalties = Penalties
web-penalty = { $side }: { $days } { $days ->
        [one] day
       *[other] days
    } on { $date } ({ $reason })
web-download = Download { $file }
