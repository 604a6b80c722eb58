# The director's answers and the timer's mails: see src/letters/officials.rs

## the rule set and spans of time

official-rules = { $section ->
        [postal] RAZSh Section II (postal)
        [iccf] ICCF (e-mail)
       *[email] RAZSh Section III (e-mail)
    }: { $clock }; penalty { $penalty } { $penalty ->
        [one] day
       *[other] days
    }
official-clock-moves = { $days } { $days ->
        [one] day
       *[other] days
    } per { $moves } { $moves ->
        [one] move
       *[other] moves
    }, cumulative
official-clock-fischer = a Fischer clock, { $base } { $base ->
        [one] day
       *[other] days
    } at the start, { $inc } { $inc ->
        [one] day
       *[other] days
    } more after each move, never more than { $max } on the clock
official-clock-countdown = { $days } { $days ->
        [one] day
       *[other] days
    } for the whole game
official-clock-doubled = ; the days of one move beyond { $days } count double
official-span = { $unit ->
        [months] { $n } { $n ->
            [one] month
           *[other] months
        }
       *[days] { $n } { $n ->
            [one] day
           *[other] days
        }
    }
official-side = { $color ->
        [white] White
       *[black] Black
    }
official-side-lower = { $color ->
        [white] white
       *[black] black
    }
official-clock-of = { $name } ({ $side }):

## the opening mail

official-opening-subject = the game begins
official-opening-begins = Game { $game } of { $tournament } begins on { $date }.
official-opening-colours = White: { $white }. Black: { $black }.
official-opening-position = The game starts from this position, not the usual one (FEN { $fen }):
official-opening-rules = Rules: { $rules }
official-opening-notation = Notation: ICCF numeric, English or Russian algebraic — any is read
official-opening-write = Write your moves to this address, numbered, keeping the game tag in the subject. { $color ->
        [white] White starts
       *[black] Black starts
    }, for example:
official-opening-example = { $move } <your move>
official-opening-sample = (the move e2-e4, say, is written { $sample })
official-opening-later = Every later mail repeats at least the partner's last move, then gives yours: "12... <partner's move> 13. <your move>". Commands on a line of their own: RESIGN; (=) with a move offers a draw; ACCEPT DRAW; CLAIM DRAW; LEAVE 2026-07-01 2026-07-10; LEAVE END; STATUS; HELP.

## the reminder (III.5.1, II.5.1) and White's first move asked for

official-warning-subject = few days left
official-warning-body = Only { $left } { $left ->
        [one] day is
       *[other] days are
    } left { $control ->
        [0] for the whole game
       *[other] before your move { $control }
    }: your move must be sent by { $last }, else an overstep is claimed the next day ({ $claim }). Leaves already granted are counted in that day; a leave within your yearly leave days, announced in advance to your partners and the director, also stops your clock ({ $leave }).
official-reminder-subject = reminder
official-reminder-waiting = no answer has come for { $waiting } { $waiting ->
        [one] day
       *[other] days
    } to { $last }, received on { $received }.
official-reminder-first = no answer has come for { $waiting } { $waiting ->
        [one] day
       *[other] days
    } since the game began on { $start }: { $color ->
        [white] White's
       *[black] Black's
    } first move is awaited.
official-reminder-repeated = { $director ->
        [yes] The move is repeated here with all its information; a copy goes to the director ({ $article }).
       *[no] The move is repeated here with all its information ({ $article }).
    }
official-reminder-asked = { $director ->
        [yes] This mail asks for it; a copy goes to the director ({ $article }).
       *[no] This mail asks for it ({ $article }).
    }
official-reminder-again = If you sent an answer, please send it again.
official-reminder-breakdown = If no answer has come after { $days } { $days ->
        [one] day
       *[other] days
    }, the director is told that the correspondence broke down ({ $article }).

## the notices to the director

official-breakdown-subject = no answer to the repeat
official-breakdown-body = No answer in game { $game } for { $waiting } { $waiting ->
        [one] day
       *[other] days
    } (as of { $today }): { $name } ({ $side }) { $first ->
        [yes] has not made the first move since the game began on { $received }, nor answered the reminder sent after
       *[no] has not answered the move received on { $received }, nor its repeat sent after
    } { $reminder } { $reminder ->
        [one] day
       *[other] days
    }. The correspondence has broken down ({ $article }).
