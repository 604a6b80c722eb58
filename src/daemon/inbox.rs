//! The inbox pass of the daemon's loop: each waiting mail read under a
//! panic guard, our own lines taken out, decided against the games as the
//! mails before it left them, bounces and kept-aside mails answered, the
//! answers limited per sender; committed in batches.

use super::*;

/// A mail decided: the decision with the games as it leaves them, its
/// Message-ID, and what becomes of it in the mailbox.
pub(super) type Decided = ((Decision, Checked), Option<String>, Disposition);

impl Pipeline {
    /// Referees the next batch of up to `batch_mails` waiting mails
    /// (group commit): their bodies fetched in one command, each decided
    /// in arrival order against the games as the mails before it left
    /// them, everything written in one durable store transaction, then the
    /// whole batch marked in one mailbox command, then the cursor. A stop
    /// (`shutdown`) takes effect between batches. True when more mails wait
    /// (so that the replies of a burst go out while it is worked through).
    ///
    /// # Errors
    /// When the mailbox or the store fails: nothing of the batch is marked,
    /// the games are read again from the store, and the batch waits for the
    /// next pass (a mail committed but not marked is then only marked).
    pub async fn inbox_pass(
        &mut self,
        report: &mut Report,
        shutdown: &watch::Receiver<bool>,
    ) -> Result<bool, DaemonError> {
        // nothing is read that could not be recorded
        self.store.room()?;
        let cursor = match self.inbox.cursor_key() {
            Some(key) => self.store.fact(&key)?,
            None => None,
        };
        let (waiting, left) = self
            .inbox
            .waiting(cursor.as_deref(), self.config.batch_mails)
            .await?;
        self.monitor.contact(left);
        if waiting.is_empty() {
            return Ok(false);
        }
        if *shutdown.borrow() {
            info!("stopping between batches");
            return Ok(false);
        }
        let mut batch = Batch::default();
        let mut fresh = Vec::with_capacity(waiting.len());
        for mail in &waiting {
            if self.store.is_processed(&mail.key)? {
                // committed before a crash, not yet marked
                batch.marks.push((mail.clone(), Disposition::Seen));
            } else {
                fresh.push(mail);
            }
        }
        let raws = self
            .inbox
            .fetch_all(&fresh, self.config.max_mail_bytes)
            .await?;
        let decided: Result<(), DaemonError> =
            fresh.iter().zip(raws).try_for_each(|(mail, raw)| {
                let _span = info_span!("mail", key = %mail.key).entered();
                self.one_mail(mail, &raw, &mut batch, report)
            });
        if let Err(e) = decided {
            // the games in memory hold decisions that will not be committed
            self.reload_state()?;
            return Err(e);
        }
        self.commit_batch(&mut batch, report)?;
        self.inbox.done_all(&batch.marks).await?;
        if let Some((key, value)) = waiting.last().and_then(|w| w.cursor.as_ref()) {
            self.store.set_fact(key, value)?;
        }
        Ok(left > 0)
    }

    /// Reads the games again from the store, after a batch that was decided
    /// in memory could not be committed.
    pub(super) fn reload_state(&mut self) -> Result<(), DaemonError> {
        warn!("the batch was not committed: the games are read again from the store");
        self.state = load_state(&self.config.league, self.store.as_ref())?;
        if let Ok(mut snapshot) = self.snapshot.lock() {
            *snapshot = self.state.clone();
        }
        self.generation
            .fetch_add(1, std::sync::atomic::Ordering::Release);
        Ok(())
    }

    /// A fact as the batch leaves it (the batch's own writes first).
    pub(super) fn fact(&self, batch: &Batch, key: &str) -> Result<Option<String>, DaemonError> {
        match batch.facts.get(key) {
            Some(value) if value.is_empty() => Ok(None),
            Some(value) => Ok(Some(value.clone())),
            None => Ok(self.store.fact(key)?),
        }
    }

