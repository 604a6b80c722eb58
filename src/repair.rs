//! Repairs an operator makes (DESIGN.md §9): `outbox` lists the mails
//! waiting, `resend GAME` puts a game's last mails in the outbox again with
//! their own Message-IDs, `backup DIR` copies the store. Each works on the
//! store directly, or, while `run` holds it, inside the daemon through the
//! control socket.

use crate::cli::{self, Command};
use crate::config::Config;
use crate::store::{OutboxEntry, Store};
use chrono::{DateTime, Utc};
use std::fmt::Write as _;
use std::sync::{Arc, Mutex, OnceLock};

/// The store and the relay's wake-up of the running daemon.
type Held = (Arc<dyn Store + Send + Sync>, Arc<tokio::sync::Notify>);

static DAEMON: OnceLock<Held> = OnceLock::new();

/// The config the daemon runs with now (SIGHUP replaces it).
static CONFIG: Mutex<Option<Config>> = Mutex::new(None);

/// `run` hands its store, the relay's wake-up and its config over, so that
/// the control socket can answer the repair commands.
pub fn hold(store: Arc<dyn Store + Send + Sync>, wake: Arc<tokio::sync::Notify>, config: &Config) {
    let _ = DAEMON.set((store, wake));
    set_config(config);
}

/// The daemon put `config` in place (at start, on SIGHUP).
pub fn set_config(config: &Config) {
    if let Ok(mut held) = CONFIG.lock() {
        *held = Some(config.clone());
    }
}

/// In the daemon: the config it runs with now (`None` outside it).
pub fn daemon_config() -> Option<Config> {
    CONFIG.lock().ok()?.clone()
}

/// In the daemon: the answer to a repair command, `None` for another one.
pub fn daemon_answer(config: &Config, command: &Command) -> Option<(i32, String)> {
    let (store, wake) = DAEMON.get()?;
    let answer = answer(store.as_ref(), config, command, Utc::now())?;
    if matches!(command, Command::Resend { .. }) && answer.0 == 0 {
        wake.notify_one();
    }
    Some(answer)
}

/// `xfcc reset ADDRESS`: a new Xfcc password for the player at `address`,
/// its hash stored, the password printed (on the operator's terminal
/// only: never logged).
fn xfcc_reset(store: &dyn Store, config: &Config, address: &str) -> (i32, String) {
    let address = address.trim().to_lowercase();
    let players = config.league.players_at(&address);
    let Some((_, player)) = players.first() else {
        return (
            1,
            format!("no player writes from {address} in the config\n"),
        );
    };
    let username = player.address().to_lowercase();
    let password = crate::xfcc::account::new_password();
    let key = crate::xfcc::account::key(&username);
    match store.set_fact(&key, &crate::xfcc::account::hash(&password)) {
        Ok(()) => {
            let offered = match &config.xfcc {
                Some(x) => format!("URL: {}\n", x.public_url),
                None => "(no [xfcc] in the config: the endpoint is off)\n".to_string(),
            };
            (
                0,
                format!("user name: {username}\npassword: {password}\n{offered}"),
            )
        }
        Err(e) => (1, format!("{e}\n")),
    }
}

/// The answer to `outbox`, `resend` or `backup` on `store`, as (exit code,
/// text); `None` for another command.
pub fn answer(
    store: &dyn Store,
    config: &Config,
    command: &Command,
    now: DateTime<Utc>,
) -> Option<(i32, String)> {
    let failed = |e: &dyn std::fmt::Display| (1, format!("{e}\n"));
    Some(match command {
        Command::Xfcc {
            action: crate::cli::XfccAction::Reset { address },
        } => xfcc_reset(store, config, address),
        Command::Outbox => match store.outbox() {
            Ok(entries) => (0, outbox_table(&entries, now)),
            Err(e) => failed(&e),
        },
        Command::Resend { game } => {
            let Some(id) = cli::game_id(&config.league, game) else {
                return Some((1, format!("no game {game} in the config\n")));
            };
            match store.resend(&id) {
                Ok(seqs) if seqs.is_empty() => (
                    1,
                    format!(
                        "no mail of {id} is on record as sent (or it still waits in the outbox)\n"
                    ),
                ),
                Ok(seqs) => {
                    let list: Vec<String> = seqs.iter().map(u64::to_string).collect();
                    (
                        0,
                        format!(
                            "{id}: mail(s) {} back in the outbox, with their first Message-IDs\n",
                            list.join(", ")
                        ),
                    )
                }
                Err(e) => failed(&e),
            }
        }
        Command::Backup { dir } => match store.backup(dir) {
            Ok(records) => (
                0,
                format!("{}: backup of {records} record(s) written\n", dir.display()),
            ),
            Err(e) => failed(&e),
        },
        Command::Export {
            mbox: Some(game),
            output,
            ..
        } => {
            let Some(id) = cli::game_id(&config.league, game) else {
                return Some((1, format!("no game {game} in the config\n")));
            };
            let mails = match store.archived(&id) {
                Ok(mails) => mails,
                Err(e) => return Some(failed(&e)),
            };
            let from = crate::referee::decide::Recipient {
                name: config.league.name.clone(),
                email: config.league.address.clone(),
            };
            let text = match store.instance() {
                Ok(instance) => mbox(&mails, &from, &instance),
                Err(e) => return Some(failed(&e)),
            };
            match output {
                None => (0, text),
                Some(path) => match std::fs::write(path, &text) {
                    Ok(()) => (
                        0,
                        format!(
                            "{}: {} mail(s) of {id} written as mbox\n",
                            path.display(),
                            mails.len()
                        ),
                    ),
                    Err(e) => (1, format!("{}: {e}\n", path.display())),
                },
            }
        }
        _ => return None,
    })
}

