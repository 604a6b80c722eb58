//! The TOML configuration (DESIGN.md §4, §7), read in three stages: the
//! file's tables walked against the known keys (the `schema`, read from the
//! structs serde fills: every unknown key and every value of the wrong
//! type), raw values as close to the file as possible, then validation into typed values. Every problem found is
//! listed with its line and column. A file is read so tournament by
//! tournament where it can be (a league of 100k games in a few MiB; see
//! [`Config::parse_with`]), else whole.

use crate::notation::Notation;
use crate::referee::pairing::Pairing;
use crate::referee::rules::{RuleKind, RuleSet, Span, TimeControl};
use crate::referee::standings::TieBreak;
use crate::referee::tournament::{
    GameSpec, Lang, League, Player, PlayerId, StartPosition, Tournament,
};
use chrono::NaiveDate;
use chrono_tz::Tz;
use serde::Deserialize;
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::path::{Path, PathBuf};
use toml::Spanned;

mod probe;
mod raw;
mod schema;
mod servers;
mod sign_in;
use raw::*;
pub use servers::{read_password, PasswordCheck, Secrets, UNIT_CREDENTIALS};
pub use sign_in::instead_of_password;
mod tournament;
use tournament::is_address;

/// The embedded default configuration (`config/mailarbiter.toml`), used by `demo`.
pub const EMBEDDED_DEFAULT: &str = include_str!("../config/mailarbiter.toml");

macro_rules! server_fields {
    ($raw:expr) => {
        RawServer {
            host: &$raw.host,
            port: $raw.port,
            tls: &$raw.tls,
            user: &$raw.user,
            password_file: &$raw.password_file,
            provider: &$raw.provider,
            auth: &$raw.auth,
            oauth2: RawOAuth2 {
                token_url: &$raw.oauth2_token_url,
                client_id: &$raw.oauth2_client_id,
                client_secret_file: &$raw.oauth2_client_secret_file,
                refresh_token_file: &$raw.oauth2_refresh_token_file,
                scope: &$raw.oauth2_scope,
                device_url: &$raw.oauth2_device_url,
            },
            ca_file: &$raw.ca_file,
        }
    };
}

/// How a mail server connection is protected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tls {
    /// TLS from the first byte (IMAPS 993, SMTPS 465).
    Implicit,
    /// Plain first, then STARTTLS (IMAP 143, submission 587).
    Starttls,
    /// No TLS: only for a server on this machine (loopback).
    None,
}

/// How the daemon signs in to a mail server (`auth`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Auth {
    /// `auth = "password"`, the default: the first line of `password_file`.
    Password(PathBuf),
    /// `auth = "oauth2"`: an access token, asked for with the refresh token.
    OAuth2(Box<OAuth2Config>),
}

/// `auth = "oauth2"`: where and with what the access tokens are asked for
/// (the `oauth2_*` keys).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OAuth2Config {
    /// The provider's token endpoint (https, or http on loopback).
    pub token_url: String,
    pub client_id: String,
    /// The client secret's file, for the providers that give one.
    pub client_secret_file: Option<PathBuf>,
    /// The refresh token (its first line); rewritten when the provider
    /// sends a new one.
    pub refresh_token_file: PathBuf,
    /// The scopes asked for, separated by spaces.
    pub scope: Option<String>,
    /// The device authorization endpoint (RFC 8628), for `oauth2 login`.
    pub device_url: Option<String>,
    /// The server's `ca_file`, trusted for the endpoints too (a private
    /// CA's provider).
    pub ca_file: Option<PathBuf>,
}

/// An IMAP mailbox.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImapConfig {
    pub host: String,
    pub port: u16,
    pub tls: Tls,
    pub user: String,
    pub auth: Auth,
    /// Certificates (PEM) trusted besides the public roots: a private CA.
    pub ca_file: Option<PathBuf>,
    /// The folder players' mail arrives in.
    pub folder: String,
    /// Where processed mail is moved; `None`: it is flagged `\Seen` instead.
    pub processed_folder: Option<String>,
    /// Where mail that cannot be read is moved; `None`: it stays unseen.
    pub quarantine_folder: Option<String>,
    /// Use IDLE where the server has it.
    pub idle: bool,
}

/// An SMTP server to send through.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SmtpConfig {
    pub host: String,
    pub port: u16,
    pub tls: Tls,
    pub user: Option<String>,
    /// How it signs in; `None`: it sends without a login.
    pub auth: Option<Auth>,
    /// Certificates (PEM) trusted besides the public roots: a private CA.
    pub ca_file: Option<PathBuf>,
    /// The hard limit of one SMTP conversation (`[outbox] timeout_seconds`,
    /// default 60): a server that accepts and never answers is left then.
    pub timeout_seconds: u64,
}

/// Where mail comes in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InboxConfig {
    /// A Maildir folder (`new/`, `cur/`, `tmp/`).
    Maildir { path: PathBuf },
    /// An IMAP folder.
    Imap(ImapConfig),
}

/// Where mail goes out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OutboxConfig {
    /// One `.eml` file per mail in a folder.
    File { path: PathBuf },
    /// An SMTP server.
    Smtp(SmtpConfig),
}

/// How many waiting mails one inbox pass takes by default. Dovecot's
/// `UID MOVE` of a batch costs ~55 ms however few mails it moves (Maildir,
/// on this machine's disk): 100 a batch keeps it a small share of a burst.
pub const BATCH_MAILS: usize = 100;
/// The most `batch_mails` accepted: a batch's mails are held in memory.
pub const MAX_BATCH_MAILS: usize = 1000;
/// The smallest `max_mail_bytes` accepted: below it no real mail fits.
pub const MIN_MAIL_BYTES: usize = 1024;
/// The largest `max_mail_bytes` accepted (64 MiB): a mail is held in memory.
pub const MAX_MAIL_BYTES: usize = 64 * 1024 * 1024;
/// The largest `replies_per_hour` accepted.
pub const MAX_REPLIES_PER_HOUR: u32 = 10_000;

/// The validated configuration.
#[derive(Debug, Clone)]
pub struct Config {
    pub league: League,
    /// The sled folder.
    pub state: PathBuf,
    /// The zone in which calendar days are counted.
    pub timezone: Tz,
    /// Where the static web pages are written (`[gateway] web_dir`), if anywhere.
    pub web_dir: Option<PathBuf>,
    pub inbox: InboxConfig,
    pub outbox: OutboxConfig,
    /// Mails larger than this are answered "too large" and kept aside.
    pub max_mail_bytes: usize,
    /// Answers to one address in an hour before the daemon stays silent
    /// (a guard against mail loops).
    pub replies_per_hour: u32,
    /// With `sender_auth = "authentication-results"`: the authserv-id whose
    /// `Authentication-Results` headers are trusted (§7).
    pub sender_auth: Option<String>,
    /// How often `run` looks at the inbox.
    pub poll_seconds: u64,
    /// How many waiting mails one inbox pass referees and commits together.
    pub batch_mails: usize,
    /// Where games and players are written in the file, for the messages
    /// that compare the config with the store.
    pub lines: Lines,
    /// The Xfcc endpoint for chess programs (`[xfcc]`), off when absent.
    pub xfcc: Option<XfccConfig>,
    /// The endgame tables (`[gateway] tablebases`), also in `league.tables`.
    pub tablebases: Option<std::sync::Arc<crate::tablebase::Syzygy>>,
}

impl Config {
    /// Today in the tournaments' zone: the day the referee counts.
    pub fn today(&self) -> chrono::NaiveDate {
        chrono::Utc::now()
            .with_timezone(&self.timezone)
            .date_naive()
    }
}

/// `[xfcc]`: where the Xfcc endpoint listens and what it calls itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct XfccConfig {
    pub listen: std::net::SocketAddr,
    /// The endpoint's URL as clients reach it (what the WSDL and the
    /// account mail name): `http://LISTEN/xfccbasic.asmx` when not given.
    pub public_url: String,
    /// A certificate chain and its key (PEM) to serve HTTPS directly.
    pub tls: Option<(PathBuf, PathBuf)>,
    /// Connections served at once; more wait for the operating system's
    /// queue.
    pub max_connections: usize,
}

/// The connections an Xfcc endpoint serves at once unless told otherwise.
pub const XFCC_CONNECTIONS: usize = 64;

/// The lines of the config file that name games and players.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Lines {
    /// Game id → the line of its `number` (or, without one, its `white`).
    pub games: HashMap<String, usize>,
    /// Tournament id → its players' ids, each with the line of the
    /// player's `email`, in the order of the file.
    pub players: HashMap<String, Vec<(PlayerId, usize)>>,
    /// Tournament id → the line of its `pairing`, for the tournaments whose
    /// games are generated (their games are not in `games`).
    pub pairings: HashMap<String, usize>,
}

impl Lines {
    /// The line of the game `id`, if the config names it: its block, or
    /// the `pairing` that generates it.
    pub fn game(&self, id: &str) -> Option<usize> {
        self.games.get(id).copied().or_else(|| {
            let (tournament, _) = id.rsplit_once('/')?;
            self.pairing(tournament)
        })
    }

