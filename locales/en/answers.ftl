# Answers to a player's mail and requests, the leave notices, the notes for
# the mover: see src/letters/answers.rs

## Subjects

answer-refused-subject = move not accepted
answer-no-move-subject = no move in your mail
answer-already-subject = move already received
answer-not-your-turn-subject = not your turn
answer-over-subject = the game is over
answer-suspended-subject = game suspended
answer-kept-subject = move kept, game suspended
answer-no-draw-offer-subject = no draw offer
answer-draw-claim-refused-subject = draw claim refused
answer-table-claim-refused-subject = claim refused
answer-table-claim-director-subject = claim sent to the director
answer-pgn-subject = PGN
answer-not-your-game-subject = not your game
answer-which-game-subject = Which game?
answer-director-only-subject = command refused
answer-stranger-subject = Not a move
answer-status-subject = Progress report
answer-leave-refused-subject = leave refused
answer-no-leave-subject = no leave
answer-leave-subject = leave
answer-leave-ended-subject = leave ended
answer-xfcc-subject = Xfcc: playing from a chess program

## A move mail not accepted

answer-refused = your mail of { $date } was not accepted as a move.
answer-you-wrote = You wrote: { $moves }
answer-reason = Reason: { $reason }.
answer-penalty = Penalty: { $penalty } { $penalty ->
        [one] day
       *[other] days
    } ({ $article }): it is counted in your clock below, and in the total of your recorded moves (now { $total } { $total ->
        [one] day
       *[other] days
    }).
answer-send-again = Please send your move again, repeating the partner's last move, like this:
answer-correct-record = The correct record:
answer-fault-repetition = you wrote "{ $wrote }" where the record has { $record } ({ $article })
answer-fault-not-repeated = your mail does not repeat the partner's last move { $record } ({ $article })
answer-fault-no-move-email = the mail has no new move; a message without a reply move counts as an illegible move ({ $article }). Write the move numbered, for example "13. 3234" or "13... Nf6"
answer-fault-no-move-postal = the mail has no new move; a message without a reply move counts as an impossible move ({ $article }). Write the move numbered, for example "13. 3234" or "13... Nf6"
answer-fault-illegible = "{ $written }" cannot be read as a move in any notation (an illegible move, { $article })
answer-fault-illegible-numeric = "{ $written }" cannot be read as a move: in ICCF numeric notation each square is written as two digits from 1 to 8 (an illegible move, { $article })
answer-fault-impossible = "{ $written }" is an impossible move ({ $article }): { $reason }
answer-fault-two-moves = two different new moves are written "{ $written }" ({ $article })
answer-fault-ambiguous = "{ $written }" is ambiguous: it may be { $candidates } ({ $article })
answer-fault-variant-repetition = you wrote "{ $wrote }" where the variant you accept has { $expected }: accepted moves are repeated as offered, in the same order ({ $article }; the variant binds its proposer, { $binds })
answer-fault-variant-no-reply = you accepted { $accepted } from your partner's variant but added no reply move; accepting a variant without a reply move counts as an illegible move ({ $article })
answer-or = {" "}or{" "}

## A mail without a move

answer-no-move = your mail of { $date } holds no numbered move, so it was not read as a move: nothing was recorded and no penalty is charged.
answer-understood = Understood: { $commands }.
answer-understood-draw-offer = a draw offer (=): it is made together with a move, so it was not recorded
answer-misplaced-subject = Moves were found in the subject only: the arbiter reads moves in the body of the mail. Write them there.
answer-misplaced-quote = Your new move was found only inside the quoted text (lines starting with ">" or below the previous message), which the arbiter does not read as yours. Write it in your own text, above the quote.
answer-misplaced-attachment = Moves were found only in an attachment: the arbiter reads moves in the body of the mail. Write them there.
answer-not-read = Not read as a move or a command:
answer-game-now = The game now:
answer-last-moves = Last moves: { $white }; { $black }.
answer-last-move = { $color } { $move }, forwarded to the partner on { $date }
answer-last-move-none = { $color } none yet
answer-your-move = It is your move. Write it numbered, after your partner's last move, like this:
answer-partner-to-move = Your partner is to move.
answer-write-help = Write HELP on a line of its own for how to write moves and commands.

## Nothing recorded

answer-already =
    Your move { $ply } was already received on { $date } and forwarded to your partner; your partner is to move.
    This mail was not read as a new move: nothing was recorded and no penalty is charged.
