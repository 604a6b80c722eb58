//! Outbound mail as files: one `.eml` per mail in a folder (the embedded
//! default, and the demo).
//!
//! A mail is written under a hidden temporary name, synced, then renamed:
//! a crash never leaves half a mail behind an `.eml` name, and a mail whose
//! outbox entry is gone is on the disk.

use super::{MailError, Outbound};
use lettre::address::Envelope;
use std::io::Write as _;
use std::path::PathBuf;

/// Delivers mail into a folder.
pub struct FileOutbound {
    path: PathBuf,
}

impl FileOutbound {
    pub fn new(path: PathBuf) -> FileOutbound {
        FileOutbound { path }
    }

    fn write(&self, seq: u64, bytes: &[u8]) -> std::io::Result<()> {
        // the time keeps a resent mail (same sequence number) beside the first
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let name = format!("{seq:010}-{nanos:x}.eml");
        let temporary = self.path.join(format!(".{name}.tmp"));
        let mut file = std::fs::File::create(&temporary)?;
        file.write_all(bytes)?;
        file.sync_data()?;
        std::fs::rename(&temporary, self.path.join(name))
    }
}

impl Outbound for FileOutbound {
    async fn deliver(
        &mut self,
        seq: u64,
        _envelope: &Envelope,
        bytes: &[u8],
    ) -> Result<(), MailError> {
        self.write(seq, bytes).map_err(|e| MailError::Send {
            seq,
            reason: format!("{}: {e}", self.path.display()),
        })
    }
}
