//! Rule sets: the numbers of Section III (e-mail) and Section II (postal),
//! each overridable per tournament (DESIGN.md §4), and the article each
//! number and each rule the referee cites comes from, so that a postal
//! tournament's mails cite Section II and an e-mail one's Section III.

use crate::language::Lang;
use chrono::{Months, NaiveDate};
use serde::{Deserialize, Serialize};

/// Which section of the rules a tournament plays under.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RuleKind {
    /// Section III, e-mail play.
    Email,
    /// Section II, postal play.
    Postal,
}

/// A length of time counted in days or in calendar months.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Span {
    Days(u32),
    /// Calendar months: from 10 May, three months end on 10 August.
    Months(u32),
}

impl Span {
    /// The days this span lasts when counted from `from`.
    pub fn days_from(self, from: NaiveDate) -> u32 {
        match self {
            Span::Days(n) => n,
            Span::Months(n) => from
                .checked_add_months(Months::new(n))
                .map_or(u32::MAX, |end| {
                    u32::try_from((end - from).num_days()).unwrap_or(u32::MAX)
                }),
        }
    }
}

/// How thinking time is allowed: the clock a rule set keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase", tag = "kind")]
pub enum TimeControl {
    /// `days_per_control` days for every `moves_per_control` moves,
    /// cumulative (RAZSh III.4.3, II.4.3; ICCF).
    #[default]
    Moves,
    /// Fischer: `base_days` on the clock at the start, `days_per_move`
    /// added after each move, the clock never above `max_days`.
    Fischer {
        base_days: u32,
        days_per_move: u32,
        max_days: u32,
    },
    /// One allowance for the whole game: the clock only runs down.
    Countdown { game_days: u32 },
}

impl TimeControl {
    fn is_moves(&self) -> bool {
        *self == TimeControl::Moves
    }

    /// The clock's name as a rule set writes it (`clock = "fischer"`).
    pub fn name(&self) -> &'static str {
        match self {
            TimeControl::Moves => "moves",
            TimeControl::Fischer { .. } => "fischer",
            TimeControl::Countdown { .. } => "countdown",
        }
    }
}

/// A rule the referee applies or cites. [`RuleSet::article_of`] gives its
/// article in the tournament's section.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Article {
    /// A stated date differs from the real one: the real one counts
    /// (III.2.3; postal: the postmark counts, II.2.2.1).
    DateDiffers,
    /// An impossible move (III.3.1, II.3.1).
    Impossible,
    /// An illegible or ambiguous move: a correction is asked for (III.3.4, II.3.12).
    Illegible,
    /// The partner's last move must be repeated correctly (III.3.3; II.3.7.5).
    Repetition,
    /// A mail without a move: an illegible move (III.3.5); postal: an
    /// impossible one (II.3.11).
    NoMove,
    /// Variants (III.3.7, II.3.8).
    Variant,
    /// The accepted moves of a variant repeated in the same order (III.3.8, II.3.9).
    VariantRepeat,
    /// A variant accepted without a reply move is an illegible move (III.3.9;
    /// postal: a mail without a reply move is an impossible one, II.3.11).
    VariantNoReply,
    /// Time for a variant: the accepted moves in between take no days (III.4.6, II.4.8).
    VariantTime,
    /// "Any move" is not allowed (II.3.6; Section III is silent).
    AnyMove,
    /// A sent move or offered variant cannot be changed (II.3.10).
    VariantBinds,
    /// `days_per_control` per `moves_per_control`, cumulative (III.4.3, II.4.3).
    Control,
    /// A late start notice: the game starts on the third day after it (II.4.6).
    LateStart,
    /// Penalty days (III.4.7; II.4.9-4.10).
    Penalty,
    /// Copies to the director in time trouble (III.4.10; postal: registered
    /// mail, II.4.12).
    Warning,
    /// No answer: the move is repeated (III.5.1, II.5.1).
    Reminder,
    /// White's first move missing: White is asked, the director told (II.5.1;
    /// e-mail: the ordinary repeat, III.5.1).
    FirstMove,
    /// The repeat unanswered too: the director is told that the
    /// correspondence broke down (II.5.1; e-mail: the repeat is copied, III.5.1).
    Breakdown,
    /// No move in the game: the director may score a loss (III.5.3, II.5.2).
    Inactivity,
    /// The overstep claim (III.6.1-6.2, II.6.2-6.3).
    Claim,
    /// The claimed player's protest to the director (III.6.4, II.6.5).
    Protest,
    /// The claim interrupts the game (III.6.3; II.6.8).
    Suspension,
    /// After a rejected claim the held move is forwarded and the game goes
    /// on (III.6.3 with III.6.5; II.6.9).
    Resumption,
    /// The claimant may be barred from claiming again (III.6.7; postal:
    /// the director decides on the claimant, II.6.10).
    ClaimBar,
    /// A confirmed overstep loses (III.6.6; postal: the second, II.6.6).
    OverstepLoss,
    /// The first postal overstep restarts the count (II.6.4).
    OverstepReset,
    /// The yearly leave limit (III.7.1, II.7.1).
    LeaveLimit,
    /// A leave is announced before it starts (III.7.2, II.7.2).
    LeaveInAdvance,
    /// A leave may be ended early (III.7.3; postal has no such article:
    /// a shortened leave is simply a shorter one, II.7.1).
    LeaveEnd,
    /// Leave days are not counted for the player on leave (III.7.4, II.7.4).
    LeaveDays,
    /// A leave notice sent after the leave began counts from the notice
    /// (II.7.6; e-mail has no such article: the leave is refused, III.7.2).
    LateLeave,
    /// The director's exceptional or retroactive leave (III.7.7, II.7.7).
    ExceptionalLeave,
    /// Adjudication (III.9, II.9).
    Adjudication,
}

