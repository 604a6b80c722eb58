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
copy-intro = { $why ->
        [short] A copy for you: a player of the game has { $days } or fewer days left on the clock, and then every mail of the game goes to the director too ({ $article }).
        [reminder] A copy for you: no answer has come for { $days } { $days ->
            [one] day
           *[other] days
        }, and the repeated move goes to the director too ({ $article }).
        [protest] A copy for you: the answer to { $player }'s protest against the overstep claim, since a protest goes to the director ({ $article }).
       *[record] A copy for your record of the game.
    } The mail below went to { $names }:
