//! Outbound mail as files: one `.eml` per mail in a folder (the embedded
//! default, and the demo).
//!
//! A mail is written under a hidden temporary name, then renamed: a crash
//! never leaves half a mail behind an `.eml` name. A mail whose outbox entry
//! is gone is on the disk: one mail alone is synced before it counts as
//! delivered; a batch ([`FileOutbound::deliver_batch`], how the relay sends)
//! is written whole and made durable with one `syncfs` (the files, their
//! names in the folder), so that a batch of 100 mails costs one sync of the
//! disk, not 100.
//!
//! At most one duplicate per crash: before a batch is written, the names
//! its mails will have are written to `.pending` in the folder and synced.
//! When the relay is killed after writing some of them and before their
//! entries left the outbox, those entries come back in the next batch: a
//! mail named in `.pending` whose file is there is not written again (the
//! new batch's sync makes it durable). `.pending` is emptied once the
//! batch's entries left the outbox, so that a mail put back later
//! (`resend`) is written anew.

use super::{MailError, Outbound};
use lettre::address::Envelope;
use std::io::Write as _;
use std::path::PathBuf;

/// The names a batch's mails are written under, until its entries left the outbox.
const PENDING: &str = ".pending";
const PENDING_HEAD: &str = "mailarbiter pending 1";

/// The least free space kept on the outbox folder's disk beyond a batch.
const OUTBOX_RESERVE: u64 = 1 << 20;

/// Delivers mail into a folder.
pub struct FileOutbound {
    path: PathBuf,
    /// The names of the batch being written (sequence number, file name),
    /// read from `.pending` at the first batch: those of a batch whose
    /// entries have not yet left the outbox.
    pending: Option<Vec<(u64, String)>>,
}

/// Whether mail can be written into the outbox folder `path`: its file
/// system is writable and has more than the reserve free (below it no
/// batch is written). A folder not yet made counts as its parent's; a file
/// system that cannot tell (or a folder this user cannot reach) counts as
/// writable, as the relay finds out when it writes.
///
/// # Errors
/// Why not, in words (the free space or the read-only file system).
pub fn room(path: &std::path::Path) -> Result<(), String> {
    let probe = path
        .ancestors()
        .find(|p| p.exists())
        .unwrap_or(std::path::Path::new("."));
    let Ok(vfs) = rustix::fs::statvfs(probe) else {
        return Ok(());
    };
    if vfs.f_flag.contains(rustix::fs::StatVfsMountFlags::RDONLY) {
        return Err(format!(
            "{}: the file system is read-only: no mail can be written",
            path.display()
        ));
    }
    let free = vfs.f_bavail.saturating_mul(vfs.f_frsize);
    if free < OUTBOX_RESERVE {
        return Err(format!(
            "{}: no space: {} KiB free; mail is written only with at least {} KiB free",
            path.display(),
            free >> 10,
            OUTBOX_RESERVE >> 10
        ));
    }
    Ok(())
}

impl FileOutbound {
    pub fn new(path: PathBuf) -> FileOutbound {
        FileOutbound {
            path,
            pending: None,
        }
    }

    /// A new file name for mail `seq`.
    fn name(seq: u64) -> String {
        // the time keeps a resent mail (same sequence number) beside the first
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        format!("{seq:010}-{nanos:x}.eml")
    }

    /// Writes `bytes` under `name`, through a temporary name; synced first
    /// when `sync`. A write that fails (a full disk) leaves nothing: the
    /// temporary file is removed.
    fn write_as(&self, name: &str, bytes: &[u8], sync: bool) -> std::io::Result<()> {
        let temporary = self.path.join(format!(".{name}.tmp"));
        let written = (|| {
            let mut file = std::fs::File::create(&temporary)?;
            file.write_all(bytes)?;
            if sync {
                file.sync_data()?;
            }
            std::fs::rename(&temporary, self.path.join(name))
        })();
        if written.is_err() {
            let _ = std::fs::remove_file(&temporary);
        }
        written
    }