/// Every article: its name in a preset's `[cite]` table, and where
/// Section III and Section II have it.
const ARTICLES: &[(Article, &str, &str, &str)] = {
    use Article as A;
    &[
        (A::DateDiffers, "date-differs", "III.2.3", "II.2.2.1"),
        (A::Impossible, "impossible", "III.3.1", "II.3.1"),
        (A::Illegible, "illegible", "III.3.4", "II.3.12"),
        (A::Repetition, "repetition", "III.3.3", "II.3.7.5"),
        (A::NoMove, "no-move", "III.3.5", "II.3.11"),
        (A::Variant, "variant", "III.3.7", "II.3.8"),
        (A::VariantRepeat, "variant-repeat", "III.3.8", "II.3.9"),
        (A::VariantNoReply, "variant-no-reply", "III.3.9", "II.3.11"),
        (A::VariantTime, "variant-time", "III.4.6", "II.4.8"),
        (A::AnyMove, "any-move", "II.3.6", "II.3.6"),
        (A::VariantBinds, "variant-binds", "II.3.10", "II.3.10"),
        (A::Control, "control", "III.4.3", "II.4.3"),
        (A::LateStart, "late-start", "III.4.5", "II.4.6"),
        (A::Penalty, "penalty", "III.4.7", "II.4.9-4.10"),
        (A::Warning, "warning", "III.4.10", "II.4.12"),
        (A::Reminder, "reminder", "III.5.1", "II.5.1"),
        (A::FirstMove, "first-move", "III.5.1", "II.5.1"),
        (A::Breakdown, "breakdown", "III.5.1", "II.5.1"),
        (A::Inactivity, "inactivity", "III.5.3", "II.5.2"),
        (A::Claim, "claim", "III.6.1-6.2", "II.6.2-6.3"),
        (A::Suspension, "suspension", "III.6.3", "II.6.8"),
        (A::Resumption, "resumption", "III.6.3", "II.6.9"),
        (A::Protest, "protest", "III.6.4", "II.6.5"),
        (A::ClaimBar, "claim-bar", "III.6.7", "II.6.10"),
        (A::OverstepLoss, "overstep-loss", "III.6.6", "II.6.6"),
        (A::OverstepReset, "overstep-reset", "II.6.4", "II.6.4"),
        (A::LeaveLimit, "leave-limit", "III.7.1", "II.7.1"),
        (A::LeaveInAdvance, "leave-in-advance", "III.7.2", "II.7.2"),
        (A::LeaveEnd, "leave-end", "III.7.3", "II.7.1"),
        (A::LeaveDays, "leave-days", "III.7.4", "II.7.4"),
        (A::LateLeave, "late-leave", "III.7.2", "II.7.6"),
        (
            A::ExceptionalLeave,
            "exceptional-leave",
            "III.7.7",
            "II.7.7",
        ),
        (A::Adjudication, "adjudication", "III.9", "II.9"),
    ]
};

/// The numbers the referee counts with. Each field names its article in
/// both sections; [`RuleSet::article_of`] gives the one to cite.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleSet {
    pub kind: RuleKind,
    /// The clock: moves per days (the RAZSh sections, ICCF), Fischer or a
    /// countdown for the whole game.
    #[serde(default, skip_serializing_if = "TimeControl::is_moves")]
    pub clock: TimeControl,
    /// The days of one move beyond this many count double (ICCF's older
    /// postal rule; none in the presets).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub double_after_days: Option<u32>,
    /// The preset whose citations the mails give (`iccf`): its `[cite]`
    /// table; none for the RAZSh sections, cited by `kind`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cites: Option<String>,
    /// Days allowed per control, cumulative (III.4.3: 60; II.4.3: 30).
    pub days_per_control: u32,
    /// Moves per control (III.4.3, II.4.3: 10).
    pub moves_per_control: u32,
    /// Penalty for an illegible, impossible, ambiguous move or a wrong
    /// repetition (III.4.7: 2; II.4.9: 5).
    pub penalty_days: u32,
    /// Penalty for a repeated offence of the same kind in the same game
    /// (II.4.10: 10; Section III has no such rule: the same as `penalty_days`).
    pub repeat_penalty_days: u32,
    /// A confirmed overstep loses at once (III.6.6, II.6.11); otherwise the
    /// first resets the player's count to zero from the next move and the
    /// second loses (II.6.4, II.6.6).
    pub loss_on_first_overstep: bool,
    /// When the opening mail went out after the start date, the game starts
    /// for the players this many days after it (II.4.6: the third day;
    /// Section III has no such rule: 0, the day of the opening mail).
    pub late_start_days: u32,
    /// Leave allowed per calendar year (III.7.1, II.7.1: 30).
    pub leave_days_per_year: u32,
    /// The longest single leave, in days (a rule set's own limit; none in
    /// the RAZSh sets, where III.7.1 and II.7.1 limit the year's total only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub longest_leave_days: Option<u32>,
    /// A leave announced after it began counts from the day of the notice
    /// (II.7.6: true); otherwise it is refused as not announced in advance
    /// (III.7.2: false).
    pub late_leave_from_notice: bool,
    /// Days without an answer before the move is repeated (III.5.1: 14;
    /// II.5.1: 30). White's first move is asked for after as many days from
    /// the start (II.5.1: 30).
    pub reminder_days: u32,
    /// Days without an answer after which the move is repeated again,
    /// after the first repeat at `reminder_days`, rising (a rule set's own
    /// schedule, such as 28 and 35; RAZSh repeats once: none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub further_reminders: Vec<u32>,
    /// The repeat goes to the director too (III.5.1: true); postal, only
    /// the request for White's first move does (II.5.1: false).
    pub reminder_to_director: bool,
    /// Days without an answer after which the director is told that the
    /// correspondence broke down, the repeat being unanswered too (II.5.1:
    /// twice `reminder_days`, 60); none under Section III, where the repeat
    /// itself is copied to the director.
    pub breakdown_days: Option<u32>,
    /// No move in the game for this long: the director is told that a loss
    /// may be scored (III.5.3: 40 days; II.5.2: three months).
    pub inactivity: Span,
    /// Days left before a control under which the director gets copies
    /// (III.4.10: 5; II.4.12 asks for registered mail at 5 days, which is a
    /// copy to the director here).
    pub warning_days: u32,
    /// Days after a claim within which the claimed player may protest to
    /// the director (III.6.4: 14; II.6.5: 7, by registered mail); the
    /// director's CONFIRM takes effect after them, or once a protest came.
    #[serde(default = "protest_days")]
    pub protest_days: u32,
    /// The player to move may claim a win or a draw that the endgame
    /// tables decide (ICCF since 2014: true); otherwise such a claim goes
    /// to the director (RAZSh has no such article: false).
    #[serde(default)]
    pub tablebase_claims: bool,
    /// The 50-move rule of the Laws spoils a win the tables give when the
    /// zeroing move comes too late (RAZSh, the Laws 9.3: true); under ICCF
    /// a "cursed win" still wins (false).
    #[serde(default = "fifty_moves")]
    pub tablebase_fifty_moves: bool,
}

