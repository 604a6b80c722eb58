//! The command line as an operator meets it: `check` on good and bad
//! configs, the read-only views, and recovery after a crash between the
//! commit and the marking of a mail.

mod common;

use common::*;
use std::fs;

#[test]
fn check_lists_every_problem_with_its_line_and_exits_2() {
    let bad = two_players("numeric")
        .replace(
            "timezone = \"Europe/Moscow\"",
            "timezone = \"Europe/Atlantis\"",
        )
        .replace("start = \"2026-05-10\"", "start = \"2026-13-01\"")
        .replace("black = \"petrov\"", "black = \"sidorov\"");
    let arena = Arena::new(&bad);
    let (code, out, err) = arena.cli(&["check"]);
    assert_eq!(code, 2, "{out}{err}");
    let config = arena.path().join("mailarbiter.toml");
    let at = |line: usize, column: usize| format!("{}:{line}:{column}: ", config.display());
    assert!(
        err.contains(&format!(
            "{}unknown time zone \"Europe/Atlantis\"",
            at(5, 12)
        )),
        "{err}"
    );
    assert!(
        err.contains(&format!("{}bad date \"2026-13-01\"", at(18, 9))),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "{}game RUS-EM-2026/1 names unknown player \"sidorov\"",
            at(40, 9)
        )),
        "{err}"
    );
    assert!(err.contains("3 problems in the config"), "{err}");

    let unknown_key = two_players("numeric").replace("[inbox]\n", "[inbox]\ncolour = \"red\"\n");
    let arena = Arena::new(&unknown_key);
    let (code, _, err) = arena.cli(&["check"]);
    assert_eq!(code, 2);
    assert!(
        err.contains(":8:1: unknown key `colour` in [inbox]"),
        "{err}"
    );

    let arena = Arena::new(&two_players("numeric"));
    fs::remove_dir_all(arena.path().join("sent")).unwrap();
    let (code, _, err) = arena.cli(&["check"]);
    assert_eq!(code, 2);
    assert!(
        err.contains(":13:8: outbox folder") && err.contains("does not exist"),
        "{err}"
    );
}

/// Unknown keys and a value of the wrong type do not hide each other nor the
/// problems of the values that are right: all in one run, in file order.
#[test]
fn check_lists_unknown_keys_type_errors_and_semantic_problems_at_once() {
    let bad = two_players("numeric")
        .replace("[inbox]\n", "[inbox]\ncolour = \"red\"\n")
        .replace("timezone = ", "timezon = ")
        .replace("start = \"2026-05-10\"", "start = \"2026-13-01\"")
        .replace("[outbox]\n", "[outbox]\ntimeout_seconds = \"30\"\n");
    let arena = Arena::new(&bad);
    let (code, out, err) = arena.cli(&["check"]);
    assert_eq!(code, 2, "{out}{err}");
    let config = arena.path().join("mailarbiter.toml");
    let lines: Vec<String> = err
        .lines()
        .map(|l| l.replace(&config.display().to_string(), "CONFIG"))
        .collect();
    assert_eq!(
        lines,
        [
            "CONFIG:5:1: unknown key `timezon` in [gateway]: did you mean `timezone`?",
            "CONFIG:8:1: unknown key `colour` in [inbox] (known keys: kind, path, host, port, \
             tls, user, password_file, provider, auth, oauth2_token_url, oauth2_client_id, \
             oauth2_client_secret_file, oauth2_refresh_token_file, oauth2_scope, \
             oauth2_device_url, ca_file, folder, processed_folder, quarantine_folder, idle, \
             poll_seconds, batch_mails)",
            "CONFIG:13:19: `timeout_seconds` in [outbox] must be a whole number, at least 0, \
             not text (\"30\")",
            "CONFIG:20:9: bad date \"2026-13-01\" (write YYYY-MM-DD)",
            "4 problems in the config",
        ],
        "{err}"
    );
    // `run` refuses the same config with the same list
    let (code, _, run_err) = arena.cli(&["run", "--once"]);
    assert_eq!(code, 2);
    assert_eq!(run_err, err);
}

