# Страницы турнира в интернете (`[gateway] web_dir`): на языке судьи турнира.

web-all-tournaments = Все турниры
web-tournament = Турнир
web-id = Код
web-start = Начало
web-players = Участники
web-games = Партии
web-standings-as-of = Положение на { $date }.
web-player = Участник
web-points = Очки
web-played = Партий
web-sonneborn-berger = Бергер
web-wins = Победы
web-game = Партия
web-white = Белые
web-black = Черные
web-moves = Ходы
web-state = Состояние
web-white-clock = Время белых
web-black-clock = Время черных
web-clock-over = { $used } { $used ->
        [one] день
        [few] дня
       *[many] дней
    } / просрочка на { $over }{ $control ->
        [0] {""}
       *[other] {" "}к { $control }-му ходу
    }
web-clock-total = всего { $used } { $used ->
        [one] день
        [few] дня
       *[many] дней
    }
web-clock = { $used } { $used ->
        [one] день
        [few] дня
       *[many] дней
    } / { $control ->
        [0] на партию
       *[other] до { $control }-го хода
    } осталось { $left }
web-finished = окончена { $result } ({ $reason })
web-suspended = приостановлена
web-claim-pending = заявление ждет решения судьи
web-to-move = ход { $side ->
        [white] белых
       *[black] черных
    }
web-state-result = { $state }. Результат: { $result }.
web-clocks-as-of = Время на { $date }
web-side = Цвет
web-clock-head = Время
web-days-in-all = Всего дней
web-sent = Отправлен
web-days = Дней
web-draw-offered = предложена ничья
web-from-variant = из принятого варианта
web-conditional = условный
web-held = задержан, получен { $date }
web-penalties = Штрафы
web-penalty = { $side }: { $days } { $days ->
        [one] штрафной день
        [few] штрафных дня
       *[many] штрафных дней
    } { $date } ({ $reason })
web-download = Скачать { $file }
