//! The texts of [`AnswerNotice`]s.

use super::{Audience, Text};
use crate::referee::notice::answers::AnswerNotice;
use crate::referee::tournament::League;

pub(super) fn render(_league: &League, notice: &AnswerNotice, _audience: &Audience) -> Text {
    match *notice {}
}