answer-not-your-turn =
    It is not your turn: your opponent is to move.
    The last move is { $ply }.
answer-over = Game { $game } is over: { $result } ({ $reason }).
answer-suspended = Game { $game } is suspended: a time overstep claim waits for the director's decision ({ $article }). Nothing is forwarded until then.
answer-kept = Your move { $move } is kept: it is forwarded if the director rejects the claim, and dropped if he confirms it.
answer-unreadable = Your move could not be read against the record, so it is not kept; no penalty while the game is suspended.
answer-note-for-director = Player's note for the director, relayed as written ({ $name }):
answer-no-draw-offer = There is no draw offer of your opponent standing, so there is nothing to accept. A draw offer stands from the move it was made with until the reply move.
answer-draw-claim-refused = Your draw claim is refused: the position has not occurred three times and fifty moves have not passed ({ $position }). A claim for the position your move makes comes with that move: write the move and CLAIM DRAW.
answer-table-claim-refused = Your claim of { $claim ->
        [win] a win
       *[draw] a draw
    } is refused: the endgame tables give { $tables ->
        [win] you a win
        [draw] a draw
       *[loss] your opponent a win
    } { $moved ->
        [yes] in the position after your move
       *[no] in this position
    }{ $cursed ->
        [yes] { $fifty ->
            [yes] {" "}(the win takes longer than the 50-move rule allows, and the 50-move rule applies in this tournament)
           *[no] {" "}(the win takes longer than the 50-move rule would allow, but in this tournament it still wins)
        }
       *[no] {""}
    }. A refused claim costs nothing; { $moved ->
        [yes] your move stands and has gone to your opponent.
       *[no] the game goes on, and you are to move.
    }
answer-table-claim-pieces = Your claim of { $claim ->
        [win] a win
       *[draw] a draw
    } is refused: { $moved ->
        [yes] after your move the position has
       *[no] the position has
    } { $pieces } pieces, and no endgame table reaches more than { $limit }. A refused claim costs nothing; { $moved ->
        [yes] your move stands and has gone to your opponent.
       *[no] the game goes on, and you are to move.
    }
answer-table-claim-director = The endgame tables do not decide your claim of { $claim ->
        [win] a win
       *[draw] a draw
    } { $moved ->
        [yes] on the position after your move
       *[no] here
    }, so it has gone to the director, who decides it. Until he does, the game goes on{ $moved ->
        [yes] : your move stands and has gone to your opponent.
       *[no] , and you are to move.
    }
answer-table-claim-turn = Your claim of { $claim ->
        [win] a win
       *[draw] a draw
    } is refused: a claim is made by the player to move, on the position on the board, or with his move on the position after it. Your opponent is to move now; your claim costs nothing.
answer-draw-position = the position occurred { $repetitions } { $repetitions ->
        [one] time
       *[other] times
    }, { $moves } { $moves ->
        [one] move
       *[other] moves
    } without a capture or a pawn move
answer-not-your-game = You do not play in game { $game }.
answer-no-such-game = There is no game { $game }.
answer-your-games = Your games:
answer-which-game = Your mail does not say which game it is about. Please answer with the game tag in the subject, one of:
answer-director-only = Only the tournament director may give this command ({ $command }).
answer-stranger = This address is not registered as a player of any tournament refereed here, so your mail was not read as a move.

## The progress report

answer-status = Progress report as of { $date }
answer-status-end = The tournament { $tournament } ends on { $end }: a game not finished by then goes to adjudication ({ $article }).
answer-progress = [{ $game }] { $white } - { $black }: { $moves } { $moves ->
        [one] move
       *[other] moves
    }, { $state }; { $white_clock }; { $black_clock }
answer-progress-finished = finished { $result }
answer-progress-suspended = suspended (overstep claim)
answer-progress-to-move = { $color ->
        [white] White
       *[black] Black
    } to move
answer-progress-claim-pending = { $color ->
        [white] White
       *[black] Black
    } to move (overstep claim pending, play goes on)
answer-progress-clock-over = { $color } { $used } { $used ->
        [one] day
       *[other] days
    } / { $over } over{ $control ->
        [0] {""}
       *[other] {" "}at move { $control }
    }
answer-progress-clock = { $color } { $used } { $used ->
        [one] day
       *[other] days
    } / { $left } left { $control ->
        [0] for the game
       *[other] to move { $control }
    }
