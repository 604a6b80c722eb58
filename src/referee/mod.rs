//! The referee core: tournaments, games, the clock, the rule sets and the
//! decisions. Pure: it reads no clock (`today` is a parameter) and does no I/O.

pub mod clock;
pub mod decide;
pub mod game;
pub mod rules;
pub mod tournament;
