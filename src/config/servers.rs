//! The mailbox, the outbox and the Xfcc endpoint in the config: servers,
//! TLS, folders and password files into typed values, every problem with
//! its line; and reading a password where systemd or the operator put it.

use super::*;

impl Validator<'_> {
    pub(super) fn folder(&mut self, at: &Spanned<String>, what: &str) -> PathBuf {
        let path = self.path(at.get_ref());
        if self.check_folders && !path.is_dir() {
            self.problem(
                at,
                format!("{what} folder {} does not exist", path.display()),
            );
        }
        path
    }

    /// The connection fields of an IMAP or SMTP server. `login_required`:
    /// a user and a password file must be given.
    pub(super) fn server(
        &mut self,
        kind: &Spanned<String>,
        raw: &RawServer<'_>,
        implicit_port: u16,
        starttls_port: u16,
        login_required: bool,
    ) -> Option<SmtpConfig> {
        let what = kind.get_ref().clone();
        let preset = raw.provider.as_ref().and_then(|p| self.provider(p, &what));
        let host = match (raw.host, preset) {
            (Some(host), _) => host.get_ref().clone(),
            (None, Some(preset)) => preset.host.to_string(),
            (None, None) => {
                self.problem(kind, format!("{what} needs a host"));
                return None;
            }
        };
        let tls = match raw.tls.as_ref().map(|t| t.get_ref().as_str()) {
            None => preset.map_or(Tls::Implicit, |p| p.tls),
            Some("implicit") => Tls::Implicit,
            Some("starttls") => Tls::Starttls,
            Some("none") => {
                if !is_loopback(&host) {
                    let at = raw.tls.as_ref().expect("matched Some");
                    self.problem(at, format!("tls = \"none\" is allowed only for a server on this machine (loopback), not {host}"));
                }
                Tls::None
            }
            Some(other) => {
                let at = raw.tls.as_ref().expect("matched Some");
                self.problem(
                    at,
                    format!("unknown tls \"{other}\" (\"implicit\", \"starttls\" or \"none\")"),
                );
                Tls::Implicit
            }
        };
        let port = match (raw.port, preset) {
            (Some(port), _) => port,
            // the provider's port, when its TLS is the one used
            (None, Some(preset)) if preset.tls == tls => preset.port,
            (None, _) if tls == Tls::Implicit => implicit_port,
            (None, _) => starttls_port,
        };
        let auth = match raw.auth.as_ref().map(|a| (a, a.get_ref().as_str())) {
            None | Some((_, "password")) => {
                for (key, value) in raw.oauth2.written() {
                    self.problem(value, format!("{key} is read only with auth = \"oauth2\""));
                }
                if login_required && raw.user.is_none() {
                    self.problem(kind, format!("{what} needs a user"));
                }
                match raw.password_file {
                    Some(p) => Some(Auth::Password(self.password_file(p))),
                    None => {
                        if login_required || raw.user.is_some() {
                            self.problem(kind, format!("{what} with a user needs a password_file"));
                        }
                        None
                    }
                }
            }
            Some((at, "oauth2")) => {
                if raw.user.is_none() {
                    self.problem(
                        at,
                        "auth = \"oauth2\" needs a user (the account's address)".into(),
                    );
                }
                if let Some(p) = raw.password_file {
                    self.problem(
                        p,
                        "password_file is not read with auth = \"oauth2\" (the sign-in takes \
                         an access token got with oauth2_refresh_token_file): remove it"
                            .into(),
                    );
                }
                let side = if what == "imap" { "inbox" } else { "outbox" };
                self.oauth2(at, &raw.oauth2, side, preset)
                    .map(|c| Auth::OAuth2(Box::new(c)))
            }
            Some((at, other)) => {
                self.problem(
                    at,
                    format!("unknown auth \"{other}\" (\"password\" or \"oauth2\")"),
                );
                None
            }
        };
        let ca_file = raw.ca_file.as_ref().map(|p| {
            let path = self.path(p.get_ref());
            if self.check_folders {
                if let Err(e) = std::fs::read(&path) {
                    self.problem(p, format!("cannot read ca_file {}: {e}", path.display()));
                }
            }
            path
        });
        // a private CA's provider: its endpoints are checked with it too
        let auth = match auth {
            Some(Auth::OAuth2(mut c)) => {
                c.ca_file.clone_from(&ca_file);
                Some(Auth::OAuth2(c))
            }
            other => other,
        };
        Some(SmtpConfig {
            host,
            port,
            tls,
            user: raw.user.clone(),
            auth,
            ca_file,
            timeout_seconds: 60,
        })
    }

    /// A password file's path, `$CREDENTIALS_DIRECTORY/` expanded (systemd
    /// `LoadCredential=`), and the file read and checked as
    /// [`Secrets::check`] asks.
    pub(super) fn password_file(&mut self, p: &Spanned<String>) -> PathBuf {
        self.secret_file(p, "password_file")
    }

    /// A file holding a secret on its first line, given as `key`: as
    /// [`Validator::password_file`].
    pub(super) fn secret_file(&mut self, p: &Spanned<String>, key: &str) -> PathBuf {
        let (path, credential) = self.password_path(p.get_ref());
        let given = self.secrets.folder().1;
        let check = self.secrets.check;
        if check == PasswordCheck::Skip {
            return path;
        }
        // outside the unit: the unit's credential is not there to check
        if credential && !given && check == PasswordCheck::Check && !path.exists() {
            self.notes.push(format!(
                "{}: note: {key} {} not checked here: $CREDENTIALS_DIRECTORY is unset and \
                 {} is not there (systemd gives it to the unit only; name the folder with \
                 --credentials DIR to check it)",
                self.line(p),
                p.get_ref(),
                path.display()
            ));
            return path;
        }
        if let Err(e) = read_password_in(&path, self.secrets.systemd.as_deref()) {
            // an OS error (missing, unreadable) or a refusal of read_password
            let verb = if e.raw_os_error().is_some() {
                "cannot read "
            } else {
                ""
            };
            let hint = if credential && !given {
                " ($CREDENTIALS_DIRECTORY is unset: outside the unit name the credentials \
                 folder with --credentials DIR)"
            } else {
                ""
            };
            self.problem(p, format!("{verb}{key} {}: {e}{hint}", path.display()));
        }
        path
    }

    /// A password file path, `$CREDENTIALS_DIRECTORY/` expanded, and whether
    /// it was written with that prefix.
    pub(super) fn password_path(&self, p: &str) -> (PathBuf, bool) {
        for prefix in ["$CREDENTIALS_DIRECTORY/", "${CREDENTIALS_DIRECTORY}/"] {
            if let Some(rest) = p.strip_prefix(prefix) {
                return (self.secrets.folder().0.join(rest), true);
            }
        }
        (self.path(p), false)
    }

    /// `[xfcc]`, checked: an address to listen on, a URL, both TLS files
    /// or neither.
    pub(super) fn xfcc(&mut self, raw: &RawXfcc) -> Option<XfccConfig> {
        let listen = match raw.listen.get_ref().parse::<std::net::SocketAddr>() {
            Ok(address) => Some(address),
            Err(_) => {
                self.problem(
                    &raw.listen,
                    format!(
                        "listen \"{}\" is not an address and port (such as 127.0.0.1:8088)",
                        raw.listen.get_ref()
                    ),
                );
                None
            }
        };
        let tls = match (&raw.tls_cert, &raw.tls_key) {
            (Some(cert), Some(key)) => Some((self.path(cert.get_ref()), self.path(key.get_ref()))),
            (Some(one), None) | (None, Some(one)) => {
                self.problem(
                    one,
                    "tls_cert and tls_key go together (or neither: a TLS proxy in front)".into(),
                );
                None
            }
            (None, None) => None,
        };
        let max_connections = match &raw.max_connections {
            Some(n) if !(1..=4096).contains(n.get_ref()) => {
                self.problem(
                    n,
                    format!(
                        "max_connections must be between 1 and 4096, not {}",
                        n.get_ref()
                    ),
                );
                XFCC_CONNECTIONS
            }
            Some(n) => *n.get_ref(),
            None => XFCC_CONNECTIONS,
        };
        let listen = listen?;
        let public_url = match &raw.public_url {
            Some(url) => {
                let text = url.get_ref().trim();
                if !(text.starts_with("http://") || text.starts_with("https://"))
                    || text
                        .chars()
                        .any(|c| c.is_whitespace() || c == '"' || c == '<')
                {
                    self.problem(
                        url,
                        format!("public_url \"{text}\" is not an http:// or https:// URL"),
                    );
                    return None;
                }
                text.to_string()
            }
            None => {
                let scheme = if tls.is_some() { "https" } else { "http" };
                format!("{scheme}://{listen}/xfccbasic.asmx")
            }
        };
        Some(XfccConfig {
            listen,
            public_url,
            tls,
            max_connections,
        })
    }
}