    /// Decides one fetched mail into the batch; a mail about a game (one whose
    /// decision records events of it or writes mails about it) is kept
    /// with the game's correspondence (III.1.4).
    pub(super) fn one_mail(
        &mut self,
        waiting: &Waiting,
        raw: &[u8],
        batch: &mut Batch,
        report: &mut Report,
    ) -> Result<(), DaemonError> {
        let (events, mails) = (batch.commit.events.len(), batch.commit.mails.len());
        self.decide_one(waiting, raw, batch, report)?;
        self.fill_archives(batch, mails)?;
        let commit = &batch.commit;
        let game = commit.events[events..]
            .first()
            .map(|(game, _)| game.clone())
            .or_else(|| commit.mails[mails..].iter().find_map(|m| m.game.clone()));
        if let Some(game) = game {
            batch.commit.archive.push((
                game,
                ArchivedMail::Received {
                    at: Utc::now(),
                    raw: raw.to_vec(),
                },
            ));
        }
        Ok(())
    }

    /// Writes a game's mails into the `ARCHIVE` answers among the batch's
    /// mails from `from` on: those kept in the store, then those of the
    /// batch so far.
    pub(super) fn fill_archives(&self, batch: &mut Batch, from: usize) -> Result<(), DaemonError> {
        let sender = Recipient {
            name: self.config.league.name.clone(),
            email: self.config.league.address.clone(),
        };
        let Batch { commit, .. } = batch;
        for mail in &mut commit.mails[from..] {
            let Some(game) = mail.game.clone() else {
                continue;
            };
            for attachment in &mut mail.attachments {
                if attachment.content_type != letters::ARCHIVE_TYPE || !attachment.text.is_empty() {
                    continue;
                }
                let mut kept = self.store.archived(&game)?;
                kept.extend(
                    commit
                        .archive
                        .iter()
                        .filter(|(g, _)| *g == game)
                        .map(|(_, m)| m.clone()),
                );
                attachment.text = crate::repair::mbox(&kept, &sender, &self.store.instance()?);
            }
        }
        Ok(())
    }

    pub(super) fn decide_one(
        &mut self,
        waiting: &Waiting,
        raw: &[u8],
        batch: &mut Batch,
        report: &mut Report,
    ) -> Result<(), DaemonError> {
        let max = self.config.max_mail_bytes;
        report.mails_read += 1;
        let read = match waiting.size {
            Some(size) if size > max => Err(ReadError::TooLarge(size, max)),
            _ => read_mail(raw, max),
        };
        // whether the trusted server vouches for a person's mail's sender
        let mut vouched = false;
        if let (Some(server), Ok(mail)) = (&self.config.sender_auth, &read) {
            let from = mail.from.as_deref().unwrap_or("");
            vouched = mail.robot.is_none() && authenticated(raw, server, from);
            if mail.robot.is_none() && !vouched {
                warn!(
                    from,
                    "no Authentication-Results from {server} vouches for the sender: kept aside"
                );
                // no Message-ID kept: the same mail, properly vouched for, may come again
                let processed = Processed {
                    message_id: None,
                    outcome: "not authenticated".into(),
                };
                let decision = if self.config.league.knows(from) {
                    Decision::ignored("not authenticated")
                } else {
                    Decision::kept_aside("not authenticated")
                };
                self.count_kept_aside(batch, &decision)?;
                return self.add(batch, (waiting, Disposition::Kept, processed), decision);
            }
        }
        if let Ok(Mail {
            message_id: Some(id),
            ..
        }) = &read
        {
            // a second delivery (two Maildir files, a recreated IMAP folder)
            if batch.message_ids.contains(id) || self.store.seen_message_id(id)? {
                info!(message_id = %id, "already processed: a second delivery of the same mail");
                let processed = Processed {
                    message_id: None,
                    outcome: "duplicate".into(),
                };
                return self.add(
                    batch,
                    (waiting, Disposition::Seen, processed),
                    Decision::default(),
                );
            }
        }
        if let Ok(mail) = &read {
            if mail.robot.is_some() {
                if let Some((decision, undelivered)) = self.bounce(waiting, raw, mail)? {
                    let processed = Processed {
                        message_id: mail.message_id.clone(),
                        outcome: format!("{:?}", decision.verdicts),
                    };
                    let facts = self.no_access_from(batch, &undelivered, waiting)?;
                    let checked = self.state.check(&self.config.league, &decision.events)?;
                    self.add_checked(
                        batch,
                        Some((waiting, Disposition::Kept, processed)),
                        decision,
                        checked,
                        facts,
                    );
                    return Ok(());
                }
            }
        }
        // a person's mail from an address our mails bounced from: access again
        let sender = read
            .as_ref()
            .ok()
            .filter(|m| m.robot.is_none())
            .and_then(|m| m.from.as_deref())
            .map(|from| no_access_key(&from.to_lowercase()));
        let mut read = read;
        if let Ok(mail) = &mut read {
            if mail.robot.is_none() {
                self.take_our_lines(mail)?;
            }
        }
        if let Ok(mail) = &read {
            self.load_concerned(mail)?;
        }
        let ((mut decision, checked), message_id, disposition) =
            self.referee(waiting, raw, read, vouched)?;
        self.count_kept_aside(batch, &decision)?;
        let mut facts = self.limit_answers(batch, &mut decision)?;
        if let Some(key) = sender {
            if self.fact(batch, &key)?.is_some() {
                batch.facts.insert(key.clone(), String::new());
                facts.push((key, String::new()));
            }
        }
        let processed = Processed {
            message_id,
            outcome: format!("{:?}", decision.verdicts),
        };
        self.add_checked(
            batch,
            Some((waiting, disposition, processed)),
            decision,
            checked,
            facts,
        );
        Ok(())
    }

