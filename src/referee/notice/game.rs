//! The mails of a game's life: forwards, results, claims, notices to both
//! players and the director.

/// (variants added as the mails move from `tr` to notices)
#[derive(Debug, Clone)]
pub enum GameNotice {}
