//! `check --connect`: beyond the offline check of the config, everything the
//! daemon will touch is tried: the store folder and a file outbox folder are
//! written to (a file written and removed), a Maildir inbox likewise, the
//! IMAP mailbox logged in to with its folder opened read-only, the SMTP
//! server greeted (EHLO, TLS as configured) and logged in to when a user is
//! configured, the Xfcc endpoint's address bound (and its TLS files read).
//! Every probe runs even when another fails; nothing is sent,
//! moved or created that stays.

use crate::config::{Auth, Config, InboxConfig, OutboxConfig, Tls};
use crate::mail::{imap, smtp::SmtpOutbound};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The longest one network probe may take.
const PROBE_TIMEOUT: Duration = Duration::from_secs(30);

/// One thing tried: what, and what came of it (`Err`: the reason, one line).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Probe {
    pub what: String,
    pub result: Result<String, String>,
}

/// Runs every probe of `config`, in the order store, inbox, outbox, and
/// the web folder when there is one.
pub async fn connect(config: &Config) -> Vec<Probe> {
    let logins = crate::mail::logins(config)
        .map_err(|(file, e)| format!("password_file {}: {e}", file.display()));
    let mut probes = vec![Probe {
        what: format!("store {}", config.state.display()),
        result: store_folder(&config.state),
    }];
    probes.push(match &config.inbox {
        InboxConfig::Maildir { path } => Probe {
            what: format!("inbox Maildir {}", path.display()),
            result: write_and_remove(&path.join("tmp"))
                .and_then(|_| write_and_remove(&path.join("cur")))
                .map(|_| "wrote and removed a file in tmp/ and cur/".into()),
        },
        InboxConfig::Imap(c) => Probe {
            what: format!(
                "inbox IMAP {}:{} ({}), user {}",
                c.host,
                c.port,
                tls_words(c.tls),
                c.user
            ),
            result: match &logins {
                Err(e) => Err(e.clone()),
                Ok((Some(login), _)) => within(imap::probe(c, login)).await,
                Ok((None, _)) => Err("no login".into()),
            },
        },
    });
    probes.push(match &config.outbox {
        OutboxConfig::File { path } => Probe {
            what: format!("outbox folder {}", path.display()),
            result: write_and_remove(path),
        },
        OutboxConfig::Smtp(c) => Probe {
            what: format!(
                "outbox SMTP {}:{} ({}){}",
                c.host,
                c.port,
                tls_words(c.tls),
                c.user
                    .as_ref()
                    .map_or(String::new(), |u| format!(", user {u}"))
            ),
            result: async {
                let login = logins.clone()?.1;
                let smtp = SmtpOutbound::new(c, login).map_err(|e| e.to_string())?;
                within(async { smtp.probe().await.map(|()| String::new()) }).await?;
                Ok(match &c.user {
                    Some(user) => format!("EHLO answered, logged in as {user}"),
                    None => "EHLO answered (no login configured)".into(),
                })
            }
            .await,
        },
    });
    for probe in &mut probes {
        // one line each, whatever the server said
        if let Err(reason) = &mut probe.result {
            let words = reason.split_whitespace().collect::<Vec<_>>().join(" ");
            // lettre repeats its prefix ("Connection error: Connection error: …")
            let mut parts: Vec<&str> = words.split(": ").collect();
            parts.dedup();
            *reason = parts.join(": ");
        }
    }
    // a provider that refuses the password: what it wants instead
    let refused = |probe: &Probe| probe.result.as_ref().is_err_and(|e| password_refused(e));
    if let InboxConfig::Imap(c) = &config.inbox {
        if matches!(c.auth, Auth::Password(_)) && refused(&probes[1]) {
            add_hint(
                &mut probes[1],
                crate::config::instead_of_password(&c.host, "imap"),
            );
        }
    }
    if let OutboxConfig::Smtp(c) = &config.outbox {
        if matches!(c.auth, Some(Auth::Password(_))) && refused(&probes[2]) {
            add_hint(
                &mut probes[2],
                crate::config::instead_of_password(&c.host, "smtp"),
            );
        }
    }
    if let Some(xfcc) = &config.xfcc {
        probes.push(Probe {
            what: format!("Xfcc endpoint {} ({})", xfcc.listen, xfcc.public_url),
            result: match crate::xfcc::server::tls(xfcc) {
                Err(e) => Err(format!("TLS: {e}")),
                Ok(tls) => crate::xfcc::server::bind(xfcc)
                    .await
                    .map(|_| {
                        format!(
                            "bound and let go{}",
                            if tls.is_some() {
                                "; certificate and key read"
                            } else {
                                ""
                            }
                        )
                    })
                    .map_err(|e| format!("cannot listen on {}: {e}", xfcc.listen)),
            },
        });
    }
    if let Some(dir) = &config.web_dir {
        probes.push(Probe {
            what: format!("web folder {}", dir.display()),
            result: write_and_remove(dir),
        });
    }
    probes
}

