# Стандартная форма, доска, график, время: см. src/letters/forms.rs

clock = Ваше время: { $used ->
        [one] использован { $used } день
        [few] использовано { $used } дня
       *[many] использовано { $used } дней
    } из { $allowance } { $control ->
        [0] на всю партию
       *[other] до { $control }-го хода
    }; { $left ->
        [one] остался { $left } день
        [few] осталось { $left } дня
       *[many] осталось { $left } дней
    }.
clock-send-by = Отправьте ход не позднее { $date }, если не берете перерыв.
clock-send-by-final = Отправьте ход не позднее { $date }: дней перерыва в этом году у вас не осталось.
clock-over = Ваше время: { $used ->
        [one] использован { $used } день
        [few] использовано { $used } дня
       *[many] использовано { $used } дней
    } из { $allowance } { $control ->
        [0] на всю партию
       *[other] до { $control }-го хода
    }: просрочка на { $over } { $over ->
        [one] день
        [few] дня
       *[many] дней
    }.
clock-send-by-leave = Отправьте ход не позднее { $date }: ваш перерыв ({ $leave }) учтен.
clock-tournament-end = { $earlier ->
        [yes] Турнир заканчивается раньше, { $end }
       *[no] Турнир заканчивается в тот же день, { $end }
    }: не оконченная к этой дате партия передается на присуждение ({ $article }).
clock-barred = Заявление о просрочке времени против вас отклонено: новое заявление невозможно до вашего { $control }-го хода.
clock-warning = Внимание: { $control ->
        [0] на всю партию
       *[other] до { $control }-го хода
    } { $left ->
        [one] остался всего { $left } день
        [few] осталось всего { $left } дня
       *[many] осталось всего { $left } дней
    }.

## Время обоих участников для судьи (в третьем лице): см. forms::clocks_of_both.
clocks-of-title = Время участников на { $date }:
clock-of = { $name } ({ $side ->
        [white] белые
       *[black] черные
    }): { $used ->
        [one] использован { $used } день
        [few] использовано { $used } дня
       *[many] использовано { $used } дней
    } из { $allowance } { $control ->
        [0] на всю партию
       *[other] до { $control }-го хода
    }; { $left ->
        [one] остался { $left } день
        [few] осталось { $left } дня
       *[many] осталось { $left } дней
    }.
clock-of-over = { $name } ({ $side ->
        [white] белые
       *[black] черные
    }): { $used ->
        [one] использован { $used } день
        [few] использовано { $used } дня
       *[many] использовано { $used } дней
    } из { $allowance } { $control ->
        [0] на всю партию
       *[other] до { $control }-го хода
    }: просрочка на { $over } { $over ->
        [one] день
        [few] дня
       *[many] дней
    }.
clock-of-send-by = очередь хода: последний день отправки { $date }.
clock-of-send-by-final = очередь хода: последний день отправки { $date } (дней перерыва в этом году не осталось).
clock-of-send-by-leave = очередь хода: последний день отправки { $date }, с учетом перерыва { $leave }.
clock-of-barred = очередь хода: заявление против этого участника отклонено, новое невозможно до { $control }-го хода.

## Стандартная форма (прил. 3): заголовок и столбцы.
form-tournament = Турнир
form-start = Дата старта
form-white = Белые
form-black = Черные
form-game = Партия
form-received = Пол.
form-sent = Отв.
form-time = Время
form-number = N
form-total = Общее время (дни + штрафные дни): белые { $white }, черные { $black }
form-forfeit = В общее время { $side ->
        [white] белых
       *[black] черных
    } входит время на ожидавшийся ход по { $date }, подсчитанное подтвержденным заявлением о просрочке: { $days } { $days ->
        [one] день
        [few] дня
       *[many] дней
    }.
form-leaves = Перерывы белых: { $white }; перерывы черных: { $black } (эти дни не учитываются).
form-variant = Ходы принятых вариантов, сделанные без затраты дней ({ $article }): { $moves }.
form-conditional = Ходы, сыгранные арбитром из скрытых условных ходов, сделанные без затраты дней: { $moves }.