    /// Counts an unknown sender's mail that a decision keeps aside
    /// unanswered ([`Verdict::KeptAside`]) for the directors' next digests:
    /// once per director who reads one, in the digest of his first such
    /// tournament ([`League::digest_heads`]). With no such director the
    /// log's line of the decision is all there is of it.
    ///
    /// # Errors
    /// On a storage failure.
    pub(super) fn count_kept_aside(
        &self,
        batch: &mut Batch,
        decision: &Decision,
    ) -> Result<(), DaemonError> {
        if !decision.keeps_aside() {
            return Ok(());
        }
        for t in self.config.league.digest_heads() {
            let key = kept_aside_key(&t.id);
            let count: u64 = self
                .fact(batch, &key)?
                .and_then(|n| n.parse().ok())
                .unwrap_or(0);
            let value = (count + 1).to_string();
            batch.facts.insert(key.clone(), value.clone());
            let facts = &mut batch.commit.facts;
            match facts.iter_mut().find(|(k, _)| *k == key) {
                Some(fact) => fact.1 = value,
                None => facts.push((key, value)),
            }
        }
        Ok(())
    }

    /// Takes out of a player's own text what he quoted of the arbiter's
    /// mails, however his mail program marked it ([`without_quoted`]): it
    /// goes with the quote, neither read as his nor relayed as his note.
    pub(super) fn take_our_lines(&self, mail: &mut Mail) -> Result<(), DaemonError> {
        let answered = self.answered(mail)?;
        if answered.is_empty() {
            return Ok(());
        }
        let plain: Vec<&str> = answered.iter().map(|(_, body)| body.as_str()).collect();
        let (own, mut taken) = without_quoted(&mail.text, &plain);
        // a program that quoted the HTML alternative wrote the board's
        // figures where the plain text has letters: what is left is
        // compared with the HTML as it reads, made only then
        let (own, taken) = if own.contains(|c| ('\u{2654}'..='\u{265F}').contains(&c)) {
            let html: Vec<String> = answered
                .iter()
                .map(|(subject, body)| crate::letters::html::read_back(subject, body))
                .collect();
            let html: Vec<&str> = html.iter().map(String::as_str).collect();
            let (own, more) = without_quoted(&own, &html);
            taken.push_str(&more);
            (own, taken)
        } else {
            (own, taken)
        };
        if !taken.is_empty() {
            debug!(
                lines = taken.lines().count(),
                "the arbiter's own lines, quoted: not the sender's"
            );
            mail.text = own;
            mail.quoted.push_str(&taken);
        }
        Ok(())
    }