/// The Laws' 50-move rule, for rule sets stored before the key was kept.
fn fifty_moves() -> bool {
    true
}

/// Section III's protest days, for rule sets stored before they were kept.
fn protest_days() -> u32 {
    14
}

impl RuleSet {
    /// Section III defaults: the preset `razsh-email` (`rules/razsh-email.toml`).
    pub fn email() -> RuleSet {
        preset("razsh-email").rules.clone()
    }

    /// Section II defaults: the preset `razsh-postal` (`rules/razsh-postal.toml`).
    pub fn postal() -> RuleSet {
        preset("razsh-postal").rules.clone()
    }

    /// The defaults of `kind`.
    pub fn defaults(kind: RuleKind) -> RuleSet {
        match kind {
            RuleKind::Email => RuleSet::email(),
            RuleKind::Postal => RuleSet::postal(),
        }
    }

    /// The article of `rule` in this rule set's section, or in its
    /// preset's `[cite]` table (ICCF's rules, a clock preset), as an
    /// English reader reads it (the PGN, the web page).
    pub fn article_of(&self, rule: Article) -> &'static str {
        match (rule, self.clock) {
            (Article::Control, TimeControl::Fischer { .. }) => return "Fischer clock",
            (Article::Control, TimeControl::Countdown { .. }) => return "countdown clock",
            _ => {}
        }
        self.article_in(rule, Lang::En)
    }

    /// The article of `rule` as a reader of `lang` reads it: a preset's
    /// citation in his language (`[cite]`), else the section's number.
    pub fn article_in(&self, rule: Article, lang: Lang) -> &'static str {
        if let Some(cited) = self
            .cites
            .as_deref()
            .and_then(find_preset)
            .and_then(|p| p.cites.iter().find(|(a, _)| *a == rule))
        {
            return cited.1.text(lang);
        }
        let (_, _, iii, ii) = ARTICLES
            .iter()
            .find(|(a, ..)| *a == rule)
            .expect("every article is in the table");
        match self.kind {
            RuleKind::Email => iii,
            RuleKind::Postal => ii,
        }
    }

    /// The rule set's name, for texts: its preset's when it cites one
    /// (ICCF, a clock preset) and keeps its kind of clock, else the RAZSh
    /// section's.
    pub fn section(&self) -> &str {
        if let Some(p) = self
            .cites
            .as_deref()
            .and_then(find_preset)
            .filter(|p| p.rules.clock.name() == self.clock.name())
        {
            return &p.name;
        }
        match self.kind {
            RuleKind::Email => "RAZSh Section III (e-mail)",
            RuleKind::Postal => "RAZSh Section II (postal)",
        }
    }

    /// The short description in English, for the PGN's `Rules` tag;
    /// mails describe the rule set in the reader's language from the
    /// catalogs (`letters::officials::rules_summary`).
    pub fn summary(&self) -> String {
        let clock = match self.clock {
            TimeControl::Moves => format!(
                "{} days per {} moves, cumulative",
                self.days_per_control, self.moves_per_control
            ),
            TimeControl::Fischer {
                base_days,
                days_per_move,
                max_days,
            } => format!(
                "Fischer clock, {base_days} days, {days_per_move} more per move, at most {max_days}"
            ),
            TimeControl::Countdown { game_days } => {
                format!("{game_days} days for the whole game")
            }
        };
        let doubled = self
            .double_after_days
            .map(|n| format!("; days of a move beyond {n} count double"))
            .unwrap_or_default();
        format!(
            "{}: {clock}{doubled}; penalty {} days",
            self.section(),
            self.penalty_days
        )
    }

    /// Whether the clock's allowance is for the whole game (a countdown)
    /// rather than up to a move.
    pub fn whole_game(&self) -> bool {
        matches!(self.clock, TimeControl::Countdown { .. })
    }

    /// The control move a text names beside the allowance: 0 for a
    /// countdown, whose allowance is for the whole game (the catalogs say
    /// "for the whole game" then).
    pub fn shown_control(&self, control: u32) -> u32 {
        if self.whole_game() {
            0
        } else {
            control
        }
    }

    /// The PGN `TimeControl` tag (moves/seconds, base+increment, or the
    /// seconds of a sudden death).
    pub fn pgn_time_control(&self) -> String {
        const DAY: u64 = 86_400;
        match self.clock {
            TimeControl::Moves => format!(
                "{}/{}",
                self.moves_per_control,
                u64::from(self.days_per_control) * DAY
            ),
            TimeControl::Fischer {
                base_days,
                days_per_move,
                ..
            } => format!(
                "{}+{}",
                u64::from(base_days) * DAY,
                u64::from(days_per_move) * DAY
            ),
            TimeControl::Countdown { game_days } => (u64::from(game_days) * DAY).to_string(),
        }
    }

    /// How many repeats of the awaited move are due after `waiting` days
    /// without an answer (III.5.1, II.5.1, and a rule set's further ones).
    pub fn reminders_due(&self, waiting: u32) -> u32 {
        let due = std::iter::once(self.reminder_days)
            .chain(self.further_reminders.iter().copied())
            .filter(|days| waiting >= *days)
            .count();
        u32::try_from(due).unwrap_or(u32::MAX)
    }

    /// The penalty for an offence, given how many of the same kind the
    /// player already had in the game.
    pub fn penalty_for(&self, earlier_of_same_kind: usize) -> u32 {
        if earlier_of_same_kind == 0 {
            self.penalty_days
        } else {
            self.repeat_penalty_days
        }
    }
}

