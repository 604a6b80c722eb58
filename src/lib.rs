#![forbid(unsafe_code)]
//! mailarbiter referees correspondence chess games played by e-mail.
//!
//! # Layout
//! - `notation/`: reading and writing moves (numeric, algebraic, Russian).
pub mod cli;
pub mod config;
pub mod daemon;
pub mod demo;
pub mod mail;
pub mod message;
pub mod notation;
pub mod referee;
pub mod store;
