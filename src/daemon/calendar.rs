//! The timer pass of the daemon's loop: the opening mails, the deadlines
//! (reminders, warnings, claims, leaves), lost access, the digests, each
//! committed as the referee decides them, and the days a pass runs for
//! (one a day, the missed ones caught up).

use super::*;

impl Pipeline {
    /// The day's timers: deadlines, lost access, digests.
    ///
    /// # Errors
    /// When the store fails.
    pub(super) fn timer_pass(
        &mut self,
        today: NaiveDate,
        report: &mut Report,
    ) -> Result<(), DaemonError> {
        self.deadlines(today, report)?;
        self.lost_access(today, report)?;
        self.digests(today)
    }

    /// The opening mails due by `today` (before the day's mail is read).
    /// A tournament whose games were all opened is passed by without
    /// reading its games: a fact (`openings-done:<tournament>`) naming its games is
    /// written with its last openings.
    ///
    /// # Errors
    /// When the games cannot be read or the commit fails.
    pub fn openings(&mut self, today: NaiveDate, report: &mut Report) -> Result<(), DaemonError> {
        let mut due = Vec::new();
        for (at, t) in self.config.league.tournaments.iter().enumerate() {
            if today < t.start {
                continue;
            }
            let key = format!("{OPENINGS_DONE}{}", t.id);
            let games = openings_mark(t);
            if self.store.fact(&key)?.as_deref() != Some(games.as_str()) {
                due.push((at, (key, games)));
            }
        }
        self.load_at(due.iter().map(|(at, _)| *at))?;
        // the tournaments with nothing to open: their facts go together
        let mut quiet: Vec<(String, String)> = Vec::new();
        // tournament by tournament: a decision, its letters and its check
        // hold one tournament's games, not the league's
        for (at, fact) in due {
            let decision = self.deciding(|p| {
                let league = &p.config.league;
                let t = &league.tournaments[at];
                guarded(|| {
                    written(
                        league,
                        timers::tournament_openings((t, &league.tables), &p.state, today),
                    )
                })
            })?;
            self.commit_with_fact(decision, fact, &mut quiet, report)?;
        }
        self.commit_facts(quiet, report)
    }

    /// The deadlines as of `today` (after the day's mail was read, so that a
    /// move that arrived in time counts before an overstep is claimed):
    /// for each tournament, every tournament day since the last one whose
    /// timers ran, in order, each decided as of its own day and committed
    /// with the fact that it ran ([`timer_days`]). A clock set back runs
    /// nothing again; a clock that jumped forward runs the missed days.
    /// A tournament before its start whose games have no event yet has
    /// nothing due: its day is done without its games read.
    ///
    /// # Errors
    /// When the commit fails.
    pub fn deadlines(&mut self, today: NaiveDate, report: &mut Report) -> Result<(), DaemonError> {
        // the tournaments with nothing to do on a day: their facts go
        // together, in one commit at the end
        let mut quiet: Vec<(String, String)> = Vec::new();
        // the latest day run, when the clock stands before it (set back)
        let mut behind: Option<NaiveDate> = None;
        // the tournaments with days to run, and those days
        let mut due = Vec::new();
        for (at, t) in self.config.league.tournaments.iter().enumerate() {
            let key = format!("{TIMERS_DONE}{}", t.id);
            let done = self
                .store
                .fact(&key)?
                .and_then(|v| v.parse::<NaiveDate>().ok());
            if let Some(done) = done.filter(|done| *done > today) {
                behind = Some(behind.map_or(done, |b: NaiveDate| b.max(done)));
            }
            let days = timer_days(done, today);
            if days.is_empty() {
                continue;
            }
            if self.waits_for_start(t, today)? {
                // nothing to decide: the day is done without a game read
                quiet.push((key, today.to_string()));
                continue;
            }
            due.push((at, key, days));
        }
        self.load_at(due.iter().map(|(at, _, _)| *at))?;
        // tournament by tournament, as the openings
        for (at, key, days) in due {
            for day in days {
                let decision = self.deciding(|p| {
                    let league = &p.config.league;
                    let t = &league.tournaments[at];
                    guarded(|| {
                        written(
                            league,
                            timers::tournament_deadlines(league, t, &p.state, day),
                        )
                    })
                })?;
                let fact = (key.clone(), day.to_string());
                if !self.commit_with_fact(decision, fact, &mut quiet, report)? {
                    // refused: this day is tried again at the next pass
                    break;
                }
            }
        }
        if let Some(done) = behind {
            // one line a pass, not one a tournament
            warn!(
                done = %done,
                today = %today,
                "the clock is behind the last timer pass: nothing runs again"
            );
        }
        self.commit_facts(quiet, report)
    }

