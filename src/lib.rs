//! mailarbiter referees correspondence chess games played by e-mail: it
//! reads the tournament mailbox, checks each move against the stored game,
//! counts thinking time in days, forwards accepted moves, answers mistakes,
//! and sends results with the ICCF PGN.
//!
//! # Layout
//! The referee core (no I/O, no clock):
//! - [`notation`]: reading moves in every notation, writing them in one
//!   (`numeric.rs`, `algebraic.rs`).
//! - [`message`]: reading a mail (`parse.rs`: own text, tag, commands, move
//!   record) and writing what people read (`render.rs`: standard form,
//!   board, PGN, schedule).
//! - [`referee`]: tournaments (`tournament.rs`), games and their events
//!   (`game.rs`), days and controls (`clock.rs`), rule sets (`rules.rs`),
//!   leaves (`leave.rs`), the referee's whole state (`state.rs`), and the
//!   decisions: on a player's mail (`decide.rs`), on a player's requests
//!   that are not moves (`requests.rs`: reports, leaves), on the director's
//!   (`director.rs`), on the calendar (`timers.rs`), with the mails they
//!   write (`compose.rs`).
//!
//! The adapters:
//! - [`config`]: the TOML file into typed values, every problem with its line;
//!   [`check`]: `check --connect`, trying the mailbox, SMTP and the folders.
//! - [`store`]: sled behind the [`store::Store`] trait; one transaction per mail.
//! - [`identity`]: the store's record of each game's players, and the
//!   refusal of a config that disagrees with it.
//! - [`mail`]: the Maildir and IMAP inboxes, the file and SMTP outboxes
//!   (lettre), composing mails.
//! - [`daemon`]: fetch → parse → decide → commit → mark → send, the timers,
//!   and `run` under systemd; [`control`]: the socket the views use while it runs.
//! - [`cli`]: the command line and the read-only views; [`demo`]: the demo.
//! - [`xfcc`]: the Xfcc (XfccBasic SOAP) protocol chess programs speak:
//!   requests read and answers written (the endpoint is not wired yet).
#![forbid(unsafe_code)]

pub mod check;
pub mod cli;
pub mod config;
pub mod control;
pub mod daemon;
pub mod demo;
pub mod identity;
pub mod letters;
pub mod mail;
pub mod message;
pub mod notation;
pub mod referee;
pub mod repair;
pub mod status;
pub mod store;
pub mod web;
pub mod xfcc;
