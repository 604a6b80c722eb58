//! The relay: sends the outbox in order over the outbox's transport,
//! removing each mail once delivered, composing the file outbox's batches
//! ahead, and recording what went for the bounces to find.

use super::*;

impl Relay {
    /// Sends the outbox entries in order, removing each once delivered,
    /// until done or `shutdown` is set; how many went out.
    ///
    /// # Errors
    /// When the store fails or the transport refuses; what was not sent stays.
    ///
    /// One pass, one SMTP connection: every entry goes over it and it is
    /// closed (QUIT) at the end, whatever happened.
    pub async fn send(&mut self, shutdown: &watch::Receiver<bool>) -> Result<usize, DaemonError> {
        let result = self.send_pass(shutdown).await;
        self.outbox.finish().await;
        result
    }

    pub(super) async fn send_pass(
        &mut self,
        shutdown: &watch::Receiver<bool>,
    ) -> Result<usize, DaemonError> {
        let filing = Filing {
            store: self.store.clone(),
            outbox: self.store.outbox()?.into(),
            instance: self.store.instance()?.into(),
            from: self.from.email.as_str().into(),
        };
        let mut sent = 0;
        // mails the server took whose removal from the outbox is not yet
        // durable (SMTP: made so while the next mail goes)
        let mut unrecorded = Unrecorded::default();
        let passed = self
            .send_chunks(&filing, shutdown, &mut unrecorded, &mut sent)
            .await;
        // the last one, or the one before a failure
        let recorded = self.record(&filing, &mut unrecorded);
        passed?;
        sent += recorded?;
        Ok(sent)
    }

    /// Sends the outbox in chunks (the file outbox: a batch; SMTP: one
    /// mail), each removed from the outbox durably before the next chunk's
    /// point of no return: at once (files), or while the next mail goes
    /// (SMTP, before its end-of-data dot), the last ones left in
    /// `unrecorded`. The mails are composed ahead on a thread of their own.
    pub(super) async fn send_chunks(
        &mut self,
        filing: &Filing,
        shutdown: &watch::Receiver<bool>,
        unrecorded: &mut Unrecorded,
        sent: &mut usize,
    ) -> Result<(), DaemonError> {
        let outbox = &filing.outbox;
        let mut composed = compose_ahead(filing, self.from.clone());
        let mut start = 0;
        while start < outbox.len() {
            if *shutdown.borrow() {
                info!("stopping: the rest of the outbox waits for the next start");
                break;
            }
            let end = (start + self.outbox.batch()).min(outbox.len());
            let mut before_dot = record_meanwhile(filing, unrecorded);
            let mut mails = Vec::with_capacity(end - start);
            let mut taken: Result<(), DaemonError> = Ok(());
            for (place, entry) in outbox.iter().enumerate().take(end).skip(start) {
                match composed.recv().await {
                    Some(Ok((envelope, bytes))) => mails.push((place, envelope, bytes)),
                    Some(Err(e)) => {
                        // an address that cannot be written will never be: drop
                        // the entry rather than block every mail behind it
                        error!(error = %e, seq = entry.seq, "outbox: mail cannot be composed, dropped");
                        if let Err(e) = self.store.sent(entry.seq) {
                            taken = Err(e.into());
                            break;
                        }
                    }
                    None => {
                        taken = Err(MailError::Compose {
                            seq: entry.seq,
                            reason: "the composing thread stopped".into(),
                        }
                        .into());
                        break;
                    }
                }
            }
            let delivered = if let Err(e) = taken {
                Err(e)
            } else if mails.is_empty() {
                Ok(())
            } else {
                let batch: Vec<(u64, &lettre::address::Envelope, &[u8])> = mails
                    .iter()
                    .map(|(place, envelope, bytes)| {
                        (outbox[*place].seq, envelope, bytes.as_slice())
                    })
                    .collect();
                self.outbox
                    .deliver_batch(&filing.instance, &batch, &mut before_dot)
                    .await
                    .map_err(DaemonError::from)
            };
            // the record started above is waited for, whatever happened; on
            // a failure, `send_pass` records `unrecorded` (again, if it was)
            let recorded = before_dot.take().map_or(Ok(()), |work| work());
            delivered?;
            recorded.map_err(|reason| MailError::Send { seq: 0, reason })?;
            *sent += unrecorded.done.len();
            unrecorded.done.clear();
            unrecorded.filed = false;
            unrecorded
                .done
                .extend(mails.iter().map(|(place, _, _)| *place));
            if !self.outbox.records_during_next() {
                *sent += self.record(filing, unrecorded)?;
            }
            start = end;
        }
        Ok(())
    }