    /// Whether `t` waits for its start as of `today`: its start day is still
    /// to come and none of its games has an event (a director's decision
    /// before the start, such as a withdrawal's adjudication, is one). Its
    /// timers then decide nothing, and its games need not be read: a
    /// tournament that starts next year costs one look at the store a day,
    /// whatever its number of games. A mail about it reads it as any other.
    ///
    /// # Errors
    /// When the store fails.
    fn waits_for_start(&self, t: &Tournament, today: NaiveDate) -> Result<bool, DaemonError> {
        Ok(today < t.start && !self.store.has_game_events(&t.id)?)
    }

    /// Commits a timer decision with the fact that it ran, and the facts of
    /// the quiet ones before it; a decision with nothing in it only adds
    /// its fact to `quiet`, to go with the next commit. False when the
    /// decision was refused ([`Pipeline::commit_timers`]).
    ///
    /// # Errors
    /// When the commit fails.
    fn commit_with_fact(
        &mut self,
        decision: Result<Decision, String>,
        fact: (String, String),
        quiet: &mut Vec<(String, String)>,
        report: &mut Report,
    ) -> Result<bool, DaemonError> {
        match decision {
            Ok(d) if d.is_empty() => {
                quiet.push(fact);
                Ok(true)
            }
            decision => {
                let mut facts = std::mem::take(quiet);
                facts.push(fact);
                self.commit_timers(decision, facts, report)
            }
        }
    }

    /// Commits `facts` alone (none: nothing).
    ///
    /// # Errors
    /// When the commit fails.
    fn commit_facts(
        &mut self,
        facts: Vec<(String, String)>,
        report: &mut Report,
    ) -> Result<(), DaemonError> {
        let mut batch = Batch::default();
        self.add_checked(
            &mut batch,
            None,
            Decision::default(),
            Checked::default(),
            facts,
        );
        self.commit_batch(&mut batch, report)
    }

    /// III.1.6: a player whose address our mails have bounced from for 30
    /// days, with nothing from it since, is considered withdrawn; his
    /// directors are told once, with the command that decides his games.
    ///
    /// # Errors
    /// When the store fails.
    pub fn lost_access(
        &mut self,
        today: NaiveDate,
        report: &mut Report,
    ) -> Result<(), DaemonError> {
        let league = &self.config.league;
        let mut decision = Decision::default();
        let mut facts = Vec::new();
        for (key, since) in self.store.facts(NO_ACCESS)? {
            let Ok(since) = since.parse::<NaiveDate>() else {
                continue; // told already ("<date> told")
            };
            if (today - since).num_days() < LOST_ACCESS_DAYS {
                continue;
            }
            let address = &key[NO_ACCESS.len()..];
            let players = league.players_at(address);
            if players.is_empty() {
                continue;
            }
            let who: Vec<String> = players
                .iter()
                .map(|(t, p)| format!("{} ({}/{})", p.natural_name(), t.id, p.id))
                .collect();
            decision.letters.push(Letter::new(
                directors_of(players.iter().map(|(t, _)| *t)),
                vec![],
                Notice::Official(OfficialNotice::NoMailAccess {
                    address: address.to_string(),
                    players: who,
                    player: players[0].1.id.clone(),
                    since,
                    days: LOST_ACCESS_DAYS,
                }),
                None,
            ));
            decision
                .verdicts
                .push(Verdict::Directed(format!("III.1.6 reported for {address}")));
            facts.push((key.clone(), format!("{since} told")));
        }
        if decision.letters.is_empty() {
            return Ok(());
        }
        let decision = written(league, decision);
        let mut batch = Batch::default();
        self.add_checked(&mut batch, None, decision, Checked::default(), facts);
        self.commit_batch(&mut batch, report)
    }

