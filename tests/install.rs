//! The install path of docs/operators.md ("Operating it under systemd"), as far as this
//! machine allows (no systemd as PID 1): the unit passes `systemd-analyze
//! verify` and its exposure score stays at most 1.5; `deploy/install.sh`
//! installs into a temporary root; the unit's `ExecStartPre=` and
//! `ExecStart=` command lines run as user `nobody` with a credentials folder
//! as systemd makes it, against the test Dovecot and Postfix (started by
//! `tests/run.sh`); the views run from a root shell without credentials.

#[path = "common/mailserver.rs"]
mod mailserver;

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_mailarbiter");

fn source(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

fn unit_text() -> String {
    std::fs::read_to_string(source("deploy/mailarbiter.service")).unwrap()
}

/// `systemd-analyze`, or `None` (with a note) where it is not installed.
fn systemd_analyze() -> Option<Command> {
    let found = Command::new("systemd-analyze")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        // tests/run.sh installs it (Debian's systemd package) with the mail
        // servers: there a missing one is a failure, not a skip
        assert!(
            std::env::var_os("MAILARBITER_REQUIRE_MAILSERVER").is_none(),
            "systemd-analyze missing: tests/mailserver.sh installs it"
        );
        eprintln!("skipped: no systemd-analyze on this machine");
        return None;
    }
    Some(Command::new("systemd-analyze"))
}

fn text(out: &Output) -> String {
    format!(
        "exit {:?}\nstdout:\n{}\nstderr:\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

fn set_mode(path: &Path, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

/// A temporary folder others can enter (tempfile makes them 0700).
fn open_tempdir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    set_mode(dir.path(), 0o755);
    dir
}

#[test]
fn the_unit_passes_systemd_analyze_verify_and_its_exposure_is_at_most_1_5() {
    let Some(mut verify) = systemd_analyze() else {
        return;
    };
    // verify needs the ExecStart binary: the unit pointing at the built one
    let dir = tempfile::tempdir().unwrap();
    let unit = dir.path().join("mailarbiter.service");
    std::fs::write(
        &unit,
        unit_text().replace("/usr/local/bin/mailarbiter", BIN),
    )
    .unwrap();
    let out = verify.arg("verify").arg(&unit).output().unwrap();
    assert!(out.status.success(), "{}", text(&out));
    assert!(out.stderr.is_empty(), "{}", text(&out));

    let out = systemd_analyze()
        .unwrap()
        .args(["security", "--offline=true", "--no-pager"])
        .arg(&unit)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let score: f64 = stdout
        .lines()
        .find_map(|l| {
            l.split("Overall exposure level for mailarbiter.service:")
                .nth(1)
        })
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no exposure level in\n{}", text(&out)));
    println!("systemd-analyze security --offline=true: exposure {score}");
    assert!(score <= 1.5, "exposure {score} above 1.5\n{stdout}");
}

/// A config for an IMAP mailbox on loopback (nothing connects in these
/// tests) with `password_file`, replies into the folder `sent`.
fn imap_config(dir: &Path, password_file: &str) -> PathBuf {
    std::fs::create_dir_all(dir.join("sent")).unwrap();
    let config = dir.join("mailarbiter.toml");
    std::fs::write(
        &config,
        format!(
            "[gateway]\naddress = \"arbiter@example.test\"\nstate = \"state\"\ntimezone = \"UTC\"\n\n\
             [inbox]\nkind = \"imap\"\nhost = \"127.0.0.1\"\nport = 1\ntls = \"none\"\n\
             user = \"arbiter\"\npassword_file = \"{password_file}\"\n\n\
             [outbox]\nkind = \"file\"\npath = \"sent\"\n\n\
             [[tournament]]\nid = \"T\"\nname = \"Test\"\nstart = \"2026-05-10\"\ndirector = \"td@example.test\"\n\n\
             [[tournament.player]]\nid = \"w\"\nname = \"White, Walter\"\nemail = [\"w@example.test\"]\n\n\
             [[tournament.player]]\nid = \"b\"\nname = \"Black, Betty\"\nemail = [\"b@example.test\"]\n\n\
             [[tournament.game]]\nwhite = \"w\"\nblack = \"b\"\n"
        ),
    )
    .unwrap();
    config
}

/// The binary from a root shell: no credentials in the environment.
fn mailarbiter(config: &Path, args: &[&str]) -> Output {
    Command::new(BIN)
        .arg("--config")
        .arg(config)
        .args(args)
        .env_remove("CREDENTIALS_DIRECTORY")
        .env_remove("MAILARBITER_CREDENTIALS")
        .output()
        .unwrap()
}

#[test]
fn check_refuses_a_plain_password_file_that_is_missing_empty_or_open_to_others() {
    let dir = tempfile::tempdir().unwrap();
    let config = imap_config(dir.path(), "pw");
    let pw = dir.path().join("pw");
    let shown = pw.display();

    let out = mailarbiter(&config, &["check"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!(":12:17: cannot read password_file {shown}: ")),
        "{stderr}"
    );

    std::fs::write(&pw, "\n").unwrap();
    set_mode(&pw, 0o600);
    let out = mailarbiter(&config, &["check"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("the first line is empty"),
        "{}",
        text(&out)
    );

    std::fs::write(&pw, "secret\n").unwrap();
    set_mode(&pw, 0o644);
    let out = mailarbiter(&config, &["check"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains(&format!("readable by others (mode 644): chmod 600 {shown}")),
        "{}",
        text(&out)
    );

    set_mode(&pw, 0o600);
    let out = mailarbiter(&config, &["check"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
}

#[test]
fn check_from_a_root_shell_notes_a_credential_it_cannot_reach_and_checks_a_named_folder() {
    if Path::new("/run/credentials/mailarbiter.service").exists() {
        eprintln!("skipped: a mailarbiter.service runs here with its credentials");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let config = imap_config(dir.path(), "$CREDENTIALS_DIRECTORY/imap");

    // outside the unit: a note, exit 0
    let out = mailarbiter(&config, &["check"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains(&format!(
            "{}:12: note: password_file $CREDENTIALS_DIRECTORY/imap not checked here: \
             $CREDENTIALS_DIRECTORY is unset and /run/credentials/mailarbiter.service/imap is not there",
            config.display()
        )),
        "{stdout}"
    );
    assert!(stdout.contains(": OK ("), "{stdout}");

    // `run` needs it: a config problem, with the way out
    let out = mailarbiter(&config, &["run", "--once"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("--credentials DIR"),
        "{}",
        text(&out)
    );

    // a named folder is checked: by flag, by $MAILARBITER_CREDENTIALS, and
    // as the unit sees it, by $CREDENTIALS_DIRECTORY
    let creds = dir.path().join("credentials");
    std::fs::create_dir(&creds).unwrap();
    std::fs::write(creds.join("imap"), "secret\n").unwrap();
    set_mode(&creds.join("imap"), 0o644);
    let named = [
        ("--credentials", None),
        ("MAILARBITER_CREDENTIALS", Some("MAILARBITER_CREDENTIALS")),
        ("CREDENTIALS_DIRECTORY", Some("CREDENTIALS_DIRECTORY")),
    ];
    for (how, var) in named {
        let run = |expect: i32| {
            let mut cmd = Command::new(BIN);
            cmd.arg("--config").arg(&config).arg("check");
            cmd.env_remove("CREDENTIALS_DIRECTORY")
                .env_remove("MAILARBITER_CREDENTIALS");
            match var {
                Some(var) => cmd.env(var, &creds),
                None => cmd.arg("--credentials").arg(&creds),
            };
            let out = cmd.output().unwrap();
            assert_eq!(out.status.code(), Some(expect), "{how}: {}", text(&out));
            out
        };
        set_mode(&creds.join("imap"), 0o644);
        let out = run(2);
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("readable by others (mode 644)"),
            "{how}: {}",
            text(&out)
        );
        set_mode(&creds.join("imap"), 0o400);
        let out = run(0);
        assert!(
            !String::from_utf8_lossy(&out.stdout).contains("not checked"),
            "{how}: {}",
            text(&out)
        );
    }
}

#[test]
fn the_views_never_read_the_password_files() {
    let dir = tempfile::tempdir().unwrap();
    // a password file that does not exist: `check` and `run` refuse it
    let config = imap_config(dir.path(), "missing-password");
    for view in [
        &["games"][..],
        &["show", "T/1"],
        &["show", "T/1", "--json"],
        &["export", "--pgn"],
    ] {
        let out = mailarbiter(&config, view);
        assert_eq!(out.status.code(), Some(0), "{view:?}: {}", text(&out));
    }
    let out = mailarbiter(&config, &["run", "--once"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
}

#[test]
fn completions_and_the_man_page_are_printed_for_the_install_steps() {
    for (shell, mark) in [
        ("bash", "_mailarbiter()"),
        ("zsh", "#compdef mailarbiter"),
        ("fish", "complete -c mailarbiter"),
    ] {
        let out = Command::new(BIN)
            .args(["completions", shell])
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", text(&out));
        let script = String::from_utf8_lossy(&out.stdout);
        assert!(script.contains(mark), "{shell}: {script}");
        assert!(script.contains("credentials"), "{shell}: {script}");
    }
    let out = Command::new(BIN).arg("man").output().unwrap();
    assert!(out.status.success(), "{}", text(&out));
    let page = String::from_utf8_lossy(&out.stdout);
    assert!(
        page.starts_with(".ie") || page.contains(".TH mailarbiter 1"),
        "{page}"
    );
    for command in ["run", "check", "games", "show", "export", "completions"] {
        assert!(
            page.contains(&format!(".SS {command}\n")),
            "{command}: {page}"
        );
    }
    assert!(page.contains("\\-\\-once"), "{page}");
    // a shell without completions is refused as a usage problem
    let out = Command::new(BIN)
        .args(["completions", "tcsh"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
}

/// The test servers, or `None` (with a note) when the suite runs without
/// them; `MAILARBITER_REQUIRE_MAILSERVER=1` (tests/run.sh) makes their
/// absence a failure.
fn servers() -> Option<(PathBuf, u16, u16)> {
    let root = mailserver::root()?;
    Some((
        root,
        mailserver::port("MS_IMAP_PORT"),
        mailserver::port("MS_SMTP_PORT"),
    ))
}

fn id(flag: &str) -> u32 {
    let out = Command::new("id").args([flag, "nobody"]).output().unwrap();
    String::from_utf8_lossy(&out.stdout).trim().parse().unwrap()
}

/// The unit's lines `KEY=…`, in order.
fn unit_values(unit: &str, key: &str) -> Vec<String> {
    unit.lines()
        .filter_map(|l| l.strip_prefix(&format!("{key}=")))
        .map(str::to_string)
        .collect()
}

/// A command line of the unit, its paths moved into `root`.
fn in_root(line: &str, root: &Path) -> Vec<String> {
    let r = root.display();
    line.replace("/usr/local/bin/", &format!("{r}/usr/local/bin/"))
        .replace("/etc/mailarbiter/", &format!("{r}/etc/mailarbiter/"))
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

#[test]
fn the_readme_install_steps_run_check_and_run_once_as_an_unprivileged_user_on_real_mail() {
    let Some((ms_root, imap, smtp)) = servers() else {
        return;
    };
    let me = Command::new("id").arg("-u").output().unwrap();
    if String::from_utf8_lossy(&me.stdout).trim() != "0" {
        eprintln!("skipped: not root, cannot act as user nobody");
        return;
    }
    let (uid, gid) = (id("-u"), id("-g"));
    let unit = unit_text();

    // mailboxes of this run
    let run = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis()
        % 100_000_000;
    let user = |role: &str| {
        let name = format!("install{run}-{role}");
        let status = Command::new("bash")
            .arg(source("tests/mailserver.sh"))
            .args(["adduser".as_ref(), ms_root.as_os_str(), name.as_ref()])
            .stdout(std::process::Stdio::null())
            .status()
            .unwrap();
        assert!(status.success(), "adduser {name}");
        format!("{name}@example.test")
    };
    let (arbiter, white, black, td) = (user("arb"), user("white"), user("black"), user("td"));

    // README: deploy/install.sh (here into a temporary root)
    let tmp = open_tempdir();
    let root = tmp.path();
    let out = Command::new("sh")
        .arg(source("deploy/install.sh"))
        .arg(BIN)
        .env("DESTDIR", root)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out));
    let etc = root.join("etc/mailarbiter");
    let share = root.join("usr/local/share");
    assert_eq!(mode(&root.join("usr/local/bin/mailarbiter")), 0o755);
    assert_eq!(mode(&etc), 0o755);
    assert_eq!(mode(&etc.join("mailarbiter.toml")), 0o644);
    assert_eq!(mode(&etc.join("imap.password")), 0o600);
    assert_eq!(mode(&etc.join("smtp.password")), 0o600);
    assert_eq!(
        std::fs::read_to_string(root.join("etc/systemd/system/mailarbiter.service")).unwrap(),
        unit
    );
    for placed in [
        "man/man1/mailarbiter.1",
        "bash-completion/completions/mailarbiter",
        "zsh/site-functions/_mailarbiter",
        "fish/vendor_completions.d/mailarbiter.fish",
        "doc/mailarbiter/README.md",
    ] {
        let len = std::fs::metadata(share.join(placed)).unwrap().len();
        assert!(len > 100, "{placed}: {len} bytes");
    }

    // README: edit the config, write the passwords
    let state = root.join("var/lib/mailarbiter");
    let config = etc.join("mailarbiter.toml");
    std::fs::write(
        &config,
        format!(
            "[gateway]\naddress = \"{arbiter}\"\nstate = \"{store}\"\ntimezone = \"UTC\"\n\n\
             [inbox]\nkind = \"imap\"\nhost = \"127.0.0.1\"\nport = {imap}\ntls = \"none\"\n\
             user = \"{arbiter}\"\npassword_file = \"$CREDENTIALS_DIRECTORY/imap\"\n\
             folder = \"INBOX\"\nprocessed_folder = \"Processed\"\n\n\
             [outbox]\nkind = \"smtp\"\nhost = \"127.0.0.1\"\nport = {smtp}\ntls = \"none\"\n\n\
             [[tournament]]\nid = \"RT\"\nname = \"Install test\"\nstart = \"{start}\"\ndirector = \"{td}\"\n\n\
             [[tournament.player]]\nid = \"w\"\nname = \"White, Walter\"\nemail = [\"{white}\"]\n\n\
             [[tournament.player]]\nid = \"b\"\nname = \"Black, Betty\"\nemail = [\"{black}\"]\n\n\
             [[tournament.game]]\nwhite = \"w\"\nblack = \"b\"\n",
            store = state.join("store").display(),
            start = chrono::Utc::now().date_naive(),
        ),
    )
    .unwrap();
    std::fs::write(etc.join("imap.password"), "secret\n").unwrap();
    assert_eq!(mode(&config), 0o644, "editing keeps the mode");
    assert_eq!(mode(&etc.join("imap.password")), 0o600);

    // README: `check` from a root shell, before the first start
    let out = mailarbiter(&config, &["check"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("not checked here"),
        "{}",
        text(&out)
    );

    // what systemd does at the start: the state folder for the service's
    // user (StateDirectory=), the credentials copied from LoadCredential=
    std::fs::create_dir_all(&state).unwrap();
    std::os::unix::fs::chown(&state, Some(uid), Some(gid)).unwrap();
    set_mode(&state, 0o700);
    let creds = root.join("run/credentials/mailarbiter.service");
    std::fs::create_dir_all(&creds).unwrap();
    for load in unit_values(&unit, "LoadCredential") {
        let (name, from) = load.split_once(':').unwrap();
        let to = creds.join(name);
        std::fs::copy(root.join(from.trim_start_matches('/')), &to).unwrap();
        set_mode(&to, 0o400);
        std::os::unix::fs::chown(&to, Some(uid), Some(gid)).unwrap();
    }
    std::os::unix::fs::chown(&creds, Some(uid), Some(gid)).unwrap();
    set_mode(&creds, 0o500);
    let environment: Vec<(String, String)> = unit_values(&unit, "Environment")
        .iter()
        .flat_map(|e| e.split_whitespace())
        .filter_map(|e| e.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let working = unit_values(&unit, "WorkingDirectory");
    assert_eq!(working, ["/var/lib/mailarbiter"]);

    // a unit command line as the service runs it: user nobody, UMask=0077
    let as_service = |line: &[String]| {
        let out = Command::new("setpriv")
            .args([
                format!("--reuid={uid}"),
                format!("--regid={gid}"),
                "--clear-groups".into(),
                "--".into(),
                "sh".into(),
                "-c".into(),
                "umask 077 && exec \"$@\"".into(),
                "sh".into(),
            ])
            .args(line)
            .env_clear()
            .env("PATH", "/usr/bin:/bin")
            .envs(environment.iter().cloned())
            .env("CREDENTIALS_DIRECTORY", &creds)
            .current_dir(&state)
            .output()
            .unwrap();
        println!("{}: {}", line.join(" "), text(&out));
        out
    };

    let pre = unit_values(&unit, "ExecStartPre");
    assert_eq!(pre.len(), 1, "{pre:?}");
    let out = as_service(&in_root(&pre[0], root));
    assert_eq!(out.status.code(), Some(0), "ExecStartPre: {}", text(&out));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains(": OK (1 tournament(s), 1 game(s)"),
        "{stdout}"
    );
    assert!(!stdout.contains("not checked"), "{stdout}");
    // the operator's deeper check, as the service's user: the mailbox login,
    // SMTP's hello, the store and outbox folders
    let mut connect = in_root(&pre[0], root);
    connect.push("--connect".into());
    let out = as_service(&connect);
    assert_eq!(
        out.status.code(),
        Some(0),
        "check --connect: {}",
        text(&out)
    );
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("logged in as"),
        "{}",
        text(&out)
    );

    // White's first move, by SMTP to the arbiter's mailbox
    let mail = format!(
        "From: {white}\r\nTo: {arbiter}\r\nSubject: Re: [RT/1] move\r\n\
         Date: Mon, 30 Nov 2026 10:00:00 +0000\r\nMessage-ID: <install.{run}@example.test>\r\n\
         Content-Type: text/plain; charset=utf-8\r\n\r\n1. 5254\r\n"
    );
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(async {
            use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
            let transport = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous("127.0.0.1")
                .port(smtp)
                .build();
            let envelope = lettre::address::Envelope::new(
                Some(white.parse().unwrap()),
                vec![arbiter.parse().unwrap()],
            )
            .unwrap();
            transport
                .send_raw(&envelope, mail.as_bytes())
                .await
                .unwrap();
        });

    // ExecStart, once: until Postfix has delivered the move into the INBOX
    let start = unit_values(&unit, "ExecStart");
    assert_eq!(start.len(), 1, "{start:?}");
    let mut once = in_root(&start[0], root);
    assert_eq!(once.last().map(String::as_str), Some("run"));
    once.push("--once".into());
    let began = Instant::now();
    loop {
        let out = as_service(&once);
        assert_eq!(
            out.status.code(),
            Some(0),
            "ExecStart --once: {}",
            text(&out)
        );
        let stdout = String::from_utf8_lossy(&out.stdout);
        if stdout.contains("read 1 mail(s)") {
            assert!(!stdout.contains("sent 0 mail(s)"), "{stdout}");
            break;
        }
        assert!(stdout.contains("read 0 mail(s)"), "{stdout}");
        assert!(
            began.elapsed() < Duration::from_secs(20),
            "the move never arrived: {stdout}"
        );
        std::thread::sleep(Duration::from_millis(300));
    }

    // README: the views from a root shell, no credentials
    let out = mailarbiter(&config, &["games"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let table = String::from_utf8_lossy(&out.stdout);
    let row = table
        .lines()
        .find(|l| l.starts_with("RT/1"))
        .unwrap_or_default();
    assert!(row.contains("White, Walter"), "{table}");
    let out = mailarbiter(&config, &["show", "RT/1", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["moves"].as_array().map(Vec::len), Some(1), "{json}");

    // the service still owns its store after the root shell looked at it
    let out = as_service(&once);
    assert_eq!(
        out.status.code(),
        Some(0),
        "ExecStart --once after `games` as root: {}",
        text(&out)
    );
}