    /// Files delivered mails and removes them from the outbox, durably,
    /// all together; how many.
    pub(super) fn record(
        &mut self,
        filing: &Filing,
        pending: &mut Unrecorded,
    ) -> Result<usize, DaemonError> {
        if pending.done.is_empty() {
            return Ok(0);
        }
        let file = pending.take_filing();
        let count = filing.settle(&pending.done, file)?;
        pending.done.clear();
        pending.filed = false;
        self.outbox.settled()?;
        Ok(count)
    }

    /// The relay as `run` runs it, on a task of its own: it sends whenever
    /// the referee wakes it (and at start), retries with backoff after a
    /// failure, and ends when `shutdown` is set. Each SMTP conversation has
    /// a hard timeout (`[outbox] timeout_seconds`), so a server that
    /// accepts and never answers delays only the mails, never refereeing.
    ///
    /// The backoff is capped low ([`RELAY_BACKOFF_CAP`]): mail waits while
    /// the server restarts, and the outbox goes within seconds of its
    /// return. A failure is logged once for as long as it lasts (then at
    /// debug level), and its end once.
    pub(super) async fn run(
        mut self,
        wake: Arc<tokio::sync::Notify>,
        mut shutdown: watch::Receiver<bool>,
    ) {
        let mut backoff = Backoff::new(RELAY_BACKOFF_CAP);
        // failed attempts since the last pass that went through
        let mut failing: usize = 0;
        loop {
            // on a full disk sent mails could not be recorded: nothing goes
            // (said once by the monitor)
            let passed = match self.monitor.room() {
                Ok(()) => self.send(&shutdown).await,
                Err(e) => Err(e.into()),
            };
            let wait = match passed {
                Ok(sent) => {
                    if failing > 0 {
                        info!(attempts = failing, "outbox: sending again");
                    }
                    self.monitor.outbox_sent();
                    // (a pass that sent nothing did not sign in)
                    if sent > 0 && self.monitor.signed_in("outbox") {
                        info!("outbox: the sign-in works again");
                    }
                    failing = 0;
                    backoff.reset();
                    None
                }
                Err(e) => {
                    let wait = backoff.next();
                    let no_space = matches!(e, DaemonError::Store(StoreError::NoSpace { .. }));
                    let refused = matches!(&e,
                        DaemonError::Mail(MailError::SignIn(r)) if r.needs_a_person());
                    if refused {
                        // a person must sign in again: said once, kept for
                        // `status`; the mails wait in the outbox
                        if self.monitor.sign_in_refused("outbox", e.to_string()) {
                            error!(error = %e, "outbox: nothing is sent until the sign-in is mended; the mails wait in the outbox");
                            self.monitor.error(format!("outbox: {e}"));
                        } else {
                            debug!(error = %e, retry_in = ?wait, "outbox: the sign-in is still refused");
                        }
                    } else if failing == 0 && !no_space {
                        warn!(error = %e, retry_in = ?wait, "outbox: sending failed, kept for later");
                    } else {
                        debug!(error = %e, retry_in = ?wait, "outbox: sending failed again");
                    }
                    // the full state disk and a refused sign-in are
                    // problems of their own
                    if !no_space && !refused {
                        self.monitor.outbox_failed(format!("outbox: {e}"));
                    }
                    failing += 1;
                    Some(wait)
                }
            };
            if *shutdown.borrow() {
                return;
            }
            tokio::select! {
                _ = wake.notified(), if wait.is_none() => {}
                _ = tokio::time::sleep(wait.unwrap_or_default()), if wait.is_some() => {}
                _ = shutdown.changed() => return,
            }
        }
    }
}

/// Mails the server took or that were written (their places in the
/// outbox), not yet recorded as sent; whether they were filed.
#[derive(Default)]
pub(super) struct Unrecorded {
    done: Vec<usize>,
    filed: bool,
}

impl Unrecorded {
    /// Whether the mails are still to be filed; from now on they count as
    /// filed (whatever comes of their record, filing happens first).
    pub(super) fn take_filing(&mut self) -> bool {
        !std::mem::replace(&mut self.filed, true)
    }
}

/// What a pass of the relay sends, and where it files what went.
#[derive(Clone)]
pub(super) struct Filing {
    store: SharedStore,
    outbox: Arc<[OutboxEntry]>,
    instance: Arc<str>,
    from: Arc<str>,
}