    /// The arbiter's mails a mail answers, (subject, text): those its
    /// `In-Reply-To` and `References` name, of every kind (forwards,
    /// rejections, private answers, reports, digests); when it names none
    /// the arbiter remembers, the last mails to its sender whatever their
    /// game, and the last of the game its subject names.
    fn answered(&self, mail: &Mail) -> Result<Vec<(String, String)>, DaemonError> {
        fn add(found: &mut Vec<(String, String)>, subject: &str, text: &str) {
            if !text.is_empty() && !found.iter().any(|(_, t)| t == text) {
                found.push((subject.to_string(), text.to_string()));
            }
        }
        let mut found: Vec<(String, String)> = Vec::new();
        let named = mail
            .in_reply_to
            .iter()
            .chain(mail.references.iter().rev())
            .take(OUR_MAILS_COMPARED);
        for id in named {
            if let Some(record) = self.store.sent_record(id)? {
                add(&mut found, &record.subject, &record.text);
            }
        }
        if !found.is_empty() {
            return Ok(found);
        }
        let from = mail.from.as_deref().unwrap_or_default().to_lowercase();
        if from.is_empty() {
            return Ok(found);
        }
        for record in self.store.sent_to(&from)? {
            add(&mut found, &record.subject, &record.text);
        }
        if let Some((_, spec)) =
            find_tag(&mail.subject).and_then(|tag| self.config.league.game(&tag))
        {
            let archived = self.store.archived(&spec.id)?;
            let to_sender = archived
                .iter()
                .rev()
                .filter_map(|m| match m {
                    ArchivedMail::Sent { entry, .. } => Some(entry),
                    ArchivedMail::Received { .. } => None,
                })
                .filter(|e| {
                    e.mail
                        .to
                        .iter()
                        .chain(&e.mail.cc)
                        .any(|r| r.email.eq_ignore_ascii_case(&from))
                })
                .take(OUR_MAILS_COMPARED);
            for entry in to_sender {
                add(&mut found, &entry.mail.subject, &entry.mail.body);
            }
        }
        Ok(found)
    }

    /// Decides one read mail: the decision with the games as it leaves
    /// them, its Message-ID, and what becomes of it in the mailbox. The decision is made under a panic guard and its
    /// events are checked against the games before anything is committed; a
    /// mail that cannot be refereed is kept aside and the director told.
    ///
    /// # Errors
    /// When the games the decision looked at cannot be read.
    pub(super) fn referee(
        &mut self,
        waiting: &Waiting,
        raw: &[u8],
        read: Result<Mail, ReadError>,
        vouched: bool,
    ) -> Result<Decided, DaemonError> {
        let tz = self.config.timezone;
        let arrival = waiting.arrived.with_timezone(&tz).date_naive();
        match read {
            Ok(mail) => {
                // `msgid`, not `message_id`: the journal's MESSAGE_ID is a catalog id
                let _span = info_span!(
                    "decide",
                    msgid = mail.message_id.as_deref().unwrap_or("-"),
                    from = mail.from.as_deref().unwrap_or("-")
                )
                .entered();
                let inbound = Inbound {
                    password: Some(crate::referee::decide::Secret(
                        crate::xfcc::account::new_password(),
                    )),
                    mail: &mail,
                    arrival,
                    claimed: mail.date.map(|d| d.with_timezone(&tz).date_naive()),
                    authenticated: vouched,
                };
                let decided = self.deciding(|p| {
                    guarded(|| {
                        let league = &p.config.league;
                        let mut decision = decide_mail(league, &p.state, &inbound);
                        p.quiet_forwards(&mut decision);
                        let mut decision = written(league, decision);
                        inject_fault(&mail, &mut decision);
                        decision
                    })
                    .and_then(|d| p.checked(d))
                })?;
                let (decision, checked) = match decided {
                    Ok(checked) => checked,
                    Err(why) => {
                        error!(key = %waiting.key, %why, "the mail cannot be refereed: kept aside, the director told");
                        let failed = (self.failed(waiting, &mail, &why), Checked::default());
                        return Ok((failed, None, Disposition::Kept));
                    }
                };
                for verdict in &decision.verdicts {
                    // the verdicts are English whatever the player's language
                    info!(game = %verdict_game(verdict), ?verdict, "decided");
                }
                let disposition = if mail.robot.is_none() && !decision.keeps_aside() {
                    Disposition::Seen
                } else {
                    Disposition::Kept
                };
                Ok(((decision, checked), mail.message_id, disposition))
            }
            Err(error) => {
                warn!(%error, "mail kept aside");
                let kept = (self.kept_aside(raw, &error), Checked::default());
                Ok((kept, None, Disposition::Kept))
            }
        }
    }