## Доска: буква каждой белой фигуры (у черных строчная) и пояснение.
piece-king = Кр
piece-queen = Ф
piece-rook = Л
piece-bishop = С
piece-knight = К
piece-pawn = П
castling-short = 0-0
castling-long = 0-0-0
board-legend = (Кр король, Ф ферзь, Л ладья, С слон, К конь, П пешка; заглавные — белые, строчные — черные)
board-to-move = Ход { $color ->
        [white] белых
       *[black] черных
    }
board-last-move = Последний ход: { $squares }

## График прохождения ходов (прил. 1).
schedule-title = График прохождения ходов, партия { $game } ({ $tournament })
schedule-move = ход
schedule-received = получил
schedule-sent = отправил
schedule-days = на ход
schedule-total = сумм.
schedule-remarks = прим.
schedule-remark-penalty = { $color } штраф +{ $days } ({ $date })
schedule-remark-leave = { $color } перерыв { $from }-{ $to }
schedule-remark-reset = { $color }: после этого хода дни считаются заново (первая просрочка времени, { $article }); до него всего { $total }
schedule-penalty = Штраф, { $color }: +{ $days } { $days ->
        [one] день
        [few] дня
       *[many] дней
    } ({ $date }): { $reason }
schedule-result = Результат: { $result } ({ $reason })

## Почему начислены штрафные дни.
penalty-reason = { $reason ->
        [illegible] неразборчивый ход
        [impossible] невозможный ход
        [ambiguous] неоднозначный ход
        [wrong-repetition] неверное повторение хода партнера
        [missing-repetition] нет повторения хода партнера
        [no-move] нет нового хода
       *[director] решение судьи
    }

## Почему партия закончена.
end-reason = { $reason ->
        [checkmate] мат
        [stalemate] пат
        [insufficient-material] недостаточно материала
        [resignation] сдача
        [draw-agreed] ничья по соглашению
        [threefold] троекратное повторение позиции, по заявлению
        [fifty-moves] правило 50 ходов, по заявлению
        [fivefold] пятикратное повторение позиции
        [seventy-five-moves] правило 75 ходов
        [time-forfeit] просрочка времени, подтвержденная судьей
        [claims-agreed] совпавшие оценки обоих участников по окончании турнира (III.9.5)
        [withdrawal] выбытие участника из турнира, партия засчитана проигранной решением судьи (III.8.1)
        [cancelled] выбытие участника из турнира, партия аннулирована решением судьи и никому не засчитывается (III.8.1)
        [tablebase] требование, подтвержденное эндшпильными таблицами
       *[adjudication] решение судьи
    }

## Почему записанный ход невозможен.
piece-name = { $role ->
        [pawn] пешка
        [knight] конь
        [bishop] слон
        [rook] ладья
        [queen] ферзь
       *[king] король
    }
word-or = или
impossible-castling = { $side ->
        [short] короткая рокировка (0-0)
       *[long] длинная рокировка (0-0-0)
    } сейчас невозможна
impossible-no-piece = на поле { $square } нет фигуры
impossible-not-yours = фигура на поле { $square } — { $color ->
        [white] белых
       *[black] черных
    }
impossible-other-piece = на поле { $square } стоит { $piece }
impossible-cannot-move = { $piece } с поля { $from } не может пойти на { $to }
impossible-none-reaches = ни одна фигура { $color ->
        [white] белых
       *[black] черных
    } не может пойти на { $to }
impossible-none-of = { $pieces } { $color ->
        [white] белых
       *[black] черных
    } не может пойти на { $to }

# Вид `show GAME` для оператора.
show-result = Результат: { $result } ({ $reason }, { $date })
show-claim = { $interrupts ->
        [yes] Прервана с
       *[no] Игра продолжается; заявление ждет решения с
    } { $since }: заявление о просрочке: { $side }, { $used }/{ $allowance } дн., контрольный ход { $control }{ $held ->
        [yes] ; ход сохранен
       *[no] {""}
    }
