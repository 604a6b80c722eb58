# A player's requests that are not moves: HELP.

help-subject = how to write moves and commands
help-body =
    HOW TO WRITE A MOVE
    Repeat your partner's last move with its number, then write your move with its
    number, in your own text (above any quoted text), for example:
        12. 4244 4745          (ICCF numeric)
        12. d2-d4 d7-d5        (long algebraic)
        12. d4 d5  or  12... Nf6   (short; English letters, or your language's)
    A move written twice in two notations (12... 7866 / Ng8-f6) counts once.
    If you play several games, keep the game tag (for example [{ $tournament }/1]) in the subject.
    A move mail with a wrong repetition, or an illegible, impossible or ambiguous move,
    costs penalty days; a mail without any numbered move is answered and costs nothing.

    COMMANDS, each on a line of its own, any case; trailing punctuation and "I" or
    "please" do not matter:
      RESIGN (I resign)                   you resign the game
      (=) after your move                 you offer a draw with that move
      ACCEPT DRAW (Draw accepted)         you accept your partner's draw offer
      CLAIM DRAW                          threefold repetition or 50 moves; with the move that makes it
      CLAIM WIN                           in an endgame the tables reach (CLAIM DRAW too): the tables decide; with your move, on the position after it
      STATUS                              your games and clocks
      PGN                                 the game so far as PGN
      LEAVE 2026-07-01 2026-07-10         a leave, announced before it begins
      LEAVE END                           ends your leave early
      PROTEST                             you protest against an overstep claim against you; your reasons on the lines below
      CONDITIONAL                         hidden conditional moves follow on the lines below (where the tournament uses them)
      CONDITIONAL CANCEL                  cancels your stored conditional moves
      XFCC                                a password to play from a chess program (Xfcc)
      XFCC FORWARDS OFF                   your partners' moves no longer come by mail (with an Xfcc account)
      XFCC FORWARDS ON                    your partners' moves come by mail again
      HELP                                this text
    The commands are read in Russian, Lithuanian and German as well (each
    language's players' guide lists its words).
help-guide =
    The players' guide is attached ({ $file }): moves and commands, the clock,
    leaves, protests and the Xfcc door, in full.