answer-progress-total = { $color } { $total } { $total ->
        [one] day
       *[other] days
    } in all

## Leaves

answer-leave-refused = Your leave is refused: { $reason }.
answer-no-leave = You have no leave in progress or announced.
answer-refusal-not-in-advance = a leave must be announced before it starts; it starts on { $from } and was asked for on { $asked } ({ $article })
answer-refusal-over = a leave announced after it began counts from the day of the notice, and this one ended on { $to } before the notice of { $asked } ({ $article })
answer-refusal-backwards = it ends before it starts
answer-refusal-too-long = you have taken { $taken } { $taken ->
        [one] leave day
       *[other] leave days
    } in { $year }, and { $asked } more would pass the { $limit } a year allows ({ $article })
answer-refusal-longer-than-one = one leave may last { $limit } { $limit ->
        [one] day
       *[other] days
    } at most under this tournament's rules, and this one lasts { $asked }
answer-refusal-overlaps = it overlaps your leave { $from } - { $to }
answer-leave = { $name } is on leave from { $from } to { $to } inclusive. These days are not counted in their thinking time; the partners' clocks run normally ({ $article }).
answer-leave-by-director = { $name } is on leave from { $from } to { $to } inclusive (granted by the director, { $exceptional }). These days are not counted in their thinking time; the partners' clocks run normally ({ $article }).
answer-leave-ahead = { $name } will be on leave from { $from } to { $to } inclusive. These days will not be counted in their thinking time; the partners' clocks run normally ({ $article }).
answer-leave-ahead-by-director = { $name } will be on leave from { $from } to { $to } inclusive (granted by the director, { $exceptional }). These days will not be counted in their thinking time; the partners' clocks run normally ({ $article }).
answer-leave-concerns = { $count ->
        [1] The leave concerns game { $games }.
       *[other] The leave concerns games { $games }.
    }
answer-leave-ended = { $name } has ended the leave ({ $article }).
answer-leave-yours = Your leave from { $from } to { $to } inclusive is recorded: these days are not counted in your thinking time; your partners' clocks run normally ({ $article }). Your partners and the director are told.
answer-leave-ended-yours = Your leave has ended ({ $article }): your clock runs again. Your partners and the director are told.
answer-leave-games = Your running games it covers: { $games }.
answer-leave-balance = Leave days left for { $year }: { $left } of { $limit } ({ $article }).
answer-leave-late = The leave was asked from { $asked } but announced on { $announced }, after it began: it counts from the day of the notice, { $announced } ({ $article }).

## Notes for the mover, in the forward of his move

answer-note-dated = your mail is dated { $claimed }, it arrived on { $arrived }; the day of arrival counts ({ $article }).
answer-note-variant-refused = your variant was not accepted and not forwarded ({ $article }): { $why }. Your move itself stands.
answer-note-variant-any = "any move" is not allowed in a variant ({ $article })
answer-note-variant-order = its moves must follow your move one by one, starting with your partner's reply, and "{ $written }" does not
answer-note-variant-trailing = your variant ends with a move of your partner, { $written }: that move was left out, since a variant ends with a move of yours ({ $article }).
answer-note-stated-sending = { $ply }: date of sending { $said } in your mail, { $record } the day your mail arrived, which counts ({ $article }).
answer-note-stated-received = { $ply }: received { $said } in your mail, { $record } in the record, which counts ({ $article }).
answer-note-stated-sent = { $ply }: sent { $said } in your mail, { $record } in the record, which counts ({ $article }).
answer-note-stated-time = { $ply }: time { $said } in your mail, { $record } in the record, which counts ({ $article }).
answer-note-draw-claim = your draw claim is refused: neither threefold repetition nor 50 moves ({ $position }).
answer-note-question = your mail asks a question, which the arbiter cannot answer: it reads moves and commands only. Please ask the director, { $director }.{ $deadline ->
        [yes] {" "}For your deadline, write STATUS on a line of its own: the answer gives the clock and the last day to send of each of your games.
       *[no] {""}
    }

