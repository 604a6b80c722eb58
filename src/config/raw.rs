//! The config file as it is written: its tables and keys read as they
//! stand, with their places in the file (`Spanned`), before any value is
//! checked. The validator (`config.rs`, `tournament.rs`) makes typed values
//! of them.

use super::*;

#[derive(Debug, Deserialize)]
pub(super) struct RawConfig {
    pub(super) gateway: RawGateway,
    pub(super) inbox: RawInbox,
    pub(super) outbox: RawOutbox,
    #[serde(default)]
    pub(super) security: Option<RawSecurity>,
    #[serde(default)]
    pub(super) xfcc: Option<RawXfcc>,
    #[serde(default)]
    pub(super) tournament: Vec<RawTournament>,
}

#[derive(Debug, Deserialize)]
pub(super) struct RawGateway {
    pub(super) address: Spanned<String>,
    pub(super) name: Option<String>,
    pub(super) state: Spanned<String>,
    pub(super) timezone: Option<Spanned<String>>,
    pub(super) web_dir: Option<Spanned<String>>,
    /// A folder of Syzygy endgame tables for tablebase claims.
    pub(super) tablebases: Option<Spanned<String>>,
}

#[derive(Debug, Deserialize)]
pub(super) struct RawInbox {
    pub(super) kind: Spanned<String>,
    pub(super) path: Option<Spanned<String>>,
    pub(super) host: Option<Spanned<String>>,
    pub(super) port: Option<u16>,
    pub(super) tls: Option<Spanned<String>>,
    pub(super) user: Option<String>,
    pub(super) password_file: Option<Spanned<String>>,
    /// A mail provider whose servers and endpoints fill what is not written.
    pub(super) provider: Option<Spanned<String>>,
    /// `"password"` (the default) or `"oauth2"`.
    pub(super) auth: Option<Spanned<String>>,
    pub(super) oauth2_token_url: Option<Spanned<String>>,
    pub(super) oauth2_client_id: Option<Spanned<String>>,
    pub(super) oauth2_client_secret_file: Option<Spanned<String>>,
    pub(super) oauth2_refresh_token_file: Option<Spanned<String>>,
    pub(super) oauth2_scope: Option<Spanned<String>>,
    pub(super) oauth2_device_url: Option<Spanned<String>>,
    pub(super) ca_file: Option<Spanned<String>>,
    pub(super) folder: Option<String>,
    pub(super) processed_folder: Option<String>,
    pub(super) quarantine_folder: Option<String>,
    pub(super) idle: Option<bool>,
    pub(super) poll_seconds: Option<u64>,
    pub(super) batch_mails: Option<Spanned<usize>>,
}

/// The fields every mail server connection has, as written.
pub(super) struct RawServer<'a> {
    pub(super) host: &'a Option<Spanned<String>>,
    pub(super) port: Option<u16>,
    pub(super) tls: &'a Option<Spanned<String>>,
    pub(super) user: &'a Option<String>,
    pub(super) password_file: &'a Option<Spanned<String>>,
    pub(super) provider: &'a Option<Spanned<String>>,
    pub(super) auth: &'a Option<Spanned<String>>,
    pub(super) oauth2: RawOAuth2<'a>,
    pub(super) ca_file: &'a Option<Spanned<String>>,
}

/// The `oauth2_*` keys of a mail server, as written.
pub(super) struct RawOAuth2<'a> {
    pub(super) token_url: &'a Option<Spanned<String>>,
    pub(super) client_id: &'a Option<Spanned<String>>,
    pub(super) client_secret_file: &'a Option<Spanned<String>>,
    pub(super) refresh_token_file: &'a Option<Spanned<String>>,
    pub(super) scope: &'a Option<Spanned<String>>,
    pub(super) device_url: &'a Option<Spanned<String>>,
}

impl RawOAuth2<'_> {
    /// The keys written, each with its name.
    pub(super) fn written(&self) -> Vec<(&'static str, &Spanned<String>)> {
        [
            ("oauth2_token_url", self.token_url),
            ("oauth2_client_id", self.client_id),
            ("oauth2_client_secret_file", self.client_secret_file),
            ("oauth2_refresh_token_file", self.refresh_token_file),
            ("oauth2_scope", self.scope),
            ("oauth2_device_url", self.device_url),
        ]
        .into_iter()
        .filter_map(|(name, value)| value.as_ref().map(|v| (name, v)))
        .collect()
    }
}

