# Ежедневная сводка для судьи: см. src/letters/digest.rs

digest-subject = [{ $id }] сводка за { $date }
digest-intro = Сводка турнира «{ $tournament }» ({ $id }) за { $date }.
digest-no-game = Сегодня ни одна партия не требует внимания.
digest-games = { $n ->
        [one] Требует внимания { $n } партия
        [few] Требуют внимания { $n } партии
       *[many] Требуют внимания { $n } партий
    }, сначала с наименьшим запасом времени:
digest-game = [{ $game }] { $white } - { $black }: у белых { $white_left } { $white_left ->
        [one] день
        [few] дня
       *[many] дней
    } { $white_control ->
        [0] на партию
       *[other] до { $white_control }-го хода
    }, у черных { $black_left } { $black_left ->
        [one] день
        [few] дня
       *[many] дней
    } { $black_control ->
        [0] на партию
       *[other] до { $black_control }-го хода
    }; ход { $to_move ->
            [white] белых
           *[black] черных
        }{ $claim ->
        [yes] ; ждет решения заявление о просрочке
       *[no] {""}
    }.
digest-copies = { $n ->
        [0] Копий с прошлой сводки нет.
        [one] Копия письма с прошлой сводки:
        [few] { $n } копии писем с прошлой сводки, от ранних к поздним:
       *[many] { $n } копий писем с прошлой сводки, от ранних к поздним:
    }