    /// The line of the `pairing` of `tournament`, if its games are generated.
    pub fn pairing(&self, tournament: &str) -> Option<usize> {
        self.pairings.get(tournament).copied()
    }

    /// The line of the addresses of `player` of `tournament`.
    pub fn player(&self, tournament: &str, player: &str) -> Option<usize> {
        let players = self.players.get(tournament)?;
        players
            .iter()
            .find(|(id, _)| *id == player)
            .map(|&(_, line)| line)
    }
}

/// One problem of a config file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// 1-based line, when the problem has a place.
    pub line: Option<usize>,
    /// 1-based column (in characters) on that line, when known.
    pub column: Option<usize>,
    pub message: String,
}

/// Every problem found in a config file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    pub file: PathBuf,
    pub problems: Vec<Problem>,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            match (p.line, p.column) {
                (Some(line), Some(column)) => {
                    write!(f, "{}:{line}:{column}: {}", self.file.display(), p.message)?
                }
                (Some(line), None) => write!(f, "{}:{line}: {}", self.file.display(), p.message)?,
                (None, _) => write!(f, "{}: {}", self.file.display(), p.message)?,
            }
        }
        Ok(())
    }
}

impl std::error::Error for ConfigError {}

impl Config {
    /// Reads and validates the config file at `path`.
    ///
    /// # Errors
    /// [`ConfigError`] listing every problem, each with its line.
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        Config::load_with(path, &Secrets::from_env(PasswordCheck::Check)).map(|(config, _)| config)
    }

    /// As [`Config::load`], the password files treated as `secrets` says;
    /// with the notes on what was not checked here.
    ///
    /// # Errors
    /// [`ConfigError`] listing every problem, each with its line.
    pub fn load_with(path: &Path, secrets: &Secrets) -> Result<(Config, Vec<String>), ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|e| ConfigError {
            file: path.to_path_buf(),
            problems: vec![Problem {
                line: None,
                column: None,
                message: format!("cannot read the config: {e}"),
            }],
        })?;
        let base = path
            .parent()
            .map_or_else(|| PathBuf::from("."), Path::to_path_buf);
        let base = if base.as_os_str().is_empty() {
            PathBuf::from(".")
        } else {
            base
        };
        Config::parse_with(&text, &base, true, secrets).map_err(|problems| ConfigError {
            file: path.to_path_buf(),
            problems,
        })
    }

    /// Validates config text; relative paths are taken from `base`.
    /// `check_folders` also requires the inbox and outbox folders to exist.
    ///
    /// # Errors
    /// Every problem, each with its line.
    pub fn parse(text: &str, base: &Path, check_folders: bool) -> Result<Config, Vec<Problem>> {
        let check = if check_folders {
            PasswordCheck::Check
        } else {
            PasswordCheck::Skip
        };
        Config::parse_with(text, base, check_folders, &Secrets::from_env(check)).map(|(c, _)| c)
    }

    /// As [`Config::parse`], the password files treated as `secrets` says;
    /// with the notes on what was not checked here.
    ///
    /// # Errors
    /// Every problem, each with its line.
    pub fn parse_with(
        text: &str,
        base: &Path,
        check_folders: bool,
        secrets: &Secrets,
    ) -> Result<(Config, Vec<String>), Vec<Problem>> {
        // A league of 1,000 tournaments is a file of 100k lines, and its
        // whole TOML tree takes 25 times the text (30 MiB for 1.3 MB): the
        // file is read in parts cut before its `[[tournament]]` lines, each
        // part parsed, checked and validated alone and its tree dropped
        // before the next. Should any part not read alone without a problem
        // (a problem in it, a table other than the tournaments after them, a
        // cut inside a multi-line string), the whole file is read at once:
        // what a valid file gives and every message stay those of one read.
        let parts = parts(text);
        if let [(_, head), rest @ ..] = parts.as_slice() {
            if !rest.is_empty() {
                if let Ok(read) = Config::read(text, head, rest, base, check_folders, secrets) {
                    return Ok(read);
                }
            }
        }
        Config::read(text, text, &[], base, check_folders, secrets)
    }

    /// Reads the config `text` from its `head` (the whole text, or the part
    /// before its first cut) and its `rest`: the parts that each hold only
    /// tournaments, with their byte offsets. Read so, the head holds no
    /// tournament and any problem of a part is only marked.
    fn read(
        text: &str,
        head: &str,
        rest: &[(usize, &str)],
        base: &Path,
        check_folders: bool,
        secrets: &Secrets,
    ) -> Result<(Config, Vec<String>), Vec<Problem>> {
        // the file's shape first: every unknown key and wrongly typed value;
        // the wrongly typed ones are blanked out (offsets kept) so that the
        // values that are right can still be validated
        let (shape, masked) = schema::walk(head)?;
        let raw: RawConfig = match toml::from_str(&masked) {
            Ok(raw) => raw,
            // a required key missing or of the wrong type: the shape says it
            Err(_) if !shape.is_empty() => return Err(shape),
            Err(e) => {
                let at = e.span().map(|s| s.start);
                return Err(vec![Problem {
                    line: at.map(|a| line_of(text, a)),
                    column: at.map(|a| column_of(text, a)),
                    message: e.message().trim().to_string(),
                }]);
            }
        };
        if !rest.is_empty() && !raw.tournament.is_empty() {
            // tournaments written otherwise before the first cut: one read
            return Err(shape);
        }
        let mut notes = Vec::new();
        let validated = Validator {
            text,
            offset: 0,
            newlines: text
                .bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i)
                .collect(),
            base,
            check_folders,
            problems: Vec::new(),
            lines: Lines::default(),
            secrets,
            notes: &mut notes,
            ids: HashSet::new(),
            owners: if rest.is_empty() {
                Owners::Named(HashMap::new())
            } else {
                Owners::Hashed(std::hash::RandomState::new(), HashMap::new())
            },
        }
        .run(raw, rest);
        match validated {
            Ok(config) if shape.is_empty() => Ok((config, notes)),
            Ok(_) => Err(shape),
            Err(mut problems) => {
                problems.extend(shape);
                // in the order of the file; the problems without a place last
                problems.sort_by_key(|p| (p.line.unwrap_or(usize::MAX), p.column.unwrap_or(0)));
                Err(problems)
            }
        }
    }
}

/// `text` cut before each line `[[tournament]]` (spaces and a comment
/// allowed around it): the part before the first, then each part, with its
/// byte offset.
fn parts(text: &str) -> Vec<(usize, &str)> {
    let mut cuts = vec![0];
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        if at > 0 && opens_tournament(line) {
            cuts.push(at);
        }
        at += line.len();
    }
    cuts.push(text.len());
    cuts.windows(2).map(|w| (w[0], &text[w[0]..w[1]])).collect()
}

/// Whether `line` is a `[[tournament]]` header.
fn opens_tournament(line: &str) -> bool {
    fn blank(s: &str) -> &str {
        s.trim_start_matches([' ', '\t'])
    }
    let rest = (|| {
        let rest = blank(line).strip_prefix("[[")?;
        let rest = blank(rest).strip_prefix("tournament")?;
        Some(blank(blank(rest).strip_prefix("]]")?))
    })();
    rest.is_some_and(|rest| {
        let rest = rest.trim_end_matches(['\n', '\r', ' ', '\t']);
        rest.is_empty() || rest.starts_with('#')
    })
}

/// One part of the file that holds only tournaments, read alone: its
/// tournaments, if it parses and fits the schema.
fn part_tournaments(part: &str) -> Option<Vec<RawTournament>> {
    #[derive(Deserialize)]
    struct Part {
        tournament: Vec<RawTournament>,
    }
    let document = toml_edit::ImDocument::parse(part).ok()?;
    if !schema::only_tournaments(part, &document) {
        return None;
    }
    // the tree just checked, read into the raw values (no second parse)
    Part::deserialize(toml_edit::de::Deserializer::from(document))
        .ok()
        .map(|p| p.tournament)
}

fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

/// The 1-based column, in characters, of byte `offset`.
fn column_of(text: &str, offset: usize) -> usize {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    text[start..offset].chars().count() + 1
}

struct Validator<'a> {
    text: &'a str,
    /// Where the part of `text` being validated starts: the spans of its
    /// values count from there.
    offset: usize,
    /// The byte offsets of the text's line ends.
    newlines: Vec<usize>,
    base: &'a Path,
    check_folders: bool,
    problems: Vec<Problem>,
    lines: Lines,
    secrets: &'a Secrets,
    notes: &'a mut Vec<String>,
    /// Every player id made so far: the games and the lines share them.
    ids: HashSet<PlayerId>,
    /// Who writes from each address, to refuse an address of two players.
    owners: Owners,
}

/// Who writes from each address.
enum Owners {
    /// Address → `tournament/player`, for the message.
    Named(HashMap<String, String>),
    /// The file read in parts (a valid one, most likely): the address's
    /// hash → the (tournament, player) ordinals, 16 bytes an address and
    /// no copy of it; an address that may be two players' is a problem,
    /// and the file is then read whole, for the message.
    Hashed(std::hash::RandomState, HashMap<u64, (u32, u32)>),
}