#[test]
fn check_accepts_a_good_config_and_run_refuses_a_bad_one() {
    let arena = Arena::new(&two_players("numeric"));
    let (code, out, _) = arena.cli(&["check"]);
    assert_eq!(code, 0);
    assert!(out.contains("OK (1 tournament(s), 1 game(s))"), "{out}");
    fs::write(arena.path().join("mailarbiter.toml"), "[gateway]\n").unwrap();
    let (code, _, err) = arena.cli(&["run", "--once"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn games_show_and_export_read_the_store() {
    let mut arena = Arena::new(&two_players("ru"));
    arena.run("2026-05-10");
    arena.exchange(
        "ivanov@example.test",
        "[RUS-EM-2026/1]",
        "1. Кg1-f3",
        "2026-05-12",
    );
    let (code, table, _) = arena.cli(&["games", "--today", "2026-05-13"]);
    assert_eq!(code, 0);
    let row = table.lines().nth(1).unwrap();
    assert!(
        row.starts_with("RUS-EM-2026/1  Ivanov, Ivan  Petrov, Petr  1"),
        "{table}"
    );
    // White used 2 days of 60; Black has thought 1 day so far
    assert!(
        row.contains("black")
            && row.contains("2 (58 left)")
            && row.contains("0 (59 left)")
            && row.contains("in progress"),
        "{table}"
    );
    let (_, form, _) = arena.cli(&["show", "RUS-EM-2026/1", "--lang", "ru"]);
    assert!(
        form.contains("Кg1-f3") && form.contains("Пол.") && form.contains("2/02"),
        "{form}"
    );
    let (_, schedule, _) = arena.cli(&["show", "RUS-EM-2026/1", "--schedule"]);
    assert!(
        schedule.contains("10.05.2026") && schedule.contains("12.05.2026"),
        "{schedule}"
    );
    let (_, pgn, _) = arena.cli(&["export", "--pgn"]);
    assert!(pgn.contains("1. Nf3 {[%ccsnt 2026.05.12]} *"), "{pgn}");
    let (code, _, err) = arena.cli(&["show", "NOPE/1"]);
    assert_eq!(code, 1);
    assert!(err.contains("no game NOPE/1"), "{err}");
}

/// A crash after the commit but before the mail left `new/`: the next run
/// moves it without deciding again, and sends nothing twice.
#[test]
fn a_mail_committed_but_not_marked_is_not_applied_twice() {
    let mut arena = Arena::new(&two_players("numeric"));
    arena.run("2026-05-10");
    arena.new_sent();
    arena.exchange(
        "ivanov@example.test",
        "[RUS-EM-2026/1]",
        "1. 5254",
        "2026-05-10",
    );
    let json = arena.json("RUS-EM-2026/1");
    // put the processed mail back into new/, as if the move to cur/ never happened
    let cur = arena.path().join("inbox/cur");
    let file = fs::read_dir(&cur).unwrap().next().unwrap().unwrap().path();
    let name = file
        .file_name()
        .unwrap()
        .to_string_lossy()
        .split(':')
        .next()
        .unwrap()
        .to_string();
    fs::rename(&file, arena.path().join("inbox/new").join(name)).unwrap();
    arena.run("2026-05-10");
    assert!(arena.new_sent().is_empty());
    assert_eq!(arena.json("RUS-EM-2026/1"), json);
    assert_eq!(arena.inbox_counts(), (0, 1));
}

#[test]
fn a_mail_without_a_tag_finds_its_game_or_asks() {
    let config = config(
        "RUS-EM-2026",
        "2026-05-10",
        "numeric",
        &[
            ("ivanov", "Ivanov, Ivan", "ivanov@example.test", "en"),
            ("petrov", "Petrov, Petr", "petrov@example.test", "en"),
            ("sidorov", "Sidorov, Sidor", "sidorov@example.test", "en"),
        ],
        &[("ivanov", "petrov"), ("ivanov", "sidorov")],
    );
    let mut arena = Arena::new(&config);
    arena.run("2026-05-10");
    arena.new_sent();
    // two games to move in, no tag, no header: the sender is asked
    let sent = arena.exchange("ivanov@example.test", "move", "1. 5254", "2026-05-10");
    assert!(
        sent[0].body.contains("[RUS-EM-2026/2]")
            && sent[0].body.contains("does not say which game"),
        "{}",
        sent[0].body
    );
    // the header block names the game
    let body = "Tournament Test championship\nWhite Ivanov, Ivan\nBlack Sidorov, Sidor\n\n1. 5254";
    let sent = arena.exchange("ivanov@example.test", "my move", body, "2026-05-10");
    assert_eq!(sent.len(), 1);
    assert!(
        sent[0].about.starts_with("[RUS-EM-2026/2]"),
        "{}",
        sent[0].subject
    );
    // Ivanov is now to move in game 1 only
    let sent = arena.exchange("ivanov@example.test", "move", "1. 4244", "2026-05-11");
    assert!(
        sent[0].about.starts_with("[RUS-EM-2026/1]") && sent[0].about.ends_with("1. 4244"),
        "{}",
        sent[0].subject
    );
    assert_eq!(arena.json("RUS-EM-2026/1")["white"]["penalty_days"], 0);
}

#[test]
fn check_and_run_refuse_limits_out_of_range_with_their_line() {
    let good = two_players("numeric");
    let line = good.lines().count() + 3;
    for (key, value, reason) in [
        (
            "max_mail_bytes",
            "0",
            "max_mail_bytes must be between 1024 (1 KiB) and 67108864 (64 MiB), not 0",
        ),
        (
            "max_mail_bytes",
            "67108865",
            "max_mail_bytes must be between 1024 (1 KiB) and 67108864 (64 MiB), not 67108865",
        ),
        (
            "replies_per_hour",
            "0",
            "replies_per_hour must be between 1 and 10000, not 0",
        ),
        (
            "replies_per_hour",
            "10001",
            "replies_per_hour must be between 1 and 10000, not 10001",
        ),
    ] {
        let arena = Arena::new(&format!("{good}\n[security]\n{key} = {value}\n"));
        let config = arena.path().join("mailarbiter.toml");
        for command in [&["check"][..], &["run", "--once"]] {
            let (code, out, err) = arena.cli(command);
            assert_eq!(code, 2, "{command:?}: {out}{err}");
            assert!(
                err.contains(&format!(
                    "{}:{line}:{}: {reason}",
                    config.display(),
                    key.len() + 4
                )),
                "{command:?}: {err}"
            );
        }
    }
}

#[test]
fn check_and_run_refuse_a_password_file_others_can_read_or_an_empty_one() {
    use std::os::unix::fs::PermissionsExt;
    let smtp = two_players("numeric").replace(
        "[outbox]\nkind = \"file\"\npath = \"sent\"\n",
        "[outbox]\nkind = \"smtp\"\nhost = \"127.0.0.1\"\nport = 9\ntls = \"none\"\n\
         user = \"arbiter\"\npassword_file = \"smtp.password\"\n",
    );
    let arena = Arena::new(&smtp);
    let password = arena.path().join("smtp.password");
    let at = format!(
        "{}:17:17: ",
        arena.path().join("mailarbiter.toml").display()
    );
    let shown = password.display();
    fs::write(&password, "secret\n").unwrap();
    fs::set_permissions(&password, fs::Permissions::from_mode(0o644)).unwrap();
    for command in [&["check"][..], &["run", "--once"]] {
        let (code, out, err) = arena.cli(command);
        assert_eq!(code, 2, "{command:?}: {out}{err}");
        assert!(
            err.contains(&format!(
                "{at}password_file {shown}: readable by others (mode 644): chmod 600 {shown}"
            )),
            "{command:?}: {err}"
        );
    }
    fs::set_permissions(&password, fs::Permissions::from_mode(0o600)).unwrap();
    let (code, out, err) = arena.cli(&["check"]);
    assert_eq!(code, 0, "{out}{err}");
    fs::write(&password, " \n").unwrap();
    let (code, _, err) = arena.cli(&["check"]);
    assert_eq!(code, 2);
    assert!(
        err.contains(&format!(
            "{at}password_file {shown}: the first line is empty: write the password on it"
        )),
        "{err}"
    );
}

#[test]
fn run_keeps_the_state_folder_private() {
    use std::os::unix::fs::PermissionsExt;
    let mode = |p: &std::path::Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
    let arena = Arena::new(&two_players("numeric"));
    arena.run("2026-05-10");
    let state = arena.path().join("state");
    assert_eq!(mode(&state), 0o700);
    for entry in fs::read_dir(&state).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_file() {
            assert_eq!(mode(&entry.path()), 0o600, "{}", entry.path().display());
        }
    }
}

/// `check --connect` tries every folder and server even when one fails, and
/// says each failure on one line with its reason; exit 1.
#[test]
fn check_connect_tries_everything_and_reports_each_failure_in_one_line() {
    let arena = Arena::new(&two_players("numeric"));
    let (code, out, err) = arena.cli(&["check", "--connect"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("inbox Maildir")
            && out.contains("OK (wrote and removed a file in tmp/ and cur/)")
            && out.contains("connect: all 3 checks passed"),
        "{out}"
    );
    // nothing is left behind in the folders
    for folder in ["sent", "inbox/tmp", "inbox/cur"] {
        assert_eq!(
            fs::read_dir(arena.path().join(folder)).unwrap().count(),
            0,
            "{folder}"
        );
    }
    // a store under a file, and an SMTP port nothing listens on
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let bad = two_players("numeric")
        .replace("state = \"state\"", "state = \"blocker/state\"")
        .replace(
            "[outbox]\nkind = \"file\"\npath = \"sent\"\n",
            &format!(
                "[outbox]\nkind = \"smtp\"\nhost = \"127.0.0.1\"\nport = {port}\ntls = \"none\"\n"
            ),
        );
    let arena = Arena::new(&bad);
    fs::write(arena.path().join("blocker"), "a file, not a folder\n").unwrap();
    let (code, _, _) = arena.cli(&["check"]);
    assert_eq!(code, 0, "the offline check does not connect");
    let (code, out, err) = arena.cli(&["check", "--connect"]);
    assert_eq!(code, 1, "{out}{err}");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 3, "{err}");
    let store = arena.path().join("blocker/state");
    assert!(
        lines[0].starts_with(&format!(
            "connect: store {}: FAILED: does not exist and cannot be created: ",
            store.display()
        )),
        "{err}"
    );
    assert!(
        lines[1].starts_with(&format!(
            "connect: outbox SMTP 127.0.0.1:{port} (no TLS): FAILED: "
        )) && lines[1].contains("Connection refused"),
        "{err}"
    );
    assert_eq!(lines[2], "connect: 2 of 3 checks failed");
    assert!(
        out.contains("inbox Maildir") && out.contains(": OK"),
        "{out}"
    );
}

/// `[xfcc]`: `check` names a bad address, a lone TLS file and a bad URL
/// with their lines; `check --connect` binds the port, and says so when
/// something else holds it (issue 24 item 5).
#[test]
fn check_reads_the_xfcc_section_and_connect_binds_its_port() {
    let with = |section: &str| {
        let text = two_players("numeric");
        let at = text.find("[[tournament]]").unwrap();
        format!("{}{section}\n{}", &text[..at], &text[at..])
    };
    let arena = Arena::new(&with(
        "[xfcc]\nlisten = \"localhost\"\ntls_cert = \"cert.pem\"\npublic_url = \"ftp://x\"\n",
    ));
    let (code, _, err) = arena.cli(&["check"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("listen \"localhost\" is not an address and port (such as 127.0.0.1:8088)"),
        "{err}"
    );
    assert!(err.contains("tls_cert and tls_key go together"), "{err}");
    let holder = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = holder.local_addr().unwrap().port();
    let arena = Arena::new(&with(&format!("[xfcc]\nlisten = \"127.0.0.1:{port}\"\n")));
    let (code, out, err) = arena.cli(&["check", "--connect"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        err.contains(&format!(
            "connect: Xfcc endpoint 127.0.0.1:{port} (http://127.0.0.1:{port}/xfccbasic.asmx): FAILED: cannot listen on 127.0.0.1:{port}"
        )),
        "{err}"
    );
    drop(holder);
    let (code, out, err) = arena.cli(&["check", "--connect"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("bound and let go") && out.contains("all 4 checks passed"),
        "{out}"
    );
}

/// Rule sets are data (issue 25 item 1): `rules` lists the presets with
/// no config, `rules show` prints one with each value's article, a
/// tournament names a preset by its id or its other name, and an unknown
/// one is refused with the names.
#[test]
fn rules_lists_the_presets_and_a_tournament_names_one() {
    let arena = Arena::new("this is not a config");
    let (code, out, err) = arena.cli(&["rules"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("razsh-email    RAZSh Section III (e-mail) (also: email)")
            && out.contains("razsh-postal   RAZSh Section II (postal) (also: postal)")
            && out.contains("iccf           ICCF (e-mail)")
            && out.contains("fischer-30-1   Fischer clock: 30 days, 1 more a move, at most 45")
            && out.contains("countdown-180  Countdown: 180 days for the whole game"),
        "{out}"
    );
    let (code, out, _) = arena.cli(&["rules", "show", "email"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("[tournament.rules]\nbase = \"razsh-email\"\n"),
        "{out}"
    );
    assert!(
        out.lines().any(|l| l.starts_with("days_per_control = 60")
            && l.ends_with("# III.4.3: 60 days for 10 moves, cumulative")),
        "{out}"
    );
    // ICCF's tablebase claims, each key with its source
    let (code, out, _) = arena.cli(&["rules", "show", "iccf"]);
    assert_eq!(code, 0);
    assert!(
        out.lines().any(|l| l.starts_with("tablebase_claims = true")
            && l.contains("# ICCF: tablebase claims decided by the tables"))
            && out
                .lines()
                .any(|l| l.starts_with("tablebase_fifty_moves = false")
                    && l.contains(
                        "# ICCF: in a tablebase position the 50-move rule does not apply"
                    )),
        "{out}"
    );
    let (code, _, err) = arena.cli(&["rules", "show", "fide"]);
    assert_eq!(code, 1);
    assert!(err.contains("no preset rule set \"fide\""), "{err}");
    // a tournament on the postal preset by its id: Section II's numbers
    let postal = Arena::new(
        &two_players("numeric").replace("rules = \"email\"", "rules = \"razsh-postal\""),
    );
    let (code, out, err) = postal.cli(&["check"]);
    assert_eq!(code, 0, "{out}{err}");
    let bad = Arena::new(&two_players("numeric").replace("rules = \"email\"", "rules = \"fide\""));
    let (code, _, err) = bad.cli(&["check"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("unknown rules \"fide\" (a preset: \"razsh-email\" or \"email\", \"razsh-postal\" or \"postal\", \"iccf\", \"fischer-30-1\", \"countdown-180\"; `mailarbiter rules` lists them)"),
        "{err}"
    );
}
