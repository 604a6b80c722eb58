//! Outbound mail as files: lettre's file transport writes one `.eml` per
//! mail into a folder (the embedded default, and the demo).

use super::{MailError, Outbound};
use lettre::address::Envelope;
use lettre::{FileTransport, Transport};
use std::path::PathBuf;

/// Delivers mail into a folder.
pub struct FileOutbound {
    transport: FileTransport,
}

impl FileOutbound {
    pub fn new(path: PathBuf) -> FileOutbound {
        FileOutbound {
            transport: FileTransport::new(path),
        }
    }
}

impl Outbound for FileOutbound {
    async fn deliver(
        &mut self,
        seq: u64,
        envelope: &Envelope,
        bytes: &[u8],
    ) -> Result<(), MailError> {
        self.transport
            .send_raw(envelope, bytes)
            .map(|_| ())
            .map_err(|e| MailError::Send {
                seq,
                reason: e.to_string(),
            })
    }
}
