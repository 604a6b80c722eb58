//! Golden fixtures: real-looking mails from common clients, charsets and
//! encodings (`tests/fixtures/mail/*.eml`), each beside the facts a correct
//! reader must get from it (`*.expect.toml`): sender, game tag, robot or not,
//! the numbered moves of the sender's own text, the commands.

use mailarbiter::message::parse::{find_tag, read_mail, scan};
use shakmaty::Color;
use std::fs;
use std::path::Path;

fn strings(v: &toml::Value, key: &str) -> Vec<String> {
    v.get(key)
        .and_then(|x| x.as_array())
        .map(|a| a.iter().map(|s| s.as_str().unwrap().to_string()).collect())
        .unwrap_or_default()
}

#[test]
fn every_fixture_reads_as_expected() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mail");
    let mut names: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "eml"))
        .collect();
    names.sort();
    let mut failures = Vec::new();
    for path in &names {
        let expect_path = path.with_extension("expect.toml");
        let expect: toml::Value =
            toml::from_str(&fs::read_to_string(&expect_path).unwrap()).unwrap();
        let raw = fs::read(path).unwrap();
        let mail = read_mail(&raw, 1 << 20).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let mut check = |what: &str, got: String, want: String| {
            if got != want {
                failures.push(format!("{name}: {what}\n  got:  {got}\n  want: {want}"));
            }
        };
        check(
            "from",
            format!("{:?}", mail.from),
            format!("{:?}", expect.get("from").and_then(|v| v.as_str())),
        );
        check(
            "tag",
            format!("{:?}", find_tag(&mail.subject)),
            format!("{:?}", expect.get("tag").and_then(|v| v.as_str())),
        );
        let robot = expect["robot"].as_bool().unwrap();
        check(
            "robot",
            format!("{:?}", mail.robot.is_some()),
            format!("{robot:?} ({:?})", mail.robot).replace(&format!(" ({:?})", mail.robot), ""),
        );
        if robot {
            continue; // a robot's mail is never read for moves
        }
        let written = scan(&mail.text);
        let plies: Vec<String> = written
            .plies
            .iter()
            .map(|p| {
                format!(
                    "{}{} {}",
                    p.number,
                    if p.color == Color::White { 'w' } else { 'b' },
                    p.text
                )
            })
            .collect();
        check(
            "plies",
            format!("{plies:?}"),
            format!("{:?}", strings(&expect, "plies")),
        );
        let commands: Vec<String> = written
            .commands
            .iter()
            .map(|c| c.name().to_string())
            .collect();
        check(
            "commands",
            format!("{commands:?}"),
            format!("{:?}", strings(&expect, "commands")),
        );
    }
    assert!(
        names.len() >= 20,
        "the fixture corpus is there ({} mails)",
        names.len()
    );
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