official-inactivity-subject = no move for { $limit }
official-inactivity-body = No move in game { $game } for { $waiting } { $waiting ->
        [one] day
       *[other] days
    } (as of { $today }; the limit is { $limit }): { $name } ({ $side }) { $first ->
        [yes] has not made the first move since the game began on { $received }
       *[no] has not answered the move received on { $received }
    }. The player who has not informed the director may be scored a loss ({ $article }).
official-inactivity-leaves = The days counted leave out the leave { $leaves }: { $days } calendar days have passed since { $first ->
        [yes] the game began
       *[no] the move was received
    }.
official-leave-begins-subject = your partner's leave begins
official-leave-begins = The leave of { $name } begins today, { $from }, and lasts until { $to } inclusive: those days are not counted in that player's time; your own clock runs as usual ({ $article }).
official-leave-ended-subject = your partner's leave has ended
official-leave-ended = The leave of { $name } ended on { $to }: that player's clock runs again from today ({ $article }).
official-answers-intro = Director, you may answer this mail, keeping the tag [{ $game }] in the subject, with a command on a line of its own:
official-answers-intro-digest = Director, you may answer about this game in a reply to the digest: write its tag [{ $game }] on a line of its own, then a command on a line of its own (one game per reply):
official-answers-claim = CONFIRM or REJECT   decide the pending overstep claim ({ $article })
official-answers-result = RESULT 1-0, RESULT 0-1 or RESULT 1/2-1/2   adjudicate the game ({ $article })
official-answers-leave = LEAVE { $player } { $from } { $to }   a leave for { $name }, also after the fact ({ $article })
official-answers-penalty = PENALTY { $color } <days>   penalty days for { $name }

## the director's decisions told to the players

official-penalty-subject = penalty
official-penalty-body = The director gives { $name } ({ $side }) { $days } penalty { $days ->
        [one] day
       *[other] days
    }.
official-penalty-body-yours = The director gives you { $days } penalty { $days ->
        [one] day
       *[other] days
    }.
official-fixed-subject = first overstep
official-fixed-body = The director confirms the first time overstep: { $name } ({ $side }). The count of their time starts from zero after their move { $number } ({ $reset }); a second overstep loses the game ({ $loss }). { $interrupted ->
        [yes] The game resumes.
       *[no] The claim did not interrupt the game, which goes on; a claim of a second overstep would interrupt it ({ $suspension }).
    }
official-fixed-body-yours = The director confirms your first time overstep. The count of your time starts from zero after your move { $number } ({ $reset }); a second overstep loses the game ({ $loss }). { $interrupted ->
        [yes] The game resumes.
       *[no] The claim did not interrupt the game, which goes on; a claim of a second overstep would interrupt it ({ $suspension }).
    }
official-rejected-subject = claim rejected
official-rejected-body = The director rejects the overstep claim against { $name } ({ $side }); { $interrupted ->
        [yes] the game resumes, and no new claim is made against this player before move { $control } ({ $bar }).
       *[no] the claim did not interrupt the game ({ $suspension }), which goes on, and no new claim is made against this player before move { $control } ({ $bar }).
    }
official-rejected-body-yours = The director rejects the overstep claim against you; { $interrupted ->
        [yes] the game resumes, and no new claim is made against you before move { $control } ({ $bar }).
       *[no] the claim did not interrupt the game ({ $suspension }), which goes on, and no new claim is made against you before move { $control } ({ $bar }).
    }
official-leave-subject = leave
official-leave-body = { $name } is on leave from { $from } to { $to } inclusive (granted by the director, { $article }). These days are not counted in their thinking time; the partners' clocks run normally ({ $days }).

## the director's answers

official-report-subject = Progress report
official-report-title = Progress report as of { $date }
standings-title = { $name } ({ $id }): standings as of { $date }
standings-player = Player
standings-points = Points
standings-games = Games
standings-tie-break-short = { $tie_break ->
        [wins] Wins
       *[other] SB
    }