/// The preset rule sets, written in `rules/` in the form a director writes
/// `[tournament.rules]` in, embedded.
const PRESET_FILES: &[(&str, &str)] = &[
    (
        "rules/razsh-email.toml",
        include_str!("../../rules/razsh-email.toml"),
    ),
    (
        "rules/razsh-postal.toml",
        include_str!("../../rules/razsh-postal.toml"),
    ),
    ("rules/iccf.toml", include_str!("../../rules/iccf.toml")),
    (
        "rules/fischer-30-1.toml",
        include_str!("../../rules/fischer-30-1.toml"),
    ),
    (
        "rules/countdown-180.toml",
        include_str!("../../rules/countdown-180.toml"),
    ),
];

/// The named values of a rule set, in the order `rules show` prints them.
pub const VALUE_NAMES: &[&str] = &[
    "clock",
    "days_per_control",
    "moves_per_control",
    "base_days",
    "days_per_move",
    "max_days",
    "game_days",
    "double_after_days",
    "penalty_days",
    "repeat_penalty_days",
    "loss_on_first_overstep",
    "late_start_days",
    "leave_days_per_year",
    "longest_leave_days",
    "late_leave_from_notice",
    "reminder_days",
    "further_reminders",
    "reminder_to_director",
    "breakdown_days",
    "inactivity_days",
    "inactivity_months",
    "warning_days",
    "protest_days",
    "tablebase_claims",
    "tablebase_fifty_moves",
];

/// A preset rule set: its names, its values and where each comes from.
#[derive(Debug, Clone)]
pub struct Preset {
    pub id: String,
    /// Other names a config may give it (`email`, `postal`).
    pub aliases: Vec<String>,
    pub name: String,
    pub rules: RuleSet,
    /// (value name, the value as written, its source), in [`VALUE_NAMES`]'
    /// order.
    pub values: Vec<(String, String, String)>,
    /// What the mails cite for each rule: the preset's `[cite]` table, and
    /// for a rule it does not name the RAZSh article whose procedure the
    /// referee applies, named as such ("RAZSh III.6.3"). Empty for the
    /// RAZSh presets, cited by their section.
    pub cites: Vec<(Article, Cite)>,
}

/// A citation in each reader's language: `[cite]` gives it as one text
/// (an article number, a document's name read alike everywhere) or as a
/// table by language code (`{ en = "…", ru = "…" }`), English required.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cite {
    /// (language code, text), English first.
    texts: Vec<(String, String)>,
}

impl Cite {
    /// The text for a reader of `lang`; English where the preset has none
    /// in his language (a test holds every embedded language to have one).
    pub fn text(&self, lang: Lang) -> &str {
        self.texts
            .iter()
            .find(|(code, _)| code == lang.code())
            .unwrap_or(&self.texts[0])
            .1
            .as_str()
    }

    /// Whether the citation is written for `lang` itself (or is one text
    /// for every language).
    pub fn speaks(&self, lang: Lang) -> bool {
        self.texts.len() == 1 || self.texts.iter().any(|(code, _)| code == lang.code())
    }

    /// One text for every language.
    fn one(text: String) -> Cite {
        Cite {
            texts: vec![("en".into(), text)],
        }
    }
}

/// RAZSh's name as each language writes it, for the articles a preset
/// cites as RAZSh's; the Latin name elsewhere.
const RAZSH_NAMES: &[(&str, &str)] = &[("ru", "РАЗШ"), ("lt", "RAZŠ")];

/// Every preset, in the order of `rules/`.
pub fn presets() -> &'static [Preset] {
    static PRESETS: std::sync::OnceLock<Vec<Preset>> = std::sync::OnceLock::new();
    PRESETS.get_or_init(|| {
        PRESET_FILES
            .iter()
            .map(|(file, text)| {
                read_preset(text).unwrap_or_else(|e| panic!("the embedded {file}: {e}"))
            })
            .collect()
    })
}

/// The preset named `name` (its id or an alias), if any.
pub fn find_preset(name: &str) -> Option<&'static Preset> {
    presets()
        .iter()
        .find(|p| p.id == name || p.aliases.iter().any(|a| a == name))
}