    /// Reads into the state the tournaments a mail is likely to concern:
    /// those its sender plays or directs, and that of the game its subject
    /// names. A decision that looks further has the rest read
    /// ([`Pipeline::deciding`]).
    ///
    /// # Errors
    /// When the games cannot be read.
    pub(super) fn load_concerned(&mut self, mail: &Mail) -> Result<(), DaemonError> {
        let league = &self.config.league;
        let from = mail.from.as_deref().unwrap_or_default();
        let mut wanted: std::collections::HashSet<String> = league
            .players_at(from)
            .into_iter()
            .map(|(t, _)| t.id.clone())
            .chain(league.directed_by(from).into_iter().map(|t| t.id.clone()))
            .collect();
        if let Some((t, _)) = find_tag(&mail.subject).and_then(|tag| league.game(&tag)) {
            wanted.insert(t.id.clone());
        }
        self.load_where(|t| wanted.contains(&t.id))
    }

    /// A robot's mail that reports one of our mails undelivered (a bounce
    /// naming a Message-ID we sent): never answered; reported to the
    /// director of that mail's game (of the tournaments of its recipients,
    /// else of every tournament): which mail to whom, why, and what the
    /// recipient has therefore not received. `None` for any other robot's
    /// mail.
    ///
    /// # Errors
    /// On a storage failure.
    pub(super) fn bounce(
        &self,
        waiting: &Waiting,
        raw: &[u8],
        mail: &Mail,
    ) -> Result<Option<(Decision, Vec<String>)>, DaemonError> {
        let bounce = read_bounce(raw);
        let mut ours = None;
        for id in &bounce.original_ids {
            if let Some(record) = self.store.sent_record(id)? {
                ours = Some(record);
                break;
            }
        }
        let Some(sent) = ours else {
            return Ok(None);
        };
        let from = mail.from.as_deref().unwrap_or("-");
        if crate::letters::bounce_subjects().contains(&sent.subject) {
            warn!(
                msgid = %sent.message_id,
                to = %sent.recipients.join(", "),
                from,
                "a bounce report to a director bounced: not reported again"
            );
            return Ok(Some((
                Decision {
                    verdicts: vec![Verdict::Ignored(format!(
                        "bounce of the bounce report {}",
                        sent.message_id
                    ))],
                    ..Decision::default()
                },
                Vec::new(),
            )));
        }
        let league = &self.config.league;
        let mut tournaments: Vec<&Tournament> =
            match sent.game.as_deref().and_then(|g| league.game(g)) {
                Some((t, _)) => vec![t],
                None => sent
                    .recipients
                    .iter()
                    .flat_map(|r| league.players_at(r))
                    .map(|(t, _)| t)
                    .collect(),
            };
        if tournaments.is_empty() {
            tournaments = league.tournaments.iter().collect();
        }
        let undelivered = bounced_to(&bounce, &sent);
        warn!(
            game = %sent.game.as_deref().unwrap_or("-"),
            msgid = %sent.message_id,
            to = %undelivered.join(", "),
            from,
            "a mail we sent bounced: the director told"
        );
        let report = bounce_report(waiting, mail, &bounce, &sent, &undelivered);
        let decision = Decision {
            verdicts: vec![Verdict::Ignored(format!(
                "bounce of {} to {}: reported to the director",
                sent.message_id,
                undelivered.join(", ")
            ))],
            letters: vec![Letter::new(
                directors_of(tournaments.into_iter()),
                vec![],
                Notice::Official(OfficialNotice::Bounced(Box::new(report))),
                sent.game.as_deref(),
            )],
            ..Decision::default()
        };
        let decision = written(league, decision);
        Ok(Some((decision, undelivered)))
    }

