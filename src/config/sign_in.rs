//! `auth = "oauth2"` in `[inbox]` (IMAP) and `[outbox]` (SMTP): the
//! `oauth2_*` keys into an [`OAuth2Config`], every problem with its line:
//! the endpoints must be HTTPS (plain HTTP only on loopback, as
//! `tls = "none"`), the refresh token file readable and kept where the
//! daemon may rewrite it, and an inbox and an outbox that share one refresh
//! token file must share everything else too.

use super::servers::read_password_in;
use super::*;

impl Validator<'_> {
    /// The `oauth2_*` keys of a server whose `auth` (at `at`) is `"oauth2"`.
    /// `side` is `inbox` or `outbox`, for the messages.
    pub(super) fn oauth2(
        &mut self,
        at: &Spanned<String>,
        raw: &RawOAuth2<'_>,
        side: &str,
        preset: Option<&'static Provider>,
    ) -> Option<OAuth2Config> {
        let mut missing = Vec::new();
        let token_url = match (raw.token_url, preset) {
            (Some(url), _) => self.endpoint(url, "oauth2_token_url"),
            (None, Some(preset)) => Some(preset.token_url.to_string()),
            (None, None) => {
                missing.push("oauth2_token_url (the provider's token endpoint)");
                None
            }
        };
        let client_id = match raw.client_id {
            Some(id) if id.get_ref().trim().is_empty() => {
                self.problem(id, "oauth2_client_id is empty".into());
                None
            }
            Some(id) => Some(id.get_ref().trim().to_string()),
            None => {
                missing.push("oauth2_client_id (the application's id at the provider)");
                None
            }
        };
        let refresh_token_file = match raw.refresh_token_file {
            Some(file) => self.refresh_token_file(file, side),
            None => {
                missing.push(
                    "oauth2_refresh_token_file (where `mailarbiter oauth2 login` writes the \
                     refresh token)",
                );
                None
            }
        };
        if !missing.is_empty() {
            self.problem(
                at,
                format!("auth = \"oauth2\" needs {}", missing.join(" and ")),
            );
        }
        let client_secret_file = raw
            .client_secret_file
            .as_ref()
            .map(|p| self.secret_file(p, "oauth2_client_secret_file"));
        let scope = match raw.scope {
            Some(scope) if scope.get_ref().trim().is_empty() => {
                self.problem(
                    scope,
                    "oauth2_scope is empty (leave it out to ask for the default scope)".into(),
                );
                None
            }
            Some(scope) => Some(
                scope
                    .get_ref()
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" "),
            ),
            None => preset.and_then(|p| p.scope).map(str::to_string),
        };
        let device_url = match (raw.device_url, preset) {
            (Some(url), _) => self.endpoint(url, "oauth2_device_url"),
            (None, preset) => preset.and_then(|p| p.device_url).map(str::to_string),
        };
        Some(OAuth2Config {
            token_url: token_url?,
            client_id: client_id?,
            client_secret_file,
            refresh_token_file: refresh_token_file?,
            scope,
            device_url,
            ca_file: None,
        })
    }

    /// The servers and endpoints of the provider named at `at`, for the
    /// `imap` or `smtp` side (`kind`).
    pub(super) fn provider(
        &mut self,
        at: &Spanned<String>,
        kind: &str,
    ) -> Option<&'static Provider> {
        let name = at.get_ref().as_str();
        let found = PROVIDERS.iter().find(|p| p.name == name && p.kind == kind);
        if found.is_none() {
            let names: Vec<String> = PROVIDERS
                .iter()
                .filter(|p| p.kind == "imap")
                .map(|p| format!("\"{}\"", p.name))
                .collect();
            self.problem(
                at,
                format!("unknown provider \"{name}\" ({})", names.join(", ")),
            );
        }
        found
    }

    /// An endpoint's URL: `https://`, or `http://` for a server on this
    /// machine (loopback) only, as `tls = "none"`.
    fn endpoint(&mut self, at: &Spanned<String>, key: &str) -> Option<String> {
        let text = at.get_ref().trim();
        let url = match ::oauth2::url::Url::parse(text) {
            Ok(url) => url,
            Err(e) => {
                self.problem(at, format!("{key} \"{text}\" is not a URL ({e})"));
                return None;
            }
        };
        let host = url.host_str().unwrap_or_default();
        let loopback = match url.host() {
            Some(::oauth2::url::Host::Ipv4(ip)) => ip.is_loopback(),
            Some(::oauth2::url::Host::Ipv6(ip)) => ip.is_loopback(),
            Some(::oauth2::url::Host::Domain(name)) => name == "localhost",
            None => false,
        };
        match url.scheme() {
            "https" => {}
            "http" if loopback => {}
            "http" => {
                self.problem(
                    at,
                    format!(
                        "{key} must be https:// (http:// is allowed only for a server on this \
                         machine (loopback), not {host})"
                    ),
                );
                return None;
            }
            other => {
                self.problem(
                    at,
                    format!("{key} \"{text}\" is not an https:// URL (scheme {other})"),
                );
                return None;
            }
        }
        if url.fragment().is_some() || !url.username().is_empty() || url.password().is_some() {
            self.problem(
                at,
                format!("{key} must not carry a #fragment nor a user or password"),
            );
            return None;
        }
        Some(url.to_string())
    }

    /// The refresh token file: a path the daemon may rewrite (never a
    /// systemd credential, which is read-only), read and checked as a
    /// password file when the password files are.
    fn refresh_token_file(&mut self, at: &Spanned<String>, side: &str) -> Option<PathBuf> {
        let (path, credential) = self.password_path(at.get_ref());
        if credential {
            self.problem(
                at,
                "oauth2_refresh_token_file cannot be a systemd credential: the daemon rewrites \
                 it when the provider sends a new refresh token; keep it in a folder the \
                 daemon may write (the state folder's parent, for one)"
                    .into(),
            );
            return None;
        }
        if self.secrets.check == PasswordCheck::Skip {
            return Some(path);
        }
        if let Err(e) = read_password_in(&path, None) {
            let verb = if e.raw_os_error().is_some() {
                "cannot read "
            } else {
                ""
            };
            let e = e
                .to_string()
                .replace("write the password on it", "write the refresh token on it");
            self.problem(
                at,
                format!(
                    "{verb}oauth2_refresh_token_file {}: {e} (sign in with `mailarbiter oauth2 \
                     login {side}`)",
                    path.display()
                ),
            );
        }
        Some(path)
    }

    /// An inbox and an outbox signing in with the same refresh token file
    /// share one sign-in: the file holds one account's token, rewritten by
    /// whoever refreshes it, so everything else must be the same too.
    pub(super) fn shared_sign_in(
        &mut self,
        inbox: Option<&InboxConfig>,
        outbox: Option<&OutboxConfig>,
        at: Option<&Spanned<String>>,
    ) {
        let (Some(InboxConfig::Imap(imap)), Some(OutboxConfig::Smtp(smtp)), Some(at)) =
            (inbox, outbox, at)
        else {
            return;
        };
        let (Auth::OAuth2(mine), Some(Auth::OAuth2(theirs))) = (&imap.auth, &smtp.auth) else {
            return;
        };
        if mine.refresh_token_file != theirs.refresh_token_file {
            return;
        }
        let mut differ = Vec::new();
        if Some(&imap.user) != smtp.user.as_ref() {
            differ.push("user");
        }
        for (key, same) in [
            ("oauth2_token_url", mine.token_url == theirs.token_url),
            ("oauth2_client_id", mine.client_id == theirs.client_id),
            (
                "oauth2_client_secret_file",
                mine.client_secret_file == theirs.client_secret_file,
            ),
            ("oauth2_scope", mine.scope == theirs.scope),
        ] {
            if !same {
                differ.push(key);
            }
        }
        if !differ.is_empty() {
            self.problem(
                at,
                format!(
                    "the inbox signs in with the same oauth2_refresh_token_file but another {}: \
                     one refresh token is one sign-in (write the same values, with a scope \
                     that covers both, or give each its own file)",
                    differ.join(", ")
                ),
            );
        }
    }
}

