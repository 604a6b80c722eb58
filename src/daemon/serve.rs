//! `run` under systemd: the one loop that waits for mail, an Xfcc move, a
//! signal or midnight, with its backoffs, the relay beside it, and the
//! readiness and watchdog notices.

use super::*;

/// When the timers run next: five seconds after the next local midnight.
pub(super) fn next_midnight(config: &Config) -> Option<DateTime<Utc>> {
    let now = Utc::now().with_timezone(&config.timezone);
    let midnight = (now.date_naive() + chrono::Days::new(1)).and_hms_opt(0, 0, 5)?;
    midnight
        .and_local_timezone(config.timezone)
        .earliest()
        .map(|t| t.with_timezone(&Utc))
}

pub(super) fn notify(state: sd_notify::NotifyState) {
    if let Err(e) = sd_notify::notify(false, &[state]) {
        warn!(error = %e, "sd_notify failed");
    }
}

/// How long IDLE may wait: five minutes, or half the watchdog interval.
pub(super) fn idle_wait() -> Duration {
    let mut usec = 0;
    let five_minutes = Duration::from_secs(300);
    if sd_notify::watchdog_enabled(false, &mut usec) && usec > 0 {
        five_minutes.min(Duration::from_micros(usec / 2))
    } else {
        five_minutes
    }
}

/// The mailbox's reconnection backoff reaches at most this.
pub(super) const MAILBOX_BACKOFF_CAP: Duration = Duration::from_secs(60);

/// The outbox relay's backoff reaches at most this: a connection attempt
/// costs the server next to nothing, and a restarted server gets the
/// waiting mail within seconds.
pub(super) const RELAY_BACKOFF_CAP: Duration = Duration::from_secs(4);

/// The growing pause between attempts: 1 s doubling to a cap.
pub(super) struct Backoff {
    next: Duration,
    cap: Duration,
}

impl Backoff {
    pub(super) fn new(cap: Duration) -> Backoff {
        Backoff {
            next: Duration::from_secs(1).min(cap),
            cap,
        }
    }

    pub(super) fn next(&mut self) -> Duration {
        let now = self.next;
        self.next = (self.next * 2).min(self.cap);
        now
    }

    pub(super) fn reset(&mut self) {
        self.next = Duration::from_secs(1).min(self.cap);
    }
}

/// Sleeps `d` unless `shutdown` is set first; true when shutting down.
pub(super) async fn pause(d: Duration, shutdown: &mut watch::Receiver<bool>) -> bool {
    if *shutdown.borrow() {
        return true;
    }
    tokio::select! {
        _ = tokio::time::sleep(d) => {}
        _ = shutdown.changed() => {}
    }
    *shutdown.borrow()
}

/// Turns SIGTERM and SIGINT into the shutdown signal.
pub(super) fn watch_signals(tx: watch::Sender<bool>) -> std::io::Result<()> {
    use tokio::signal::unix::{signal, SignalKind};
    let mut term = signal(SignalKind::terminate())?;
    let mut int = signal(SignalKind::interrupt())?;
    tokio::spawn(async move {
        tokio::select! {
            _ = term.recv() => info!("SIGTERM: stopping"),
            _ = int.recv() => info!("SIGINT: stopping"),
        }
        notify(sd_notify::NotifyState::Stopping);
        let _ = tx.send(true);
    });
    Ok(())
}

/// The arbiter's last mails to a player in a game whose lines are taken
/// for quotes in his mail.
pub(super) const OUR_MAILS_COMPARED: usize = 8;

/// How often a daemon waiting for room on a full disk looks again.
pub(super) const ROOM_POLL: Duration = Duration::from_secs(2);

/// Opens the pipeline once the state folder's disk has room
/// ([`crate::store::room`]): on a full disk sled must not open the store
/// (it writes as it opens), and exiting would only have the unit start it
/// again and again; the wait is said once, in the log and to systemd.
/// `None` when shut down while waiting.
///
/// # Errors
/// As [`Pipeline::open`], but for a full disk.
pub(super) async fn open_with_room(
    config: Config,
    shutdown: &mut watch::Receiver<bool>,
) -> Result<Option<Pipeline>, DaemonError> {
    let mut told = false;
    loop {
        let refused = match crate::store::room(&config.state) {
            Ok(()) => match Pipeline::open(config.clone()) {
                Err(DaemonError::Store(e @ StoreError::NoSpace { .. })) => e,
                opened => return opened.map(Some),
            },
            Err(e) => e,
        };
        if !told {
            error!(error = %refused, "no space: the store is opened once there is room");
            // ready, so that systemd does not time the start out and
            // start it again: the daemon is up, waiting
            notify(sd_notify::NotifyState::Ready);
            notify(sd_notify::NotifyState::Status(
                "no space on the state folder's disk: waiting for room",
            ));
            told = true;
        }
        notify(sd_notify::NotifyState::Watchdog);
        if pause(ROOM_POLL, shutdown).await {
            return Ok(None);
        }
    }
}

