# Ответы на письма и просьбы участника, извещения о перерыве, замечания
# отправителю хода: см. src/letters/answers.rs

## Темы писем

answer-refused-subject = ход не принят
answer-no-move-subject = в письме нет хода
answer-already-subject = ход уже получен
answer-not-your-turn-subject = не ваш ход
answer-over-subject = партия закончена
answer-suspended-subject = партия прервана
answer-kept-subject = ход сохранен, партия прервана
answer-no-draw-offer-subject = нет предложения ничьей
answer-draw-claim-refused-subject = заявление о ничьей отклонено
answer-pgn-subject = запись партии (PGN)
answer-not-your-game-subject = не ваша партия
answer-which-game-subject = Какая партия?
answer-director-only-subject = команда отклонена
answer-stranger-subject = Не ход
answer-status-subject = Отчет о ходе игры
answer-leave-refused-subject = перерыв не предоставлен
answer-no-leave-subject = нет перерыва
answer-leave-subject = перерыв
answer-leave-ended-subject = конец перерыва

## Письмо с ходом не принято

answer-refused = ваше письмо от { $date } не принято как ход.
answer-you-wrote = Вы написали: { $moves }
answer-reason = Причина: { $reason }.
answer-penalty = Штраф: { $penalty } { $penalty ->
        [one] день
        [few] дня
       *[many] дней
    } ({ $article }): он учтен в вашем времени ниже и в общем времени по записанным ходам (теперь { $total } { $total ->
        [one] день
        [few] дня
       *[many] дней
    }).
answer-send-again = Пожалуйста, пришлите ход снова, повторив последний ход партнера, вот так:
answer-correct-record = Правильная запись партии:
answer-fault-repetition = вы написали «{ $wrote }», а в записи партии { $record } ({ $article })
answer-fault-not-repeated = в письме не повторен последний ход партнера { $record } ({ $article })
answer-fault-no-move-email = в письме нет нового хода; сообщение без ответного хода считается неразборчивым ходом ({ $article }). Пишите ход с номером, например «13. 3234» или «13... Кf6»
answer-fault-no-move-postal = в письме нет нового хода; сообщение без ответного хода считается невозможным ходом ({ $article }). Пишите ход с номером, например «13. 3234» или «13... Кf6»
answer-fault-illegible = «{ $written }» не читается как ход ни в одной нотации (неразборчивый ход, { $article })
answer-fault-impossible = «{ $written }» — невозможный ход ({ $article }): { $reason }
answer-fault-two-moves = написаны два разных новых хода «{ $written }» ({ $article })
answer-fault-ambiguous = «{ $written }» — неоднозначный ход: это может быть { $candidates } ({ $article })
answer-fault-variant-repetition = вы написали «{ $wrote }», а в принимаемом варианте { $expected }: принятые ходы повторяются так, как предложены, в том же порядке ({ $article }; вариант обязывает предложившего, { $binds })
answer-fault-variant-no-reply = вы приняли из варианта партнёра { $accepted }, но не добавили ответного хода; принятие варианта без ответного хода считается неразборчивым ходом ({ $article })
answer-or = {" "}или{" "}

## Письмо без хода

answer-no-move = ваше письмо от { $date } не содержит ни одного хода с номером, поэтому не прочитано как ход: ничего не записано, штрафа нет.
answer-understood = Понято: { $commands }.
answer-understood-draw-offer = предложение ничьей (=): оно делается вместе с ходом, поэтому не записано
answer-misplaced-subject = Ходы найдены только в теме письма: судья читает ходы в тексте письма. Напишите их там.
answer-misplaced-quote = Ваш новый ход найден только в цитате (строки, начинающиеся с «>», или ниже предыдущего письма), а цитату судья не читает как ваш текст. Напишите ход своим текстом, над цитатой.
answer-misplaced-attachment = Ходы найдены только во вложении: судья читает ходы в тексте письма. Напишите их там.
answer-not-read = Не прочитано как ход или команда:
answer-game-now = Партия сейчас:
answer-last-moves = Последние ходы: { $white }; { $black }.
answer-last-move = { $color } { $move }, переслан партнеру { $date }
answer-last-move-none = { $color } пока нет
answer-your-move = Ваш ход. Напишите его с номером после последнего хода партнера, вот так:
answer-partner-to-move = Ход за партнером.
answer-write-help = Напишите отдельной строкой ПОМОЩЬ, чтобы узнать, как писать ходы и команды.

