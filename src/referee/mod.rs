//! The referee core: tournaments, games, the clock, the rule sets and the
//! decisions. Pure: it reads no clock (`today` is a parameter) and does no I/O.

pub mod adjudication;
pub mod clock;
pub(crate) mod compose;
pub(crate) mod conditional;
pub(crate) mod dates;
pub mod deadline;
pub mod decide;
pub mod decision;
pub(crate) mod director;
pub mod endgame;
pub mod game;
pub mod leave;
pub mod notice;
pub mod outbound;
pub mod pairing;
pub mod record;
pub(crate) mod requests;
pub mod rules;
pub mod standings;
pub mod state;
pub mod timers;
pub mod tournament;
