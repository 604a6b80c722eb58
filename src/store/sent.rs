//! A mail once sent: out of the outbox and into its game's record of the
//! last mails sent (for `resend` and the bounces), remembered by its
//! Message-ID and by its readers (for bounces and for the quotes of
//! replies); and a store restored from a backup's copy.

use super::*;

impl SledStore {
    /// Takes the outbox entry `seq` out of the outbox (in memory: the
    /// caller makes it durable) and records it as the last sent mail of its
    /// game, with the others of the same decision (`resend`). The entry's
    /// stored JSON is kept as it is: only its number, time and game are
    /// read, and the game's list is decoded only when it holds this entry.
    pub(super) fn remove_sent(&self, seq: u64) -> Result<(), StoreError> {
        /// What is read of an entry.
        #[derive(Deserialize)]
        struct Head<'a> {
            seq: u64,
            #[serde(borrow)]
            created: std::borrow::Cow<'a, str>,
            #[serde(default)]
            mail: HeadMail<'a>,
        }
        #[derive(Deserialize, Default)]
        struct HeadMail<'a> {
            #[serde(borrow, default)]
            game: Option<std::borrow::Cow<'a, str>>,
        }
        let key = seq.to_be_bytes();
        let Some(bytes) = self.outbox.remove(key)? else {
            return Ok(());
        };
        let damaged = |source| StoreError::Decode {
            key: format!("outbox {seq}"),
            source,
        };
        let head: Head = serde_json::from_slice(&bytes).map_err(damaged)?;
        let Some(game) = head.mail.game else {
            return Ok(());
        };
        let kept = self.last_mails.get(game.as_bytes())?;
        let list: Vec<Head> = match &kept {
            Some(kept) => serde_json::from_slice(kept).map_err(damaged)?,
            None => Vec::new(),
        };
        // one decision's mails share their commit time
        let value = match (&kept, list.first()) {
            (Some(kept), Some(first))
                if first.created == head.created && kept.last() == Some(&b']') =>
            {
                if list.iter().any(|e| e.seq == seq) {
                    // there already (a resend): the list without it, then it
                    let mut last: Vec<OutboxEntry> = decode(game.as_bytes(), kept)?;
                    last.retain(|e| e.seq != seq);
                    last.push(decode(&key, &bytes)?);
                    encode(&last)
                } else {
                    let mut value = kept[..kept.len() - 1].to_vec();
                    value.push(b',');
                    value.extend_from_slice(&bytes);
                    value.push(b']');
                    value
                }
            }
            _ => [b"[".as_slice(), &bytes, b"]"].concat(),
        };
        self.last_mails.insert(game.as_bytes(), value)?;
        Ok(())
    }

    /// `restore`: makes the store in `state` a copy of the backup in `from`.
    /// `state` must hold no store (a store is never overwritten: move it
    /// away first); the backup is only read. How many records were copied.
    ///
    /// # Errors
    /// When `state` holds a store, `from` is no backup, on a storage failure.
    pub fn restore(from: &Path, state: &Path) -> Result<usize, StoreError> {
        if !is_store(from) {
            return Err(StoreError::Folder {
                path: from.display().to_string(),
                reason: "no backup here (no sled files `conf` and `db`)".into(),
            });
        }
        if is_store(state) {
            return Err(StoreError::Folder {
                path: state.display().to_string(),
                reason: "a store is already here: restore never overwrites one; stop the daemon \
                         and move the folder away first"
                    .into(),
            });
        }
        let backup = sled::Config::new().path(from).open()?;
        let count = copy_store(&backup, state)?;
        drop(backup);
        Ok(count)
    }
}

/// Where the Message-IDs of the last mails to an address are kept in the
/// sent tree.
pub(super) fn sent_to_key(address: &str) -> String {
    format!("to:{}", address.trim().to_lowercase())
}

impl SledStore {
    /// [`Store::remember_sent`] keeping the newest `limit` records.
    pub(super) fn remember_within(
        &self,
        record: &SentRecord,
        limit: usize,
    ) -> Result<(), StoreError> {
        let id = angled(&record.message_id);
        let mut order = b"order:".to_vec();
        order.extend_from_slice(&record.seq.to_be_bytes());
        self.sent.insert(format!("id:{id}"), encode(record))?;
        self.sent.insert(order, id.as_bytes())?;
        // the address's last mails: one short key a recipient, the newest
        // first; an id whose record was forgotten is passed by when read
        for address in &record.recipients {
            let key = sent_to_key(address);
            let kept = self.sent.get(&key)?;
            let kept = kept.as_deref().map(String::from_utf8_lossy);
            let ids: Vec<&str> = std::iter::once(id.as_str())
                .chain(
                    kept.as_deref()
                        .unwrap_or_default()
                        .lines()
                        .filter(|k| *k != id),
                )
                .take(LAST_SENT_TO)
                .collect();
            self.sent.insert(key, ids.join("\n").as_bytes())?;
        }
        // forget those more than `limit` sequence numbers older (every
        // outbox entry leaves it, sent or dropped: about the last `limit`
        // mails), a range of usually one key, never a count of them all
        let oldest = record.seq.saturating_sub((limit as u64).saturating_sub(1));
        let mut bound = b"order:".to_vec();
        bound.extend_from_slice(&oldest.to_be_bytes());
        let old: Vec<_> = self
            .sent
            .range(b"order:".to_vec()..bound)
            .collect::<Result<_, _>>()?;
        for (key, id) in old {
            self.sent.remove(key)?;
            self.sent.remove([b"id:".as_slice(), &id].concat())?;
        }
        // made durable with the next `sent` (the relay remembers a mail
        // just before it removes its entry); losing it loses only the
        // matching of a bounce
        Ok(())
    }
}