## Ничего не записано

answer-already =
    Ваш ход { $ply } уже получен { $date } и переслан партнеру; ход за партнером.
    Это письмо не прочитано как новый ход: ничего не записано, штрафа нет.
answer-not-your-turn =
    Сейчас не ваш ход: ход за партнером.
    Последний ход: { $ply }.
answer-over = Партия { $game } закончена: { $result } ({ $reason }).
answer-suspended = Партия { $game } прервана: заявление о просрочке времени ждет решения судьи ({ $article }). До тех пор ничего не пересылается.
answer-kept = Ваш ход сохранен: он будет переслан, если судья отклонит заявление, и отброшен, если подтвердит.
answer-unreadable = Ваш ход не удалось прочитать по записи партии, поэтому он не сохранен; пока партия прервана, штрафа нет.
answer-note-for-director = Примечание участника для судьи, пересланное без изменений ({ $name }):
answer-no-draw-offer = Предложения ничьей от партнера сейчас нет, принимать нечего. Предложение действует от хода, с которым оно сделано, до ответного хода.
answer-draw-claim-refused = Ваше заявление о ничьей отклонено: позиция не повторилась трижды и 50 ходов не прошло ({ $position }). Заявление о позиции, которая возникнет после вашего хода, подается вместе с ходом: напишите ход и ТРЕБУЮ НИЧЬЮ.
answer-draw-position = позиция возникла { $repetitions } { $repetitions ->
        [one] раз
        [few] раза
       *[many] раз
    }, { $moves } { $moves ->
        [one] ход
        [few] хода
       *[many] ходов
    } без взятий и ходов пешкой
answer-not-your-game = Вы не участвуете в партии { $game }.
answer-no-such-game = Нет партии { $game }.
answer-your-games = Ваши партии:
answer-which-game = Из письма непонятно, к какой партии оно относится. Пожалуйста, укажите в теме письма метку партии, одну из:
answer-director-only = Эту команду может давать только судья турнира ({ $command }).
answer-stranger = Этот адрес не зарегистрирован ни за одним участником турниров, которые здесь судятся; письмо не принято как ход.

## Отчет о ходе игры

answer-status = Отчет о ходе игры на { $date }
answer-progress = [{ $game }] { $white } - { $black }: { $moves } { $moves ->
        [one] ход
        [few] хода
       *[many] ходов
    }, { $state }; { $white_clock }; { $black_clock }
answer-progress-finished = окончена { $result }
answer-progress-suspended = прервана (заявление о просрочке)
answer-progress-to-move = ход: { $color }
answer-progress-claim-pending = ход: { $color } (заявление о просрочке ждет решения, игра продолжается)
answer-progress-clock-over = { $color } { $used } { $used ->
        [one] день
        [few] дня
       *[many] дней
    } / превышение на { $over } к { $control }-му ходу
answer-progress-clock = { $color } { $used } { $used ->
        [one] день
        [few] дня
       *[many] дней
    } / осталось { $left } до { $control }-го хода

## Перерывы

answer-leave-refused = Перерыв не предоставлен: { $reason }.
answer-no-leave = У вас нет текущего или объявленного перерыва.
answer-refusal-not-in-advance = перерыв объявляется заранее, до его начала; он начинается { $from }, а заявлен { $asked } ({ $article })
answer-refusal-over = перерыв, объявленный после начала, засчитывается со дня извещения, а этот закончился { $to }, до извещения от { $asked } ({ $article })
answer-refusal-backwards = он заканчивается раньше, чем начинается
answer-refusal-too-long = слишком много дней перерыва в { $year } году: уже { $taken } + запрошено { $asked } > { $limit } ({ $article })
answer-refusal-overlaps = он пересекается с вашим перерывом { $from } - { $to }
answer-leave = { $name } берет перерыв с { $from } по { $to } включительно. Эти дни не входят в его время на обдумывание; время партнеров идет как обычно ({ $article }).
answer-leave-by-director = { $name } берет перерыв с { $from } по { $to } включительно (предоставлен судьей, { $exceptional }). Эти дни не входят в его время на обдумывание; время партнеров идет как обычно ({ $article }).
answer-leave-ended = Перерыв участника { $name } закончен ({ $article }).
answer-leave-yours = Ваш перерыв с { $from } по { $to } включительно записан: эти дни не входят в ваше время на обдумывание; время партнеров идет как обычно ({ $article }). Партнеры и судья извещены.
answer-leave-ended-yours = Ваш перерыв закончен ({ $article }): ваше время снова идет. Партнеры и судья извещены.
answer-leave-games = Ваши неоконченные партии, на которые он распространяется: { $games }.
answer-leave-balance = Осталось дней перерыва на { $year } год: { $left } из { $limit } ({ $article }).
answer-leave-late = Перерыв заявлен с { $asked }, но извещение отправлено { $announced }, после его начала: он засчитывается со дня отправления извещения, { $announced } ({ $article }).