/// The embedded preset `id`; its file is checked by the tests.
fn preset(id: &str) -> &'static Preset {
    find_preset(id).unwrap_or_else(|| panic!("no embedded preset {id}"))
}

/// Reads a preset file: `id`, `aliases`, `name`, `section`, every value
/// of [`VALUE_NAMES`] a rule set needs, and `[articles]`.
fn read_preset(text: &str) -> Result<Preset, String> {
    let mut table: toml::Table = toml::from_str(text).map_err(|e| e.to_string())?;
    let text_of = |table: &mut toml::Table, key: &str| -> Result<String, String> {
        match table.remove(key) {
            Some(toml::Value::String(s)) => Ok(s),
            _ => Err(format!("`{key}` must be text")),
        }
    };
    let id = text_of(&mut table, "id")?;
    let name = text_of(&mut table, "name")?;
    let kind = match text_of(&mut table, "section")?.as_str() {
        "email" => RuleKind::Email,
        "postal" => RuleKind::Postal,
        other => return Err(format!("unknown section \"{other}\"")),
    };
    let aliases = match table.remove("aliases") {
        None => vec![],
        Some(toml::Value::Array(a)) => a
            .into_iter()
            .map(|v| v.as_str().map(str::to_string).ok_or("aliases are text"))
            .collect::<Result<_, _>>()?,
        Some(_) => return Err("`aliases` must be a list".into()),
    };
    let articles = match table.remove("articles") {
        Some(toml::Value::Table(t)) => t,
        _ => return Err("`[articles]` is missing".into()),
    };
    let cite = match table.remove("cite") {
        None => None,
        Some(toml::Value::Table(t)) => Some(t),
        Some(_) => return Err("`[cite]` must be a table".into()),
    };
    let number = |table: &toml::Table, key: &str| -> Result<Option<u32>, String> {
        match table.get(key) {
            None => Ok(None),
            Some(toml::Value::Integer(n)) => u32::try_from(*n)
                .map(Some)
                .map_err(|_| format!("`{key}` must be a whole number, not {n}")),
            Some(other) => Err(format!("`{key}` must be a whole number, not {other}")),
        }
    };
    let flag = |table: &toml::Table, key: &str| -> Result<bool, String> {
        match table.get(key) {
            Some(toml::Value::Boolean(b)) => Ok(*b),
            _ => Err(format!("`{key}` must be true or false")),
        }
    };
    let needed = |table: &toml::Table, key: &str| -> Result<u32, String> {
        number(table, key)?.ok_or_else(|| format!("`{key}` is missing"))
    };
    if let Some(unknown) = table.keys().find(|k| !VALUE_NAMES.contains(&k.as_str())) {
        return Err(format!("unknown value `{unknown}`"));
    }
    let inactivity = match (
        number(&table, "inactivity_days")?,
        number(&table, "inactivity_months")?,
    ) {
        (Some(days), None) => Span::Days(days),
        (None, Some(months)) => Span::Months(months),
        _ => return Err("give inactivity_days or inactivity_months, one of them".into()),
    };
    let clock = match table.get("clock").map(|v| v.as_str()) {
        None | Some(Some("moves")) => TimeControl::Moves,
        Some(Some("fischer")) => TimeControl::Fischer {
            base_days: needed(&table, "base_days")?,
            days_per_move: needed(&table, "days_per_move")?,
            max_days: needed(&table, "max_days")?,
        },
        Some(Some("countdown")) => TimeControl::Countdown {
            game_days: needed(&table, "game_days")?,
        },
        Some(_) => return Err("`clock` must be \"moves\", \"fischer\" or \"countdown\"".into()),
    };
    let moves = clock == TimeControl::Moves;
    let per_control = |key: &str| -> Result<u32, String> {
        if moves {
            needed(&table, key)
        } else if table.contains_key(key) {
            Err(format!("`{key}` is a value of the moves clock"))
        } else {
            Ok(0)
        }
    };
    let rules = RuleSet {
        kind,
        clock,
        double_after_days: number(&table, "double_after_days")?,
        cites: cite.is_some().then(|| id.clone()),
        days_per_control: per_control("days_per_control")?,
        moves_per_control: per_control("moves_per_control")?,
        penalty_days: needed(&table, "penalty_days")?,
        repeat_penalty_days: needed(&table, "repeat_penalty_days")?,
        loss_on_first_overstep: flag(&table, "loss_on_first_overstep")?,
        late_start_days: needed(&table, "late_start_days")?,
        leave_days_per_year: needed(&table, "leave_days_per_year")?,
        longest_leave_days: number(&table, "longest_leave_days")?,
        late_leave_from_notice: flag(&table, "late_leave_from_notice")?,
        reminder_days: needed(&table, "reminder_days")?,
        further_reminders: match table.get("further_reminders") {
            None => vec![],
            Some(toml::Value::Array(days)) => days
                .iter()
                .map(|d| d.as_integer().and_then(|n| u32::try_from(n).ok()))
                .collect::<Option<Vec<u32>>>()
                .ok_or("`further_reminders` must be a list of whole numbers")?,
            Some(_) => return Err("`further_reminders` must be a list".into()),
        },
        reminder_to_director: flag(&table, "reminder_to_director")?,
        breakdown_days: number(&table, "breakdown_days")?,
        inactivity,
        warning_days: needed(&table, "warning_days")?,
        protest_days: needed(&table, "protest_days")?,
        tablebase_claims: flag(&table, "tablebase_claims")?,
        tablebase_fifty_moves: flag(&table, "tablebase_fifty_moves")?,
    };
    let mut values = Vec::new();
    for key in VALUE_NAMES {
        let Some(value) = table.get(*key) else {
            continue;
        };
        let source = match articles.get(*key) {
            Some(toml::Value::String(s)) => s.clone(),
            _ => return Err(format!("`{key}` has no article in [articles]")),
        };
        values.push((key.to_string(), value.to_string(), source));
    }
    let mut cites = Vec::new();
    if let Some(cite) = cite {
        if let Some(unknown) = cite
            .keys()
            .find(|k| !ARTICLES.iter().any(|(_, name, ..)| name == k))
        {
            return Err(format!("unknown article `{unknown}` in [cite]"));
        }
        for (article, name, iii, ii) in ARTICLES {
            let text = match cite.get(*name) {
                Some(toml::Value::String(s)) => Cite::one(s.clone()),
                Some(toml::Value::Table(by_lang)) => {
                    let mut texts = Vec::new();
                    for (code, text) in by_lang {
                        if Lang::from_code(code).is_none() {
                            return Err(format!("`{name}` in [cite]: no language `{code}`"));
                        }
                        let Some(text) = text.as_str() else {
                            return Err(format!("`{name}.{code}` in [cite] must be text"));
                        };
                        texts.push((code.clone(), text.to_string()));
                    }
                    texts.sort_by_key(|(code, _)| code != "en");
                    if texts.first().is_none_or(|(code, _)| code != "en") {
                        return Err(format!("`{name}` in [cite] has no English text `en`"));
                    }
                    Cite { texts }
                }
                Some(_) => return Err(format!("`{name}` in [cite] must be text")),
                None => {
                    let number = if kind == RuleKind::Email { iii } else { ii };
                    let texts = Lang::all()
                        .map(|lang| {
                            let razsh = RAZSH_NAMES
                                .iter()
                                .find(|(code, _)| *code == lang.code())
                                .map_or("RAZSh", |(_, name)| name);
                            (lang.code().to_string(), format!("{razsh} {number}"))
                        })
                        .collect::<Vec<_>>();
                    let mut texts = texts;
                    texts.sort_by_key(|(code, _)| code != "en");
                    Cite { texts }
                }
            };
            cites.push((*article, text));
        }
    }
    Ok(Preset {
        id,
        aliases,
        name,
        rules,
        values,
        cites,
    })
}