/// A mail provider's server for one side, and its OAuth2 endpoints:
/// what `provider = "…"` fills in where the config does not say.
#[derive(Debug)]
pub(super) struct Provider {
    pub(super) name: &'static str,
    /// `imap` or `smtp`.
    pub(super) kind: &'static str,
    pub(super) host: &'static str,
    pub(super) port: u16,
    pub(super) tls: Tls,
    pub(super) token_url: &'static str,
    /// Where the provider has an RFC 8628 device endpoint that gives mail
    /// scopes.
    pub(super) device_url: Option<&'static str>,
    /// The scope asked for when `oauth2_scope` is not written.
    pub(super) scope: Option<&'static str>,
    /// What the provider wants when it refuses a password, in one line
    /// (`check --connect` says it).
    pub(super) instead_of_password: &'static str,
}

const APP_PASSWORD_GMAIL: &str = "Gmail takes a password only as an app password (Google account, \
    Security, 2-Step Verification, App passwords), and not on every Workspace account; \
    or auth = \"oauth2\" (docs/operators.md, Gmail)";
const OAUTH2_MICROSOFT: &str = "Outlook.com and Microsoft 365 take no password over IMAP and \
    SMTP: set auth = \"oauth2\" and run mailarbiter oauth2 login inbox (and outbox)";
