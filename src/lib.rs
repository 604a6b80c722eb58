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
//! - [`daemon`]: the one referee loop: mail (fetch → parse → decide →
//!   commit → mark → send), the Xfcc moves waiting for it, the timers, and
//!   `run` under systemd; [`control`]: the socket the views, `status` and
//!   the repairs use while it runs; [`status`]: the daemon's health, its
//!   [`status::Monitor`] and the snapshot of the games the views and Xfcc
//!   read; [`repair`]: outbox, resend, backup, `xfcc reset`.
//! - [`cli`]: the command line and the read-only views; [`demo`]: the demo;
//!   [`web`]: the static web pages.
//! - [`letters`]: notices into mails, per reader, from the catalogs.
//! - [`xfcc`]: the second door, for chess programs (Xfcc, XfccBasic SOAP):
//!   requests read, answers written, what a request means to the referee
//!   (pure), the accounts, and the HTTP endpoint.
//!
//! The doors and the views stand on no import circle (`tests/layers.rs`).
#![forbid(unsafe_code)]

pub mod check;
pub mod cli;
pub mod config;
pub mod control;
pub mod daemon;
pub mod demo;
pub mod identity;
pub mod language;
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