/// `mailarbiter rules`: the presets, one a line.
pub fn presets_table() -> String {
    let mut out = String::new();
    for p in presets() {
        let aliases = if p.aliases.is_empty() {
            String::new()
        } else {
            format!(" (also: {})", p.aliases.join(", "))
        };
        out.push_str(&format!("{:<14} {}{aliases}\n", p.id, p.name));
    }
    out
}

/// The presets side by side, one row a value, as a Markdown table (the
/// docs/rules.md's, kept equal to it by a test).
pub fn presets_side_by_side() -> String {
    let presets = presets();
    let mut out = String::from("| value |");
    for p in presets {
        out.push_str(&format!(" `{}` |", p.id));
    }
    out.push_str("\n|---|");
    out.push_str(&"---|".repeat(presets.len()));
    out.push('\n');
    for key in VALUE_NAMES {
        if presets
            .iter()
            .all(|p| !p.values.iter().any(|(k, _, _)| k == key))
        {
            continue;
        }
        out.push_str(&format!("| `{key}` |"));
        for p in presets {
            match p.values.iter().find(|(k, _, _)| k == key) {
                Some((_, value, source)) => {
                    let article = source.split(':').next().unwrap_or(source);
                    out.push_str(&format!(" {value} ({article}) |"));
                }
                None => out.push_str(" — |"),
            }
        }
        out.push('\n');
    }
    out
}