impl Validator<'_> {
    fn problem<T>(&mut self, at: &Spanned<T>, message: String) {
        self.problems.push(Problem {
            line: Some(self.line(at)),
            column: Some(column_of(self.text, self.offset + at.span().start)),
            message,
        });
    }

    /// The 1-based line of `at`, found in the index of line starts (a
    /// config of 100k lines names a line per player and per game).
    fn line<T>(&self, at: &Spanned<T>) -> usize {
        let offset = self.offset + at.span().start;
        self.newlines.partition_point(|&n| n < offset) + 1
    }

    /// The shared id `id`.
    fn player_id(&mut self, id: &str) -> PlayerId {
        if let Some(shared) = self.ids.get(id) {
            return shared.clone();
        }
        let shared = PlayerId::from(id);
        self.ids.insert(shared.clone());
        shared
    }

    fn path(&self, p: &str) -> PathBuf {
        let p = Path::new(p);
        if p.is_absolute() {
            p.to_path_buf()
        } else {
            self.base.join(p)
        }
    }

    fn run(mut self, raw: RawConfig, rest: &[(usize, &str)]) -> Result<Config, Vec<Problem>> {
        let address = raw.gateway.address.get_ref().trim().to_lowercase();
        if !is_address(&address) {
            self.problem(
                &raw.gateway.address,
                format!("\"{address}\" is not an e-mail address"),
            );
        }
        let timezone = match &raw.gateway.timezone {
            None => Tz::UTC,
            Some(tz) => tz.get_ref().parse::<Tz>().unwrap_or_else(|_| {
                self.problem(
                    tz,
                    format!(
                        "unknown time zone \"{}\" (use an IANA name such as Europe/Moscow)",
                        tz.get_ref()
                    ),
                );
                Tz::UTC
            }),
        };
        let web_dir = raw
            .gateway
            .web_dir
            .as_ref()
            .map(|dir| self.folder(dir, "web_dir"));
        let tablebases = raw.gateway.tablebases.as_ref().and_then(|dir| {
            let path = self.path(dir.get_ref());
            crate::tablebase::Syzygy::open(&path)
                .map(std::sync::Arc::new)
                .map_err(|why| self.problem(dir, format!("tablebases: {why}")))
                .ok()
        });
        let kind = raw.inbox.kind.get_ref().as_str();
        if let Some(provider) = raw.inbox.provider.as_ref().filter(|_| kind != "imap") {
            self.problem(
                provider,
                "provider is read only with kind = \"imap\"".into(),
            );
        }
        let kind = raw.outbox.kind.get_ref().as_str();
        if let Some(provider) = raw.outbox.provider.as_ref().filter(|_| kind != "smtp") {
            self.problem(
                provider,
                "provider is read only with kind = \"smtp\"".into(),
            );
        }
        let inbox = match raw.inbox.kind.get_ref().as_str() {
            "maildir" => match &raw.inbox.path {
                Some(p) => {
                    let path = self.folder(p, "inbox Maildir");
                    if self.check_folders && path.is_dir() && !path.join("new").is_dir() {
                        self.problem(
                            p,
                            format!("inbox {} is not a Maildir (no new/ folder)", path.display()),
                        );
                    }
                    Some(InboxConfig::Maildir { path })
                }
                None => {
                    self.problem(
                        &raw.inbox.kind,
                        "inbox kind \"maildir\" needs a path".into(),
                    );
                    None
                }
            },
            "imap" => self
                .server(&raw.inbox.kind, &server_fields!(raw.inbox), 993, 143, true)
                .map(|server| {
                    InboxConfig::Imap(ImapConfig {
                        host: server.host,
                        port: server.port,
                        tls: server.tls,
                        user: server.user.unwrap_or_default(),
                        auth: server.auth.unwrap_or(Auth::Password(PathBuf::new())),
                        ca_file: server.ca_file,
                        folder: raw.inbox.folder.clone().unwrap_or_else(|| "INBOX".into()),
                        processed_folder: raw.inbox.processed_folder.clone(),
                        quarantine_folder: raw.inbox.quarantine_folder.clone(),
                        idle: raw.inbox.idle.unwrap_or(true),
                    })
                }),
            other => {
                self.problem(
                    &raw.inbox.kind,
                    format!("unknown inbox kind \"{other}\" (\"maildir\" or \"imap\")"),
                );
                None
            }
        };
        let outbox = match raw.outbox.kind.get_ref().as_str() {
            "file" => match &raw.outbox.path {
                Some(p) => Some(OutboxConfig::File {
                    path: self.folder(p, "outbox"),
                }),
                None => {
                    self.problem(&raw.outbox.kind, "outbox kind \"file\" needs a path".into());
                    None
                }
            },
            "smtp" => self
                .server(
                    &raw.outbox.kind,
                    &server_fields!(raw.outbox),
                    465,
                    587,
                    false,
                )
                .map(|mut smtp| {
                    if let Some(t) = &raw.outbox.timeout_seconds {
                        if (1..=3600).contains(t.get_ref()) {
                            smtp.timeout_seconds = *t.get_ref();
                        } else {
                            self.problem(t, "timeout_seconds must be 1 to 3600".into());
                        }
                    }
                    OutboxConfig::Smtp(smtp)
                }),
            other => {
                self.problem(
                    &raw.outbox.kind,
                    format!("unknown outbox kind \"{other}\" (\"file\" or \"smtp\")"),
                );
                None
            }
        };
        self.shared_sign_in(
            inbox.as_ref(),
            outbox.as_ref(),
            raw.outbox.oauth2_refresh_token_file.as_ref(),
        );
        let mut max_mail_bytes = 1_048_576;
        let mut replies_per_hour = 20;
        let mut sender_auth = None;
        if let Some(security) = &raw.security {
            if let Some(auth) = &security.sender_auth {
                match auth.get_ref().as_str() {
                    "none" => {}
                    "authentication-results" => match &security.authserv_id {
                        Some(id) if !id.trim().is_empty() => sender_auth = Some(id.trim().to_string()),
                        _ => self.problem(auth, "sender_auth \"authentication-results\" needs authserv_id (the receiving server's name in its Authentication-Results headers)".into()),
                    },
                    other => self.problem(auth, format!("unknown sender_auth \"{other}\" (\"none\" or \"authentication-results\")")),
                }
            }
            if let Some(n) = &security.replies_per_hour {
                if *n.get_ref() == 0 || *n.get_ref() > MAX_REPLIES_PER_HOUR {
                    self.problem(
                        n,
                        format!(
                            "replies_per_hour must be between 1 and {MAX_REPLIES_PER_HOUR}, not {}",
                            n.get_ref()
                        ),
                    );
                }
                replies_per_hour = *n.get_ref();
            }
            if let Some(max) = &security.max_mail_bytes {
                if !(MIN_MAIL_BYTES..=MAX_MAIL_BYTES).contains(max.get_ref()) {
                    self.problem(
                        max,
                        format!(
                            "max_mail_bytes must be between {MIN_MAIL_BYTES} (1 KiB) and {MAX_MAIL_BYTES} (64 MiB), not {}",
                            max.get_ref()
                        ),
                    );
                }
                max_mail_bytes = *max.get_ref();
            }
        }
        let xfcc = raw.xfcc.as_ref().and_then(|x| self.xfcc(x));
        let mut batch_mails = BATCH_MAILS;
        if let Some(n) = &raw.inbox.batch_mails {
            if !(1..=MAX_BATCH_MAILS).contains(n.get_ref()) {
                self.problem(
                    n,
                    format!(
                        "batch_mails must be between 1 and {MAX_BATCH_MAILS}, not {}",
                        n.get_ref()
                    ),
                );
            }
            batch_mails = *n.get_ref();
        }
        let mut tournaments = Vec::new();
        let mut tournament_ids = HashSet::new();
        let mut ordinal = 0u32;
        let mut add = |v: &mut Self, rt: &RawTournament| {
            if !tournament_ids.insert(rt.id.get_ref().clone()) {
                v.problem(
                    &rt.id,
                    format!("tournament id \"{}\" is used twice", rt.id.get_ref()),
                );
            }
            if let Some(t) = v.tournament(rt, ordinal) {
                tournaments.push(t);
            }
            ordinal += 1;
        };
        for rt in &raw.tournament {
            add(&mut self, rt);
        }
        // the parts are parsed on two threads (one the even parts, the
        // other the odd ones, so that both run ahead of the validation by a
        // part or two), each part's tree dropped as soon as its tournaments
        // are read, and validated here in the file's order as they come
        std::thread::scope(|scope| {
            let parsers: Vec<_> = [0, 1]
                .into_iter()
                .map(|first| {
                    let (parsed, read) = std::sync::mpsc::sync_channel(2);
                    scope.spawn(move || {
                        for &(offset, part) in rest.iter().skip(first).step_by(2) {
                            // a closed channel: the validation stopped
                            if parsed.send((offset, part_tournaments(part))).is_err() {
                                break;
                            }
                        }
                    });
                    read
                })
                .collect();
            let in_order = (0..rest.len()).map_while(|k| parsers[k % 2].recv().ok());
            for (offset, raws) in in_order {
                let Some(raws) = raws else {
                    self.problems.push(Problem {
                        line: Some(line_of(self.text, offset)),
                        column: None,
                        message: "this part does not read alone".into(),
                    });
                    break;
                };
                self.offset = offset;
                for rt in &raws {
                    add(&mut self, rt);
                }
                self.offset = 0;
                if !self.problems.is_empty() {
                    break;
                }
            }
            // the channels close before the threads are joined: a thread
            // still parsing stops at its next part
            drop(parsers);
        });
        if raw.tournament.is_empty() && rest.is_empty() {
            self.problems.push(Problem {
                line: None,
                column: None,
                message: "no [[tournament]] is configured".into(),
            });
        }
        let name = raw
            .gateway
            .name
            .clone()
            .unwrap_or_else(|| "Tournament arbiter".into());
        for t in &mut tournaments {
            t.site = crate::render::site_of(&t.rules, &name);
        }
        match (inbox, outbox, self.problems.is_empty()) {
            (Some(inbox), Some(outbox), true) => Ok(Config {
                league: League {
                    address,
                    name,
                    tournaments,
                    xfcc: xfcc.as_ref().map(|x| x.public_url.clone()),
                    tables: crate::referee::endgame::Tables(
                        tablebases
                            .clone()
                            .map(|t| t as std::sync::Arc<dyn crate::referee::endgame::Prober>),
                    ),
                    index: Default::default(),
                },
                state: self.path(raw.gateway.state.get_ref()),
                timezone,
                web_dir,
                inbox,
                outbox,
                max_mail_bytes,
                replies_per_hour,
                sender_auth,
                poll_seconds: raw.inbox.poll_seconds.unwrap_or(5).max(1),
                batch_mails,
                lines: self.lines,
                xfcc,
                tablebases,
            }),
            _ => Err(self.problems),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::servers::read_password_in;
    use super::*;

    fn problems(text: &str) -> Vec<String> {
        match Config::parse(text, Path::new("/nonexistent"), false) {
            Ok(_) => vec![],
            Err(ps) => ps
                .iter()
                .map(|p| {
                    format!(
                        "{}: {}",
                        p.line.map_or("-".into(), |l| l.to_string()),
                        p.message
                    )
                })
                .collect(),
        }
    }

    const GOOD: &str = r#"
[gateway]
address = "arbiter@example.test"
state = "var/state"
timezone = "Europe/Moscow"

[inbox]
kind = "maildir"
path = "var/mail/inbox"

[outbox]
kind = "file"
path = "var/mail/sent"

[[tournament]]
id = "T1"
name = "Test"
start = "2026-05-10"
director = "td@example.test"

[[tournament.player]]
id = "a"
name = "A, A"
email = ["a@example.test"]

[[tournament.player]]
id = "b"
name = "B, B"
email = ["b@example.test"]
language = "ru"

[[tournament.game]]
white = "a"
black = "b"
"#;

    fn with_rules(lines: &str) -> String {
        GOOD.replace(
            "director = \"td@example.test\"\n",
            &format!("director = \"td@example.test\"\n{lines}\n"),
        )
    }

    /// The test config with `[tournament.rules]` written as `table`, and
    /// `beside` among the tournament's own keys.
    fn with_table(table: &str, beside: &str) -> String {
        with_rules(beside).replacen(
            "[[tournament.player]]",
            &format!("[tournament.rules]\n{table}\n[[tournament.player]]"),
            1,
        )
    }

    /// The rule set of the first tournament of a config that reads.
    fn rules_of(text: &str) -> RuleSet {
        Config::parse(text, Path::new("/etc/ma"), false)
            .unwrap()
            .league
            .tournaments[0]
            .rules
            .clone()
    }

    /// `[tournament.rules]`: a preset as `base` and the values that change
    /// it, in the form `rules show` prints (issue 25 item 1).
    #[test]
    fn a_rules_table_takes_a_base_preset_and_its_changes() {
        let rules = rules_of;
        let r = rules(&with_table(
            "base = \"razsh-postal\"\ndays_per_control = 40",
            "",
        ));
        assert_eq!(
            r,
            RuleSet {
                days_per_control: 40,
                ..RuleSet::postal()
            }
        );
        // without a base: Section III
        assert_eq!(rules(&with_table("penalty_days = 3", "")).penalty_days, 3);
        assert_eq!(
            rules(&with_table("penalty_days = 3", "")).kind,
            RuleKind::Email
        );
        // what `rules show` prints is a table a director may paste
        for preset in crate::referee::rules::presets() {
            let shown = crate::referee::rules::preset_text(preset);
            let table = shown.split_once("[tournament.rules]\n").unwrap().1;
            assert_eq!(rules(&with_table(table, "")), preset.rules, "{shown}");
        }
        assert_eq!(
            rules(&with_table("further_reminders = [28, 35]", "")).further_reminders,
            [28, 35]
        );
        let ps = problems(&with_table("further_reminders = [28, 10]", ""));
        assert!(
            ps.iter().any(|p| p.ends_with(
                "further_reminders must rise, each after the one before and after reminder_days (14), not [28, 10]"
            )),
            "{ps:?}"
        );
        let ps = problems(&with_table("further_reminders = [\"28\"]", ""));
        assert!(
            ps.iter().any(|p| p
                .contains("must be a list of whole numbers, like further_reminders = [28, 35]")),
            "{ps:?}"
        );
        let ps = problems(&with_table("base = \"fide\"\npenalty_dayz = 3", ""));
        assert!(
            ps.iter()
                .any(|p| p.contains("unknown key `penalty_dayz` in [tournament.rules]")),
            "{ps:?}"
        );
        assert!(
            ps.iter().any(|p| p.contains("unknown rules \"fide\"")),
            "{ps:?}"
        );
        let ps = problems(&with_table("base = \"postal\"", "warning_days = 3"));
        assert!(
            ps.iter().any(|p| p.ends_with(
                "the rule values go in [tournament.rules] or beside rules = \"…\", not both"
            )),
            "{ps:?}"
        );
    }

    /// A rule set's clock from its base and the table: the kind and its
    /// values, a value of another kind refused with its line, a Fischer
    /// cap under its start refused.
    #[test]
    fn a_clock_is_written_in_the_table_with_the_values_of_its_kind() {
        let rules = rules_of;
        let r = rules(&with_table("base = \"fischer-30-1\"\nmax_days = 60", ""));
        assert_eq!(
            r.clock,
            TimeControl::Fischer {
                base_days: 30,
                days_per_move: 1,
                max_days: 60
            }
        );
        let r = rules(&with_table(
            "base = \"iccf\"\nclock = \"countdown\"\ngame_days = 365",
            "",
        ));
        assert_eq!(r.clock, TimeControl::Countdown { game_days: 365 });
        assert_eq!((r.days_per_control, r.leave_days_per_year), (0, 45));
        let r = rules(&with_table(
            "base = \"countdown-180\"\nclock = \"moves\"\ndays_per_control = 40\nmoves_per_control = 10",
            "",
        ));
        assert_eq!(
            (r.clock, r.days_per_control, r.moves_per_control),
            (TimeControl::Moves, 40, 10)
        );
        let r = rules(&with_table(
            "double_after_days = 20\nlongest_leave_days = 21",
            "",
        ));
        assert_eq!(
            (r.double_after_days, r.longest_leave_days),
            (Some(20), Some(21))
        );
        for (table, says) in [
            (
                "base = \"fischer-30-1\"\ndays_per_control = 40",
                "days_per_control is a value of the moves clock; this rule set's clock is fischer (write clock = \"moves\" to change it)",
            ),
            (
                "clock = \"fischer\"\nbase_days = 30\nmax_days = 40",
                "clock = \"fischer\" needs days_per_move in [tournament.rules]",
            ),
            (
                "base = \"fischer-30-1\"\nmax_days = 20",
                "max_days (20) must be at least base_days (30)",
            ),
            (
                "clock = \"hourglass\"",
                "unknown clock \"hourglass\" (\"moves\", \"fischer\" or \"countdown\")",
            ),
            (
                "base = \"countdown-180\"\nclock = \"moves\"\ndays_per_control = 40",
                "clock = \"moves\" needs moves_per_control in [tournament.rules]",
            ),
            (
                "base = \"countdown-180\"\ngame_days = 0",
                "game_days must be at least 1",
            ),
        ] {
            let ps = problems(&with_table(table, ""));
            assert!(
                ps.iter().any(|p| p.ends_with(says) && !p.starts_with('-')),
                "{table}: {ps:?}"
            );
        }
    }

    #[test]
    fn postal_rules_take_section_ii_numbers_and_overrides_still_win() {
        let rules = |lines: &str| rules_of(&with_rules(lines));
        assert_eq!(rules("rules = \"postal\""), RuleSet::postal());
        let r = rules(
            "rules = \"postal\"\nreminder_days = 10\ninactivity_days = 50\nlate_start_days = 0",
        );
        assert_eq!(
            (
                r.reminder_days,
                r.breakdown_days,
                r.inactivity,
                r.late_start_days
            ),
            (10, Some(20), Span::Days(50), 0),
            "the repeat unanswered for as long again: 20"
        );
        let r = rules("inactivity_months = 2");
        assert_eq!((r.inactivity, r.breakdown_days), (Span::Months(2), None));
        let text = with_rules("inactivity_days = 40\ninactivity_months = 2");
        let ps = problems(&text);
        assert_eq!(ps.len(), 1, "{ps:?}");
        assert!(
            ps[0].ends_with("give inactivity_days or inactivity_months, not both"),
            "{ps:?}"
        );
    }

    #[test]
    fn the_directors_language_is_set_or_the_players_majority() {
        let lang = |lines: &str| {
            Config::parse(&with_rules(lines), Path::new("/etc/ma"), false)
                .unwrap()
                .league
                .tournaments[0]
                .director_language
        };
        // one English and one Russian player: no majority, English
        assert_eq!(lang(""), Lang::En);
        assert_eq!(lang("director_language = \"ru\""), Lang::Ru);
        let russian = GOOD.replace(
            "email = [\"a@example.test\"]\n",
            "email = [\"a@example.test\"]\nlanguage = \"ru\"\n",
        );
        let c = Config::parse(&russian, Path::new("/etc/ma"), false).unwrap();
        assert_eq!(c.league.tournaments[0].director_language, Lang::Ru);
        let ps = problems(&with_rules("director_language = \"fr\""));
        assert!(
            ps.iter().any(|p| p.ends_with(
                "unknown language \"fr\" (\"de\", \"en\", \"lt\", \"ru\": a folder of locales/ each)"
            )),
            "{ps:?}"
        );
        assert_eq!(
            lang("director_language = \"lt\""),
            Lang::from_code("lt").unwrap()
        );
    }

    /// Issue 12 item 5: hidden conditional moves, off unless asked for.
    #[test]
    fn ii_3_8_conditional_moves_are_off_unless_hidden_is_asked_for() {
        let conditional = |lines: &str| {
            Config::parse(&with_rules(lines), Path::new("/etc/ma"), false)
                .unwrap()
                .league
                .tournaments[0]
                .conditional
        };
        assert!(!conditional(""));
        assert!(!conditional("conditional = \"off\""));
        assert!(conditional("conditional = \"hidden\""));
        let ps = problems(&with_rules("conditional = \"visible\""));
        assert!(
            ps.iter().any(|p| p
                .contains("unknown conditional \"visible\" (\"off\" or \"hidden\")")
                && !p.starts_with('-')),
            "{ps:?}"
        );
        let ps = problems(&with_rules("conditional = true"));
        assert!(ps.iter().any(|p| p.contains("`conditional`")), "{ps:?}");
    }

    /// A thematic event: every game starts from the tournament's FEN, a
    /// game's own `start_position` overrides it, the usual position else.
    #[test]
    fn a_start_position_is_the_tournaments_unless_the_game_gives_its_own() {
        const ROOKS: &str = "8/8/4k3/8/8/4K3/r7/R7 b - - 0 40";
        const PAWN: &str = "8/4P3/8/8/8/k7/8/4K3 w - - 0 60";
        let fens = |text: &str| {
            Config::parse(text, Path::new("/etc/ma"), false)
                .unwrap()
                .league
                .tournaments[0]
                .games
                .iter()
                .map(|g| g.start.as_ref().map(|s| s.fen().to_string()))
                .collect::<Vec<_>>()
        };
        assert_eq!(fens(GOOD), [None]);
        let themed = with_rules(&format!("start_position = \"{ROOKS}\""));
        assert_eq!(fens(&themed), [Some(ROOKS.to_string())]);
        let own = themed.replace(
            "black = \"b\"\n",
            &format!("black = \"b\"\nstart_position = \"{PAWN}\"\n"),
        );
        assert_eq!(fens(&own), [Some(PAWN.to_string())]);
        // the same position spelled otherwise is the same start
        let spaced = with_rules("start_position = \"  8/8/4k3/8/8/4K3/r7/R7 b - - 0 40 \"");
        assert_eq!(fens(&spaced), [Some(ROOKS.to_string())]);
    }

    /// `check` refuses a FEN that is no FEN or no legal position, with its
    /// line and the reason.
    #[test]
    fn an_illegal_start_position_is_refused_with_its_line_and_reason() {
        let game = |fen: &str| {
            GOOD.replace(
                "black = \"b\"\n",
                &format!("black = \"b\"\nstart_position = \"{fen}\"\n"),
            )
        };
        // two white kings
        let text = game("8/8/4k3/8/8/4K3/8/K7 w - - 0 1");
        let line = 1 + text
            .lines()
            .position(|l| l.starts_with("start_position"))
            .unwrap();
        let ps = problems(&text);
        assert!(
            ps.iter()
                .any(|p| p.starts_with(&format!("{line}: start_position: "))
                    && p.ends_with("is not a legal position: too many kings")),
            "{ps:?}"
        );
        // the side not to move is in check
        let ps = problems(&game("4k2R/8/8/8/8/8/8/4K3 w - - 0 1"));
        assert!(
            ps.iter().any(|p| p.contains("is not a legal position")),
            "{ps:?}"
        );
        // not FEN at all
        let ps = problems(&with_rules("start_position = \"the Catalan\""));
        assert!(
            ps.iter().any(
                |p| p.contains("start_position: \"the Catalan\" is not a FEN")
                    && !p.starts_with('-')
            ),
            "{ps:?}"
        );
    }

    #[test]
    fn a_good_config_validates_into_typed_values() {
        let c = Config::parse(GOOD, Path::new("/etc/ma"), false).unwrap();
        assert_eq!(c.league.tournaments[0].games[0].id, "T1/1");
        assert_eq!(c.timezone, chrono_tz::Europe::Moscow);
        assert_eq!(c.state, PathBuf::from("/etc/ma/var/state"));
        assert_eq!(c.league.tournaments[0].rules, RuleSet::email());
        assert_eq!(c.league.tournaments[0].players[1].language, Lang::Ru);
    }

    #[test]
    fn an_unknown_key_is_refused_with_its_line() {
        let text = GOOD.replace(
            "timezone = \"Europe/Moscow\"",
            "timezone = \"UTC\"\ncolour = \"red\"",
        );
        let ps = problems(&text);
        assert_eq!(ps.len(), 1);
        assert!(
            ps[0].starts_with("6: unknown key `colour` in [gateway] (known keys: address, name"),
            "{ps:?}"
        );
    }

    /// Every problem: `line:column: message`.
    fn placed(text: &str) -> Vec<String> {
        match Config::parse(text, Path::new("/nonexistent"), false) {
            Ok(_) => vec![],
            Err(ps) => ps
                .iter()
                .map(|p| {
                    format!(
                        "{}:{}: {}",
                        p.line.unwrap_or(0),
                        p.column.unwrap_or(0),
                        p.message
                    )
                })
                .collect(),
        }
    }

    #[test]
    fn iii_9_4_an_end_date_is_read_and_a_bad_one_named_with_its_line() {
        let good = GOOD.replace(
            "start = \"2026-05-10\"",
            "start = \"2026-05-10\"\nend = \"2027-05-10\"",
        );
        let config = Config::parse(&good, Path::new("/nonexistent"), false).expect("valid");
        assert_eq!(
            config.league.tournaments[0].end,
            Some(NaiveDate::from_ymd_opt(2027, 5, 10).unwrap())
        );
        let line = GOOD
            .lines()
            .position(|l| l.starts_with("start = "))
            .unwrap()
            + 2;
        for (end, why) in [
            ("10.05.2027", "bad date \"10.05.2027\" (write YYYY-MM-DD)"),
            (
                "2026-05-10",
                "end 2026-05-10 must be after start 2026-05-10",
            ),
            (
                "2026-01-01",
                "end 2026-01-01 must be after start 2026-05-10",
            ),
        ] {
            let text = GOOD.replace(
                "start = \"2026-05-10\"",
                &format!("start = \"2026-05-10\"\nend = \"{end}\""),
            );
            assert_eq!(problems(&text), [format!("{line}: {why}")]);
        }
    }

    #[test]
    fn unknown_keys_type_errors_and_semantic_problems_are_listed_at_once_in_file_order() {
        let text = GOOD
            .replace(
                "timezone = \"Europe/Moscow\"",
                "timezon = \"Europe/Moscow\"",
            )
            .replace("[inbox]\n", "[inbox]\nidle = \"yes\"\n")
            .replace("start = \"2026-05-10\"", "start = \"10.05.2026\"")
            .replace("black = \"b\"", "black = \"b\"\n  colour = 5");
        assert_eq!(
            placed(&text),
            [
                "5:1: unknown key `timezon` in [gateway]: did you mean `timezone`?",
                "8:8: `idle` in [inbox] must be true or false (without quotes), not text (\"yes\")",
                "19:9: bad date \"10.05.2026\" (write YYYY-MM-DD)",
                "36:3: unknown key `colour` in [[tournament.game]] (known keys: number, white, black, start_position)",
            ]
        );
        // a date without quotes, a number out of range, a list item that is
        // not text, a missing key: each in plain words
        let text = GOOD
            .replace("start = \"2026-05-10\"", "start = 2026-05-10")
            .replace(
                "email = [\"b@example.test\"]",
                "email = [\"b@example.test\", 7]",
            )
            .replace("name = \"B, B\"\n", "")
            + "\n[security]\nreplies_per_hour = -1\n";
        let ps = placed(&text);
        assert!(
            ps.contains(&"18:9: `start` in [[tournament]] must be text in quotes, like start = \"…\", not a date without quotes (2026-05-10)".to_string()),
            "{ps:?}"
        );
        assert!(
            ps.iter().any(|p| p.ends_with(
                "`email` in [[tournament.player]] must be a list of text in quotes, like email = [\"…\"], and the number 7 is not text"
            )),
            "{ps:?}"
        );
        assert!(
            ps.iter()
                .any(|p| p.ends_with("[[tournament.player]] needs `name`")),
            "{ps:?}"
        );
        assert!(
            ps.iter().any(|p| p.ends_with(
                "`replies_per_hour` in [security] must be a whole number from 0 to 4294967295, not -1"
            )),
            "{ps:?}"
        );
        // broken TOML: the one problem, where it is
        let ps = placed(&GOOD.replace("[inbox]", "[inbox"));
        assert_eq!(ps.len(), 1, "{ps:?}");
        assert!(ps[0].starts_with("7:7: not valid TOML"), "{ps:?}");
    }

    #[test]
    fn every_semantic_problem_is_listed_with_its_line() {
        let text = GOOD
            .replace("Europe/Moscow", "Mars/Olympus")
            .replace("start = \"2026-05-10\"", "start = \"10.05.2026\"")
            .replace("id = \"b\"", "id = \"a\"")
            .replace("black = \"b\"", "black = \"zed\"");
        let ps = problems(&text);
        assert!(
            ps.contains(
                &"5: unknown time zone \"Mars/Olympus\" (use an IANA name such as Europe/Moscow)"
                    .to_string()
            ),
            "{ps:?}"
        );
        assert!(
            ps.contains(&"18: bad date \"10.05.2026\" (write YYYY-MM-DD)".to_string()),
            "{ps:?}"
        );
        assert!(
            ps.contains(&"27: player id \"a\" is used twice in tournament T1".to_string()),
            "{ps:?}"
        );
        let shared = GOOD.replace(
            "email = [\"b@example.test\"]",
            "email = [\"a@example.test\"]",
        );
        assert_eq!(
            problems(&shared),
            ["29: address a@example.test is used by two players: T1/a and T1/b"]
        );
        assert!(
            ps.contains(&"34: game T1/1 names unknown player \"zed\"".to_string()),
            "{ps:?}"
        );
    }

    #[test]
    fn a_missing_folder_is_a_problem() {
        let ps = match Config::parse(GOOD, Path::new("/nonexistent"), true) {
            Err(ps) => ps,
            Ok(_) => panic!("missing folders must be refused"),
        };
        assert!(
            ps.iter().any(|p| p.line == Some(9)
                && p.message
                    .contains("inbox Maildir folder /nonexistent/var/mail/inbox does not exist")),
            "{ps:?}"
        );
        assert!(
            ps.iter()
                .any(|p| p.line == Some(13) && p.message.contains("outbox folder")),
            "{ps:?}"
        );
    }

    #[test]
    fn imap_and_smtp_with_tls_none_only_on_loopback() {
        let imap = |host: &str, tls: &str| {
            GOOD.replace(
                "kind = \"maildir\"\npath = \"var/mail/inbox\"",
                &format!("kind = \"imap\"\nhost = \"{host}\"\ntls = \"{tls}\"\nuser = \"arb\"\npassword_file = \"pw\""),
            )
        };
        let c = Config::parse(&imap("127.0.0.1", "none"), Path::new("/etc/ma"), false).unwrap();
        match c.inbox {
            InboxConfig::Imap(i) => {
                assert_eq!(
                    (i.port, i.tls, i.folder.as_str()),
                    (143, Tls::None, "INBOX")
                );
                assert_eq!(i.auth, Auth::Password(PathBuf::from("/etc/ma/pw")));
            }
            other => panic!("{other:?}"),
        }
        let c =
            Config::parse(&imap("imap.example.org", "implicit"), Path::new("/"), false).unwrap();
        assert!(matches!(
            c.inbox,
            InboxConfig::Imap(ImapConfig {
                port: 993,
                tls: Tls::Implicit,
                ..
            })
        ));
        let ps = problems(&imap("imap.example.org", "none"));
        assert_eq!(ps, ["10: tls = \"none\" is allowed only for a server on this machine (loopback), not imap.example.org"]);
        let no_user = GOOD.replace(
            "kind = \"maildir\"\npath = \"var/mail/inbox\"",
            "kind = \"imap\"\nhost = \"localhost\"",
        );
        let ps = problems(&no_user);
        assert!(
            ps.contains(&"8: imap needs a user".to_string())
                && ps.iter().any(|p| p.contains("needs a password_file")),
            "{ps:?}"
        );
    }

    /// The problem lines of `GOOD` with `extra` appended, each with its line.
    fn problems_with(extra: &str) -> (Vec<String>, usize) {
        let text = format!("{GOOD}{extra}");
        let line = GOOD.lines().count() + extra.lines().count();
        (problems(&text), line)
    }

    #[test]
    fn a_batch_of_mails_out_of_range_is_refused_with_its_line() {
        assert!(GOOD.contains("[inbox]\n"));
        for bad in [0, 1001] {
            let text = GOOD.replacen("[inbox]\n", &format!("[inbox]\nbatch_mails = {bad}\n"), 1);
            let line = text
                .lines()
                .position(|l| l.starts_with("batch_mails"))
                .unwrap()
                + 1;
            assert_eq!(
                problems(&text),
                [format!(
                    "{line}: batch_mails must be between 1 and 1000, not {bad}"
                )]
            );
        }
        let text = GOOD.replacen("[inbox]\n", "[inbox]\nbatch_mails = 7\n", 1);
        let c = Config::parse(&text, Path::new("/"), false).unwrap();
        assert_eq!(c.batch_mails, 7);
        let c = Config::parse(GOOD, Path::new("/"), false).unwrap();
        assert_eq!(c.batch_mails, BATCH_MAILS);
    }

    #[test]
    fn mail_size_and_reply_limits_out_of_range_are_refused_with_their_line() {
        for bad in [0, 1023, 67_108_865] {
            let (ps, line) = problems_with(&format!("\n[security]\nmax_mail_bytes = {bad}\n"));
            assert_eq!(
                ps,
                [format!("{line}: max_mail_bytes must be between 1024 (1 KiB) and 67108864 (64 MiB), not {bad}")]
            );
        }
        for bad in [0, 10_001] {
            let (ps, line) = problems_with(&format!("\n[security]\nreplies_per_hour = {bad}\n"));
            assert_eq!(
                ps,
                [format!(
                    "{line}: replies_per_hour must be between 1 and 10000, not {bad}"
                )]
            );
        }
        let c = Config::parse(
            &format!("{GOOD}\n[security]\nmax_mail_bytes = 67108864\nreplies_per_hour = 10000\n"),
            Path::new("/"),
            false,
        )
        .unwrap();
        assert_eq!((c.max_mail_bytes, c.replies_per_hour), (67_108_864, 10_000));
        let c = Config::parse(GOOD, Path::new("/"), false).unwrap();
        assert_eq!((c.max_mail_bytes, c.replies_per_hour), (1_048_576, 20));
    }

    #[test]
    fn a_password_file_open_to_others_or_empty_is_refused() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("var/mail/sent")).unwrap();
        let text = GOOD.replace(
            "kind = \"maildir\"\npath = \"var/mail/inbox\"",
            "kind = \"imap\"\nhost = \"127.0.0.1\"\ntls = \"none\"\nuser = \"arb\"\npassword_file = \"pw\"",
        );
        let pw = dir.path().join("pw");
        let check = |contents: &str, mode: u32| -> Vec<String> {
            std::fs::write(&pw, contents).unwrap();
            std::fs::set_permissions(&pw, std::fs::Permissions::from_mode(mode)).unwrap();
            match Config::parse(&text, dir.path(), true) {
                Ok(_) => vec![],
                Err(ps) => ps
                    .iter()
                    .map(|p| format!("{}: {}", p.line.unwrap_or(0), p.message))
                    .collect(),
            }
        };
        let shown = pw.display();
        assert_eq!(check("secret\n", 0o600), Vec::<String>::new());
        assert_eq!(check("secret\n", 0o400), Vec::<String>::new());
        assert_eq!(
            check("secret\n", 0o644),
            [format!(
                "12: password_file {shown}: readable by others (mode 644): chmod 600 {shown}"
            )]
        );
        assert_eq!(
            check("secret\n", 0o640),
            [format!(
                "12: password_file {shown}: readable by others (mode 640): chmod 600 {shown}"
            )]
        );
        assert_eq!(
            check("secret\n", 0o620),
            [format!(
                "12: password_file {shown}: writable by others (mode 620): chmod 600 {shown}"
            )]
        );
        for empty in ["", "\n", "  \t\nsecret\n"] {
            assert_eq!(
                check(empty, 0o600),
                [format!(
                    "12: password_file {shown}: the first line is empty: write the password on it"
                )],
                "{empty:?}"
            );
        }
        std::fs::remove_file(&pw).unwrap();
        let ps = match Config::parse(&text, dir.path(), true) {
            Err(ps) => ps,
            Ok(_) => panic!("a missing password file must be refused"),
        };
        assert!(
            ps[0]
                .message
                .starts_with(&format!("cannot read password_file {shown}: ")),
            "{ps:?}"
        );
        // the daemon reads it through the same checks
        std::fs::write(&pw, "secret\n").unwrap();
        std::fs::set_permissions(&pw, std::fs::Permissions::from_mode(0o604)).unwrap();
        assert!(read_password(&pw).is_err());
        std::fs::set_permissions(&pw, std::fs::Permissions::from_mode(0o600)).unwrap();
        assert_eq!(read_password(&pw).unwrap(), "secret");
        // a systemd credential read through an ACL shows mode 440
        std::fs::set_permissions(&pw, std::fs::Permissions::from_mode(0o440)).unwrap();
        assert!(read_password_in(&pw, None).is_err());
        assert_eq!(read_password_in(&pw, Some(dir.path())).unwrap(), "secret");
        for open in [0o444, 0o460, 0o404] {
            std::fs::set_permissions(&pw, std::fs::Permissions::from_mode(open)).unwrap();
            assert!(read_password_in(&pw, Some(dir.path())).is_err(), "{open:o}");
        }
    }

    /// `GOOD` with a third player and the games written as `blocks`.
    fn with_games(blocks: &str) -> String {
        let players = GOOD.replace(
            "[[tournament.game]]\nwhite = \"a\"\nblack = \"b\"\n",
            "[[tournament.player]]\nid = \"c\"\nname = \"C, C\"\nemail = [\"c@example.test\"]\n",
        );
        format!("{players}{blocks}")
    }

    fn game_ids(text: &str) -> Vec<(String, String, String)> {
        let c = Config::parse(text, Path::new("/"), false).unwrap();
        c.league.tournaments[0]
            .games
            .iter()
            .map(|g| (g.id.clone(), g.white.to_string(), g.black.to_string()))
            .collect()
    }

    #[test]
    fn issue8_a_game_number_fixes_the_id_whatever_the_order_of_the_blocks() {
        let ab = "\n[[tournament.game]]\nnumber = 7\nwhite = \"a\"\nblack = \"b\"\n";
        let bc = "\n[[tournament.game]]\nnumber = 2\nwhite = \"b\"\nblack = \"c\"\n";
        let want = |ids: &[(&str, &str, &str)]| -> Vec<(String, String, String)> {
            ids.iter()
                .map(|(i, w, b)| (i.to_string(), w.to_string(), b.to_string()))
                .collect()
        };
        assert_eq!(
            game_ids(&with_games(&format!("{ab}{bc}"))),
            want(&[("T1/7", "a", "b"), ("T1/2", "b", "c")])
        );
        // the same games, blocks swapped: the same ids, listed in the new order
        assert_eq!(
            game_ids(&with_games(&format!("{bc}{ab}"))),
            want(&[("T1/2", "b", "c"), ("T1/7", "a", "b")])
        );
        // without numbers, the place counts (configs written before `number`)
        let plain = "\n[[tournament.game]]\nwhite = \"c\"\nblack = \"a\"\n";
        assert_eq!(
            game_ids(&with_games(&format!("{plain}{plain}"))),
            want(&[("T1/1", "c", "a"), ("T1/2", "c", "a")])
        );
        // mixed without a clash: the unnumbered block is game 1 by its place
        let c = Config::parse(&with_games(&format!("{plain}{ab}")), Path::new("/"), false).unwrap();
        assert_eq!(c.league.tournaments[0].games[0].id, "T1/1");
        // the lines the messages about the store quote: `number`, else `white`
        let text = with_games(&format!("{plain}{ab}"));
        let line = |needle: &str| text.lines().position(|l| l == needle).unwrap() + 1;
        assert_eq!(c.lines.game("T1/1"), Some(line("white = \"c\"")));
        assert_eq!(c.lines.game("T1/7"), Some(line("number = 7")));
        assert_eq!(
            c.lines.player("T1", "c"),
            Some(line("email = [\"c@example.test\"]"))
        );
    }

    #[test]
    fn issue8_duplicate_or_bad_game_numbers_are_refused_with_their_line() {
        let text = with_games(
            "\n[[tournament.game]]\nnumber = 3\nwhite = \"a\"\nblack = \"b\"\n\
             \n[[tournament.game]]\nnumber = 3\nwhite = \"b\"\nblack = \"c\"\n",
        );
        let first = text.lines().position(|l| l == "number = 3").unwrap() + 1;
        let second = first + 5;
        assert_eq!(
            problems(&text),
            [format!(
                "{second}: game number 3 is used twice in tournament T1 (first at line {first})"
            )]
        );
        for bad in ["0", "-1", "4294967296"] {
            let text = with_games(&format!(
                "\n[[tournament.game]]\nnumber = {bad}\nwhite = \"a\"\nblack = \"b\"\n"
            ));
            let line = text.lines().count() - 2;
            assert_eq!(
                problems(&text),
                [format!(
                    "{line}: game number must be a positive whole number (up to 4294967295), not {bad}"
                )]
            );
        }
        let text =
            with_games("\n[[tournament.game]]\nnumber = \"1\"\nwhite = \"a\"\nblack = \"b\"\n");
        assert!(
            problems(&text)[0].contains(
                "`number` in [[tournament.game]] must be a whole number, not text (\"1\")"
            ),
            "{:?}",
            problems(&text)
        );
    }

    #[test]
    fn issue8_a_place_that_falls_on_another_blocks_number_is_refused() {
        // the second block has no number, so it is T1/2 by its place; the
        // first says number = 2: two games would be T1/2
        let text = with_games(
            "\n[[tournament.game]]\nnumber = 2\nwhite = \"a\"\nblack = \"b\"\n\
             \n[[tournament.game]]\nwhite = \"b\"\nblack = \"c\"\n",
        );
        let numbered = text.lines().position(|l| l == "number = 2").unwrap() + 1;
        let placed = text.lines().position(|l| l == "white = \"b\"").unwrap() + 1;
        assert_eq!(
            problems(&text),
            [format!(
                "{placed}: this game has no number, so it is game T1/2 by its place, but the game \
                 at line {numbered} has number = 2: give every game of tournament T1 its number"
            )]
        );
        // the same clash found when the numbered block comes later
        let text = with_games(
            "\n[[tournament.game]]\nwhite = \"b\"\nblack = \"c\"\n\
             \n[[tournament.game]]\nnumber = 1\nwhite = \"a\"\nblack = \"b\"\n",
        );
        assert_eq!(problems(&text).len(), 1, "{:?}", problems(&text));
        // the unknown player is named with the game's real id
        let text =
            with_games("\n[[tournament.game]]\nnumber = 9\nwhite = \"a\"\nblack = \"zed\"\n");
        assert!(
            problems(&text)[0].ends_with("game T1/9 names unknown player \"zed\""),
            "{:?}",
            problems(&text)
        );
    }

    /// `GOOD` with `pairing` and the players `ids`, without its game block.
    fn paired(pairing: &str, ids: &[&str]) -> String {
        let mut text = GOOD
            .replace(
                "director = \"td@example.test\"\n",
                &format!("director = \"td@example.test\"\npairing = \"{pairing}\"\n"),
            )
            .replace("[[tournament.game]]\nwhite = \"a\"\nblack = \"b\"\n", "");
        for id in ids {
            text.push_str(&format!(
                "\n[[tournament.player]]\nid = \"{id}\"\nname = \"{id}, X\"\nemail = [\"{id}@example.test\"]\n"
            ));
        }
        text
    }

    #[test]
    fn a_round_robin_pairing_generates_the_berger_games_from_the_players_in_order() {
        // players a, b, c, d: numbers 1-4 of the table "1-4 2-3 / 4-3 1-2 / 2-4 3-1"
        let text = paired("round-robin", &["c", "d"]);
        let want = |games: &[(&str, &str)]| -> Vec<(String, String, String)> {
            games
                .iter()
                .enumerate()
                .map(|(k, (w, b))| (format!("T1/{}", k + 1), w.to_string(), b.to_string()))
                .collect()
        };
        assert_eq!(
            game_ids(&text),
            want(&[
                ("a", "d"),
                ("b", "c"),
                ("d", "c"),
                ("a", "b"),
                ("b", "d"),
                ("c", "a")
            ])
        );
        // double: the second cycle with the colours reversed, numbered on
        let double = game_ids(&paired("double-round-robin", &["c", "d"]));
        assert_eq!(double.len(), 12);
        assert_eq!(
            double[6..].to_vec(),
            want(&[
                ("d", "a"),
                ("c", "b"),
                ("c", "d"),
                ("b", "a"),
                ("d", "b"),
                ("a", "c")
            ])
            .into_iter()
            .enumerate()
            .map(|(k, (_, w, b))| (format!("T1/{}", k + 7), w, b))
            .collect::<Vec<_>>()
        );
        // every generated game is placed on the `pairing` line
        let c = Config::parse(&text, Path::new("/"), false).unwrap();
        let line = text
            .lines()
            .position(|l| l == "pairing = \"round-robin\"")
            .unwrap()
            + 1;
        assert_eq!(c.lines.game("T1/1"), Some(line));
        assert_eq!(c.lines.game("T1/6"), Some(line));
        assert_eq!(c.lines.pairing("T1"), Some(line));
        assert!(c.lines.games.is_empty());
    }

    #[test]
    fn a_pairing_beside_game_blocks_or_unknown_or_without_players_is_refused_with_its_line() {
        let text = GOOD.replace(
            "director = \"td@example.test\"\n",
            "director = \"td@example.test\"\npairing = \"round-robin\"\n",
        );
        let line = |needle: &str| text.lines().position(|l| l == needle).unwrap() + 1;
        assert_eq!(
            placed(&text),
            [format!(
                "{}:11: tournament T1 has pairing = \"round-robin\" and [[tournament.game]] \
                 blocks (the first at line {}): give the one or the other",
                line("pairing = \"round-robin\""),
                line("white = \"a\"")
            )]
        );
        let text = paired("swiss", &[]);
        assert_eq!(
            problems(&text),
            [format!(
                "{}: unknown pairing \"swiss\" (\"round-robin\" or \"double-round-robin\")",
                text.lines()
                    .position(|l| l == "pairing = \"swiss\"")
                    .unwrap()
                    + 1
            )]
        );
        let alone = paired("round-robin", &[]).replace(
            "[[tournament.player]]\nid = \"b\"\nname = \"B, B\"\nemail = [\"b@example.test\"]\nlanguage = \"ru\"\n",
            "",
        );
        assert_eq!(
            problems(&alone),
            [format!(
                "{}: pairing = \"round-robin\" needs at least two players in tournament T1",
                alone
                    .lines()
                    .position(|l| l == "pairing = \"round-robin\"")
                    .unwrap()
                    + 1
            )]
        );
        let typed = paired("round-robin", &[]).replace("\"round-robin\"", "2");
        assert!(
            problems(&typed)[0].contains("`pairing` in [[tournament]] must be text in quotes"),
            "{:?}",
            problems(&typed)
        );
    }

    /// `text` read in parts (`None`: it does not read so) and read whole.
    fn both_reads(text: &str) -> (Option<Config>, Result<Config, Vec<Problem>>) {
        let secrets = Secrets::from_env(PasswordCheck::Skip);
        let base = Path::new("/");
        let parts = parts(text);
        let in_parts = match parts.as_slice() {
            [(_, head), rest @ ..] if !rest.is_empty() => {
                Config::read(text, head, rest, base, false, &secrets)
                    .ok()
                    .map(|(c, _)| c)
            }
            _ => None,
        };
        let whole = Config::read(text, text, &[], base, false, &secrets).map(|(c, _)| c);
        (in_parts, whole)
    }

    /// What a config holds, to compare two reads of one file.
    fn held(c: &Config) -> (&League, &Lines, &Path, &InboxConfig, &OutboxConfig, usize) {
        (
            &c.league,
            &c.lines,
            &c.state,
            &c.inbox,
            &c.outbox,
            c.batch_mails,
        )
    }

    /// A league of three tournaments: generated, with game blocks and
    /// numbers, a header with spaces and a comment, CRLF line ends in one.
    fn three_tournaments() -> String {
        let mut text = paired("double-round-robin", &["c", "d", "e"]);
        text.push_str(
            "\n  [[ tournament ]]   # the second\nid = \"T2\"\nname = \"Second\"\n\
             start = \"2026-06-01\"\ndirector = \"td@example.test\"\n\n\
             [[tournament.player]]\nid = \"x\"\nname = \"X, X\"\nemail = [\"X@Example.test\", \"x2@example.test\"]\n\n\
             [[tournament.player]]\nid = \"y\"\nname = \"Y, Y\"\nemail = [\"y@example.test\"]\nlanguage = \"ru\"\n\n\
             [[tournament.game]]\nnumber = 4\nwhite = \"y\"\nblack = \"x\"\n\n\
             [[tournament.game]]\nwhite = \"x\"\nblack = \"y\"\n",
        );
        text.push_str(
            &"\n[[tournament]]\nid = \"T3\"\nname = \"Third\"\nstart = \"2026-07-01\"\n\
              director = \"td3@example.test\"\npairing = \"round-robin\"\n\n\
              [[tournament.player]]\nid = \"a\"\nname = \"A, Z\"\nemail = [\"za@example.test\"]\n\n\
              [[tournament.player]]\nid = \"b\"\nname = \"B, Z\"\nemail = [\"zb@example.test\"]\n"
                .replace('\n', "\r\n"),
        );
        text
    }

    #[test]
    fn issue11_a_league_read_in_parts_is_the_league_read_whole() {
        let text = three_tournaments();
        // cut before each of the three tournaments
        assert_eq!(parts(&text).len(), 4);
        let (in_parts, whole) = both_reads(&text);
        let in_parts = in_parts.expect("a valid file reads in parts");
        let whole = whole.unwrap();
        assert_eq!(held(&in_parts), held(&whole));
        let league = &in_parts.league;
        assert_eq!(
            league
                .tournaments
                .iter()
                .map(|t| t.games.len())
                .collect::<Vec<_>>(),
            [20, 2, 1]
        );
        // the lines of the later parts count from the start of the file
        let line = |needle: &str| text.lines().position(|l| l.trim_end() == needle).unwrap() + 1;
        assert_eq!(
            in_parts.lines.player("T2", "y"),
            Some(line("email = [\"y@example.test\"]"))
        );
        assert_eq!(in_parts.lines.game("T2/4"), Some(line("number = 4")));
        assert_eq!(
            in_parts.lines.game("T3/1"),
            Some(line("pairing = \"round-robin\""))
        );
        // what `parse` gives is the read in parts
        let parsed = Config::parse(&text, Path::new("/"), false).unwrap();
        assert_eq!(held(&parsed), held(&in_parts));
        // the games name their players by one shared id each
        let (_, game) = league.game("T2/4").unwrap();
        assert_eq!((game.white.as_str(), game.black.as_str()), ("y", "x"));
        assert_eq!(
            league.players_at("x@EXAMPLE.test")[0].1.name,
            "X, X".to_string()
        );
    }

    #[test]
    fn issue11_a_file_that_does_not_read_in_parts_is_read_whole_with_the_same_result() {
        let good = three_tournaments();
        let cases = [
            // a table after the tournaments
            good.replace("[outbox]\nkind = \"file\"\npath = \"var/mail/sent\"\n", "")
                + "\n[outbox]\nkind = \"file\"\npath = \"var/mail/sent\"\n",
            // a cut inside a multi-line string
            good.replace(
                "name = \"Second\"",
                "name = \"\"\"Second\n[[tournament]]\nstill the name\"\"\"",
            ),
            // a tournament written as an inline table before the cuts
            good.replacen(
                "[[tournament]]\nid = \"T1\"",
                "tournament = [{ id = \"T0\", name = \"Zero\", start = \"2026-05-10\", \
                 director = \"td@example.test\" }]\n[[tournament]]\nid = \"T1\"",
                1,
            ),
            // an address of two players of two tournaments
            good.replace("zb@example.test", "y@example.test"),
            // a problem in a later part
            good.replace("start = \"2026-06-01\"", "start = \"2026-06-31\""),
        ];
        for text in &cases {
            let (in_parts, whole) = both_reads(text);
            assert!(in_parts.is_none(), "{text}");
            let parsed = Config::parse(text, Path::new("/"), false);
            match (&parsed, &whole) {
                (Ok(p), Ok(w)) => assert_eq!(held(p), held(w)),
                (Err(p), Err(w)) => assert_eq!(p, w),
                _ => panic!("{parsed:?} against {whole:?}"),
            }
        }
        let messages = |text: &str| match Config::parse(text, Path::new("/"), false) {
            Ok(c) => vec![c.league.tournaments[1].name.clone()],
            Err(ps) => ps.into_iter().map(|p| p.message).collect(),
        };
        assert_eq!(
            messages(&cases[1]),
            ["Second\n[[tournament]]\nstill the name"]
        );
        assert_eq!(
            messages(&cases[3]),
            ["address y@example.test is used by two players: T2/y and T3/b"]
        );
        assert_eq!(
            messages(&cases[4]),
            ["bad date \"2026-06-31\" (write YYYY-MM-DD)"]
        );
    }

    #[test]
    fn the_embedded_default_is_valid() {
        Config::parse(EMBEDDED_DEFAULT, Path::new("."), false).unwrap();
    }
}
