# The standard form, the board, the schedule, the clock: see src/letters/forms.rs

clock = Your clock: { $used } { $used ->
        [one] day
       *[other] days
    } used of { $allowance } allowed up to move { $control }; { $left } { $left ->
        [one] day
       *[other] days
    } left.
clock-send-by = Send your move by { $date } at the latest, unless you take a leave.
clock-warning = Warning: only { $left } { $left ->
        [one] day
       *[other] days
    } left before move { $control }.
