//! mailarbiter referees correspondence chess games played by e-mail: it
//! reads the tournament mailbox, checks each move against the stored game,
//! counts thinking time in days, forwards accepted moves, answers mistakes,
//! and sends results with the ICCF PGN.
//!
//! # Layout
//! Each room stands on the ones below it, never on one above: no module
//! imports another that imports it back, and inside each folder the
//! files form no circle either (`tests/layers.rs`).
//!
//! The ground (no I/O, no clock):
//! - [`language`]: the languages, a folder of `locales/` each (its
//!   `language.toml`: piece letters, command words, the form of dates).
//! - [`notation`]: reading moves in every notation and every language's
//!   letters, writing them in one (`numeric.rs`, `algebraic.rs`).
//! - [`message`]: reading a mail (`parse.rs`: own text, tag, commands, the
//!   move record; `free_form.rs`: written dates; `bounce.rs`: reports).
//!
//! The referee core (no I/O, no clock), [`referee`]: tournaments
//! (`tournament.rs`), games and their events (`game.rs`), days and the one
//! clock engine (`clock.rs`, `deadline.rs`), rule sets as data
//! (`rules.rs`, the presets in `rules/`), leaves (`leave.rs`), standings,
//! the whole state (`state.rs`), and the decisions: `decide.rs` takes a
//! mail and dispatches to the handlers (moves in itself; `requests.rs`,
//! `director.rs`, `adjudication.rs`, `conditional.rs`, the calendar's
//! `timers.rs`), which build a [`referee::decision::Decision`] of events
//! and typed notices (`notice/`), with `compose.rs`'s shared game notices,
//! from the plain data below them (`decision.rs`, `outbound.rs`,
//! `record.rs`).
//!
//! The views of the core, pure too:
//! - [`render`]: what people read in their language: the standard form,
//!   the board, the schedule, the ICCF PGN; each date and decimal in the
//!   reader's form (`render/dates.rs`).
//! - [`letters`]: notices into mails, per reader, from the catalogs.
//!
//! The adapters:
//! - [`config`]: the TOML file into typed values, every problem with its line;
//!   [`check`]: `check --connect`, trying the mailbox, SMTP and the folders.
//! - [`store`]: sled behind the [`store::Store`] trait; one transaction per mail.
//! - [`identity`]: the store's record of each game's players and rule set,
//!   and the refusal of a config that disagrees with it.
//! - [`mail`]: the Maildir and IMAP inboxes, the file and SMTP outboxes
//!   (lettre), composing mails; the OAuth2 sign-in to IMAP and SMTP
//!   (`oauth2.rs`, its token requests over `http.rs`).
//! - [`daemon`]: the one referee loop: mail (fetch → parse → decide →
//!   commit → mark → send), the Xfcc moves waiting for it, the timers, and
//!   `run` under systemd; [`control`]: the socket the views, `status` and
//!   the repairs use while it runs; [`status`]: the daemon's health, its
//!   [`status::Monitor`] and the snapshot of the games the views and Xfcc
//!   read; [`repair`]: outbox, resend, backup, `xfcc reset`.
//! - [`cli`]: the command line and the read-only views; [`demo`]: the demo;
//!   [`web`]: the static web pages.
//! - [`xfcc`]: the second door, for chess programs (Xfcc, XfccBasic SOAP):
//!   requests read, answers written, what a request means to the referee
//!   (pure), the accounts, and the HTTP endpoint.
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
pub mod render;
pub mod repair;
pub mod status;
pub mod store;
pub mod tablebase;
pub mod web;
pub mod xfcc;