/// `mailarbiter rules show ID`: the preset as a tournament's
/// `[tournament.rules]` table, each value with the article it comes from.
pub fn preset_text(p: &Preset) -> String {
    let mut out = format!(
        "# {}: a tournament's [tournament.rules] as this preset has it;\n# a value written there changes it for the tournament\n[tournament.rules]\nbase = \"{}\"\n",
        p.name, p.id
    );
    let width = p
        .values
        .iter()
        .map(|(k, v, _)| k.len() + v.len() + 3)
        .max()
        .unwrap_or(0);
    for (key, value, source) in &p.values {
        let line = format!("{key} = {value}");
        out.push_str(&format!("{line:<width$}  # {source}\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The presets in `rules/` give the numbers the referee always counted
    /// with (written here as they were in the code before they were data).
    #[test]
    fn the_razsh_presets_are_the_numbers_of_sections_iii_and_ii() {
        let email = RuleSet {
            kind: RuleKind::Email,
            clock: TimeControl::Moves,
            double_after_days: None,
            cites: None,
            days_per_control: 60,
            moves_per_control: 10,
            penalty_days: 2,
            repeat_penalty_days: 2,
            loss_on_first_overstep: true,
            late_start_days: 0,
            leave_days_per_year: 30,
            longest_leave_days: None,
            late_leave_from_notice: false,
            reminder_days: 14,
            further_reminders: vec![],
            reminder_to_director: true,
            breakdown_days: None,
            inactivity: Span::Days(40),
            warning_days: 5,
            protest_days: 14,
            tablebase_claims: false,
            tablebase_fifty_moves: true,
        };
        let postal = RuleSet {
            kind: RuleKind::Postal,
            clock: TimeControl::Moves,
            double_after_days: None,
            cites: None,
            days_per_control: 30,
            moves_per_control: 10,
            penalty_days: 5,
            repeat_penalty_days: 10,
            loss_on_first_overstep: false,
            late_start_days: 3,
            leave_days_per_year: 30,
            longest_leave_days: None,
            late_leave_from_notice: true,
            reminder_days: 30,
            further_reminders: vec![],
            reminder_to_director: false,
            breakdown_days: Some(60),
            inactivity: Span::Months(3),
            warning_days: 5,
            protest_days: 7,
            tablebase_claims: false,
            tablebase_fifty_moves: true,
        };
        assert_eq!(RuleSet::email(), email);
        assert_eq!(RuleSet::postal(), postal);
        assert_eq!(find_preset("email").unwrap().id, "razsh-email");
        assert_eq!(find_preset("postal").unwrap().id, "razsh-postal");
        assert!(find_preset("fide").is_none());
        // every value of a preset has its source
        for p in presets() {
            assert!(
                p.values.iter().all(|(_, _, source)| !source.is_empty()),
                "{}",
                p.id
            );
        }
        let shown = preset_text(find_preset("postal").unwrap());
        assert!(
            shown.contains("[tournament.rules]\nbase = \"razsh-postal\"\n"),
            "{shown}"
        );
        assert!(
            shown
                .lines()
                .any(|l| l.starts_with("repeat_penalty_days = 10")
                    && l.ends_with("# II.4.10: 10 days for the same fault again")),
            "{shown}"
        );
    }

    /// docs/rules.md's table of the presets is the presets'.
    #[test]
    fn the_readme_shows_every_preset_value_side_by_side() {
        let readme = include_str!("../../docs/rules.md");
        let table = presets_side_by_side();
        assert!(
            readme.contains(&table),
            "docs/rules.md's presets table differs; it should be:\n{table}"
        );
    }

    #[test]
    fn a_preset_without_a_value_or_its_article_or_with_an_unknown_one_is_refused() {
        let good = include_str!("../../rules/razsh-email.toml");
        assert!(read_preset(good).is_ok());
        let missing = good.replace("\npenalty_days = 2\n", "\n");
        assert_eq!(
            read_preset(&missing).unwrap_err(),
            "`penalty_days` is missing"
        );
        let unknown = good.replace("warning_days = 5\n", "warning_days = 5\nwarning_dayz = 5\n");
        assert_eq!(
            read_preset(&unknown).unwrap_err(),
            "unknown value `warning_dayz`"
        );
        let unsourced = good.replace(
            "protest_days = \"III.6.4: 14 days to protest a claim\"\n",
            "",
        );
        assert_eq!(
            read_preset(&unsourced).unwrap_err(),
            "`protest_days` has no article in [articles]"
        );
    }

    #[test]
    fn iii_4_7_email_penalty_is_two_days_every_time() {
        let r = RuleSet::email();
        assert_eq!(
            (r.penalty_for(0), r.penalty_for(1), r.penalty_for(5)),
            (2, 2, 2)
        );
        assert!(r.loss_on_first_overstep);
        assert_eq!((r.days_per_control, r.moves_per_control), (60, 10));
    }

    #[test]
    fn ii_4_9_and_4_10_postal_penalty_five_then_ten() {
        let r = RuleSet::postal();
        assert_eq!(
            (r.penalty_for(0), r.penalty_for(1), r.penalty_for(2)),
            (5, 10, 10)
        );
        assert!(!r.loss_on_first_overstep);
        assert_eq!(r.days_per_control, 30);
    }

    #[test]
    fn section_iii_numbers_and_articles() {
        let r = RuleSet::email();
        assert_eq!(
            (
                r.reminder_days,
                r.inactivity,
                r.breakdown_days,
                r.late_start_days
            ),
            (14, Span::Days(40), None, 0)
        );
        assert!(r.reminder_to_director && !r.late_leave_from_notice);
        assert_eq!(r.article_of(Article::Reminder), "III.5.1");
        assert_eq!(r.article_of(Article::Inactivity), "III.5.3");
        assert_eq!(r.article_of(Article::DateDiffers), "III.2.3");
    }

    #[test]
    fn section_ii_numbers_and_articles() {
        let r = RuleSet::postal();
        assert_eq!(
            (
                r.reminder_days,
                r.inactivity,
                r.breakdown_days,
                r.late_start_days
            ),
            (30, Span::Months(3), Some(60), 3)
        );
        assert!(!r.reminder_to_director && r.late_leave_from_notice);
        assert_eq!(r.article_of(Article::Reminder), "II.5.1");
        assert_eq!(r.article_of(Article::Inactivity), "II.5.2");
        assert_eq!(r.article_of(Article::LateLeave), "II.7.6");
        assert_eq!(r.article_of(Article::Suspension), "II.6.8");
        assert!(r
            .summary()
            .starts_with("RAZSh Section II (postal): 30 days per 10 moves"));
    }

    /// A preset's own citations are written in every language a reader
    /// may read: no English "(ICCF: 45 leave days a year)" in a Russian mail.
    #[test]
    fn every_presets_citations_speak_every_language() {
        for p in presets() {
            for (article, cite) in &p.cites {
                for lang in Lang::all() {
                    assert!(
                        cite.speaks(lang),
                        "{}: {article:?} has no {} text",
                        p.id,
                        lang.code()
                    );
                }
            }
        }
        let iccf = &find_preset("iccf").unwrap().rules;
        assert_eq!(
            iccf.article_in(Article::LeaveLimit, Lang::Ru),
            "ИКЧФ: 45 дней перерыва в год"
        );
        assert_eq!(
            iccf.article_in(Article::Suspension, Lang::Ru),
            "РАЗШ III.6.3"
        );
        // Lithuanian writes the acronym with its own letter: RAZŠ
        let lt = Lang::from_code("lt").expect("Lithuanian");
        assert_eq!(iccf.article_in(Article::Suspension, lt), "RAZŠ III.6.3");
        assert_eq!(
            iccf.article_in(Article::LeaveLimit, lt),
            "ICCF: 45 atostogų dienos per metus"
        );
    }

    /// The articles of RAZSh's rules (`rules/razsh-2002.ru.txt`, the
    /// original the digest RULES.md numbers from): `II.6.4`, `III.9.10`,
    /// `App.1`.
    fn razsh_articles() -> std::collections::HashSet<String> {
        let text = include_str!("../../rules/razsh-2002.ru.txt");
        let mut section = "";
        let mut found = std::collections::HashSet::new();
        for line in text.lines() {
            let line = line.trim_start_matches(['.', ' ']);
            match line.trim() {
                "Раздел II" => section = "II",
                "Раздел III" => section = "III",
                _ => {}
            }
            if let Some(n) = line.strip_prefix("Приложение ") {
                found.insert(format!("App.{}", n.trim()));
                section = "";
            }
            if section.is_empty() {
                continue;
            }
            // "2.2. … 2.2.1. …": every number that opens an article
            for (i, _) in line.match_indices(|c: char| c.is_ascii_digit()) {
                if i > 0 && !line[..i].ends_with(". ") && !line[..i].ends_with(' ') {
                    continue;
                }
                let number: String = line[i..]
                    .chars()
                    .take_while(|c| c.is_ascii_digit() || *c == '.')
                    .collect();
                if number.contains('.')
                    && number.ends_with('.')
                    && (i == 0 || line[..i].ends_with(". "))
                {
                    found.insert(format!("{section}.{}", number.trim_end_matches('.')));
                }
            }
        }
        found
    }

    /// The article numbers a text cites: `III.9.4-9.10` is III.9.4 and III.9.10.
    fn cited(text: &str) -> Vec<String> {
        let mut out = Vec::new();
        for (i, _) in text.match_indices(['I', 'A']) {
            let rest = &text[i..];
            let Some((section, tail)) = ["III.", "II.", "App."]
                .iter()
                .find_map(|s| rest.strip_prefix(s).map(|t| (&s[..s.len() - 1], t)))
            else {
                continue;
            };
            if i > 0 && text[..i].ends_with(|c: char| c.is_alphanumeric() || c == '.') {
                continue;
            }
            let number: String = tail
                .chars()
                .take_while(|c| c.is_ascii_digit() || matches!(c, '.' | '-'))
                .collect();
            let number = number.trim_end_matches(['.', '-']);
            if number.is_empty() {
                continue;
            }
            for part in number.split('-') {
                // III.9.4-9.10: the range's end in the same section; a bare
                // chapter (III.9) stands for its first article
                out.push(format!("{section}.{part}"));
            }
        }
        out
    }

    /// Every article a catalog, the articles' table or a rule set's data
    /// cites is one of RAZSh's rules: no "III.9.12" that is nowhere.
    #[test]
    fn every_cited_article_exists_in_the_rules() {
        let articles = razsh_articles();
        for known in [
            "II.2.2.1",
            "II.6.4",
            "III.9.10",
            "III.1.6",
            "III.9.4.4",
            "App.1",
        ] {
            assert!(articles.contains(known), "{known} is read from the rules");
        }
        let chapter = |a: &str| articles.iter().any(|k| k.starts_with(&format!("{a}.")));
        let mut texts: Vec<(String, String)> = Vec::new();
        for lang in Lang::all() {
            for (i, catalog) in lang.catalogs().iter().enumerate() {
                texts.push((format!("{} catalog {i}", lang.code()), catalog.to_string()));
            }
        }
        for (_, _, iii, ii) in ARTICLES {
            texts.push(("the articles' table".into(), format!("{iii} {ii}")));
        }
        for p in presets() {
            for (name, _, source) in &p.values {
                texts.push((format!("{} {name}", p.id), source.clone()));
            }
        }
        let mut missing = Vec::new();
        for (whence, text) in &texts {
            for article in cited(text) {
                if !articles.contains(&article) && !chapter(&article) {
                    missing.push(format!("{whence}: {article}"));
                }
            }
        }
        assert!(
            missing.is_empty(),
            "articles not in the rules:\n{}",
            missing.join("\n")
        );
        assert_eq!(
            cited("(III.9.4-9.10), II.4.9-4.10"),
            ["III.9.4", "III.9.10", "II.4.9", "II.4.10"]
        );
    }

    /// III.9.10: the appeal goes to another arbiter, whose decision is
    /// final; the director only enters it.
    #[test]
    fn iii_9_10_the_appeal_is_adjudicated_again_by_another_arbiter() {
        let en = Lang::En.catalogs().join("\n");
        let appeal = en
            .lines()
            .find(|l| l.starts_with("adj-appeal-body"))
            .expect("the appeal's mail");
        assert!(
            appeal.contains(
                "Another arbiter adjudicates the game again, and his decision is final (III.9.10)"
            ),
            "{appeal}"
        );
    }

    #[test]
    fn ii_5_2_three_calendar_months() {
        let from = NaiveDate::from_ymd_opt(2026, 5, 10).unwrap();
        assert_eq!(Span::Months(3).days_from(from), 92, "10 May to 10 August");
        let winter = NaiveDate::from_ymd_opt(2026, 11, 30).unwrap();
        assert_eq!(
            Span::Months(3).days_from(winter),
            90,
            "30 November to 28 February"
        );
        assert_eq!(Span::Days(40).days_from(from), 40);
    }
}