    /// The facts that start counting III.1.6 for the players' addresses a
    /// bounce names (the first bounce's day; a later one changes nothing).
    pub(super) fn no_access_from(
        &self,
        batch: &Batch,
        undelivered: &[String],
        waiting: &Waiting,
    ) -> Result<Vec<(String, String)>, DaemonError> {
        let day = waiting
            .arrived
            .with_timezone(&self.config.timezone)
            .date_naive();
        let mut facts = Vec::new();
        for address in undelivered {
            let key = no_access_key(address);
            if self.config.league.players_at(address).is_empty()
                || self.fact(batch, &key)?.is_some()
                || facts.iter().any(|(k, _)| *k == key)
            {
                continue;
            }
            facts.push((key, day.to_string()));
        }
        Ok(facts)
    }

    /// The directors' daily digests (`director_digest = "daily"`): once a
    /// day, one mail per such tournament with the games that need attention,
    /// how many unknown senders' mails were kept aside unanswered (in the
    /// digest of each director's first tournament) and the copies held
    /// since the last one; the copies and the count are then removed.
    ///
    /// # Errors
    /// When the store fails.
    pub fn digests(&mut self, today: NaiveDate) -> Result<(), DaemonError> {
        for at in 0..self.config.league.tournaments.len() {
            let t = &self.config.league.tournaments[at];
            if !t.director_digest {
                continue;
            }
            let sent_key = format!("digest-sent:{}", t.id);
            let day = today.to_string();
            // sent today, or on a later day (a clock set back): not again
            let sent_on = self.store.fact(&sent_key)?;
            if sent_on
                .as_deref()
                .and_then(|d| d.parse::<NaiveDate>().ok())
                .is_some_and(|sent_on| sent_on >= today)
            {
                continue;
            }
            let items = self.store.facts(&format!("digest:{}:", t.id))?;
            if items.is_empty() && today < t.start {
                // before the start no game needs attention: with no copy
                // held there is no digest, and no game to read
                continue;
            }
            let held: Vec<HeldCopy> = items
                .iter()
                .filter_map(|(_, value)| serde_json::from_str(value).ok())
                .collect();
            let kept_key = kept_aside_key(&t.id);
            let kept = self.store.fact(&kept_key)?;
            let kept_aside: u64 = kept.as_deref().and_then(|n| n.parse().ok()).unwrap_or(0);
            self.load_at([at])?;
            let mail = self.deciding(|p| {
                let t = &p.config.league.tournaments[at];
                let news = letters::digest::News {
                    held: &held,
                    kept_aside,
                };
                guarded(|| letters::digest::mail(t, &p.state, &news, today))
            })?;
            let t = &self.config.league.tournaments[at];
            let mail = match mail {
                Ok(Some(mail)) => mail,
                Ok(None) => continue,
                Err(why) => {
                    error!(tournament = %t.id, %why, "the digest cannot be written");
                    continue;
                }
            };
            let mut facts: Vec<(String, String)> = items
                .into_iter()
                .map(|(key, _)| (key, String::new()))
                .collect();
            if kept.is_some() {
                facts.push((kept_key, String::new()));
            }
            facts.push((sent_key, day));
            info!(tournament = %t.id, copies = held.len(), kept_aside, "the director's digest");
            self.store.commit(&Commit {
                mails: vec![mail],
                facts,
                created: Utc::now().to_rfc3339(),
                ..Commit::default()
            })?;
        }
        Ok(())
    }

