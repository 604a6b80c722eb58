//! The texts of [`OfficialNotice`]s.

use super::{Audience, Text};
use crate::referee::notice::officials::OfficialNotice;
use crate::referee::tournament::League;

pub(super) fn render(_league: &League, notice: &OfficialNotice, _audience: &Audience) -> Text {
    match *notice {}
}