standings-tie-break = Tie-break: { $tie_break ->
        [wins] the number of games won.
        [none] none; equal points share the place.
       *[other] Sonneborn-Berger (SB), the points of the opponents beaten plus half the points of those drawn.
    }
standings-legend = 1 win, ½ draw, 0 loss, * not finished. { $finished } of { $games } { $games ->
        [one] game
       *[other] games
    } finished, { $registered } { $registered ->
        [one] result
       *[other] results
    } registered ({ $article }): a result is registered when the game's end is recorded and its PGN went to the director.
standings-withdrawn = withdrawn
standings-games-title = Games and clocks:
standings-registered = result registered on { $date }
official-help-subject = Director commands
official-help-body =
    Director commands, each on a line of its own, any case, trailing punctuation allowed; the game is named by its tag in the subject ({ $example }):
      CONFIRM (ПОДТВЕРЖДАЮ)                 confirm the pending overstep claim
      REJECT (ОТКЛОНЯЮ)                     reject it: the game resumes, a held move is forwarded
      RESULT 1-0|0-1|1/2-1/2 (РЕЗУЛЬТАТ)    adjudicate the game
      PENALTY white|black N (ШТРАФ белым|черным N)   penalty days in the game
      LEAVE <player> <from> <to> (ПЕРЕРЫВ)  an exceptional or retroactive leave
      WITHDRAW <player> lost|cancel|adjudicate (ВЫБЫТИЕ)  a withdrawal: his running games lost, cancelled or adjudicated (III.8.1)
      STATUS (СТАТУС)                       every game of your tournaments
      PGN                                   the game of the subject as PGN
      ARCHIVE (АРХИВ)                       every mail of the game of the subject, as one mbox file (III.1.4)
      HELP (ПОМОЩЬ)                         this text
official-refused-subject = { $partly ->
        [yes] Some commands were not carried out
       *[no] Director command not carried out
    }
official-archive-subject = the game's mails (III.1.4)
official-archive-body = Attached: every mail in and out of game { $game }, in the order they came and went, as an mbox file (open it with a mail client, or `mutt -f`).
official-command = { $command ->
        [archive] ARCHIVE
        [result] RESULT
        [penalty] PENALTY
       *[pgn] PGN
    }
official-problem-no-command = No director command found. Commands, each on a line of its own: CONFIRM, REJECT, RESULT 1-0|0-1|1/2-1/2, PENALTY white|black N, LEAVE <player> <from> <to>, WITHDRAW <player> lost|cancel|adjudicate, ARCHIVE, STATUS, PGN, HELP.
official-problem-no-game = { $command }: name the game by its tag in the subject.
official-problem-which-claim = CONFIRM/REJECT: name the game by its tag in the subject (no or more than one overstep claim is pending).
official-problem-no-claim = { $game }: no overstep claim is pending.
official-problem-over = { $game }: the game is already over.
official-problem-penalty = { $game }: PENALTY { $days }: penalty days are 1 to { $max }.
official-problem-leave-backwards = LEAVE { $player }: the leave ends before it starts.
official-problem-no-player = LEAVE: no player "{ $player }" in your tournaments.
official-problem-withdraw-no-player = WITHDRAW: no player "{ $player }" in your tournaments.
official-problem-withdraw-nothing = WITHDRAW: { $player } has no running game; nothing was changed.
official-penalty-color = { $color ->
        [white] white
       *[black] black
    }

## the daemon's own reports to the director

official-bounced-subject = Undelivered mail
official-bounced-intro = A mail the arbiter sent was not delivered: the mail server returned it.
official-bounced-to = Not delivered to: { $who }
official-bounced-game = Game: { $game }
official-bounced-sent = Sent: { $sent }
official-bounced-why = Why:
official-bounced-missed = { $who } has therefore not received this mail:
official-bounced-kept = The returned mail is kept in the mailbox (key { $key }, from { $from }). A bounce can be forged by anyone who saw the mail: check with the player.
official-mail-key = Mailbox key: { $key }
official-mail-from = From: { $from }
official-mail-id = Message-ID: { $id }
official-mail-subject = Subject: { $subject }
official-no-access-subject = III.1.6: no mail access for { $days ->
        [one] { $days } day
       *[other] { $days } days
    }