    /// The answer to a mail that could not be refereed (a panic, or events
    /// that do not apply: a bug): nothing is recorded of it, and the
    /// director of its tournament (of every tournament, when the mail names
    /// none) is told once, with what identifies the mail in the mailbox.
    pub(super) fn failed(&self, waiting: &Waiting, mail: &Mail, why: &str) -> Decision {
        let league = &self.config.league;
        let game = find_tag(&mail.subject).and_then(|tag| league.game(&tag));
        let tournaments: Vec<&Tournament> = match game {
            Some((t, _)) => vec![t],
            None => league.tournaments.iter().collect(),
        };
        let clip = |s: &str| s.chars().take(200).collect::<String>();
        let notice = OfficialNotice::NotRefereed {
            key: clip(&waiting.key),
            from: mail.from.as_deref().unwrap_or("-").to_string(),
            message_id: clip(mail.message_id.as_deref().unwrap_or("-")),
            subject: clip(&mail.subject),
            reason: clip(why),
        };
        written(
            league,
            Decision {
                verdicts: vec![Verdict::Ignored(format!("kept aside: {why}"))],
                letters: vec![Letter::new(
                    directors_of(tournaments.into_iter()),
                    vec![],
                    Notice::Official(notice),
                    game.map(|(_, spec)| spec.id.as_str()),
                )],
                ..Decision::default()
            },
        )
    }

    /// Drops answers beyond `replies_per_hour` to one address (mails whose
    /// only recipient is the sender of the mail answered); forwards to an
    /// opponent and copies are never limited, nor is any mail of a decision
    /// that writes to more than one address. The times of the answers are
    /// kept in the store (committed with the mail), so the limit holds
    /// across `run --once` processes and restarts; returns the facts to write.
    ///
    /// # Errors
    /// On a storage failure.
    pub(super) fn limit_answers(
        &self,
        batch: &Batch,
        decision: &mut Decision,
    ) -> Result<Vec<(String, String)>, DaemonError> {
        let limit = self.config.replies_per_hour as usize;
        let now = Utc::now().timestamp();
        let mut times: std::collections::BTreeMap<String, Vec<i64>> = Default::default();
        // A decision that writes to more than one address is no mere
        // answer: a forward or a result goes as one mail per reader's
        // language, each To one reader, and none of them is limited.
        let addresses: std::collections::BTreeSet<String> = decision
            .mails
            .iter()
            .flat_map(|m| m.to.iter().chain(&m.cc))
            .map(|r| r.email.to_lowercase())
            .collect();
        if addresses.len() > 1 {
            return Ok(Vec::new());
        }
        let mut kept = Vec::with_capacity(decision.mails.len());
        for mail in std::mem::take(&mut decision.mails) {
            if mail.kind != MailKind::AutoReplied || mail.to.len() != 1 || !mail.cc.is_empty() {
                kept.push(mail);
                continue;
            }
            let key = format!("replies:{}", mail.to[0].email.to_lowercase());
            let sent = match times.entry(key) {
                std::collections::btree_map::Entry::Occupied(e) => e.into_mut(),
                std::collections::btree_map::Entry::Vacant(e) => {
                    let stored = self.fact(batch, e.key())?.unwrap_or_default();
                    e.insert(stored.split(',').filter_map(|t| t.parse().ok()).collect())
                }
            };
            sent.retain(|t| now - t < 3600);
            if sent.len() >= limit {
                warn!(to = %mail.to[0].email, subject = %mail.subject, "replies_per_hour reached: no answer");
                continue;
            }
            sent.push(now);
            kept.push(mail);
        }
        decision.mails = kept;
        Ok(times
            .into_iter()
            .map(|(key, sent)| {
                let list: Vec<String> = sent.iter().map(i64::to_string).collect();
                (key, list.join(","))
            })
            .collect())
    }

