# GameNotice: see src/letters/game.rs

## Пересылка принятого хода.
game-forward-plays = Ваш партнер { $mover } ({ $color }) сделал ход:
game-forward-played = { $mover } ({ $color }) сделал ход:
game-forward-yours = Ваш ход, пересланный участнику { $opponent }:
game-forward-conditional = Этот ход сыграл арбитр из условных ходов игрока { $mover }: предыдущий ход совпал с ними. Он не отнял дней.
game-forward-draw-offer-yours = Вы предлагаете ничью (=) этим ходом.
game-forward-note-yours = Ваше примечание, пересланное участнику { $opponent } без изменений:
game-forward-received = Отправлен и получен { $date }.
game-forward-held = Отправлен { $sent }; задержан, пока партия была прервана, переслан и получен { $forwarded } ({ $article }).
game-forward-counts = Время на обдумывание вашего ответа отсчитывается от этого дня.
game-forward-counts-for = Время на обдумывание ответа ({ $opponent }) отсчитывается от этого дня.
game-forward-ends = Этим ходом партия закончена: { $result } ({ $reason }); отвечать на него не нужно. Результат придет отдельным письмом вместе с записью партии в PGN.
game-forward-draw-offer = Партнер предлагает ничью (=). Чтобы принять, напишите отдельной строкой ПРИНИМАЮ НИЧЬЮ; чтобы отклонить, просто сделайте ход.
game-forward-draw-offered = { $mover } предлагает ничью (=).
game-forward-note = Примечание партнера, пересланное без изменений ({ $mover }):
game-forward-note-relayed = Примечание участника { $mover }, пересланное участнику { $opponent } без изменений:
game-forward-answer = Ответьте на этот адрес, повторив как минимум этот ход и добавив свой, например:
game-forward-your-move = <ваш ход>
game-forward-notes = Замечания отправителю ({ $mover }):
game-clock-of = { $name } ({ $color }):

## Предложенный вариант (III.3.7) и ответ на него.
game-variant-offered = Вместе с этим ходом { $mover } предлагает вариант ({ $article }): если вы ответите, как в нем написано, ходы будут такими:
game-variant-offered-yours = Ваш вариант, пересланный вместе с ходом ({ $article }):
game-variant-offered-by = Вместе с этим ходом { $mover } предлагает вариант ({ $article }):
game-variant-how = Чтобы принять его целиком или частично, повторите ход выше и принятые ходы варианта в том же порядке, кончая ходом партнера, и добавьте свой ответный ход ({ $repeat }); принятые ходы не отнимают дней ({ $time }). Например, чтобы принять первые два хода:
game-variant-rules = Чтобы отклонить вариант, просто пришлите свой ход. Ход варианта, повторенный иначе, — неправильный повтор (штраф, { $penalty }); принятые ходы без ответного хода считаются неразборчивым ходом ({ $noreply }).
game-variant-whose-yours = ваш вариант
game-variant-whose = вариант { $proposer }
game-variant-accepted-full = Принят целиком { $whose } ({ $article }): { $moves }. Эти ходы не отняли дней ({ $time }).
game-variant-accepted-part = Принят частично { $whose } ({ $article }): { $moves }; остальное отпало. Принятые ходы не отняли дней ({ $time }).
game-variant-declined = Не принят { $whose } ({ $article }): ответ сразу отличается от него, и вариант отпал.

## Результат.
game-result-subject = результат { $result }
game-result = Партия { $game } ({ $white } - { $black }) закончена { $date }: { $result } ({ $reason }).
game-result-resigned = Сдача партии: { $name } ({ $side }).
game-result-resigned-yours = Вы сдали партию.
game-result-on-time = Участнику { $name } ({ $side }) засчитано поражение за просрочку времени ({ $article }).
game-result-on-time-yours = Вам засчитано поражение за просрочку времени ({ $article }).

## Заявление о просрочке.
game-claim-subject = заявление о просрочке времени
game-claim-facts = Заявление о просрочке времени в партии { $game } ({ $article }): { $you ->
        [yes] у вас
       *[no] у участника { $name } ({ $color })
    } { $used ->
        [one] израсходован { $used } день
        [few] израсходовано { $used } дня
       *[many] израсходовано { $used } дней
    } при норме { $allowance } { $control ->
        [0] на всю партию
       *[other] до { $control }-го хода
    } ({ $recorded } { $recorded ->
        [one] день
        [few] дня
       *[many] дней
    } по записи и { $thinking } { $thinking ->
        [one] день
        [few] дня
       *[many] дней
    } на ожидаемый ход, по { $date } включительно).
game-claim-suspended = Партия прервана до решения судьи ({ $article }); ход, присланный до тех пор, сохраняется и не пересылается.
game-claim-goes-on = Это первая просрочка: партия не прерывается и продолжается до решения судьи; прерывает игру только заявление о второй просрочке ({ $article }).
game-claim-confirm-loss = ответьте ПОДТВЕРЖДАЮ (CONFIRM), чтобы засчитать поражение ({ $loss })
game-claim-confirm-reset = ответьте ПОДТВЕРЖДАЮ (CONFIRM), чтобы зафиксировать первую просрочку (отсчет времени участника тогда начнется с нуля после { $number }-го хода, { $reset }; вторая просрочка означает поражение, { $loss })
game-claim-reject-resume = или ОТКЛОНЯЮ (REJECT), чтобы продолжить партию.
game-claim-reject = или ОТКЛОНЯЮ (REJECT), чтобы отклонить заявление.
game-claim-director = Судья: { $confirm }, { $reject }
game-claim-how = Чтобы ответить, напишите в ответ на это письмо отдельной строкой ПОДТВЕРЖДАЮ (CONFIRM) или ОТКЛОНЯЮ (REJECT), сохранив [{ $game }] в теме письма.
game-claim-players = Решение принимает судья: если он подтвердит заявление, { $loss ->
        [yes] партия будет засчитана проигранной по времени ({ $article })
       *[no] первая просрочка будет зафиксирована, и отсчет времени начнется с нуля после { $number }-го хода ({ $article })
    }; если отклонит, партия продолжится.

## Решения судьи, обоим участникам.
