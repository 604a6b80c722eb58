# Стандартная форма, доска, график, время: см. src/letters/forms.rs

clock = Ваше время: использовано { $used } { $used ->
        [one] день
        [few] дня
       *[many] дней
    } из { $allowance } до { $control }-го хода; осталось { $left } { $left ->
        [one] день
        [few] дня
       *[many] дней
    }.
clock-send-by = Отправьте ход не позднее { $date }, если не берете перерыв.
clock-warning = Внимание: до { $control }-го хода осталось всего { $left } { $left ->
        [one] день
        [few] дня
       *[many] дней
    }.