    /// Removes the temporary files a killed writer left (`.<name>.tmp`).
    fn remove_temporaries(&self) {
        let Ok(entries) = std::fs::read_dir(&self.path) else {
            return;
        };
        for entry in entries.flatten() {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if name.starts_with('.') && name.ends_with(".tmp") {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }

    fn write(&self, seq: u64, bytes: &[u8]) -> std::io::Result<()> {
        self.write_as(&Self::name(seq), bytes, true)
    }

    /// The names `.pending` holds for `instance` (none when it was written
    /// for another store, or is empty or torn).
    fn read_pending(&self, instance: &str) -> Vec<(u64, String)> {
        let text = std::fs::read_to_string(self.path.join(PENDING)).unwrap_or_default();
        let mut lines = text.lines();
        if lines.next() != Some(PENDING_HEAD) || lines.next() != Some(instance) {
            return Vec::new();
        }
        let mut names = Vec::new();
        for line in lines {
            if line == "end" {
                return names;
            }
            match line.split_once(' ') {
                Some((seq, name)) if seq.parse::<u64>().is_ok() => {
                    names.push((seq.parse().unwrap_or_default(), name.to_string()));
                }
                _ => break,
            }
        }
        // no end line: torn, written by a batch none of whose mails was written
        Vec::new()
    }

    fn write_pending(&self, instance: &str, names: &[(u64, String)]) -> std::io::Result<()> {
        let mut text = format!("{PENDING_HEAD}\n{instance}\n");
        for (seq, name) in names {
            text.push_str(&format!("{seq} {name}\n"));
        }
        text.push_str("end\n");
        // through a temporary name: a write that fails (a full disk) keeps
        // the list before it, whose mails may be written already
        self.write_as(PENDING, text.as_bytes(), true)
    }

    /// Makes every file written in the folder durable, with their names: one
    /// `syncfs` of the folder's file system (every file written there, not
    /// only ours, in one sync of the device; as cheap as one `fsync` on
    /// this machine, where 100 `fsync`s take 100 times as long).
    fn sync_all(&self) -> std::io::Result<()> {
        let folder = std::fs::File::open(&self.path)?;
        rustix::fs::syncfs(&folder)?;
        Ok(())
    }

    /// Writes a batch of mails (sequence number and bytes, in order) and
    /// makes them durable together; [`FileOutbound::settled`] once their
    /// entries left the outbox. A mail of the last unsettled batch whose
    /// file is there (written before a crash or a failure) is not written
    /// again.
    ///
    /// # Errors
    /// When a file cannot be written or the disk synced: nothing of the
    /// batch counts as delivered.
    pub fn deliver_batch(
        &mut self,
        instance: &str,
        mails: &[(u64, &[u8])],
    ) -> Result<(), MailError> {
        let err = |seq: u64, e: std::io::Error| MailError::Send {
            seq,
            reason: format!("{}: {e}", self.path.display()),
        };
        let first = mails.first().map_or(0, |m| m.0);
        // the folder's disk has room for the batch, or nothing is written
        let size: u64 = mails.iter().map(|(_, bytes)| bytes.len() as u64).sum();
        if let Ok(free) = crate::store::free_bytes(&self.path) {
            if free < size + OUTBOX_RESERVE {
                return Err(err(
                    first,
                    std::io::Error::new(
                        std::io::ErrorKind::StorageFull,
                        format!(
                            "no space: {} KiB free for a batch of {} KiB (nothing was written)",
                            free >> 10,
                            size >> 10
                        ),
                    ),
                ));
            }
        }
        let before = match self.pending.take() {
            Some(names) => names,
            None => {
                self.remove_temporaries();
                self.read_pending(instance)
            }
        };
        // the name each mail has: the one it was written under, if it was
        let names: Vec<(u64, String, bool)> = mails
            .iter()
            .map(|&(seq, _)| {
                match before
                    .iter()
                    .find(|(s, name)| *s == seq && self.path.join(name).is_file())
                {
                    Some((_, name)) => (seq, name.clone(), true),
                    None => (seq, Self::name(seq), false),
                }
            })
            .collect();
        let listed: Vec<(u64, String)> = names.iter().map(|(s, n, _)| (*s, n.clone())).collect();
        if let Err(e) = self.write_pending(instance, &listed) {
            // the list on the disk is still `before`
            self.pending = Some(before);
            return Err(err(first, e));
        }
        self.pending = Some(listed);
        for ((seq, name, written), (_, bytes)) in names.iter().zip(mails) {
            if !written {
                self.write_as(name, bytes, false)
                    .map_err(|e| err(*seq, e))?;
            }
        }
        self.sync_all().map_err(|e| err(first, e))
    }

    /// The last batch's entries left the outbox, durably: `.pending` is
    /// emptied, so that a mail put back later (`resend`) is written anew.
    /// Not synced: a crash of the daemon leaves it empty (the kernel holds
    /// it), and the next batch's `.pending`, synced, replaces it anyway;
    /// only a power cut before the kernel writes it could bring back a list
    /// whose entries all left the outbox, and then a mail of it put back by
    /// `resend` before the next batch would be found already written (the
    /// same bytes, under its first name) and not written a second time.
    ///
    /// # Errors
    /// When `.pending` cannot be emptied.
    pub fn settled(&mut self) -> Result<(), MailError> {
        self.pending = Some(Vec::new());
        let emptied = std::fs::File::options()
            .write(true)
            .open(self.path.join(PENDING))
            .and_then(|file| file.set_len(0));
        match emptied {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => {
                // read again at the next batch: the entries are gone from the outbox
                self.pending = None;
                Err(MailError::Send {
                    seq: 0,
                    reason: format!("{}: {e}", self.path.join(PENDING).display()),
                })
            }
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn emls(dir: &std::path::Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".eml") && !n.starts_with('.'))
            .collect();
        names.sort();
        names
    }

    /// A batch is written whole; killed before its entries left the outbox,
    /// the relay sends them again in its next batch, and what `.pending`
    /// names as written is not written twice (no duplicate); once settled,
    /// a mail put back (`resend`) is written anew; `.pending` of another
    /// store names nothing.
    #[test]
    fn a_batch_sent_again_after_a_kill_is_not_written_twice_and_a_resend_is() {
        let dir = tempfile::tempdir().unwrap();
        let mut outbox = FileOutbound::new(dir.path().to_path_buf());
        outbox
            .deliver_batch("i1", &[(1, b"one".as_slice()), (2, b"two")])
            .unwrap();
        assert_eq!(emls(dir.path()).len(), 2);
        // killed here: the entries are still in the outbox; a new relay
        let mut outbox = FileOutbound::new(dir.path().to_path_buf());
        outbox
            .deliver_batch("i1", &[(1, b"one".as_slice()), (2, b"two"), (3, b"three")])
            .unwrap();
        let names = emls(dir.path());
        assert_eq!(names.len(), 3, "1 and 2 not written twice: {names:?}");
        outbox.settled().unwrap();
        // put back by `resend`: a new file beside the first
        outbox
            .deliver_batch("i1", &[(1, b"one".as_slice())])
            .unwrap();
        assert_eq!(emls(dir.path()).len(), 4);
        let ones: Vec<String> = emls(dir.path())
            .into_iter()
            .filter(|n| n.starts_with("0000000001-"))
            .collect();
        assert_eq!(ones.len(), 2);
        for name in ones {
            assert_eq!(std::fs::read(dir.path().join(name)).unwrap(), b"one");
        }
        // a `.pending` written for another store names nothing
        let mut outbox = FileOutbound::new(dir.path().to_path_buf());
        outbox
            .deliver_batch("i2", &[(1, b"new".as_slice())])
            .unwrap();
        assert_eq!(emls(dir.path()).len(), 5);
    }
}
