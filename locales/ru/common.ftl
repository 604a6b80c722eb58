# Слова, общие для многих писем.

days = { $n ->
    [one] { $n } день
    [few] { $n } дня
   *[many] { $n } дней
}
moves = { $n ->
    [one] { $n } ход
    [few] { $n } хода
   *[many] { $n } ходов
}
white = белые
black = черные
