# The director's daily digest: see src/letters/digest.rs

digest-subject = [{ $id }] daily digest { $date }
digest-intro = Daily digest of { $tournament } ({ $id }) for { $date }.
digest-no-game = No game needs attention today.
digest-games = { $n ->
        [one] One game needs attention
       *[other] { $n } games need attention
    }, the shortest time first:
digest-game = [{ $game }] { $white } - { $black }: White { $white_left } { $white_left ->
        [one] day
       *[other] days
    } left { $white_control ->
        [0] for the game
       *[other] to move { $white_control }
    }, Black { $black_left } { $black_left ->
        [one] day
       *[other] days
    } left { $black_control ->
        [0] for the game
       *[other] to move { $black_control }
    }; { $to_move ->
            [white] White
           *[black] Black
        } to move{ $claim ->
        [yes] ; an overstep claim is pending
       *[no] {""}
    }.
digest-kept-aside = { $n ->
        [one] { $n } mail from an unknown sender (neither a player nor a director here) was kept aside unanswered since the last digest; it stays in the mailbox.
       *[other] { $n } mails from unknown senders (neither players nor directors here) were kept aside unanswered since the last digest; they stay in the mailbox.
    }
digest-copies = { $n ->
        [0] No copy was held since the last digest.
        [one] The copy held since the last digest:
       *[other] The { $n } copies held since the last digest, oldest first:
    }
