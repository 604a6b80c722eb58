# The standard form, the board, the schedule, the clock: see src/letters/forms.rs

clock = Your clock: { $used } { $used ->
        [one] day
       *[other] days
    } used of { $allowance } allowed { $control ->
        [0] for the whole game
       *[other] up to move { $control }
    }; { $left } { $left ->
        [one] day
       *[other] days
    } left.
clock-send-by = Send your move by { $date } at the latest, unless you take a leave.
clock-send-by-final = Send your move by { $date } at the latest: you have no leave days left this year.
clock-over = Your clock: { $used } { $used ->
        [one] day
       *[other] days
    } used of { $allowance } allowed { $control ->
        [0] for the whole game
       *[other] up to move { $control }
    }: { $over } { $over ->
        [one] day
       *[other] days
    } over.
clock-send-by-leave = Send your move by { $date } at the latest: your leave ({ $leave }) is counted.
clock-tournament-end = { $earlier ->
        [yes] The tournament ends earlier, on { $end }
       *[no] The tournament ends on that same day, { $end }
    }: a game not finished by then goes to adjudication ({ $article }).
clock-barred = A claim of overstep against you was rejected: none can be made again before your move { $control }.
clock-warning = Warning: only { $left } { $left ->
        [one] day
       *[other] days
    } left { $control ->
        [0] for the whole game
       *[other] before move { $control }
    }.

## The clocks told to the director (third person): see forms::clocks_of_both.
clocks-of-title = Clocks as of { $date }:
clock-of = { $name } ({ $side ->
        [white] White
       *[black] Black
    }): { $used } { $used ->
        [one] day
       *[other] days
    } used of { $allowance } allowed { $control ->
        [0] for the whole game
       *[other] up to move { $control }
    }; { $left } { $left ->
        [one] day
       *[other] days
    } left.
clock-of-over = { $name } ({ $side ->
        [white] White
       *[black] Black
    }): { $used } { $used ->
        [one] day
       *[other] days
    } used of { $allowance } allowed { $control ->
        [0] for the whole game
       *[other] up to move { $control }
    }: { $over } { $over ->
        [one] day
       *[other] days
    } over.
clock-of-send-by = to move: the last day to send is { $date }.
clock-of-send-by-final = to move: the last day to send is { $date } (no leave days left this year).
clock-of-send-by-leave = to move: the last day to send is { $date }, the leave { $leave } counted.
clock-of-barred = to move: a claim against this player was rejected, none before move { $control }.

## The standard form (App.3): the labels of the header and the columns.
form-tournament = Tournament
form-start = Start date
form-white = White
form-black = Black
form-game = Game
form-received = Rec.
form-sent = Sent
form-time = Time
form-number = No.
form-total = Total time (days + penalty days): White { $white }, Black { $black }
form-forfeit = { $side ->
        [white] White's
       *[black] Black's
    } total includes { $days } { $days ->
        [one] day
       *[other] days
    } on the move awaited, up to { $date }, as the confirmed overstep claim counted them.
form-leaves = Leaves of White: { $white }; of Black: { $black } (these days are not counted).
form-variant = Moves of accepted variants, made without days ({ $article }): { $moves }.
form-conditional = Moves played automatically from hidden conditional series, made without days: { $moves }.

## The board: the letter of each White piece (Black's in lower case) and the legend.
piece-king = K
piece-queen = Q
piece-rook = R
piece-bishop = B
piece-knight = N
piece-pawn = P
castling-short = O-O
castling-long = O-O-O
board-legend = (K king, Q queen, R rook, B bishop, N knight, P pawn; upper case White)
board-to-move = { $color ->
        [white] White
       *[black] Black
    } to move
board-last-move = Last move: { $squares }

## The move schedule (App.1).
schedule-title = Move schedule of game { $game } ({ $tournament })
schedule-move = move
schedule-received = received
schedule-sent = sent
schedule-days = days
schedule-total = total
schedule-remarks = remarks
schedule-remark-penalty = { $color } penalty +{ $days } ({ $date })
schedule-remark-leave = { $color } leave { $from }-{ $to }
schedule-remark-reset = { $color }: the days count anew after this move (first overstep, { $article }); { $total } up to it
schedule-penalty = Penalty { $color }: +{ $days } { $days ->
        [one] day
       *[other] days
    } ({ $date }): { $reason }
schedule-result = Result: { $result } ({ $reason })

## Why penalty days were given.
penalty-reason = { $reason ->
        [illegible] illegible move
        [impossible] impossible move
        [ambiguous] ambiguous move
        [wrong-repetition] wrong repetition of the partner's move
        [missing-repetition] missing repetition of the partner's move
        [no-move] no new move
       *[director] given by the director
    }

## Why a game ended.
end-reason = { $reason ->
        [checkmate] checkmate
        [stalemate] stalemate
        [insufficient-material] insufficient material
        [resignation] resignation
        [draw-agreed] draw agreed
        [threefold] threefold repetition, claimed
        [fifty-moves] 50-move rule, claimed
        [fivefold] fivefold repetition
        [seventy-five-moves] 75-move rule
        [time-forfeit] time overstep, confirmed by the director
        [claims-agreed] both players' equal claims at the end of the tournament (III.9.5)
        [withdrawal] a player's withdrawal from the tournament, the game lost by the director's decision (III.8.1)
        [cancelled] a player's withdrawal from the tournament, the game cancelled by the director's decision: it counts for nobody (III.8.1)
        [tablebase] a claim confirmed by the endgame tables
       *[adjudication] the director's decision
    }

## Why a written move is impossible.
piece-name = { $role ->
        [pawn] pawn
        [knight] knight
        [bishop] bishop
        [rook] rook
        [queen] queen
       *[king] king
    }
word-or = or
impossible-castling = castling { $side ->
        [short] short (O-O)
       *[long] long (O-O-O)
    } is not allowed now
impossible-no-piece = there is no piece on { $square }
impossible-not-yours = the piece on { $square } is { $color ->
        [white] White's
       *[black] Black's
    }
impossible-other-piece = the piece on { $square } is a { $piece }
impossible-cannot-move = the { $piece } on { $from } cannot move to { $to }
impossible-none-reaches = no piece of { $color ->
        [white] White
       *[black] Black
    } can move to { $to }
impossible-none-of = no { $pieces } of { $color ->
        [white] White
       *[black] Black
    } can move to { $to }

# The operator's `show GAME` view.
show-result = Result: { $result } ({ $reason }, { $date })
show-claim = { $interrupts ->
        [yes] Suspended since
       *[no] Play goes on; claim pending since
    } { $since }: overstep claim against { $side }, { $used }/{ $allowance } days, control move { $control }{ $held ->
        [yes] ; a move is held
       *[no] {""}
    }
