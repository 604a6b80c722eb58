//! Mail content: reading what a player wrote (`parse`, the free-form dates,
//! bounces). Pure: no I/O, no clock. Writing is the `render` module.

pub mod bounce;
pub mod free_form;
pub mod parse;
