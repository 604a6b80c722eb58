//! The sent journal: a small ring of fixed slots, written with each sent
//! mail and synced, that says which mails went before a crash let the
//! store's own record of them be lost.

use super::*;

/// A small file of the outbox entries sent since sled was last made
/// durable, each `fdatasync`ed before the next mail goes out.
///
/// Making sled durable (a flush and an `fdatasync` of its log file) costs
/// 1.2-1.6 ms on this machine; a record written in place into this file,
/// whose blocks are written once when it is made (so an `fdatasync` changes
/// no metadata and waits for no file-system journal commit), costs about
/// 0.1 ms. An outbox entry's removal waits in sled's memory, its sequence
/// number is made durable here, and the file is emptied (a new epoch in its
/// header) whenever sled is made durable. When the store is opened, every
/// entry named here leaves the outbox before anything else reads it.
pub(super) struct SentJournal {
    file: std::fs::File,
    epoch: u64,
    /// The next slot to write (slot 0 is the header).
    slot: u64,
}

/// A slot: the header (epoch, 0, check) or a record (epoch, seq, check),
/// the check a function of both (a slot torn by a crash, or of an older
/// epoch, names nothing: that mail may go out once more).
pub(super) const JOURNAL_SLOT: usize = 32;

/// Slots in the file; when they are used up, sled is made durable.
pub(super) const JOURNAL_SLOTS: u64 = 2048;

pub(super) const JOURNAL_FILE: &str = "sent-journal";

pub(super) fn journal_slot(epoch: u64, seq: u64) -> [u8; JOURNAL_SLOT] {
    let mut slot = [0u8; JOURNAL_SLOT];
    slot[..8].copy_from_slice(&epoch.to_le_bytes());
    slot[8..16].copy_from_slice(&seq.to_le_bytes());
    let check = !(epoch.rotate_left(17) ^ seq) ^ 0x6d61_696c_6172_6269;
    slot[16..24].copy_from_slice(&check.to_le_bytes());
    slot
}

/// The epoch and sequence number a slot holds, when it is whole.
pub(super) fn read_slot(bytes: &[u8]) -> Option<(u64, u64)> {
    let word = |i: usize| Some(u64::from_le_bytes(bytes.get(i..i + 8)?.try_into().ok()?));
    let (epoch, seq) = (word(0)?, word(8)?);
    (journal_slot(epoch, seq)[..] == bytes[..JOURNAL_SLOT]).then_some((epoch, seq))
}

impl SentJournal {
    /// Opens (or makes) the journal in `folder`; the sequence numbers it holds.
    pub(super) fn open(folder: &Path) -> std::io::Result<(SentJournal, Vec<u64>)> {
        use std::io::Read as _;
        use std::os::unix::fs::OpenOptionsExt as _;
        let mut file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .mode(0o600)
            .open(folder.join(JOURNAL_FILE))?;
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes)?;
        let size = JOURNAL_SLOT as u64 * JOURNAL_SLOTS;
        let mut seqs = Vec::new();
        let epoch = match bytes.get(..JOURNAL_SLOT).and_then(read_slot) {
            Some((epoch, 0)) if bytes.len() as u64 == size => {
                seqs.extend(
                    bytes
                        .chunks_exact(JOURNAL_SLOT)
                        .skip(1)
                        .map_while(|slot| read_slot(slot).filter(|(e, _)| *e == epoch))
                        .map(|(_, seq)| seq),
                );
                epoch
            }
            _ => {
                // new, or cut short by a crash while it was made: written
                // whole (every block allocated) before it is used
                use std::io::Write as _;
                file.set_len(0)?;
                let mut whole = vec![0u8; size as usize];
                whole[..JOURNAL_SLOT].copy_from_slice(&journal_slot(0, 0));
                std::io::Seek::rewind(&mut file)?;
                file.write_all(&whole)?;
                file.sync_all()?;
                0
            }
        };
        let slot = 1 + seqs.len() as u64;
        Ok((SentJournal { file, epoch, slot }, seqs))
    }

    /// Records `seq` as sent, durably; whether the journal is now full.
    pub(super) fn append(&mut self, seq: u64) -> std::io::Result<bool> {
        use std::os::unix::fs::FileExt as _;
        let at = self.slot * JOURNAL_SLOT as u64;
        self.file.write_all_at(&journal_slot(self.epoch, seq), at)?;
        self.file.sync_data()?;
        self.slot += 1;
        Ok(self.slot == JOURNAL_SLOTS)
    }

    /// Records the sequence numbers of a batch as sent, durably, with one
    /// sync; whether the journal is now full. False, with nothing written,
    /// when they do not fit: the caller then makes sled durable instead.
    pub(super) fn append_all(&mut self, seqs: &[u64]) -> std::io::Result<Option<bool>> {
        use std::os::unix::fs::FileExt as _;
        let count = seqs.len() as u64;
        if self.slot + count > JOURNAL_SLOTS {
            return Ok(None);
        }
        let bytes: Vec<u8> = seqs
            .iter()
            .flat_map(|&seq| journal_slot(self.epoch, seq))
            .collect();
        self.file
            .write_all_at(&bytes, self.slot * JOURNAL_SLOT as u64)?;
        self.file.sync_data()?;
        self.slot += count;
        Ok(Some(self.slot == JOURNAL_SLOTS))
    }

    /// Empties the journal, durably (sled holds what it said): a new epoch.
    pub(super) fn clear(&mut self) -> std::io::Result<()> {
        use std::os::unix::fs::FileExt as _;
        if self.slot > 1 {
            self.epoch += 1;
            self.file.write_all_at(&journal_slot(self.epoch, 0), 0)?;
            self.file.sync_data()?;
            self.slot = 1;
        }
        Ok(())
    }
}
