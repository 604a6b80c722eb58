//! The director's answers and the timer's mails (openings, reminders,
//! inactivity and breakdown notices).

/// (variants added as the mails move from `tr` to notices)
#[derive(Debug, Clone)]
pub enum OfficialNotice {}