/// Reads a password file: the first line, without its line end.
///
/// # Errors
/// When the file cannot be read, is readable or writable by group or others
/// (the message says `chmod 600 PATH`), or its first line is empty or blank.
pub fn read_password(path: &Path) -> std::io::Result<String> {
    let credentials = std::env::var_os("CREDENTIALS_DIRECTORY").map(PathBuf::from);
    read_password_in(path, credentials.as_deref())
}

/// As [`read_password`]; `credentials` is systemd's credentials folder
/// (`$CREDENTIALS_DIRECTORY`). systemd writes a credential 0400 and lets a
/// service running as another user (`DynamicUser=`) read it through an ACL
/// entry, whose mask `stat` shows in the group bits (0440) although no group
/// can read it: there a group read bit is accepted, nothing else.
pub(super) fn read_password_in(path: &Path, credentials: Option<&Path>) -> std::io::Result<String> {
    use std::io::{Error, ErrorKind, Read as _};
    use std::os::unix::fs::PermissionsExt;
    let credential = credentials.is_some_and(|dir| path.starts_with(dir))
        || path.starts_with("/run/credentials/");
    let refused = if credential { 0o037 } else { 0o077 };
    let mut file = std::fs::File::open(path)?;
    let mode = file.metadata()?.permissions().mode() & 0o777;
    if mode & refused != 0 {
        let what = if mode & refused & 0o044 != 0 {
            "readable"
        } else {
            "writable"
        };
        return Err(Error::new(
            ErrorKind::PermissionDenied,
            format!(
                "{what} by others (mode {mode:03o}): chmod 600 {}",
                path.display()
            ),
        ));
    }
    let mut text = String::new();
    file.read_to_string(&mut text)?;
    let first = text.lines().next().unwrap_or("");
    if first.trim().is_empty() {
        return Err(Error::new(
            ErrorKind::InvalidData,
            "the first line is empty: write the password on it",
        ));
    }
    Ok(first.to_string())
}

