//! A Maildir inbox: mails wait in `new/`; after its commit a mail moves to
//! `cur/` with the seen flag (or without it when kept aside). The arrival is
//! the file's modification time; mails are taken in that order, then by name.
//!
//! A backlog is listed once, not once per batch: the mails of a look at
//! `new/` (every name, every file's time) are kept in order and taken
//! batch by batch; `new/` is looked at again when they would not fill the
//! next batch and one more (so that the last batch knows whether more came).

use super::{MailError, Waiting};
use chrono::{DateTime, Utc};
use std::collections::VecDeque;
use std::fs;
use std::path::{Path, PathBuf};

pub struct Maildir {
    root: PathBuf,
    /// The mails of the last look at `new/` not yet marked, in order.
    listed: VecDeque<Waiting>,
}

impl Maildir {
    pub fn new(root: PathBuf) -> Maildir {
        Maildir {
            root,
            listed: VecDeque::new(),
        }
    }

    /// Forgets the last look at `new/` (the next batch looks again).
    pub fn forget(&mut self) {
        self.listed.clear();
    }

    /// Creates `new/`, `cur/` and `tmp/` under `root`.
    ///
    /// # Errors
    /// When the folders cannot be made.
    pub fn create(root: &Path) -> std::io::Result<()> {
        for sub in ["new", "cur", "tmp"] {
            fs::create_dir_all(root.join(sub))?;
        }
        Ok(())
    }

    fn io(&self, path: &Path, source: std::io::Error) -> MailError {
        MailError::Io {
            path: path.display().to_string(),
            source,
        }
    }
}

/// The unique part of a Maildir file name (before `:2,flags`).
fn unique(name: &str) -> &str {
    name.split_once(':').map_or(name, |(u, _)| u)
}

impl Maildir {
    /// The first `limit` mails waiting in `new/`, by modification time,
    /// then name, and how many more wait after them.
    ///
    /// # Errors
    /// When the folder cannot be read.
    pub fn waiting(&mut self, limit: usize) -> Result<(Vec<Waiting>, usize), MailError> {
        if self.listed.len() <= limit {
            self.listed = self.scan()?.into();
        }
        let batch: Vec<Waiting> = self.listed.iter().take(limit).cloned().collect();
        let left = self.listed.len() - batch.len();
        Ok((batch, left))
    }

    /// Every mail in `new/`, by modification time, then name.
    fn scan(&mut self) -> Result<Vec<Waiting>, MailError> {
        let new = self.root.join("new");
        let entries = fs::read_dir(&new).map_err(|e| self.io(&new, e))?;
        let mut waiting = Vec::new();
        for entry in entries {
            let entry = entry.map_err(|e| self.io(&new, e))?;
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') {
                continue;
            }
            let meta = entry.metadata().map_err(|e| self.io(&entry.path(), e))?;
            if !meta.is_file() {
                continue;
            }
            let modified = meta.modified().map_err(|e| self.io(&entry.path(), e))?;
            waiting.push(Waiting {
                key: format!("maildir:{}", unique(&name)),
                arrived: DateTime::<Utc>::from(modified),
                location: name,
                size: usize::try_from(meta.len()).ok(),
                cursor: None,
            });
        }
        waiting.sort_by(|a, b| {
            a.arrived
                .cmp(&b.arrived)
                .then_with(|| a.location.cmp(&b.location))
        });
        Ok(waiting)
    }

    /// The bytes of a mail in `new/`.
    ///
    /// # Errors
    /// When the file cannot be read.
    pub fn fetch(&mut self, mail: &Waiting) -> Result<Vec<u8>, MailError> {
        let path = self.root.join("new").join(&mail.location);
        fs::read(&path).map_err(|e| {
            // gone, or not readable: look at `new/` again next time
            self.listed.clear();
            self.io(&path, e)
        })
    }

    /// Moves a mail to `cur/`, with the seen flag when `seen`.
    ///
    /// # Errors
    /// When the file cannot be moved.
    pub fn done(&mut self, mail: &Waiting, seen: bool) -> Result<(), MailError> {
        let from = self.root.join("new").join(&mail.location);
        let flags = if seen { "S" } else { "" };
        let to = self
            .root
            .join("cur")
            .join(format!("{}:2,{flags}", unique(&mail.location)));
        if self.listed.front().is_some_and(|w| w.key == mail.key) {
            self.listed.pop_front();
        } else {
            self.listed.retain(|w| w.key != mail.key);
        }
        fs::rename(&from, &to).map_err(|e| {
            self.listed.clear();
            self.io(&from, e)
        })
    }
}