const APP_PASSWORD_YANDEX: &str = "Yandex takes an app password (Yandex ID, Security, App \
    passwords, Mail), or auth = \"oauth2\"";
const APP_PASSWORD_MAILRU: &str = "Mail.ru takes an app password (Settings, Security, \
    Passwords for external applications)";

/// What the provider whose `kind` ("imap", "smtp") server is `host` wants
/// when it refuses a password, or `None` for a server not in the table.
pub fn instead_of_password(host: &str, kind: &str) -> Option<&'static str> {
    PROVIDERS
        .iter()
        .find(|p| p.kind == kind && p.host.eq_ignore_ascii_case(host.trim()))
        .map(|p| p.instead_of_password)
}

const MICROSOFT_TOKEN: &str = "https://login.microsoftonline.com/common/oauth2/v2.0/token";
const MICROSOFT_DEVICE: &str = "https://login.microsoftonline.com/common/oauth2/v2.0/devicecode";
/// One scope for both sides: one refresh token serves the inbox and the
/// outbox.
const MICROSOFT_SCOPE: &str = "https://outlook.office.com/IMAP.AccessAsUser.All \
                               https://outlook.office.com/SMTP.Send offline_access";

/// The providers (docs/operators.md, "Providers"). Only Microsoft's
/// device endpoint is filled: Google's device flow does not give Gmail's
/// scope, and Yandex's and Mail.ru's are not documented as RFC 8628's; for
/// those a refresh token got otherwise is written in the file (or
/// `oauth2_device_url` is written to try one).
pub(super) const PROVIDERS: &[Provider] = &[
    Provider {
        name: "gmail",
        kind: "imap",
        host: "imap.gmail.com",
        port: 993,
        tls: Tls::Implicit,
        token_url: "https://oauth2.googleapis.com/token",
        device_url: None,
        scope: Some("https://mail.google.com/"),
        instead_of_password: APP_PASSWORD_GMAIL,
    },
    Provider {
        name: "gmail",
        kind: "smtp",
        host: "smtp.gmail.com",
        port: 465,
        tls: Tls::Implicit,
        token_url: "https://oauth2.googleapis.com/token",
        device_url: None,
        scope: Some("https://mail.google.com/"),
        instead_of_password: APP_PASSWORD_GMAIL,
    },
    Provider {
        name: "outlook",
        kind: "imap",
        host: "outlook.office365.com",
        port: 993,
        tls: Tls::Implicit,
        token_url: MICROSOFT_TOKEN,
        device_url: Some(MICROSOFT_DEVICE),
        scope: Some(MICROSOFT_SCOPE),
        instead_of_password: OAUTH2_MICROSOFT,
    },
    Provider {
        name: "outlook",
        kind: "smtp",
        host: "smtp.office365.com",
        port: 587,
        tls: Tls::Starttls,
        token_url: MICROSOFT_TOKEN,
        device_url: Some(MICROSOFT_DEVICE),
        scope: Some(MICROSOFT_SCOPE),
        instead_of_password: OAUTH2_MICROSOFT,
    },
    Provider {
        name: "yandex",
        kind: "imap",
        host: "imap.yandex.com",
        port: 993,
        tls: Tls::Implicit,
        token_url: "https://oauth.yandex.com/token",
        device_url: None,
        scope: None,
        instead_of_password: APP_PASSWORD_YANDEX,
    },
    Provider {
        name: "yandex",
        kind: "smtp",
        host: "smtp.yandex.com",
        port: 465,
        tls: Tls::Implicit,
        token_url: "https://oauth.yandex.com/token",
        device_url: None,
        scope: None,
        instead_of_password: APP_PASSWORD_YANDEX,
    },
    Provider {
        name: "mailru",
        kind: "imap",
        host: "imap.mail.ru",
        port: 993,
        tls: Tls::Implicit,
        token_url: "https://oauth.mail.ru/token",
        device_url: None,
        scope: None,
        instead_of_password: APP_PASSWORD_MAILRU,
    },
    Provider {
        name: "mailru",
        kind: "smtp",
        host: "smtp.mail.ru",
        port: 465,
        tls: Tls::Implicit,
        token_url: "https://oauth.mail.ru/token",
        device_url: None,
        scope: None,
        instead_of_password: APP_PASSWORD_MAILRU,
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt as _;

    /// A config whose inbox and outbox are written as given.
    fn config(inbox: &str, outbox: &str) -> String {
        format!(
            "[gateway]\naddress = \"arbiter@example.test\"\nstate = \"state\"\n\n\
             [inbox]\n{inbox}\n\n[outbox]\n{outbox}\n\n\
             [[tournament]]\nid = \"T\"\nname = \"T\"\nstart = \"2026-05-10\"\n\
             director = \"td@example.test\"\n\n\
             [[tournament.player]]\nid = \"a\"\nname = \"A, A\"\nemail = [\"a@example.test\"]\n\n\
             [[tournament.player]]\nid = \"b\"\nname = \"B, B\"\nemail = [\"b@example.test\"]\n\n\
             [[tournament.game]]\nwhite = \"a\"\nblack = \"b\"\n"
        )
    }

    const IMAP: &str = "kind = \"imap\"\nhost = \"outlook.office365.com\"\n\
                        user = \"arbiter@example.test\"\nauth = \"oauth2\"\n\
                        oauth2_token_url = \"https://login.example.test/token\"\n\
                        oauth2_client_id = \"9e5f94bc\"\n\
                        oauth2_refresh_token_file = \"refresh-token\"";

    const FILE_OUTBOX: &str = "kind = \"file\"\npath = \"sent\"";

    fn problems_in(text: &str, check: PasswordCheck, base: &Path) -> Vec<String> {
        let secrets = Secrets {
            check,
            credentials: None,
            systemd: None,
        };
        match Config::parse_with(text, base, false, &secrets) {
            Ok(_) => vec![],
            Err(ps) => ps
                .iter()
                .map(|p| format!("{}: {}", p.line.unwrap_or(0), p.message))
                .collect(),
        }
    }

    fn problems(text: &str) -> Vec<String> {
        problems_in(text, PasswordCheck::Skip, Path::new("/etc/ma"))
    }

    #[test]
    fn an_imap_inbox_signs_in_with_oauth2_as_written() {
        let text = config(
            &format!("{IMAP}\noauth2_scope = \"  https://outlook.office.com/IMAP.AccessAsUser.All   offline_access \"\noauth2_device_url = \"https://login.example.test/devicecode\"\noauth2_client_secret_file = \"client-secret\"\nca_file = \"ca.pem\""),
            FILE_OUTBOX,
        );
        let secrets = Secrets {
            check: PasswordCheck::Skip,
            credentials: None,
            systemd: None,
        };
        let (c, _) = Config::parse_with(&text, Path::new("/etc/ma"), false, &secrets).unwrap();
        let InboxConfig::Imap(imap) = c.inbox else {
            panic!("an IMAP inbox")
        };
        assert_eq!(imap.user, "arbiter@example.test");
        assert_eq!(
            imap.auth,
            Auth::OAuth2(Box::new(OAuth2Config {
                token_url: "https://login.example.test/token".into(),
                client_id: "9e5f94bc".into(),
                client_secret_file: Some(PathBuf::from("/etc/ma/client-secret")),
                refresh_token_file: PathBuf::from("/etc/ma/refresh-token"),
                scope: Some(
                    "https://outlook.office.com/IMAP.AccessAsUser.All offline_access".into()
                ),
                device_url: Some("https://login.example.test/devicecode".into()),
                // the server's private CA is trusted for the endpoints too
                ca_file: Some(PathBuf::from("/etc/ma/ca.pem")),
            }))
        );
        // a password stays the default
        let text = config(
            "kind = \"imap\"\nhost = \"imap.example.test\"\nuser = \"a\"\npassword_file = \"pw\"",
            FILE_OUTBOX,
        );
        let (c, _) = Config::parse_with(&text, Path::new("/etc/ma"), false, &secrets).unwrap();
        let InboxConfig::Imap(imap) = c.inbox else {
            panic!("an IMAP inbox")
        };
        assert_eq!(imap.auth, Auth::Password(PathBuf::from("/etc/ma/pw")));
    }

    #[test]
    fn each_missing_or_bad_oauth2_value_is_a_problem_with_its_line() {
        // lines: [inbox] is line 5, kind 6, host 7, user 8, auth 9, ...
        let cases: &[(&str, &str, &str)] = &[
            (
                "oauth2_token_url = \"https://login.example.test/token\"\n",
                "",
                "9: auth = \"oauth2\" needs oauth2_token_url (the provider's token endpoint)",
            ),
            (
                "oauth2_client_id = \"9e5f94bc\"\n",
                "oauth2_client_id = \" \"\n",
                "11: oauth2_client_id is empty",
            ),
            (
                "oauth2_token_url = \"https://login.example.test/token\"\n",
                "oauth2_token_url = \"http://login.example.test/token\"\n",
                "10: oauth2_token_url must be https:// (http:// is allowed only for a server \
                 on this machine (loopback), not login.example.test)",
            ),
            (
                "oauth2_token_url = \"https://login.example.test/token\"\n",
                "oauth2_token_url = \"login.example.test/token\"\n",
                "10: oauth2_token_url \"login.example.test/token\" is not a URL (relative URL \
                 without a base)",
            ),
            (
                "oauth2_token_url = \"https://login.example.test/token\"\n",
                "oauth2_token_url = \"ftp://login.example.test/token\"\n",
                "10: oauth2_token_url \"ftp://login.example.test/token\" is not an https:// \
                 URL (scheme ftp)",
            ),
            (
                "oauth2_refresh_token_file = \"refresh-token\"",
                "oauth2_refresh_token_file = \"$CREDENTIALS_DIRECTORY/refresh-token\"",
                "12: oauth2_refresh_token_file cannot be a systemd credential: the daemon \
                 rewrites it when the provider sends a new refresh token; keep it in a folder \
                 the daemon may write (the state folder's parent, for one)",
            ),
        ];
        for (from, to, want) in cases {
            let text = config(&IMAP.replace(from, to), FILE_OUTBOX);
            assert_eq!(problems(&text), [want.to_string()], "{to}");
        }
        // plain HTTP on loopback is taken, as tls = "none" is
        for url in [
            "http://127.0.0.1:8080/token",
            "http://localhost/token",
            "http://[::1]:9/t",
        ] {
            let text = config(
                &IMAP.replace("https://login.example.test/token", url),
                FILE_OUTBOX,
            );
            assert_eq!(problems(&text), Vec::<String>::new(), "{url}");
        }
        // the device endpoint alike
        let text = config(
            &format!("{IMAP}\noauth2_device_url = \"http://example.test/device\""),
            FILE_OUTBOX,
        );
        assert_eq!(
            problems(&text),
            [
                "13: oauth2_device_url must be https:// (http:// is allowed only for a server on \
              this machine (loopback), not example.test)"
            ]
        );
    }

    #[test]
    fn auth_is_password_or_oauth2_and_each_keeps_to_its_keys() {
        let text = config(&IMAP.replace("\"oauth2\"", "\"xoauth\""), FILE_OUTBOX);
        let ps = problems(&text);
        assert!(
            ps.contains(&"9: unknown auth \"xoauth\" (\"password\" or \"oauth2\")".to_string()),
            "{ps:?}"
        );
        // oauth2 keys without auth = "oauth2": each refused
        let text = config(
            &IMAP.replace("auth = \"oauth2\"\n", "password_file = \"pw\"\n"),
            FILE_OUTBOX,
        );
        assert_eq!(
            problems(&text),
            [
                "10: oauth2_token_url is read only with auth = \"oauth2\"",
                "11: oauth2_client_id is read only with auth = \"oauth2\"",
                "12: oauth2_refresh_token_file is read only with auth = \"oauth2\"",
            ]
        );
        // a password file with auth = "oauth2"; no user
        let text = config(
            &IMAP.replace(
                "user = \"arbiter@example.test\"\n",
                "password_file = \"pw\"\n",
            ),
            FILE_OUTBOX,
        );
        assert_eq!(
            problems(&text),
            [
                "8: password_file is not read with auth = \"oauth2\" (the sign-in takes an \
                 access token got with oauth2_refresh_token_file): remove it",
                "9: auth = \"oauth2\" needs a user (the account's address)",
            ]
        );
        // the SMTP outbox alike
        let smtp = IMAP
            .replace("kind = \"imap\"", "kind = \"smtp\"")
            .replace("outlook.office365.com", "smtp.office365.com");
        let text = config("kind = \"maildir\"\npath = \"in\"", &smtp);
        assert_eq!(problems(&text), Vec::<String>::new());
        let text = config(
            "kind = \"maildir\"\npath = \"in\"",
            &smtp.replace("oauth2_client_id = \"9e5f94bc\"\n", ""),
        );
        assert_eq!(
            problems(&text),
            ["13: auth = \"oauth2\" needs oauth2_client_id (the application's id at the provider)"]
        );
    }

    #[test]
    fn the_refresh_token_file_is_read_as_a_password_file_is() {
        let dir = tempfile::tempdir().unwrap();
        let text = config(IMAP, FILE_OUTBOX);
        let shown = dir.path().join("refresh-token");
        let ps = problems_in(&text, PasswordCheck::Check, dir.path());
        assert_eq!(ps.len(), 1, "{ps:?}");
        assert!(
            ps[0].starts_with(&format!(
                "12: cannot read oauth2_refresh_token_file {}: ",
                shown.display()
            )) && ps[0].ends_with("(sign in with `mailarbiter oauth2 login inbox`)"),
            "{ps:?}"
        );
        std::fs::write(&shown, "\n").unwrap();
        std::fs::set_permissions(&shown, std::fs::Permissions::from_mode(0o600)).unwrap();
        assert_eq!(
            problems_in(&text, PasswordCheck::Check, dir.path()),
            [format!(
                "12: oauth2_refresh_token_file {}: the first line is empty: write the refresh \
                 token on it (sign in with `mailarbiter oauth2 login inbox`)",
                shown.display()
            )]
        );
        std::fs::write(&shown, "1//0refresh\n").unwrap();
        std::fs::set_permissions(&shown, std::fs::Permissions::from_mode(0o644)).unwrap();
        assert_eq!(
            problems_in(&text, PasswordCheck::Check, dir.path()),
            [format!(
                "12: oauth2_refresh_token_file {0}: readable by others (mode 644): chmod 600 {0} \
                 (sign in with `mailarbiter oauth2 login inbox`)",
                shown.display()
            )]
        );
        std::fs::set_permissions(&shown, std::fs::Permissions::from_mode(0o600)).unwrap();
        assert_eq!(
            problems_in(&text, PasswordCheck::Require, dir.path()),
            Vec::<String>::new()
        );
        // the client secret file is a password file, by its own name
        let text = config(
            &format!("{IMAP}\noauth2_client_secret_file = \"secret\""),
            FILE_OUTBOX,
        );
        let ps = problems_in(&text, PasswordCheck::Check, dir.path());
        assert!(
            ps.len() == 1
                && ps[0].starts_with(&format!(
                    "13: cannot read oauth2_client_secret_file {}: ",
                    dir.path().join("secret").display()
                )),
            "{ps:?}"
        );
    }

    #[test]
    fn an_inbox_and_outbox_sharing_a_refresh_token_share_the_rest() {
        let smtp = IMAP
            .replace("kind = \"imap\"", "kind = \"smtp\"")
            .replace("outlook.office365.com", "smtp.office365.com");
        assert_eq!(problems(&config(IMAP, &smtp)), Vec::<String>::new());
        let other = smtp.replace("9e5f94bc", "0000");
        // the outbox's refresh token file: line 20
        let ps = problems(&config(IMAP, &other));
        assert_eq!(
            ps,
            [
                "21: the inbox signs in with the same oauth2_refresh_token_file but another \
              oauth2_client_id: one refresh token is one sign-in (write the same values, with \
              a scope that covers both, or give each its own file)"
            ]
        );
        // a file of its own: two sign-ins
        let own = other.replace("\"refresh-token\"", "\"smtp-refresh-token\"");
        assert_eq!(problems(&config(IMAP, &own)), Vec::<String>::new());
    }

    #[test]
    fn a_provider_fills_the_servers_and_endpoints_not_written() {
        let secrets = Secrets {
            check: PasswordCheck::Skip,
            credentials: None,
            systemd: None,
        };
        let read = |inbox: &str, outbox: &str| {
            Config::parse_with(
                &config(inbox, outbox),
                Path::new("/etc/ma"),
                false,
                &secrets,
            )
            .map(|(c, _)| c)
        };
        let sign_in = "user = \"arbiter@example.org\"\nauth = \"oauth2\"\n\
                       oauth2_client_id = \"app\"\noauth2_refresh_token_file = \"token\"";
        let c = read(
            &format!("kind = \"imap\"\nprovider = \"outlook\"\n{sign_in}"),
            &format!("kind = \"smtp\"\nprovider = \"outlook\"\n{sign_in}"),
        )
        .unwrap();
        let (InboxConfig::Imap(imap), OutboxConfig::Smtp(smtp)) = (&c.inbox, &c.outbox) else {
            panic!("IMAP and SMTP")
        };
        assert_eq!(
            (imap.host.as_str(), imap.port, imap.tls),
            ("outlook.office365.com", 993, Tls::Implicit)
        );
        assert_eq!(
            (smtp.host.as_str(), smtp.port, smtp.tls),
            ("smtp.office365.com", 587, Tls::Starttls)
        );
        let Auth::OAuth2(o) = &imap.auth else {
            panic!("OAuth2")
        };
        assert_eq!(
            o.token_url,
            "https://login.microsoftonline.com/common/oauth2/v2.0/token"
        );
        assert_eq!(
            o.device_url.as_deref(),
            Some("https://login.microsoftonline.com/common/oauth2/v2.0/devicecode")
        );
        assert_eq!(
            o.scope.as_deref(),
            Some(
                "https://outlook.office.com/IMAP.AccessAsUser.All \
                 https://outlook.office.com/SMTP.Send offline_access"
            )
        );
        // the same values for both: one sign-in may serve both
        assert_eq!(Some(&imap.auth), smtp.auth.as_ref());
        // what is written wins; a provider without a device endpoint has none
        let c = read(
            &format!(
                "kind = \"imap\"\nprovider = \"gmail\"\nport = 1993\n{sign_in}\n\
                 oauth2_scope = \"https://mail.google.com/ openid\""
            ),
            "kind = \"smtp\"\nprovider = \"gmail\"\ntls = \"starttls\"",
        )
        .unwrap();
        let (InboxConfig::Imap(imap), OutboxConfig::Smtp(smtp)) = (&c.inbox, &c.outbox) else {
            panic!("IMAP and SMTP")
        };
        assert_eq!((imap.host.as_str(), imap.port), ("imap.gmail.com", 1993));
        let Auth::OAuth2(o) = &imap.auth else {
            panic!("OAuth2")
        };
        assert_eq!(o.token_url, "https://oauth2.googleapis.com/token");
        assert_eq!(o.device_url, None);
        assert_eq!(o.scope.as_deref(), Some("https://mail.google.com/ openid"));
        // STARTTLS asked of a provider whose port is implicit TLS: 587
        assert_eq!(
            (smtp.host.as_str(), smtp.port, smtp.tls),
            ("smtp.gmail.com", 587, Tls::Starttls)
        );
        for (name, imap_host, smtp_host) in [
            ("yandex", "imap.yandex.com", "smtp.yandex.com"),
            ("mailru", "imap.mail.ru", "smtp.mail.ru"),
        ] {
            let c = read(
                &format!(
                    "kind = \"imap\"\nprovider = \"{name}\"\nuser = \"a\"\npassword_file = \"pw\""
                ),
                &format!("kind = \"smtp\"\nprovider = \"{name}\""),
            )
            .unwrap();
            let (InboxConfig::Imap(imap), OutboxConfig::Smtp(smtp)) = (&c.inbox, &c.outbox) else {
                panic!("IMAP and SMTP")
            };
            assert_eq!((imap.host.as_str(), imap.port), (imap_host, 993));
            assert_eq!(
                (smtp.host.as_str(), smtp.port, smtp.tls),
                (smtp_host, 465, Tls::Implicit)
            );
        }
    }

    #[test]
    fn an_unknown_provider_or_one_for_a_folder_is_a_problem_with_its_line() {
        let text = config(
            "kind = \"imap\"\nprovider = \"hotmail\"\nuser = \"a\"\npassword_file = \"pw\"",
            FILE_OUTBOX,
        );
        assert_eq!(
            problems(&text),
            [
                "7: unknown provider \"hotmail\" (\"gmail\", \"outlook\", \"yandex\", \"mailru\")",
                "6: imap needs a host",
            ]
            .map(str::to_string)
            .into_iter()
            .rev()
            .collect::<Vec<_>>()
        );
        let text = config(
            "kind = \"maildir\"\npath = \"in\"\nprovider = \"gmail\"",
            FILE_OUTBOX,
        );
        assert_eq!(
            problems(&text),
            ["8: provider is read only with kind = \"imap\""]
        );
        let text = config(
            "kind = \"maildir\"\npath = \"in\"",
            "kind = \"file\"\npath = \"sent\"\nprovider = \"gmail\"",
        );
        assert_eq!(
            problems(&text),
            ["12: provider is read only with kind = \"smtp\""]
        );
    }
}