    /// A mail too large or unparseable: kept in the mailbox unseen; a player
    /// who sent a too large mail is told. One whose sender is not known for
    /// sure to be a player or a director is counted as an unknown sender's.
    pub(super) fn kept_aside(&self, raw: &[u8], error: &ReadError) -> Decision {
        let why = format!("kept aside: {error}");
        if !matches!(error, ReadError::TooLarge(..)) {
            // a mail that cannot be read (or names no or two senders) is
            // answered to no one: its sender is not known for sure
            return Decision::kept_aside(why);
        }
        let head = &raw[..raw.len().min(64 * 1024)];
        let Ok(Mail {
            from: Some(from),
            robot,
            message_id,
            ..
        }) = read_mail(head, usize::MAX)
        else {
            return Decision::kept_aside(why);
        };
        if !self.config.league.knows(&from) {
            return Decision::kept_aside(why);
        }
        let mut decision = Decision::ignored(why);
        if robot.is_some() || self.config.league.players_at(&from).is_empty() {
            return decision;
        }
        decision.mails.push(OutMail {
            to: vec![Recipient {
                name: String::new(),
                email: from,
            }],
            cc: vec![],
            subject: "Mail too large / Слишком большое письмо".into(),
            body: format!(
                "{error}. Please send the move as plain text, without attachments.\n\n\
                 Письмо слишком большое. Пожалуйста, пришлите ход простым текстом, без вложений.\n"
            ),
            in_reply_to: message_id.clone(),
            references: message_id.into_iter().collect(),
            thread: vec![],
            kind: MailKind::AutoReplied,
            game: None,
            attachments: vec![],
        });
        decision
    }
}

/// The recipients of `sent` a bounce reports (those of a failed or delayed
/// delivery status), else every recipient of the mail (an MTA that writes
/// no report names them only in words).
pub(super) fn bounced_to(bounce: &Bounce, sent: &SentRecord) -> Vec<String> {
    let named: Vec<String> = bounce
        .failures
        .iter()
        .filter(|f| {
            f.action.as_deref().is_none_or(|a| {
                !a.eq_ignore_ascii_case("delivered")
                    && !a.eq_ignore_ascii_case("relayed")
                    && !a.eq_ignore_ascii_case("expanded")
            })
        })
        .map(|f| f.recipient.to_lowercase())
        .collect();
    if named.is_empty() {
        sent.recipients.clone()
    } else {
        named
    }
}

/// What the director is told of a bounce: the returned mail as the store
/// remembers it, and why it came back (the delivery status report, else
/// the mail server's own words).
pub(super) fn bounce_report(
    waiting: &Waiting,
    mail: &Mail,
    bounce: &Bounce,
    sent: &SentRecord,
    undelivered: &[String],
) -> BounceReport {
    let clip = |s: &str| s.chars().take(300).collect::<String>();
    let mut why: Vec<String> = bounce
        .failures
        .iter()
        .map(|f| {
            format!(
                "{}: {} (Status: {}; Diagnostic-Code: {})",
                clip(&f.recipient),
                f.action.as_deref().map_or("-".to_string(), clip),
                f.status.as_deref().map_or("-".to_string(), clip),
                f.diagnostic.as_deref().map_or("-".to_string(), clip),
            )
        })
        .collect();
    if why.is_empty() {
        // no delivery status report: the MTA's own words
        why = bounce.excerpt.lines().map(|l| format!("> {l}")).collect();
    }
    BounceReport {
        undelivered: undelivered.to_vec(),
        game: sent.game.clone(),
        subject: clip(&sent.subject),
        sent: chrono::DateTime::parse_from_rfc3339(&sent.sent)
            .ok()
            .map(|at| at.with_timezone(&chrono::Utc)),
        message_id: sent.message_id.clone(),
        why,
        summary: sent.summary.clone(),
        key: clip(&waiting.key),
        from: mail.from.as_deref().unwrap_or("-").to_string(),
    }
}