## Замечания отправителю хода, в пересылке его хода

answer-note-dated = ваше письмо датировано { $claimed }, оно пришло { $arrived }; учитывается день получения ({ $article }).
answer-note-variant-refused = ваш вариант не принят и не переслан ({ $article }): { $why }. Сам ход остаётся в силе.
answer-note-variant-any = «любой ход» в варианте не допускается ({ $article })
answer-note-variant-order = его ходы должны идти подряд после вашего хода, начиная с ответа партнёра, а «{ $written }» не следует за ними
answer-note-variant-trailing = ваш вариант кончается ходом партнёра { $written }: этот ход отброшен, так как вариант кончается вашим ходом ({ $article }).
answer-note-stated-sending = { $ply }: дата отправления { $said } в вашем письме, { $record } — день получения вашего письма, который и учитывается ({ $article }).
answer-note-stated-received = { $ply }: получен { $said } в вашем письме, { $record } по записи, которая и учитывается ({ $article }).
answer-note-stated-sent = { $ply }: отправлен { $said } в вашем письме, { $record } по записи, которая и учитывается ({ $article }).
answer-note-stated-time = { $ply }: время { $said } в вашем письме, { $record } по записи, которая и учитывается ({ $article }).
answer-note-draw-claim = ваше заявление о ничьей отклонено: нет ни троекратного повторения, ни 50 ходов ({ $position }).

## Скрытые условные ходы (issue 12 item 5), только их владельцу.
answer-conditional-subject = ваши условные ходы
answer-conditional-stored = Ваши условные ходы приняты и скрыты от партнёра:
answer-conditional-replaced = Ваши новые условные ходы заменили прежние и скрыты от партнёра:
answer-conditional-how = Если ход партнёра совпадёт с первым ходом серии, арбитр сразу сыграет за вас ответ (он не отнимает дней) и перешлёт его, и так далее, пока ходы партнёра совпадают; другой ход отменяет остаток серии, и вам об этом сообщат. Чтобы отменить их, напишите отдельной строкой УСЛОВНО ОТМЕНА; новое УСЛОВНО заменяет прежние.
answer-conditional-trailing = Серия кончалась ходом партнёра { $written }: он отброшен, так как серия кончается вашим ходом.
answer-conditional-refused = Ваши условные ходы не приняты: { $why }. Больше ничего не меняется, штрафа нет.
answer-conditional-order = они должны идти подряд по записи, начиная со следующего хода партнёра, а «{ $written }» не следует за ними
answer-conditional-empty = после строки УСЛОВНО нет пары ходов (ход партнёра и ваш ответ)
answer-conditional-own-move = сейчас ваш ход, а они посылаются вместе с вашим ходом (после него, на строках после УСЛОВНО)
answer-conditional-suspended = партия прервана до решения директора; пришлите их снова после его решения
answer-conditional-cancelled = Ваши условные ходы отменены: сейчас их нет.
answer-conditional-none = У вас нет условных ходов: отменять было нечего.
answer-conditional-not-used = Условные ходы в этом турнире не применяются: строки после УСЛОВНО не прочитаны, ничего из них не сохранено. Штрафа нет; ход в вашем письме рассмотрен как обычно.
answer-conditional-played = Из ваших условных ходов арбитр сыграл за вас: { $moves }. Они не отняли дней, партнёр получил их как ваши ходы, сыгранные из условных ходов.
answer-conditional-stands = Остаются в силе, на следующие ходы партнёра:
answer-conditional-done = Это был последний из ваших условных ходов: сейчас их нет.
answer-conditional-dropped = Партнёр сыграл { $played } вместо { $expected }: остаток ваших условных ходов отменён, ваш ход.
answer-conditional-draw-offer = Партнёр предложил ничью вместе со своим ходом: ваши условные ходы отменены, чтобы вы ответили на предложение сами.
answer-conditional-over = Партия окончена: ваши условные ходы отменены.