/// The credentials folder systemd gives the unit `mailarbiter.service`
/// (`LoadCredential=`): what `$CREDENTIALS_DIRECTORY/` stands for outside
/// the unit when no folder is named.
pub const UNIT_CREDENTIALS: &str = "/run/credentials/mailarbiter.service";

/// What loading the config does with the password files.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PasswordCheck {
    /// Only their paths are resolved; nothing is read (the views).
    Skip,
    /// Each is read and checked, except a `$CREDENTIALS_DIRECTORY/…` one
    /// that is not here (the variable unset, no folder named, nothing at
    /// the unit's folder): that one is a note, "not checked here" (`check`).
    Check,
    /// Each must be readable and good (`run`).
    Require,
}

/// How `$CREDENTIALS_DIRECTORY/…` password paths are resolved and whether
/// the files are read while the config is loaded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Secrets {
    pub check: PasswordCheck,
    /// The folder named with `--credentials` or `$MAILARBITER_CREDENTIALS`:
    /// it stands for `$CREDENTIALS_DIRECTORY` whatever that is.
    pub credentials: Option<PathBuf>,
    /// `$CREDENTIALS_DIRECTORY`, set by systemd inside the unit.
    pub systemd: Option<PathBuf>,
}

impl Secrets {
    /// `check`'s way, with `$CREDENTIALS_DIRECTORY` and
    /// `$MAILARBITER_CREDENTIALS` from the environment.
    pub fn from_env(check: PasswordCheck) -> Secrets {
        let var = |name| {
            std::env::var_os(name)
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
        };
        Secrets {
            check,
            credentials: var("MAILARBITER_CREDENTIALS"),
            systemd: var("CREDENTIALS_DIRECTORY"),
        }
    }

    /// The folder `$CREDENTIALS_DIRECTORY/` stands for, and whether it was
    /// given (named or set by systemd) rather than the unit's default.
    fn folder(&self) -> (PathBuf, bool) {
        match self.credentials.as_ref().or(self.systemd.as_ref()) {
            Some(dir) => (dir.clone(), true),
            None => (PathBuf::from(UNIT_CREDENTIALS), false),
        }
    }
}

pub(super) fn is_loopback(host: &str) -> bool {
    host == "localhost"
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}
