# GameNotice: see src/letters/game.rs

## The forward of an accepted move.
game-forward-plays = Your opponent { $mover } ({ $color }) plays:
game-forward-played = { $mover } ({ $color }) plays:
game-forward-yours = Your move, forwarded to { $opponent }:
game-forward-conditional = This move was played by the arbiter from the conditional moves of { $mover }: the move before it matched them. It took no days.
game-forward-draw-offer-yours = You offer a draw (=) with this move.
game-forward-note-yours = Your note, relayed to { $opponent } as written:
game-forward-received = Sent and received on { $date }.
game-forward-held = Sent on { $sent }; held while the game was suspended, forwarded and received on { $forwarded } ({ $article }).
game-forward-counts = Your thinking time counts from this day.
game-forward-counts-for = The thinking time of { $opponent } counts from this day.
game-forward-ends = This move ends the game: { $result } ({ $reason }); no reply is due. The result follows in a separate mail, with the game in PGN.
game-forward-draw-offer = Your opponent offers a draw (=). To accept, write ACCEPT DRAW on a line of its own; to decline, simply send your move.
game-forward-draw-offered = { $mover } offers a draw (=).
game-forward-note = Your opponent's note, relayed as written ({ $mover }):
game-forward-note-relayed = The note of { $mover }, relayed to { $opponent } as written:
game-forward-tables = { $start ->
        [yes] The position has
       *[no] The position now has
    } { $pieces } pieces and is within the endgame tables. The player to move may claim a win or a draw, and the tables decide it at once: CLAIM WIN or CLAIM DRAW on a line of its own, alone (on the position on the board) or with his move (on the position after it). A wrong claim costs nothing.
game-forward-answer = Answer to this address with at least this move and yours, for example:
game-forward-your-move = <your move>
game-forward-notes = Notes for the sender ({ $mover }):
game-clock-of = { $name } ({ $color }):

## An offered variant (III.3.7) and the answer to one.
game-variant-offered = With this move { $mover } offers a variant ({ $article }): if you answer as written, these are the moves:
game-variant-offered-yours = Your variant, forwarded with the move ({ $article }):
game-variant-offered-by = With this move { $mover } offers a variant ({ $article }):
game-variant-how = To accept it in full or in part, repeat the move above and the accepted moves of the variant in the same order, ending with a move of your opponent, then add your reply ({ $repeat }); the accepted moves take no days ({ $time }). For example, to accept the first two moves:
game-variant-rules = To decline, simply send your move. A move of the variant repeated otherwise is a wrong repetition (penalty, { $penalty }); accepted moves without a reply move count as an illegible move ({ $noreply }).
game-variant-whose-yours = your variant
game-variant-whose = the variant of { $proposer }
game-variant-accepted-full = Accepted in full, { $whose } ({ $article }): { $moves }. These moves took no days ({ $time }).
game-variant-accepted-part = Accepted in part, { $whose } ({ $article }): { $moves }; the rest of it lapsed. The accepted moves took no days ({ $time }).
game-variant-declined = Not accepted, { $whose } ({ $article }): the reply differs from it at once, and the variant lapsed.

## The result.
game-result-subject = result { $result }
game-result = Game { $game } ({ $white } - { $black }) ended on { $date }: { $result } ({ $reason }).
game-result-resigned = { $name } ({ $side }) resigned.
game-result-resigned-yours = You resigned.
game-result-on-time = { $name } ({ $side }) lost on time: the overstep was confirmed ({ $article }).
game-result-on-time-yours = You lost on time: the overstep was confirmed ({ $article }).

## The overstep claim.
game-claim-subject = time overstep claim
game-claim-facts = Time overstep claim in game { $game } ({ $article }): { $you ->
        [yes] you have
       *[no] { $name } ({ $color }) has
    } used { $used } { $used ->
        [one] day
       *[other] days
    } against { $allowance } allowed { $control ->
        [0] for the whole game
       *[other] up to move { $control }
    } ({ $recorded } { $recorded ->
        [one] day
       *[other] days
    } recorded, { $thinking } { $thinking ->
        [one] day
       *[other] days
    } on the move now awaited, counted up to { $date }).
game-claim-suspended = The game is suspended until the director decides ({ $article }); a move sent meanwhile is kept, not forwarded.
game-claim-goes-on = This is a first overstep: the game is not interrupted and goes on while the director decides; only a claim of a second overstep interrupts it ({ $article }).
game-claim-confirm-loss = answer CONFIRM to score the loss ({ $loss })
game-claim-confirm-reset = answer CONFIRM to fix the first overstep (the count of the player's time then starts from zero after move { $number }, { $reset }; a second overstep loses, { $loss })
game-claim-reject-resume = or REJECT to resume the game.
game-claim-reject = or REJECT to reject the claim.
game-claim-director = Director: { $confirm }, { $reject }
game-claim-how = To answer, reply to this mail with CONFIRM or REJECT on a line of its own, keeping [{ $game }] in the subject.
game-claim-players = The director decides on the claim: if he confirms it, { $loss ->
        [yes] the game is lost on time ({ $article })
       *[no] the first overstep is fixed and the count starts from zero after move { $number } ({ $article })
    }; if he rejects it, the game goes on.

## The director's decisions, to both players.