#[derive(Debug, Deserialize)]
pub(super) struct RawOutbox {
    pub(super) kind: Spanned<String>,
    pub(super) path: Option<Spanned<String>>,
    pub(super) host: Option<Spanned<String>>,
    pub(super) port: Option<u16>,
    pub(super) tls: Option<Spanned<String>>,
    pub(super) user: Option<String>,
    pub(super) password_file: Option<Spanned<String>>,
    /// A mail provider whose servers and endpoints fill what is not written.
    pub(super) provider: Option<Spanned<String>>,
    /// `"password"` (the default) or `"oauth2"`.
    pub(super) auth: Option<Spanned<String>>,
    pub(super) oauth2_token_url: Option<Spanned<String>>,
    pub(super) oauth2_client_id: Option<Spanned<String>>,
    pub(super) oauth2_client_secret_file: Option<Spanned<String>>,
    pub(super) oauth2_refresh_token_file: Option<Spanned<String>>,
    pub(super) oauth2_scope: Option<Spanned<String>>,
    pub(super) oauth2_device_url: Option<Spanned<String>>,
    pub(super) ca_file: Option<Spanned<String>>,
    pub(super) timeout_seconds: Option<Spanned<u64>>,
}

/// The IMAP, SMTP and authentication fields are accepted so that a config
/// written for them parses; validation refuses the kinds not supported yet.
#[allow(dead_code)]
#[derive(Debug, Deserialize)]
pub(super) struct RawSecurity {
    pub(super) sender_auth: Option<Spanned<String>>,
    pub(super) authserv_id: Option<String>,
    pub(super) max_mail_bytes: Option<Spanned<usize>>,
    pub(super) replies_per_hour: Option<Spanned<u32>>,
}

#[derive(Debug, Deserialize)]
pub(super) struct RawXfcc {
    pub(super) listen: Spanned<String>,
    pub(super) public_url: Option<Spanned<String>>,
    pub(super) tls_cert: Option<Spanned<String>>,
    pub(super) tls_key: Option<Spanned<String>>,
    pub(super) max_connections: Option<Spanned<usize>>,
}

/// A tournament's `rules`: a preset's name, or a table `[tournament.rules]`
/// with a `base` preset and values that change it.
#[derive(Debug)]
pub(super) enum RawRules {
    Name(String),
    Table(Box<RawRulesTable>),
}

impl<'de> Deserialize<'de> for RawRules {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Either;
        impl<'de> serde::de::Visitor<'de> for Either {
            type Value = RawRules;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a preset's name or a table")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<RawRules, E> {
                Ok(RawRules::Name(v.to_string()))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<RawRules, A::Error> {
                let table =
                    RawRulesTable::deserialize(serde::de::value::MapAccessDeserializer::new(map))?;
                Ok(RawRules::Table(Box::new(table)))
            }
        }
        deserializer.deserialize_any(Either)
    }
}

impl RawRulesTable {
    /// Whether any value is given (the base aside).
    pub(super) fn any(&self) -> bool {
        let base = RawRulesTable {
            base: self.base.clone(),
            ..RawRulesTable::default()
        };
        *self != base
    }
}

