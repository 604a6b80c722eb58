//! Answers to a player's mail (refusals, penalties, explanations) and to
//! a player's requests (progress reports, leaves).

/// (variants added as the mails move from `tr` to notices)
#[derive(Debug, Clone)]
pub enum AnswerNotice {}
