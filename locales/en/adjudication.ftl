# The mails of an adjudication (III.9.4-9.10): see src/letters/adjudication.rs

adj-claim-word = { $claim ->
        [win] a win
        [loss] a loss
       *[draw] a draw
    }
adj-opened-subject = adjudication (III.9.4)
adj-opened-body = { $reason ->
        [withdrawal] The director has had this game adjudicated (III.8.1).
       *[end] The tournament ended on { $end } and this game is unfinished: it goes to adjudication (III.9.4).
    } The clocks stopped on { $end }.

    By { $until } (14 days) { $who ->
        [both] each of you sends
       *[other] send
    } the director, by a mail to this address with the game's tag in the subject:
    - the record of the game and the final position (both below);
    - your claimed result with its analysis: a line CLAIM WIN, CLAIM DRAW or CLAIM LOSS, then your analysis.

    { $who ->
        [mover] You are to move: send your move as usual, to this address. It is recorded and counts as made (III.9.4.4); it goes to the director, not to your opponent. After it no more moves are accepted.
        [partner] { $name } ({ $side }) is to move and sends his move as usual, to this address: it is recorded and counts as made (III.9.4.4). It goes to the director, not to you. After it no more moves are accepted.
       *[both] { $name } ({ $side }) is to move and sends his move as usual, to this address: it is recorded and counts as made (III.9.4.4). It goes to the director, not to the opponent. After it no more moves are accepted.
    }

    If both claims agree (a win against a loss, a draw against a draw), the game ends with that result without adjudication (III.9.5). A player who sends no claim in time loses the right to appeal (III.9.7). The director gives the result by answering RESULT 1-0, RESULT 0-1 or RESULT 1/2-1/2 in this game's thread.
adj-move-subject = the move in adjudication (III.9.4.4)
adj-move-body = { $name } sent { $move } in the game in adjudication. It is recorded and counts as made (III.9.4.4); it was not sent to the opponent. No more moves are accepted in this game.
adj-move-body-yours = You sent { $move } in the game in adjudication. It is recorded and counts as made (III.9.4.4); it was not sent to the opponent. No more moves are accepted in this game.
adj-nomove-subject = the game is in adjudication
adj-nomove-body = This game is in adjudication since { $on } (III.9.4): { $made ->
        [yes] the move of the player to move has been recorded, and
       *[no] only the player to move may send one move, and
    } no other move is accepted. Your mail was not read as a move; no penalty is given. Send your claimed result with its analysis: a line CLAIM WIN, CLAIM DRAW or CLAIM LOSS, then your analysis.
adj-claimed-subject = { $name } claims { $word }
adj-claimed-subject-yours = you claim { $word }
adj-claimed-body = { $name } ({ $side }) claims { $word } in the game in adjudication (III.9.4.3): the result { $result }. The claim is recorded.
adj-claimed-body-yours = You claim { $word } in the game in adjudication (III.9.4.3): the result { $result }. Your claim is recorded.
adj-claimed-analysis = The analysis sent:
adj-claimed-waiting = The other player's claim is awaited.
adj-claimed-agree = Both claims agree: the game ends with the result { $result } without adjudication (III.9.5). The result with the game's record follows in a separate mail.
adj-claimed-differ = Both claims are in and differ: the director adjudicates the game (III.9.6) by answering RESULT 1-0, RESULT 0-1 or RESULT 1/2-1/2 in this game's thread.
adj-overdue-subject = the materials for adjudication are late
adj-overdue-body = The 14 days for the materials of the adjudication passed on { $until } (III.9.4). No claim came from: { $names }. { $count ->
        [one] That player loses
       *[other] Those players lose
    } the right to appeal (III.9.7). The director adjudicates the game by answering RESULT 1-0, RESULT 0-1 or RESULT 1/2-1/2 in this game's thread.
adj-adjudicated-subject = adjudicated { $result }
adj-adjudicated-body = The director adjudicated the game: { $result } (III.9.8). The last move made: { $last }.

    An appeal may be sent within 14 days, by { $until }: a mail to this address with a line APPEAL and, if needed, further analysis (III.9.9); it goes to the director and the opponent. A player who sent no claim in time has no right to appeal (III.9.7). After { $until } without an appeal the result is final.
adj-last-none = none
adj-appeal-subject = appeal by { $name }
adj-appeal-subject-yours = your appeal
adj-appeal-body = { $name } appeals against the adjudicated result { $result } (III.9.9). Another arbiter adjudicates the game again, and his decision is final (III.9.10); the director enters it by answering RESULT 1-0, RESULT 0-1 or RESULT 1/2-1/2 in this game's thread.
adj-appeal-body-yours = You appeal against the adjudicated result { $result } (III.9.9). Another arbiter adjudicates the game again, and his decision is final (III.9.10); the director enters it by answering RESULT 1-0, RESULT 0-1 or RESULT 1/2-1/2 in this game's thread.
adj-appeal-refused-subject = the appeal is not taken
adj-appeal-refused-body = { $why ->
        [late] The 14 days for an appeal passed on { $until } (III.9.9): the appeal is not taken.
        [no-materials] You sent no claimed result for the adjudication in time, so you have no right to appeal (III.9.7).
       *[not-open] There is no adjudicated result in this game to appeal against.
    }
adj-final-subject = the result { $result } is final
adj-final-body = { $appealed ->
        [yes] Another arbiter adjudicated the game again: the result { $result } is final (III.9.10) and registered.
       *[no] No appeal came within 14 days: the adjudicated result { $result } is final (III.9.9) and registered.
    }
adj-standings-appeal = adjudicated, open to appeal until { $date }
adj-opened-tables = The endgame tables reach this position. With { $color ->
        [white] White
       *[black] Black
    } to move they give { $outcome ->
        [win] { $color ->
            [white] White
           *[black] Black
        } a win
        [draw] a draw
       *[loss] { $color ->
            [white] Black
           *[black] White
        } a win
    }{ $zeroing ->
        [0] {""}
       *[other] {""}, the next capture, pawn move or mate coming in { $zeroing } half-moves with best play
    }{ $cursed ->
        [yes] {" "}(longer than the 50-move rule allows)
       *[no] {""}
    }. The director can adjudicate by them; the analysis is not needed for this game.
