//! `mailarbiter demo`: a fresh tournament on the embedded default (a Maildir
//! inbox and a folder of sent mails) in which the ICCF example game of
//! App.4 is played by mail through the whole pipeline, one mail a day or so.

use crate::config::{Config, EMBEDDED_DEFAULT};
use crate::daemon::Pipeline;
use crate::mail::maildir::Maildir;
use crate::notation::{self, Notation};
use crate::render;
use anyhow::{Context, Result};
use chrono::{Days, NaiveDate};
use shakmaty::{Chess, Color, Position};
use std::fmt::Write;
use std::fs;
use std::path::Path;
use std::time::{Duration, SystemTime};

/// The example game of App.4 (EM/M/A076), 1-0.
pub const APP4_GAME: &str =
    "1. e4 d6 2. d4 g6 3. Nf3 Bg7 4. Be2 Nf6 5. Nc3 Nbd7 6. e5 Ng4 7. e6 Ndf6 \
8. exf7+ Kf8 9. Bf4 Nh6 10. Qd2 Nxf7 11. O-O-O c6 12. h4 Qa5 13. Ng5 b5 14. a3 Bd7 15. h5 Nxg5 \
16. Bxg5 h6 17. Bxf6 Bxf6 18. hxg6 Kg7 19. Rh5 Kxg6 20. Bd3+ Kf7 21. Qf4 Rag8 22. Rdh1 Ke8 \
23. Kb1 Bg5 24. Qe4 Qc7 25. d5 Rf8 26. dxc6 Bf5 27. Nxb5";

/// A player's mail as a mail client would write it.
pub fn player_mail(
    from: &str,
    to: &str,
    subject: &str,
    date: &str,
    message_id: &str,
    body: &str,
) -> String {
    format!(
        "From: {from}\r\nTo: {to}\r\nSubject: {subject}\r\nDate: {date}\r\nMessage-ID: <{message_id}>\r\n\
         MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n{}\r\n",
        body.replace('\n', "\r\n")
    )
}

/// Drops a mail into a Maildir's `new/` with the given arrival time.
///
/// # Errors
/// When the file cannot be written.
pub fn deliver(maildir: &Path, name: &str, mail: &str, arrival: SystemTime) -> std::io::Result<()> {
    let tmp = maildir.join("tmp").join(name);
    fs::write(&tmp, mail)?;
    fs::File::options()
        .write(true)
        .open(&tmp)?
        .set_modified(arrival)?;
    fs::rename(&tmp, maildir.join("new").join(name))
}

/// Noon UTC of a day, as a file time.
pub fn noon(day: NaiveDate) -> SystemTime {
    let secs = day
        .and_hms_opt(12, 0, 0)
        .expect("noon exists")
        .and_utc()
        .timestamp();
    SystemTime::UNIX_EPOCH + Duration::from_secs(u64::try_from(secs).unwrap_or(0))
}

/// Plays the demo in `dir` and returns the summary to print.
///
/// # Errors
/// When the folder cannot be prepared or the pipeline fails.
pub async fn run(dir: &Path) -> Result<String> {
    for sub in ["state", "mail"] {
        let path = dir.join(sub);
        if path.exists() {
            fs::remove_dir_all(&path).with_context(|| format!("clearing {}", path.display()))?;
        }
    }
    let inbox = dir.join("mail/inbox");
    let sent = dir.join("mail/sent");
    Maildir::create(&inbox).with_context(|| format!("creating {}", inbox.display()))?;
    fs::create_dir_all(&sent).with_context(|| format!("creating {}", sent.display()))?;
    let config_path = dir.join("mailarbiter.toml");
    fs::write(&config_path, EMBEDDED_DEFAULT.replace("\"../var/", "\""))
        .with_context(|| format!("writing {}", config_path.display()))?;
    let config = Config::load(&config_path).map_err(|e| anyhow::anyhow!("{e}"))?;
    let t = config.league.tournaments[0].clone();
    let spec = t.games[0].clone();
    let white = t.player_of(&spec, Color::White).clone();
    let black = t.player_of(&spec, Color::Black).clone();
    let mut pipeline = Pipeline::open(config)?;
    pipeline.run_once(t.start).await?;

    // White writes numeric, Black Russian long algebraic; each mail repeats
    // the partner's last move and adds its own.
    let mut pos = Chess::default();
    let mut previous: Option<String> = None;
    let mut day = t.start;
    let mut ply = 0u32;
    for token in APP4_GAME.split_whitespace().filter(|w| !w.ends_with('.')) {
        let m = notation::parse_move(&pos, token).context("the demo game is legal")?;
        let color = pos.turn();
        let (player, notation) = match color {
            Color::White => (&white, Notation::Numeric),
            Color::Black => (&black, Notation::Ru),
        };
        let number = pos.fullmoves().get();
        let dots = if color == Color::White { "." } else { "..." };
        let own = format!(
            "{number}{dots} {}",
            notation::write_move(&pos, &m, notation)
        );
        let record = match &previous {
            Some(p) => format!("{p} {own}"),
            None => own.clone(),
        };
        day = day + Days::new(u64::from(ply % 3 + ply % 2));
        let body = format!("{record}\n\n-- \n{}", player.name);
        let subject = format!(
            "Re: [{}] {} - {}",
            spec.id,
            white.surname(),
            black.surname()
        );
        let date = day
            .and_hms_opt(9, 30, 0)
            .expect("a time")
            .and_utc()
            .to_rfc2822();
        let mail = player_mail(
            player.address(),
            "arbiter@example.test",
            &subject,
            &date,
            &format!("demo-{ply}@example.test"),
            &body,
        );
        deliver(&inbox, &format!("demo-{ply:03}"), &mail, noon(day))?;
        pipeline.run_once(day).await?;
        previous = Some(own);
        pos = pos.play(m).context("legal")?;
        ply += 1;
    }
    let resign = player_mail(
        black.address(),
        "arbiter@example.test",
        &format!("Re: [{}]", spec.id),
        &day.and_hms_opt(18, 0, 0)
            .expect("a time")
            .and_utc()
            .to_rfc2822(),
        "demo-resign@example.test",
        "СДАЮСЬ\n",
    );
    deliver(&inbox, "demo-resign", &resign, noon(day))?;
    pipeline.run_once(day).await?;

    pipeline.load_all()?;
    let game = &*pipeline.state().peek(&t, &spec);
    let count = fs::read_dir(&sent)?
        .filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "eml"))
        })
        .count();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "mailarbiter demo: the ICCF example game (App.4) played by mail on the embedded default.\n"
    );
    let _ = writeln!(out, "config       {}", config_path.display());
    let _ = writeln!(
        out,
        "inbox        {} ({} player mails, now in cur/)",
        inbox.display(),
        ply + 1
    );
    let _ = writeln!(
        out,
        "sent mails   {} ({count} .eml files: opening, forwards, the result with PGN)",
        sent.display()
    );
    let _ = writeln!(out, "store        {}\n", dir.join("state").display());
    out.push_str(&crate::cli::game_text(
        &t,
        game,
        crate::referee::tournament::Lang::En,
    ));
    let _ = writeln!(out, "\n{}", render::pgn(&t, game));
    let _ = writeln!(
        out,
        "Try:  mailarbiter --config {} show {} --schedule",
        config_path.display(),
        spec.id
    );
    let _ = writeln!(
        out,
        "      mailarbiter --config {} games",
        config_path.display()
    );
    Ok(out)
}
