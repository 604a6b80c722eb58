# Words shared by many mails.

days = { $n ->
    [one] { $n } day
   *[other] { $n } days
}
moves = { $n ->
    [one] { $n } move
   *[other] { $n } moves
}
white = White
black = Black

## The greeting that opens a mail: the readers' names in natural order.
greeting = Dear { $names },
names-and = and

## The director's own mails: his title, and his copy of a mail to the players.
director-title = Director of { $tournament }
director-addressed = Director of { $tournament }
copy-intro = Copy for the director ({ $why ->
        [short] a player of the game has { $days } or fewer days left on the clock: every mail of the game goes to the director too, { $article }
        [reminder] no answer for { $days } days: the repeated move goes to the director too, { $article }
        [protest] the answer to { $player }'s protest against the overstep claim: a protest goes to the director, { $article }
       *[record] for the director's record of the game
    }). The mail below went to { $names }:
