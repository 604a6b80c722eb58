# Ответы судье и письма таймера: см. src/letters/officials.rs

## регламент и сроки

official-rules = { $section ->
        [postal] РАЗШ, раздел II (почтовая игра)
        [iccf] ИКЧФ (игра по электронной почте)
       *[email] РАЗШ, раздел III (игра по электронной почте)
    }: { $clock }; штраф { $penalty } { $penalty ->
        [one] день
        [few] дня
       *[many] дней
    }
official-clock-moves = { $days } { $days ->
        [one] день
        [few] дня
       *[many] дней
    } на { $moves } { $moves ->
        [one] ход
        [few] хода
       *[many] ходов
    }, с накоплением
official-clock-fischer = часы Фишера, { $base } { $base ->
        [one] день
        [few] дня
       *[many] дней
    } в начале, { $inc } { $inc ->
        [one] день
        [few] дня
       *[many] дней
    } добавляется после каждого хода, на часах не больше { $max }
official-clock-countdown = { $days } { $days ->
        [one] день
        [few] дня
       *[many] дней
    } на всю партию
official-clock-doubled = ; дни одного хода сверх { $days } считаются вдвойне
official-span = { $unit ->
        [months] { $n } { $n ->
            [one] месяц
            [few] месяца
           *[many] месяцев
        }
       *[days] { $n } { $n ->
            [one] день
            [few] дня
           *[many] дней
        }
    }
official-side = { $color ->
        [white] белые
       *[black] черные
    }
official-side-lower = { $color ->
        [white] белые
       *[black] черные
    }
official-clock-of = { $name } ({ $side }):

## письмо о начале партии

official-opening-subject = партия начинается
official-opening-begins = Партия { $game } турнира «{ $tournament }» начинается { $date }.
official-opening-colours = Белые: { $white }. Черные: { $black }.
official-opening-position = Партия начинается не с исходной позиции, а с этой (FEN { $fen }):
official-opening-rules = Регламент: { $rules }
official-opening-notation = Нотация: цифровая ИКЧФ, английская или русская алгебраическая — читается любая
official-opening-write = Присылайте ходы на этот адрес с номерами, сохраняя метку партии в теме письма. Начинают { $color ->
        [white] белые
       *[black] черные
    }, например:
official-opening-example = { $move } <ваш ход>
official-opening-sample = (ход e2-e4, например, записывается так: { $sample })
official-opening-later = Каждое следующее письмо повторяет как минимум последний ход партнера и добавляет ваш: «12... <ход партнера> 13. <ваш ход>». Команды отдельной строкой: СДАЮСЬ (RESIGN); (=) с ходом — предложение ничьей; ПРИНИМАЮ НИЧЬЮ (ACCEPT DRAW); ТРЕБУЮ НИЧЬЮ (CLAIM DRAW); ПЕРЕРЫВ 01.07.2026 10.07.2026 (LEAVE); КОНЕЦ ПЕРЕРЫВА (LEAVE END); СТАТУС (STATUS); ПОМОЩЬ (HELP).

## напоминание (III.5.1, II.5.1) и запрос первого хода белых

official-warning-subject = осталось мало дней
official-warning-body = { $control ->
        [0] На всю партию
       *[other] До вашего { $control }-го хода
    } { $left ->
        [one] остался всего { $left } день
        [few] осталось всего { $left } дня
       *[many] осталось всего { $left } дней
    }: ход нужно отправить не позднее { $last }, иначе на следующий день будет подано заявление о просрочке времени ({ $claim }). Уже предоставленные перерывы в этом сроке учтены; перерыв в пределах годовой нормы, объявленный заранее партнерам и судье, тоже останавливает ваше время ({ $leave }).
official-reminder-subject = напоминание
official-reminder-waiting = ответа на ход { $last }, полученный { $received }, нет уже { $waiting } { $waiting ->
        [one] день
        [few] дня
       *[many] дней
    }.
official-reminder-first = с начала партии { $start } { $waiting ->
        [one] прошел { $waiting } день
        [few] прошло { $waiting } дня
       *[many] прошло { $waiting } дней
    }, а первого хода { $color ->
        [white] белых
       *[black] черных
    } еще нет.
official-reminder-repeated = { $director ->
        [yes] Ход повторяется здесь со всеми сведениями; копия направлена судье ({ $article }).
       *[no] Ход повторяется здесь со всеми сведениями ({ $article }).
    }
official-reminder-asked = { $director ->
        [yes] Это письмо его запрашивает; копия направлена судье ({ $article }).
       *[no] Это письмо его запрашивает ({ $article }).
    }
official-reminder-again = Если вы уже отвечали, пришлите ответ еще раз.
official-reminder-breakdown = Если ответа не будет и через { $days } { $days ->
        [one] день
        [few] дня
       *[many] дней
    }, судье будет сообщено о срыве переписки ({ $article }).

## сообщения судье

official-breakdown-subject = нет ответа на повтор
official-breakdown-body = В партии { $game } нет ответа { $waiting } { $waiting ->
        [one] день
        [few] дня
       *[many] дней
    } (на { $today }): { $first ->
        [yes] участник { $name } ({ $side }) не сделал первого хода с начала партии { $received } и не ответил на напоминание, отправленное через
       *[no] от участника { $name } ({ $side }) нет ответа ни на ход, полученный { $received }, ни на его повтор, отправленный через
    } { $reminder } { $reminder ->
        [one] день
        [few] дня
       *[many] дней
    }. Переписка сорвана ({ $article }).
official-inactivity-subject = нет хода { $limit }
official-inactivity-body = В партии { $game } нет хода { $waiting } { $waiting ->
        [one] день
        [few] дня
       *[many] дней
    } (на { $today }; предел — { $limit }): { $first ->
        [yes] участник { $name } ({ $side }) не сделал первого хода с начала партии { $received }
       *[no] от участника { $name } ({ $side }) нет ответа на ход, полученный { $received }
    }. Участнику, не сообщившему судье о причине, может быть засчитано поражение ({ $article }).
official-inactivity-leaves = В счет дней не входит перерыв { $leaves }: { $first ->
        [yes] с начала партии
       *[no] со дня получения хода
    } прошло календарных дней: { $days }.
official-leave-begins-subject = у партнера начался перерыв
official-leave-begins = Перерыв участника { $name } начинается сегодня, { $from }, и длится по { $to } включительно: эти дни не входят в его время; ваше время идет как обычно ({ $article }).
official-leave-ended-subject = перерыв партнера закончился
official-leave-ended = Перерыв участника { $name } закончился { $to }: с сегодняшнего дня его время снова идет ({ $article }).
official-answers-intro = Судья может ответить на это письмо, сохранив метку [{ $game }] в теме, командой отдельной строкой:
official-answers-intro-digest = Судья может ответить по этой партии на сводку: метка [{ $game }] отдельной строкой, под ней — команда отдельной строкой (в одном ответе — одна партия):
official-answers-claim = ПОДТВЕРЖДАЮ (CONFIRM) или ОТКЛОНЯЮ (REJECT)   решение по заявлению о просрочке ({ $article })
official-answers-result = РЕЗУЛЬТАТ 1-0, РЕЗУЛЬТАТ 0-1 или РЕЗУЛЬТАТ 1/2-1/2 (RESULT)   присуждение результата ({ $article })
official-answers-leave = ПЕРЕРЫВ { $player } { $from } { $to } (LEAVE)   перерыв для участника { $name }, в том числе задним числом ({ $article })
official-answers-penalty = ШТРАФ { $color } <дней> (PENALTY)   штрафные дни участнику { $name }

## решения судьи для участников

official-penalty-subject = штраф
official-penalty-body = Судья назначил штрафные дни: { $name } ({ $side }) +{ $days } { $days ->
        [one] день
        [few] дня
       *[many] дней
    }.
official-penalty-body-yours = Судья назначил вам штрафные дни: +{ $days } { $days ->
        [one] день
        [few] дня
       *[many] дней
    }.
official-fixed-subject = первая просрочка
official-fixed-body = Судья фиксирует первую просрочку времени: { $name } ({ $side }). Отсчет времени для него начинается с нуля после его { $number }-го хода ({ $reset }); вторая просрочка означает поражение ({ $loss }). { $interrupted ->
        [yes] Партия возобновляется.
       *[no] Заявление не прерывало партию, она продолжается; заявление о второй просрочке прервет ее ({ $suspension }).
    }
official-fixed-body-yours = Судья фиксирует вашу первую просрочку времени. Отсчет вашего времени начинается с нуля после вашего { $number }-го хода ({ $reset }); вторая просрочка означает поражение ({ $loss }). { $interrupted ->
        [yes] Партия возобновляется.
       *[no] Заявление не прерывало партию, она продолжается; заявление о второй просрочке прервет ее ({ $suspension }).
    }
official-rejected-subject = заявление отклонено
official-rejected-body = Судья отклонил заявление о просрочке времени против участника { $name } ({ $side }); { $interrupted ->
        [yes] партия продолжается; новое заявление против этого участника не подается до { $control }-го хода ({ $bar }).
       *[no] заявление не прерывало партию ({ $suspension }), она продолжается; новое заявление против этого участника не подается до { $control }-го хода ({ $bar }).
    }
official-rejected-body-yours = Судья отклонил заявление о просрочке времени против вас; { $interrupted ->
        [yes] партия продолжается; новое заявление против вас не подается до { $control }-го хода ({ $bar }).
       *[no] заявление не прерывало партию ({ $suspension }), она продолжается; новое заявление против вас не подается до { $control }-го хода ({ $bar }).
    }
official-leave-subject = перерыв
official-leave-body = { $name } берет перерыв с { $from } по { $to } включительно (предоставлен судьей, { $article }). Эти дни не входят в его время на обдумывание; время партнеров идет как обычно ({ $days }).

## ответы судье

official-report-subject = Отчет о ходе игры
official-report-title = Отчет о ходе игры на { $date }
standings-title = { $name } ({ $id }): турнирная таблица на { $date }
standings-player = Участник
standings-points = Очки
standings-games = Партии
standings-tie-break-short = { $tie_break ->
        [wins] Победы
       *[other] Бергер
    }
standings-tie-break = Дополнительный показатель: { $tie_break ->
        [wins] число побед.
        [none] нет; при равенстве очков место делится.
       *[other] коэффициент Бергера — сумма очков побежденных соперников и половина очков соперников, с которыми сыграна ничья.
    }
standings-legend = 1 победа, ½ ничья, 0 поражение, * партия не окончена. Окончено партий: { $finished } из { $games }, зарегистрировано результатов: { $registered } ({ $article }): результат зарегистрирован, когда окончание партии записано и ее PGN отправлен судье.
standings-withdrawn = выбыл
standings-games-title = Партии и время:
standings-registered = результат зарегистрирован { $date }
official-help-subject = Команды судьи
official-help-body =
    Команды судьи, каждая отдельной строкой, в любом регистре, точка в конце не мешает; партия указывается меткой в теме письма ({ $example }):
      ПОДТВЕРЖДАЮ (CONFIRM)                 подтвердить заявление о просрочке
      ОТКЛОНЯЮ (REJECT)                     отклонить его: партия продолжается, задержанный ход пересылается
      РЕЗУЛЬТАТ 1-0|0-1|1/2-1/2 (RESULT)    присудить результат партии
      ШТРАФ белым|черным N (PENALTY white|black N)   штрафные дни в партии
      ПЕРЕРЫВ <участник> <с> <по> (LEAVE)   исключительный перерыв, в том числе задним числом
      ВЫБЫТИЕ <участник> проигрыш|отмена|присуждение (WITHDRAW)   выбытие: его неоконченные партии проиграны, аннулированы или на присуждение (III.8.1)
      СТАТУС (STATUS)                       все партии ваших турниров
      PGN                                   партия из темы письма в формате PGN
      АРХИВ (ARCHIVE)                       вся переписка по партии из темы письма одним файлом mbox (III.1.4)
      ПОМОЩЬ (HELP)                         этот текст
official-refused-subject = { $partly ->
        [yes] Не все команды выполнены
       *[no] Команда судьи не выполнена
    }
official-archive-subject = переписка по партии (III.1.4)
official-archive-body = Во вложении вся переписка по партии { $game } в порядке поступления и отправки, в формате mbox (откройте почтовой программой или `mutt -f`).
official-command = { $command ->
        [archive] АРХИВ (ARCHIVE)
        [result] РЕЗУЛЬТАТ (RESULT)
        [penalty] ШТРАФ (PENALTY)
       *[pgn] PGN
    }
official-problem-no-command = Команда судьи не найдена. Команды, каждая отдельной строкой: ПОДТВЕРЖДАЮ (CONFIRM), ОТКЛОНЯЮ (REJECT), РЕЗУЛЬТАТ 1-0|0-1|1/2-1/2 (RESULT), ШТРАФ белым|черным N (PENALTY), ПЕРЕРЫВ <участник> <с> <по> (LEAVE), ВЫБЫТИЕ <участник> проигрыш|отмена|присуждение (WITHDRAW), АРХИВ (ARCHIVE), СТАТУС (STATUS), PGN, ПОМОЩЬ (HELP).
official-problem-no-game = { $command }: укажите метку партии в теме письма.
official-problem-which-claim = ПОДТВЕРЖДАЮ/ОТКЛОНЯЮ (CONFIRM/REJECT): укажите метку партии в теме письма (заявлений о просрочке нет или их несколько).
official-problem-no-claim = { $game }: заявления о просрочке нет.
official-problem-over = { $game }: партия уже закончена.
official-problem-penalty = { $game }: ШТРАФ { $days }: штраф — от 1 до { $max } { $max ->
        [one] дня
       *[other] дней
    }.
official-problem-leave-backwards = ПЕРЕРЫВ { $player }: перерыв заканчивается раньше начала.
official-problem-no-player = ПЕРЕРЫВ: нет участника «{ $player }» в ваших турнирах.
official-problem-withdraw-no-player = ВЫБЫТИЕ (WITHDRAW): нет участника «{ $player }» в ваших турнирах.
official-problem-withdraw-nothing = ВЫБЫТИЕ (WITHDRAW): у участника { $player } нет неоконченных партий; ничего не изменено.
official-penalty-color = { $color ->
        [white] белым
       *[black] черным
    }

## собственные сообщения арбитра судье

official-bounced-subject = Письмо не доставлено
official-bounced-intro = Письмо арбитра не доставлено: почтовый сервер вернул его.
official-bounced-to = Не доставлено: { $who }
official-bounced-game = Партия: { $game }
official-bounced-sent = Отправлено: { $sent }
official-bounced-why = Причина:
official-bounced-missed = Поэтому это письмо не дошло до адресата { $who }:
official-bounced-kept = Возврат оставлен в почтовом ящике (ключ { $key }, от { $from }). Возврат может подделать любой, кто видел письмо: проверьте с игроком.
official-mail-key = Ключ в почтовом ящике: { $key }
official-mail-from = От: { $from }
official-mail-id = Message-ID: { $id }
official-mail-subject = Тема: { $subject }
official-no-access-subject = III.1.6: нет доступа к почте { $days } { $days ->
        [one] день
        [few] дня
       *[many] дней
    }
official-no-access-body = Наши письма на { $address } ({ $players }) возвращаются недоставленными с { $since }, и с этого адреса с тех пор не пришло ни одного письма: { $days ->
        [one] прошел { $days } день
        [few] прошло { $days } дня
       *[many] прошло { $days } дней
    }. По III.1.6 участник, не восстановивший доступ к электронной почте в течение этого срока, считается выбывшим. Решите его неоконченные партии командой ВЫБЫТИЕ { $player } проигрыш, ВЫБЫТИЕ { $player } отмена или ВЫБЫТИЕ { $player } присуждение (WITHDRAW, III.8.1).
official-not-refereed-subject = Письмо не обработано
official-not-refereed-body = Письмо не удалось обработать; оно оставлено в почтовом ящике, из него ничего не записано.
official-not-refereed-reason = Причина: { $reason }

## Protests against an overstep claim (III.6.4)
official-protest-subject = протест против заявления о просрочке времени
official-protest-body = { $name } ({ $side }) опротестовывает заявление о просрочке времени в партии { $game } (получено { $today }; протесты принимаются до { $until } включительно, { $article }). Доводы, как они написаны:
official-protest-no-reasons = (доводы не написаны)
official-protest-decide = Судья, решите заявление с учетом протеста: ответьте ПОДТВЕРЖДАЮ (CONFIRM) или ОТКЛОНЯЮ (REJECT) в отдельной строке, сохранив [{ $game }] в теме. Подтверждение вступит в силу сразу.
official-protest-answer-subject = ваш протест
official-protest-answer-copy-subject = протест участника { $player }
official-protest-passed-on = Ваш протест против заявления о просрочке времени вместе с доводами передан судье ({ $article }). { $interrupted ->
        [yes] Партия ждет его решения.
       *[no] Игра продолжается, пока судья решает.
    }
official-protest-late = Протест опоздал: протесты против этого заявления принимались до { $until } включительно ({ $article }).
official-protest-no-claim = В этой партии нет заявления о просрочке времени против вас: опротестовывать нечего.
official-table-claim-subject = требование по таблицам: решение за вами
official-table-claim-body = { $name } ({ $side }) требует { $claim ->
        [win] победы
       *[draw] ничьей
    } в партии { $game } ({ $today }) { $moved ->
        [yes] по позиции после хода { $move }
       *[no] по позиции на доске, имея ход
    }. Эндшпильные таблицы здесь не решают: { $why }.
official-table-claim-why = { $why ->
        [claims-off] правила этого турнира не предусматривают требований по таблицам, и решение за вами
        [no-table] у арбитра нет таблицы для этого соотношения материала ({ $pieces } фиг.)
        [castling] сохраняется право рокировки, а таких позиций в таблицах нет
        [failed] таблицу не удалось прочитать ({ $error }); оператору стоит проверить таблицы
       *[ambiguous] действует правило 50 ходов, а по округленному расстоянию в таблицах нельзя сказать, успевает ли выигрыш
    }
official-table-claim-position = Позиция, по которой заявлено требование (FEN { $fen }):
official-table-claim-decide = Решите, пожалуйста, это требование. Чтобы его удовлетворить, ответьте строкой РЕЗУЛЬТАТ 1-0, РЕЗУЛЬТАТ 0-1 или РЕЗУЛЬТАТ 1/2-1/2, сохранив [{ $game }] в теме; партия закончится с этим результатом, и оба игрока получат его вместе с PGN. Чтобы отклонить, напишите игрокам: партия тем временем продолжается, и ваш ответ ничего не задерживает.
official-confirm-held-subject = подтверждение ждет срока протеста
official-confirm-held-body = Ваше подтверждение заявления о просрочке времени в партии { $game } отложено: { $name } может подать протест до { $until } включительно ({ $article }). Если протеста не будет, оно вступит в силу { $effect }, и оба участника будут извещены. Если протест придет, вы получите его с доводами и решите снова: тогда подтверждение вступит в силу сразу.
official-claim-protest = { $name } может опротестовать это заявление до { $until } включительно ({ $article }); протест придет вам отдельным письмом с доводами. Ваше подтверждение (CONFIRM) вступает в силу только после этого дня или сразу после протеста.
official-claim-protest-yours = Вы можете опротестовать это заявление до { $until } включительно ({ $article }): ответьте на это письмо словом ПРОТЕСТ в отдельной строке и напишите доводы ниже, они будут переданы судье. Без протеста подтверждение заявления не вступит в силу раньше, чем пройдет этот день.
official-claim-protest-partner = { $name } может опротестовать это заявление до { $until } включительно ({ $article }), ответив словом ПРОТЕСТ с доводами; судья решает после этого дня или по протесту.