## Hidden conditional moves (issue 12 item 5), to their owner alone.
answer-conditional-subject = your conditional moves
answer-conditional-stored = Your conditional moves are stored, hidden from your opponent:
answer-conditional-replaced = Your new conditional moves replace the earlier ones and are stored, hidden from your opponent:
answer-conditional-how = When your opponent's move is the first move of the series, the arbiter plays your answer at once (it takes no days) and forwards it, and so on while his moves match; a different move drops the rest, and you are told. To cancel them, write CONDITIONAL CANCEL on a line of its own; a new CONDITIONAL replaces them.
answer-conditional-trailing = The series ended with a move of your opponent, { $written }: it was left out, since the series ends with a move of yours.
answer-conditional-refused = Your conditional moves were not stored: { $why }. Nothing else changes, and there is no penalty.
answer-conditional-order = they must follow the record one by one, starting with your opponent's next move, and "{ $written }" does not
answer-conditional-empty = after the line CONDITIONAL there is no pair of moves (your opponent's move and your answer)
answer-conditional-own-move = it is your turn, and they go with your move (after it, on the lines after CONDITIONAL)
answer-conditional-suspended = the game is suspended until the director decides; send them again after his decision
answer-conditional-cancelled = Your conditional moves are cancelled: none is stored now.
answer-conditional-none = You have no conditional moves stored: there was nothing to cancel.
answer-conditional-not-used = Conditional moves are not used in this tournament: the lines after CONDITIONAL were not read and nothing of them was stored. There is no penalty; a move in your mail is dealt with as usual.
answer-conditional-played = From your conditional moves the arbiter played for you: { $moves }. They took no days, and your opponent received them as your moves, played from your conditional moves.
answer-conditional-stands = Still stored, for your opponent's next moves:
answer-conditional-done = That was the last move of your conditional moves: none is stored now.
answer-conditional-dropped = Your opponent played { $played } instead of { $expected }: the rest of your conditional moves was dropped, and it is your turn.
answer-conditional-draw-offer = Your opponent offered a draw with his move: your conditional moves were dropped, so that you answer the offer yourself.
answer-conditional-over = The game ended: your conditional moves were dropped.

## Xfcc: playing from a chess program

answer-xfcc-account = here is your account for playing from a chess program (Xfcc: Scid, Lucas Chess, ChessBase, Aquarium).
    
    Server address (URL): { $url }
    User name: { $username }
    Password, on the next line:
    { $password }
    
    This password replaces any earlier one. Keep it to yourself: whoever has it can move in your games. For a new one, write XFCC again.
    
    Scid 4.7 (the menus of its English interface):
    1. Play > Correspondence Chess > Configure...; under "Xfcc Configuration:" leave "Use internal Xfcc support" ticked and press "Configure...": in the dialog that opens overwrite the "ServerName" entry: Server Name: a name without "-" (Scid splits its game numbers at "-" and would send nothing), Login Name: your user name, Password: the password, Xfcc-URL: the URL above; OK, and OK again in the configuration window.
    2. Play > Correspondence Chess > Open Database... (Ctrl+F12): Scid retrieves games only into an open database of type "Correspondence" (else it says "No Database of type 'Correspondence' is opened").
    3. Play > Correspondence Chess > Retrieve Games.
    Scid garbles letters other than Latin ones (Cyrillic, for example) in the notes it sends: write your notes in Latin letters, or by mail.
    Lucas Chess: the URL with ?wsdl at its end: { $url }?wsdl
    
    A move from the program is decided as a mail with that move: the same clock, the same rules, dated the day it arrives. A move the board does not allow is refused by the program's answer and costs nothing; send it again corrected. Your official mails keep coming by mail. To stop receiving your partners' moves by mail, write XFCC FORWARDS OFF (XFCC FORWARDS ON brings them back).
answer-xfcc-off = this arbiter offers no Xfcc (playing from a chess program): please send your moves by mail.
answer-xfcc-forwards-off = while you have an Xfcc account (write XFCC for one), your partners' moves no longer reach you by mail: read them in your chess program. Your official mails (results, claims, reminders, answers) still come by mail. Write XFCC FORWARDS ON to have the moves by mail again.
answer-xfcc-forwards-on = your partners' moves reach you by mail again (and in your chess program, if you use one).

## A move from a chess program whose note arrived garbled
answer-xfcc-garbled-subject = your note arrived garbled
answer-xfcc-garbled = your move sent from your chess program is recorded, but the note you sent with it arrived garbled: your program did not send it as readable text, so it was not passed on to your opponent. Scid sends letters other than Latin ones (Cyrillic, for example) wrongly. Please write notes in your chess program in Latin letters only, or send your note to your opponent by mail.