official-no-access-body = Our mails to { $address } ({ $players }) have been returned undelivered since { $since }, and no mail has come from that address since: { $days ->
        [one] { $days } day has passed
       *[other] { $days } days have passed
    }. Under III.1.6 a player who cannot restore his mail access within { $days ->
        [one] { $days } day
       *[other] { $days } days
    } is considered withdrawn. Decide his running games with WITHDRAW { $player } lost, WITHDRAW { $player } cancel or WITHDRAW { $player } adjudicate (III.8.1).
official-not-refereed-subject = A mail could not be refereed
official-not-refereed-body = A mail could not be refereed and was kept aside in the mailbox; nothing of it was recorded.
official-not-refereed-reason = Reason: { $reason }

## Protests against an overstep claim (III.6.4)
official-protest-subject = protest against the overstep claim
official-protest-body = { $name } ({ $side }) protests against the time overstep claim in game { $game } (received { $today }; protests are taken until { $until }, { $article }). The reasons, as written:
official-protest-no-reasons = (no reasons were written)
official-protest-decide = Director, decide the claim now, knowing the protest: reply with CONFIRM or REJECT on a line of its own, keeping [{ $game }] in the subject. A CONFIRM takes effect at once.
official-protest-answer-subject = your protest
official-protest-answer-copy-subject = protest of { $player }
official-protest-passed-on = Your protest against the overstep claim has been passed on to the director with your reasons ({ $article }). { $interrupted ->
        [yes] The game waits for his decision.
       *[no] Play goes on while he decides.
    }
official-protest-late = Your protest comes too late: protests against this claim were taken until { $until } ({ $article }).
official-protest-no-claim = No overstep claim against you is pending in this game: there is nothing to protest against.
official-table-claim-subject = tablebase claim to decide
official-table-claim-body = { $name } ({ $side }) claims { $claim ->
        [win] a win
       *[draw] a draw
    } in game { $game } on { $today }, { $moved ->
        [yes] on the position after the move { $move }
       *[no] on the position on the board, where he is to move
    }. The endgame tables do not decide it here: { $why }.
official-table-claim-why = { $why ->
        [claims-off] this tournament's rules have no tablebase claims, so the claim is yours to decide
        [no-table] the arbiter has no table for this material ({ $pieces } pieces)
        [castling] castling rights remain, and the tables hold no position with them
        [failed] a table could not be read ({ $error }); the operator should look at the tables
       *[ambiguous] the 50-move rule applies, and the tables' rounded distance cannot tell whether the win comes in time
    }
official-table-claim-position = The position claimed on (FEN { $fen }):
official-table-claim-decide = Director, decide the claim: to uphold it, reply with RESULT 1-0, RESULT 0-1 or RESULT 1/2-1/2 on a line of its own, keeping [{ $game }] in the subject; the game then ends with that result, and both players get it with the PGN. To refuse it, write to the players: the game goes on meanwhile, and nothing waits for your answer.
official-confirm-held-subject = CONFIRM held for the protest days
official-confirm-held-body = Your CONFIRM of the overstep claim in game { $game } is held: { $name } may protest until { $until } ({ $article }). Unless a protest comes, it takes effect on { $effect }, and both players are told then. If a protest comes, you receive it with its reasons and decide again: CONFIRM then takes effect at once.
official-claim-protest = { $name } may protest against this claim until { $until } inclusive ({ $article }); a protest reaches you as a mail of its own, with the reasons. Your CONFIRM takes effect only after that day, or at once after a protest has come.
official-claim-protest-yours = You may protest against this claim until { $until } inclusive ({ $article }): reply to this mail with PROTEST on a line of its own and your reasons below it; they go to the director. Without a protest, no confirmation takes effect before that day has passed.
official-claim-protest-partner = { $name } may protest against this claim until { $until } inclusive ({ $article }), by replying PROTEST with the reasons; the director decides after that day, or on the protest.
