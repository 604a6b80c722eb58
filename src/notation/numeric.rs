//! ICCF numeric notation (App.2): `5254` is e2-e4; castling is the king's
//! move (`5171`); a fifth digit promotes (1 queen, 2 rook, 3 bishop, 4 knight).

use super::{destination, Pattern};
use shakmaty::{File, Move, Rank, Role, Square};

/// The pattern of a numeric move, or `None` when `text` is not one.
pub(crate) fn pattern(text: &str) -> Option<Pattern> {
    let digits: Vec<u32> = text
        .chars()
        .map(|c| c.to_digit(10))
        .collect::<Option<_>>()?;
    if !(digits.len() == 4 || digits.len() == 5) || digits[..4].iter().any(|d| !(1..=8).contains(d))
    {
        return None;
    }
    let promotion = match digits.get(4) {
        None => vec![],
        Some(d) => vec![promotion_role(*d)?],
    };
    Some(Pattern::Squares {
        roles: vec![],
        from_file: Some(File::new(digits[0] - 1)),
        from_rank: Some(Rank::new(digits[1] - 1)),
        to: square(digits[2], digits[3]),
        promotion,
    })
}

fn square(file: u32, rank: u32) -> Square {
    Square::from_coords(File::new(file - 1), Rank::new(rank - 1))
}

fn promotion_role(digit: u32) -> Option<Role> {
    match digit {
        1 => Some(Role::Queen),
        2 => Some(Role::Rook),
        3 => Some(Role::Bishop),
        4 => Some(Role::Knight),
        _ => None,
    }
}

fn promotion_digit(role: Role) -> Option<u32> {
    match role {
        Role::Queen => Some(1),
        Role::Rook => Some(2),
        Role::Bishop => Some(3),
        Role::Knight => Some(4),
        _ => None,
    }
}

/// The numeric code of a square: file digit, then rank digit (e2 = `52`).
pub fn square_code(sq: Square) -> String {
    format!("{}{}", sq.file().to_u32() + 1, sq.rank().to_u32() + 1)
}

/// Writes a legal move in numeric notation.
pub fn write(m: &Move) -> String {
    Code::of(m).as_str().to_string()
}

/// A move's numeric form without an allocation (four or five digits).
pub struct Code {
    digits: [u8; 5],
    len: usize,
}

impl Code {
    pub fn of(m: &Move) -> Code {
        let from = m.from().expect("chess moves have an origin square");
        let to = destination(m);
        let digit = |n: u32| b'1' + n as u8;
        let mut digits = [
            digit(from.file().to_u32()),
            digit(from.rank().to_u32()),
            digit(to.file().to_u32()),
            digit(to.rank().to_u32()),
            0,
        ];
        let len = match m.promotion().and_then(promotion_digit) {
            Some(p) => {
                digits[4] = b'0' + p as u8;
                5
            }
            None => 4,
        };
        Code { digits, len }
    }

    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.digits[..self.len]).expect("ASCII digits")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_four_or_five_digits_of_the_board_are_numeric() {
        assert!(pattern("5254").is_some());
        assert!(pattern("57581").is_some());
        for not_numeric in ["2026", "5259", "525", "525415", "57585", "52a4", "0000"] {
            assert!(pattern(not_numeric).is_none(), "{not_numeric}");
        }
    }

    #[test]
    fn app2_squares() {
        assert_eq!(square_code(Square::E2), "52");
        assert_eq!(square_code(Square::H8), "88");
        assert_eq!(square_code(Square::A1), "11");
    }
}