/// `[tournament.rules]`: `base` (a preset, by default `razsh-email`) and
/// the values that change it (also the values written beside `rules`).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub(super) struct RawRulesTable {
    pub(super) base: Option<Spanned<String>>,
    pub(super) days_per_control: Option<u32>,
    pub(super) moves_per_control: Option<Spanned<u32>>,
    pub(super) penalty_days: Option<u32>,
    pub(super) repeat_penalty_days: Option<u32>,
    pub(super) loss_on_first_overstep: Option<bool>,
    pub(super) leave_days_per_year: Option<u32>,
    pub(super) reminder_days: Option<u32>,
    pub(super) inactivity_days: Option<u32>,
    pub(super) inactivity_months: Option<Spanned<u32>>,
    pub(super) late_start_days: Option<u32>,
    pub(super) warning_days: Option<u32>,
    pub(super) late_leave_from_notice: Option<bool>,
    pub(super) reminder_to_director: Option<bool>,
    pub(super) breakdown_days: Option<u32>,
    pub(super) protest_days: Option<u32>,
    pub(super) further_reminders: Option<Spanned<Vec<u32>>>,
    pub(super) clock: Option<Spanned<String>>,
    pub(super) base_days: Option<Spanned<u32>>,
    pub(super) days_per_move: Option<Spanned<u32>>,
    pub(super) max_days: Option<Spanned<u32>>,
    pub(super) game_days: Option<Spanned<u32>>,
    pub(super) double_after_days: Option<Spanned<u32>>,
    pub(super) longest_leave_days: Option<Spanned<u32>>,
    pub(super) tablebase_claims: Option<bool>,
    pub(super) tablebase_fifty_moves: Option<bool>,
}

#[derive(Debug, Deserialize)]
pub(super) struct RawTournament {
    pub(super) id: Spanned<String>,
    pub(super) name: String,
    pub(super) start: Spanned<String>,
    /// The tournament's end date: unfinished games go to adjudication (III.9.4).
    pub(super) end: Option<Spanned<String>>,
    pub(super) director: Spanned<String>,
    pub(super) rules: Option<Spanned<RawRules>>,
    pub(super) notation: Option<Spanned<String>>,
    pub(super) days_per_control: Option<u32>,
    pub(super) moves_per_control: Option<Spanned<u32>>,
    pub(super) penalty_days: Option<u32>,
    pub(super) repeat_penalty_days: Option<u32>,
    pub(super) loss_on_first_overstep: Option<bool>,
    pub(super) leave_days_per_year: Option<u32>,
    pub(super) reminder_days: Option<u32>,
    pub(super) inactivity_days: Option<u32>,
    pub(super) inactivity_months: Option<Spanned<u32>>,
    pub(super) late_start_days: Option<u32>,
    pub(super) warning_days: Option<u32>,
    pub(super) director_language: Option<Spanned<String>>,
    pub(super) director_digest: Option<Spanned<String>>,
    /// The players' addresses in the PGN (`WhiteNA`/`BlackNA`); off by default.
    pub(super) publish_addresses: Option<bool>,
    /// What orders equal points in the standings: `"sonneborn-berger"`
    /// (the default), `"wins"` or `"none"`.
    pub(super) tie_break: Option<Spanned<String>>,
    /// `"round-robin"` or `"double-round-robin"`: the games generated from
    /// the players (instead of `[[tournament.game]]` blocks).
    pub(super) pairing: Option<Spanned<String>>,
    /// `"hidden"`: players may send hidden conditional moves (issue 12
    /// item 5); `"off"` (the default): they are answered "not used".
    pub(super) conditional: Option<Spanned<String>>,
    /// The FEN every game of the tournament starts from (a thematic
    /// event); a game's own `start_position` overrides it.
    pub(super) start_position: Option<Spanned<String>>,
    #[serde(default)]
    pub(super) player: Vec<RawPlayer>,
    #[serde(default)]
    pub(super) game: Vec<RawGame>,
}

#[derive(Debug, Deserialize)]
pub(super) struct RawPlayer {
    pub(super) id: Spanned<String>,
    pub(super) name: String,
    #[serde(default)]
    pub(super) country: String,
    pub(super) email: Spanned<Vec<Spanned<String>>>,
    pub(super) language: Option<Spanned<String>>,
}

#[derive(Debug, Deserialize)]
pub(super) struct RawGame {
    /// The game's number in its tournament: the id is `<tournament>/<number>`.
    /// Without it, the block's 1-based place among the tournament's games.
    pub(super) number: Option<Spanned<i64>>,
    pub(super) white: Spanned<String>,
    pub(super) black: Spanned<String>,
    /// The FEN this game starts from (an endgame), instead of the
    /// tournament's.
    pub(super) start_position: Option<Spanned<String>>,
}
