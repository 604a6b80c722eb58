//! Mail content: reading what a player wrote (`parse`) and writing what the
//! daemon sends (`render`). Pure: no I/O, no clock.

pub mod bounce;
pub mod free_form;
pub mod parse;
pub mod render;