/// A game's mails as mbox (the mboxrd form): each opens with a `From `
/// line (the sender, the time), its lines with CRLF made LF, a line that
/// starts with `From ` after any number of `>` gets one more `>`, and a
/// blank line ends it. Bytes that are not UTF-8 are replaced (the text
/// goes out as a string; 8-bit mails in another charset lose them).
pub fn mbox(
    mails: &[crate::store::ArchivedMail],
    from: &crate::referee::decide::Recipient,
    instance: &str,
) -> String {
    use crate::store::ArchivedMail;
    let mut out = String::new();
    for mail in mails {
        let (at, raw, sender) = match mail {
            ArchivedMail::Received { at, raw } => {
                let parsed = mail_parser::MessageParser::default().parse_headers(raw);
                let sender = parsed
                    .as_ref()
                    .and_then(|m| m.from())
                    .and_then(|a| a.first())
                    .and_then(|a| a.address())
                    .filter(|a| !a.is_empty() && !a.contains(char::is_whitespace))
                    .unwrap_or("MAILER-DAEMON")
                    .to_string();
                (at, raw.clone(), sender)
            }
            ArchivedMail::Sent { at, entry } => match crate::mail::compose(entry, from, instance) {
                Ok((_, bytes)) => (at, bytes, from.email.clone()),
                // an entry that cannot be composed was never sent
                Err(_) => continue,
            },
        };
        let _ = writeln!(out, "From {sender} {}", at.format("%a %b %e %H:%M:%S %Y"));
        let text = String::from_utf8_lossy(&raw);
        for line in text.split('\n') {
            let line = line.strip_suffix('\r').unwrap_or(line);
            if line.trim_start_matches('>').starts_with("From ") {
                out.push('>');
            }
            out.push_str(line);
            out.push('\n');
        }
        if !text.ends_with('\n') {
            out.push('\n');
        }
    }
    out
}

/// `outbox`: one line a waiting mail, oldest first.
pub fn outbox_table(entries: &[OutboxEntry], now: DateTime<Utc>) -> String {
    if entries.is_empty() {
        return "the outbox is empty\n".into();
    }
    let mut out = String::from("seq\tage\tto\tsubject\n");
    for e in entries {
        let age = DateTime::parse_from_rfc3339(&e.created)
            .map_or_else(|_| "?".into(), |t| age(now - t.with_timezone(&Utc)));
        let to: Vec<&str> = e.mail.to.iter().map(|r| r.email.as_str()).collect();
        let _ = writeln!(
            out,
            "{}\t{age}\t{}\t{}",
            e.seq,
            to.join(", "),
            e.mail.subject
        );
    }
    let _ = writeln!(out, "{} mail(s) waiting", entries.len());
    out
}

/// `3d 4h`, `2h 5m`, `42s`.
fn age(d: chrono::TimeDelta) -> String {
    let s = d.num_seconds().max(0);
    match (s / 86_400, s % 86_400 / 3600, s % 3600 / 60) {
        (0, 0, 0) => format!("{s}s"),
        (0, 0, m) => format!("{m}m"),
        (0, h, m) => format!("{h}h {m}m"),
        (d, h, _) => format!("{d}d {h}h"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ages_are_short_and_never_negative() {
        let age = |s: i64| age(chrono::TimeDelta::seconds(s));
        assert_eq!(age(-5), "0s");
        assert_eq!(age(42), "42s");
        assert_eq!(age(125), "2m");
        assert_eq!(age(7500), "2h 5m");
        assert_eq!(age(3 * 86_400 + 4 * 3600 + 60), "3d 4h");
    }
}
