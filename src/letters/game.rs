//! The texts of [`GameNotice`]s.

use super::{Audience, Text};
use crate::referee::notice::game::GameNotice;
use crate::referee::tournament::League;

pub(super) fn render(_league: &League, notice: &GameNotice, _audience: &Audience) -> Text {
    match *notice {}
}
