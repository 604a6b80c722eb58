//! The store's folder on disk: the room it keeps free, the snapshots a
//! crash left unfinished, its permissions, a copy for a backup, and who
//! holds its lock.

use super::*;

/// The least free space on the state folder's file system with which the
/// store is opened or written. sled 0.34 does not survive a full disk (see
/// [`remove_unfinished_snapshots`]), and one decision writes kilobytes, a
/// snapshot of a 100k-game store a few MiB: below this the daemon writes
/// nothing and waits, the mails waiting in the mailbox.
pub const RESERVE_BYTES: u64 = 32 << 20;

/// The bytes free to an unprivileged writer on the file system of `path`.
///
/// # Errors
/// When `statvfs` fails (the folder is missing).
pub fn free_bytes(path: &Path) -> std::io::Result<u64> {
    let vfs = rustix::fs::statvfs(path)?;
    Ok(vfs.f_bavail.saturating_mul(vfs.f_frsize))
}

/// Whether the store in `path` may be written: at least [`RESERVE_BYTES`]
/// free on its file system (a folder not yet made counts as its parent's).
///
/// # Errors
/// [`StoreError::NoSpace`] with the free space.
pub fn room(path: &Path) -> Result<(), StoreError> {
    let probe = path
        .ancestors()
        .find(|p| p.exists())
        .unwrap_or(Path::new("."));
    match free_bytes(probe) {
        Ok(free) if free < RESERVE_BYTES => Err(StoreError::NoSpace {
            path: path.display().to_string(),
            free,
        }),
        // a file system that cannot tell is written as before
        _ => Ok(()),
    }
}

/// sled 0.34 writes a snapshot (at every open whose log went past the last
/// one, and now and then while running) as `snap.<lsn>.generating`, syncs
/// it and renames it `snap.<lsn>`. A write that fails (a full disk) leaves
/// the `.generating` file behind, and the next open takes it for the newest
/// snapshot (sled's list of snapshots leaves out only `.in___motion`
/// files) and refuses the whole store: "empty/corrupt snapshot file
/// found". Such a file was never made the snapshot; removed, sled reads the
/// previous snapshot and its log, as after a crash before the write began.
/// The names removed.
///
/// # Errors
/// When the folder cannot be read or a file removed.
pub fn remove_unfinished_snapshots(path: &Path) -> std::io::Result<Vec<String>> {
    let mut removed = Vec::new();
    let entries = match std::fs::read_dir(path) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(removed),
        Err(e) => return Err(e),
    };
    for entry in entries {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with("snap.") && name.ends_with(".generating") {
            std::fs::remove_file(entry.path())?;
            removed.push(name);
        }
    }
    Ok(removed)
}

/// Makes the files sled keeps in `folder` (db, conf, snap.*) 0600 and
/// its folders (blobs/) 0700: sled creates them under the umask.
pub(super) fn make_private(folder: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt as _;
    for entry in std::fs::read_dir(folder)? {
        let entry = entry?;
        let kind = entry.file_type()?;
        let private = if kind.is_file() {
            0o600
        } else if kind.is_dir() {
            0o700
        } else {
            continue; // the control socket, a symlink: left alone
        };
        if entry.metadata()?.permissions().mode() & 0o077 != 0 {
            let file = entry.path();
            let set = std::fs::set_permissions(&file, std::fs::Permissions::from_mode(private));
            if let Err(e) = set {
                // the folder (0700) still keeps others out
                tracing::warn!(file = %file.display(), error = %e, "cannot make it private");
            }
        }
    }
    Ok(())
}

/// Whether `folder` holds a sled store.
pub fn is_store(folder: &Path) -> bool {
    folder.join("conf").exists() || folder.join("db").exists()
}

/// Copies every tree of `db` into a new store in `to` (made 0700, files
/// 0600), flushed; the count of records. `to` must be absent or empty.
///
/// Consistent: the daemon runs on one thread, and a copy is one call
/// without a pause, so no commit lands halfway through it.
pub(super) fn copy_store(db: &sled::Db, to: &Path) -> Result<usize, StoreError> {
    use std::os::unix::fs::DirBuilderExt as _;
    let folder = |reason: String| StoreError::Folder {
        path: to.display().to_string(),
        reason,
    };
    if std::fs::read_dir(to).is_ok_and(|mut d| d.next().is_some()) {
        return Err(folder("not empty: a backup goes into a new folder".into()));
    }
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(to)
        .map_err(|e| folder(e.to_string()))?;
    let copy = sled::Config::new().path(to).open()?;
    let mut count = 0;
    for name in db.tree_names() {
        let from = db.open_tree(&name)?;
        let into = copy.open_tree(&name)?;
        for item in &from {
            let (key, value) = item?;
            into.insert(key, value)?;
            count += 1;
        }
    }
    copy.flush()?;
    drop(copy);
    make_private(to).map_err(|e| folder(e.to_string()))?;
    Ok(count)
}

/// Who holds the sled lock on `db` (a `flock`), from `/proc/locks`.
pub(super) fn lock_holder(db: &Path) -> Option<u32> {
    use std::os::unix::fs::MetadataExt as _;
    let inode = std::fs::metadata(db).ok()?.ino();
    let locks = std::fs::read_to_string("/proc/locks").ok()?;
    locks.lines().find_map(|line| {
        // "1: FLOCK  ADVISORY  WRITE 4242 08:01:1234567 0 EOF"
        let fields: Vec<&str> = line.split_whitespace().collect();
        let at = fields.iter().position(|f| *f == "FLOCK")?;
        let pid = fields.get(at + 3)?.parse().ok()?;
        let file = fields.get(at + 4)?;
        (file.rsplit(':').next()?.parse::<u64>().ok()? == inode).then_some(pid)
    })
}