fn tls_words(tls: Tls) -> &'static str {
    match tls {
        Tls::Implicit => "implicit TLS",
        Tls::Starttls => "STARTTLS",
        Tls::None => "no TLS",
    }
}

async fn within<E: std::fmt::Display>(
    probe: impl std::future::Future<Output = Result<String, E>>,
) -> Result<String, String> {
    match tokio::time::timeout(PROBE_TIMEOUT, probe).await {
        Ok(result) => result.map_err(|e| e.to_string()),
        Err(_) => Err(format!("no answer within {} s", PROBE_TIMEOUT.as_secs())),
    }
}

/// Writes a file in `dir` and removes it.
fn write_and_remove(dir: &Path) -> Result<String, String> {
    use std::io::Write as _;
    let file = dir.join(format!(".mailarbiter-check.{}", std::process::id()));
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&file)
        .and_then(|mut f| f.write_all(b"mailarbiter check --connect\n"));
    if let Err(e) = written {
        let _ = std::fs::remove_file(&file);
        return Err(format!("cannot write a file in {}: {e}", dir.display()));
    }
    std::fs::remove_file(&file)
        .map_err(|e| format!("wrote {} but cannot remove it: {e}", file.display()))?;
    Ok("wrote and removed a file".into())
}

/// The store folder: written to if it exists; else created (as `run`
/// would), written to, and the folders made removed again.
fn store_folder(state: &Path) -> Result<String, String> {
    if state.is_dir() {
        return write_and_remove(state);
    }
    let mut made: Vec<PathBuf> = Vec::new();
    let mut missing = state.to_path_buf();
    while !missing.exists() {
        made.push(missing.clone());
        if !missing.pop() {
            break;
        }
    }
    let result = std::fs::create_dir_all(state)
        .map_err(|e| format!("does not exist and cannot be created: {e}"))
        .and_then(|()| write_and_remove(state))
        .map(|_| "does not exist yet; created it, wrote and removed a file, removed it".into());
    for dir in &made {
        let _ = std::fs::remove_dir(dir);
    }
    result
}

/// Whether a server's answer refuses the login (IMAP `NO
/// [AUTHENTICATIONFAILED]`, SMTP 535, "invalid credentials" and the like).
fn password_refused(reason: &str) -> bool {
    let reason = reason.to_ascii_lowercase();
    ["authenticat", "login", "535", "credentials", "password"]
        .iter()
        .any(|word| reason.contains(word))
}

/// `probe`'s failure with `hint`, the provider's word on passwords, after it.
fn add_hint(probe: &mut Probe, hint: Option<&str>) {
    if let (Err(reason), Some(hint)) = (&mut probe.result, hint) {
        reason.push_str(" — ");
        reason.push_str(hint);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_provider_refusing_a_password_is_told_with_what_it_wants() {
        // the servers' own refusals, as they write them
        let outlook = "mailbox: NO AUTHENTICATE failed.";
        let gmail = "535-5.7.8 Username and Password not accepted";
        assert!(password_refused(outlook) && password_refused(gmail));
        assert!(!password_refused("Connection refused (os error 111)"));
        let mut probe = Probe {
            what: "inbox IMAP outlook.office365.com:993".into(),
            result: Err(outlook.into()),
        };
        add_hint(
            &mut probe,
            crate::config::instead_of_password("outlook.office365.com", "imap"),
        );
        let said = probe.result.unwrap_err();
        assert!(said.starts_with(outlook), "{said}");
        assert!(said.contains("set auth = \"oauth2\" and run mailarbiter oauth2 login inbox"));
        assert!(!said.contains('\n'), "one line: {said}");
        let smtp = crate::config::instead_of_password("smtp.gmail.com", "smtp").unwrap();
        assert!(smtp.contains("app password"), "{smtp}");
        assert!(crate::config::instead_of_password("IMAP.YANDEX.COM", "imap").is_some());
        assert!(crate::config::instead_of_password("imap.example.org", "imap").is_none());
    }

    #[test]
    fn a_missing_store_folder_is_tried_and_left_missing() {
        let dir = tempfile::tempdir().unwrap();
        let state = dir.path().join("a/b/state");
        assert!(store_folder(&state).is_ok());
        assert!(!dir.path().join("a").exists());
        std::fs::create_dir(dir.path().join("a")).unwrap();
        assert!(store_folder(&state).is_ok());
        assert!(dir.path().join("a").is_dir() && !dir.path().join("a/b").exists());
    }

    #[test]
    fn a_folder_that_cannot_be_written_is_one_line_with_the_reason() {
        let dir = tempfile::tempdir().unwrap();
        let err = write_and_remove(&dir.path().join("missing")).unwrap_err();
        assert!(
            err.starts_with("cannot write a file in ") && err.contains("No such file"),
            "{err}"
        );
        assert!(write_and_remove(dir.path()).is_ok());
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }
}