impl Filing {
    /// Keeps the mails at `done` with their games and remembers them for
    /// bounces (made durable with the next sync; a failure is only logged:
    /// the mail went).
    pub(super) fn file(&self, done: &[usize]) {
        for &place in done {
            let entry = &self.outbox[place];
            if let Some(game) = &entry.mail.game {
                if let Err(e) = self.store.archive_sent(game, Utc::now(), entry) {
                    warn!(error = %e, seq = entry.seq, "the sent mail cannot be kept with its game");
                }
            }
            let record = sent_record(entry, &self.instance, &self.from);
            if let Err(e) = self.store.remember_sent(&record) {
                // only a bounce of it could not be matched
                warn!(error = %e, seq = entry.seq, "the sent mail cannot be remembered");
            }
        }
    }

    /// Files the mails at `done` if `file`, then records them sent; how many.
    pub(super) fn settle(&self, done: &[usize], file: bool) -> Result<usize, StoreError> {
        if file {
            self.file(done);
        }
        self.record(done)
    }

    /// Removes the mails at `done` from the outbox, durably, in one write,
    /// and logs them; how many.
    pub(super) fn record(&self, done: &[usize]) -> Result<usize, StoreError> {
        let seqs: Vec<u64> = done.iter().map(|&place| self.outbox[place].seq).collect();
        self.store.sent_all(&seqs)?;
        for &place in done {
            let entry = &self.outbox[place];
            let mail = &entry.mail;
            let to: Vec<&str> = mail
                .to
                .iter()
                .chain(&mail.cc)
                .map(|r| r.email.as_str())
                .collect();
            info!(
                seq = entry.seq,
                game = %mail.game.as_deref().unwrap_or("-"),
                to = %to.join(", "),
                subject = %mail.subject,
                "sent"
            );
        }
        Ok(done.len())
    }
}

/// How many composed mails may wait for the sender: a batch of the file
/// outbox, so that the next is composed while one is written.
pub(super) const COMPOSED_AHEAD: usize = crate::mail::FILE_BATCH;

/// Composes the outbox's mails in order on a thread of its own, ahead of
/// the sender, whose thread then only sends.
pub(super) fn compose_ahead(
    filing: &Filing,
    from: Recipient,
) -> tokio::sync::mpsc::Receiver<Result<(lettre::address::Envelope, Vec<u8>), MailError>> {
    let (composed, receiver) = tokio::sync::mpsc::channel(COMPOSED_AHEAD);
    let outbox = filing.outbox.clone();
    let instance = filing.instance.clone();
    tokio::task::spawn_blocking(move || {
        for entry in outbox.iter() {
            // the sender stopped (shutdown, a failure): so does this
            if composed
                .blocking_send(compose(entry, &from, &instance))
                .is_err()
            {
                return;
            }
        }
    });
    receiver
}

/// The mails the server took (`unrecorded`, SMTP) filed and removed from
/// the outbox durably, started at once on a thread of their own: the sync
/// runs while the next mail is composed and its envelope checked; the
/// returned work, run before that mail's end-of-data dot, waits for it.
pub(super) fn record_meanwhile(
    filing: &Filing,
    unrecorded: &mut Unrecorded,
) -> Option<crate::mail::smtp::BeforeDot> {
    if unrecorded.done.is_empty() {
        return None;
    }
    let filing = filing.clone();
    let done = unrecorded.done.clone();
    let file = unrecorded.take_filing();
    let (finished, result) = std::sync::mpsc::channel();
    tokio::task::spawn_blocking(move || {
        let recorded = filing
            .settle(&done, file)
            .map(|_| ())
            .map_err(|e| format!("the outbox: {e}"));
        let _ = finished.send(recorded);
    });
    Some(Box::new(move || {
        result
            .recv()
            .unwrap_or_else(|_| Err("the outbox: its record was not made".into()))
    }))
}

/// What is remembered of an outbox entry once sent ([`SentRecord`]).
pub(super) fn sent_record(entry: &OutboxEntry, instance: &str, from: &str) -> SentRecord {
    let mail = &entry.mail;
    SentRecord {
        message_id: crate::mail::message_id(entry, instance, from),
        seq: entry.seq,
        game: mail.game.clone(),
        recipients: mail
            .to
            .iter()
            .chain(&mail.cc)
            .map(|r| r.email.to_lowercase())
            .collect(),
        subject: mail.subject.clone(),
        summary: mail
            .body
            .lines()
            .map(str::trim_end)
            .filter(|l| !l.trim().is_empty())
            .take(6)
            .collect::<Vec<_>>()
            .join("\n")
            .chars()
            .take(600)
            .collect(),
        sent: Utc::now().to_rfc3339(),
        text: mail.body.clone(),
    }
}
