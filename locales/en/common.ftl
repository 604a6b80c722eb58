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