    /// Commits a timer decision that checks, with `facts` in the same
    /// transaction; one that fails (a panic or events that do not apply: a
    /// bug) is logged and left out with its facts, and the timers try again
    /// at the next pass. Whether the decision was committed.
    pub(super) fn commit_timers(
        &mut self,
        decision: Result<Decision, String>,
        facts: Vec<(String, String)>,
        report: &mut Report,
    ) -> Result<bool, DaemonError> {
        let (decision, checked) = match decision.and_then(|d| self.checked(d)) {
            Ok(checked) => checked,
            Err(why) => {
                error!(%why, "the timers' decision was refused; nothing of it was recorded");
                return Ok(false);
            }
        };
        let mut batch = Batch::default();
        self.add_checked(&mut batch, None, decision, checked, facts);
        self.commit_batch(&mut batch, report)?;
        Ok(true)
    }
}

/// Facts `openings-done:<tournament>`: the games of the tournament, all
/// opened ([`openings_mark`]), written with its last opening mails; a
/// tournament whose games change (a game added) is looked at again.
pub(super) const OPENINGS_DONE: &str = "openings-done:";

/// What [`OPENINGS_DONE`] holds for `t`: the number of its games and a
/// hash of their ids (a hash that differs costs one look at the games; a
/// game is never opened twice, as its record says whether it was).
pub(super) fn openings_mark(t: &Tournament) -> String {
    use std::hash::{Hash, Hasher};
    let mut hash = std::hash::DefaultHasher::new();
    for spec in &t.games {
        spec.id.hash(&mut hash);
    }
    format!("{} games {:016x}", t.games.len(), hash.finish())
}

/// Facts `timers-done:<tournament>`: the last tournament day whose timers
/// (deadlines, reminders, notices, claims) ran, written with that day's
/// decision.
pub(super) const TIMERS_DONE: &str = "timers-done:";

/// The most missed days one pass catches up: a daemon down for longer runs
/// the last year's days (each game's count is as of its day anyway).
pub(super) const CATCH_UP_DAYS: u64 = 366;

/// The tournament days whose timers are due as of `today`, in order, when
/// they last ran for `done`: today alone the first time; none when the
/// clock stands at or before `done` (set back); every day after `done`
/// up to today when days were missed (a clock that jumped, a daemon that
/// was down), at most `CATCH_UP_DAYS`.
pub fn timer_days(done: Option<NaiveDate>, today: NaiveDate) -> Vec<NaiveDate> {
    let Some(done) = done else {
        return vec![today];
    };
    let earliest = today
        .checked_sub_days(chrono::Days::new(CATCH_UP_DAYS - 1))
        .unwrap_or(today);
    let mut day = done.succ_opt().unwrap_or(done).max(earliest);
    let mut days = Vec::new();
    while day <= today && day > done {
        days.push(day);
        match day.succ_opt() {
            Some(next) => day = next,
            None => break,
        }
    }
    days
}

/// Facts `no-access:<address>`: the day our mails to a player's address
/// first bounced, until a mail comes from it (III.1.6); `<day> told` once
/// the directors were told.
pub(super) const NO_ACCESS: &str = "no-access:";

/// III.1.6: the days a player has to restore his mail access.
pub(super) const LOST_ACCESS_DAYS: i64 = 30;

pub(super) fn no_access_key(address: &str) -> String {
    format!("{NO_ACCESS}{}", address.to_lowercase())
}

/// The directors of `tournaments`, each address once (the language of the
/// first of his tournaments named).
pub(super) fn directors_of<'t>(tournaments: impl Iterator<Item = &'t Tournament>) -> Vec<Reader> {
    let mut seen: Vec<&str> = Vec::new();
    let mut readers = Vec::new();
    for t in tournaments {
        if !seen.contains(&t.director.as_str()) {
            seen.push(&t.director);
            readers.push(Reader::director_of(t));
        }
    }
    readers
}

/// The fact that counts the unknown senders' mails kept aside unanswered
/// since the last digest of tournament `id` (one of [`League::digest_heads`]).
pub(super) fn kept_aside_key(id: &str) -> String {
    format!("kept-aside:{id}")
}