/// The relay of a reloaded config in place of `running`: an entry cut off
/// mid-conversation is sent again, with its Message-ID; none is lost.
fn restart_relay(
    pipeline: &mut Pipeline,
    running: tokio::task::JoinHandle<()>,
    wake: &Arc<tokio::sync::Notify>,
    shutdown: &watch::Receiver<bool>,
) -> tokio::task::JoinHandle<()> {
    match pipeline.relay.take() {
        Some(new) => {
            running.abort();
            tokio::spawn(new.run(wake.clone(), shutdown.clone()))
        }
        None => running,
    }
}

/// `run`: the daemon, until SIGTERM or SIGINT; SIGHUP reads the config at
/// `path` again ([`Pipeline::reload`]).
///
/// # Errors
/// Fatal failures only: the store, a damaged record, a password file.
/// Mailbox and transport failures are retried with backoff.
pub async fn serve(config: Config, path: &Path) -> Result<(), DaemonError> {
    let (stop_tx, mut shutdown) = watch::channel(false);
    let signals = |e| MailError::Io {
        path: "signals".into(),
        source: e,
    };
    watch_signals(stop_tx).map_err(signals)?;
    let mut hangup =
        tokio::signal::unix::signal(tokio::signal::unix::SignalKind::hangup()).map_err(signals)?;
    let Some(mut pipeline) = open_with_room(config, &mut shutdown).await? else {
        return Ok(());
    };
    // the control socket and the Xfcc door show every game
    pipeline.load_all()?;
    pipeline.web_started()?;
    let socket = control_socket(&pipeline.config);
    crate::control::listen(
        &socket,
        pipeline.config.clone(),
        pipeline.snapshot.clone(),
        pipeline.monitor.clone(),
    )
    .map_err(|e| MailError::Io {
        path: socket.display().to_string(),
        source: e,
    })?;
    let wake = Arc::new(tokio::sync::Notify::new());
    crate::repair::hold(pipeline.store.clone(), wake.clone(), &pipeline.config);
    // the second door: chess programs (Xfcc), when the config opens it
    let door_wake = Arc::new(tokio::sync::Notify::new());
    let (jobs_tx, mut jobs) = tokio::sync::mpsc::channel(crate::xfcc::server::QUEUE);
    if let Some(xfcc) = pipeline.config.xfcc.clone() {
        let listener = crate::xfcc::server::bind(&xfcc)
            .await
            .map_err(|e| MailError::Io {
                path: format!("[xfcc] listen {}", xfcc.listen),
                source: e,
            })?;
        let tls = crate::xfcc::server::tls(&xfcc).map_err(|e| MailError::Io {
            path: "[xfcc] tls_cert/tls_key".into(),
            source: std::io::Error::other(e),
        })?;
        let door = Arc::new(crate::xfcc::server::Door {
            config: xfcc,
            league: std::sync::RwLock::new(Arc::new(pipeline.config.league.clone())),
            timezone: pipeline.config.timezone,
            store: pipeline.store.clone(),
            state: pipeline.snapshot.clone(),
            jobs: jobs_tx,
            wake: door_wake.clone(),
            guard: Default::default(),
            known: Default::default(),
            tag_key: std::hash::RandomState::new(),
            generation: pipeline.generation.clone(),
            answers: Default::default(),
        });
        pipeline.door = Some(door.clone());
        tokio::spawn(crate::xfcc::server::serve(
            door,
            listener,
            tls,
            shutdown.clone(),
        ));
    } else {
        drop(jobs_tx);
    }
    let mut relay = match pipeline.relay.take() {
        Some(relay) => tokio::spawn(relay.run(wake.clone(), shutdown.clone())),
        None => tokio::spawn(async {}),
    };
    let mut ready = false;
    let mut connect_backoff = Backoff::new(MAILBOX_BACKOFF_CAP);
    let mut timer_day: Option<NaiveDate> = None;
    // games open on their tournament's start day: once a day is enough
    // (going over 100k games per pass would not be)
    let mut opening_day: Option<NaiveDate> = None;
    let mut poll = Duration::from_secs(pipeline.config.poll_seconds);
    'connection: while !*shutdown.borrow() {
        if let Err(e) = pipeline.inbox.connect().await {
            let wait = connect_backoff.next();
            match &e {
                // a person must sign in again: said once, kept for
                // `status`; the refresh token file is read again at each
                // try, so a new sign-in is taken up by itself (or at SIGHUP)
                MailError::SignIn(refusal) if refusal.needs_a_person() => {
                    if pipeline.monitor.sign_in_refused("inbox", e.to_string()) {
                        error!(error = %e, "the mailbox cannot be read until the sign-in is mended; the mails wait in it");
                        pipeline.monitor.error(format!("mailbox unreachable: {e}"));
                    } else {
                        debug!(error = %e, retry_in = ?wait, "the mailbox's sign-in is still refused");
                    }
                    if !ready {
                        // up and waiting for a person: systemd must not
                        // time the start out and start it again and again
                        notify(sd_notify::NotifyState::Ready);
                        notify(sd_notify::NotifyState::Status(
                            "the mailbox's OAuth2 sign-in is refused: run mailarbiter oauth2 login inbox",
                        ));
                        ready = true;
                    }
                }
                _ => {
                    error!(error = %e, retry_in = ?wait, "mailbox unreachable");
                    pipeline
                        .monitor
                        .mailbox_failed(format!("mailbox unreachable: {e}"));
                }
            }
            // the referee loop is alive, waiting for the mailbox; what is
            // already decided still goes out (the relay runs on); deadlines
            // wait for the mailbox, since a move may be waiting in it
            notify(sd_notify::NotifyState::Watchdog);
            let stop = tokio::select! {
                stop = pause(wait, &mut shutdown) => stop,
                _ = hangup.recv() => {
                    info!(config = %path.display(), "SIGHUP: reading the config again");
                    if pipeline.reload(path).await {
                        relay = restart_relay(&mut pipeline, relay, &wake, &shutdown);
                        poll = Duration::from_secs(pipeline.config.poll_seconds);
                        opening_day = None;
                    }
                    // at once, with what the config (and its files) say now
                    connect_backoff.reset();
                    false
                }
            };
            if stop {
                break;
            }
            continue;
        }
        connect_backoff.reset();
        if pipeline.monitor.signed_in("inbox") {
            info!("the mailbox's sign-in works again");
        }
        if !ready {
            notify(sd_notify::NotifyState::Ready);
            info!("ready");
            ready = true;
        }
        loop {
            notify(sd_notify::NotifyState::Watchdog);
            // a full disk: nothing is read, decided or sent until there is
            // room (the mails wait in the mailbox), said once
            if pipeline.monitor.room().is_err() {
                if pause(ROOM_POLL, &mut shutdown).await {
                    break 'connection;
                }
                continue;
            }
            let mut report = Report::default();
            let today = pipeline.today();
            let more = match pipeline
                .referee_pass(today, &mut opening_day, &mut report, &shutdown)
                .await
            {
                Ok(more) => more,
                Err(DaemonError::Mail(e)) => {
                    error!(error = %e, "mailbox failed: reconnecting");
                    pipeline
                        .monitor
                        .mailbox_failed(format!("mailbox failed: {e}"));
                    pipeline.inbox.close().await;
                    continue 'connection;
                }
                // refused before anything was written: waits for room above
                Err(DaemonError::Store(StoreError::NoSpace { .. })) => continue,
                Err(fatal) => return Err(fatal),
            };
            match pipeline.xfcc_pass(&mut jobs) {
                Ok(()) => {}
                Err(DaemonError::Store(StoreError::NoSpace { .. })) => continue,
                Err(fatal) => return Err(fatal),
            }
            let ran = !more && timer_day != Some(today);
            if ran {
                match pipeline.timer_pass(today, &mut report) {
                    Ok(()) => timer_day = Some(today),
                    Err(DaemonError::Store(StoreError::NoSpace { .. })) => continue,
                    Err(fatal) => return Err(fatal),
                }
            }
            // the next pass: after the next local midnight, or at once
            // when today's waits for the mails still waiting
            let next = if timer_day == Some(today) {
                next_midnight(&pipeline.config)
            } else {
                Some(Utc::now())
            };
            pipeline.monitor.deadlines(ran.then_some(today), next);
            wake.notify_one();
            if *shutdown.borrow() {
                break 'connection;
            }
            if more {
                continue;
            }
            let mut wait = idle_wait();
            // wake for the timers after the local midnight
            let now = Utc::now().with_timezone(&pipeline.config.timezone);
            if let Some(midnight) = (now.date_naive() + chrono::Days::new(1)).and_hms_opt(0, 0, 5) {
                let left = (midnight - now.naive_local())
                    .to_std()
                    .unwrap_or(Duration::from_secs(1));
                wait = wait.min(left);
            }
            let waited = tokio::select! {
                waited = pipeline.inbox.wait(wait, poll, &mut shutdown, &door_wake) => Some(waited),
                _ = hangup.recv() => None,
            };
            match waited {
                Some(Ok(())) => {}
                Some(Err(e)) => {
                    error!(error = %e, "mailbox failed while waiting: reconnecting");
                    pipeline
                        .monitor
                        .error(format!("mailbox failed while waiting: {e}"));
                    pipeline.inbox.close().await;
                    continue 'connection;
                }
                None => {
                    info!(config = %path.display(), "SIGHUP: reading the config again");
                    if pipeline.reload(path).await {
                        relay = restart_relay(&mut pipeline, relay, &wake, &shutdown);
                        poll = Duration::from_secs(pipeline.config.poll_seconds);
                        // a tournament added may start today
                        opening_day = None;
                    }
                    // the wait was cut short (an IDLE mid-way): a new session
                    pipeline.inbox.close().await;
                    continue 'connection;
                }
            }
        }
    }
    notify(sd_notify::NotifyState::Stopping);
    pipeline.inbox.close().await;
    // the relay stops between mails; one in the middle of a conversation is
    // sent again at the next start (with the same Message-ID)
    if tokio::time::timeout(Duration::from_secs(10), relay)
        .await
        .is_err()
    {
        warn!("the outbox relay did not stop in time");
    }
    let _ = std::fs::remove_file(&socket);
    info!("stopped");
    Ok(())
}
