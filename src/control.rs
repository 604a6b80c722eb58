//! The control socket: while `run` holds the store (sled locks it against a
//! second process), `games`, `show` and `export` ask the daemon over a Unix
//! socket in the state folder, and `status` asks it how it is. One request
//! a connection: the command line as a JSON array; the answer: the exit
//! code on the first line, then the output.

use crate::cli::{self, Cli};
use crate::config::Config;
use crate::status::{Monitor, Snapshot};
use clap::Parser;
use std::io::{self, Read as _, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{UnixListener, UnixStream};
use tracing::{debug, warn};

/// How long a connection may take to send its request line.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(5);

/// Starts answering on `path` (replacing a stale socket).
///
/// # Errors
/// When the socket cannot be made.
pub fn listen(path: &Path, config: Config, snapshot: Snapshot, monitor: Monitor) -> io::Result<()> {
    listen_with(path, config, snapshot, Some(monitor), REQUEST_TIMEOUT)
}

/// As [`listen`]; a connection that has not sent a full line within
/// `request_timeout` is dropped.
fn listen_with(
    path: &Path,
    config: Config,
    snapshot: Snapshot,
    monitor: Option<Monitor>,
    request_timeout: Duration,
) -> io::Result<()> {
    let _ = std::fs::remove_file(path);
    // The socket is made under the umask and only then narrowed to 0600; in
    // between, nobody else can reach it: it lives in the state folder, which
    // `SledStore::open` made 0700 before the daemon got here.
    let listener = UnixListener::bind(path)?;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600))?;
    tokio::spawn(async move {
        loop {
            match listener.accept().await {
                Ok((stream, _)) => {
                    let config = config.clone();
                    let snapshot = snapshot.clone();
                    let monitor = monitor.clone();
                    tokio::spawn(async move {
                        let answered = answer(
                            stream,
                            &config,
                            &snapshot,
                            monitor.as_ref(),
                            request_timeout,
                        );
                        if let Err(e) = answered.await {
                            debug!(error = %e, "control request failed");
                        }
                    });
                }
                Err(e) => {
                    warn!(error = %e, "control socket");
                    tokio::time::sleep(Duration::from_secs(1)).await;
                }
            }
        }
    });
    Ok(())
}

async fn answer(
    stream: UnixStream,
    config: &Config,
    snapshot: &Snapshot,
    monitor: Option<&Monitor>,
    request_timeout: Duration,
) -> io::Result<()> {
    let (read, mut write) = stream.into_split();
    let mut line = String::new();
    let mut reader = BufReader::new(read.take(64 * 1024));
    // a client that connects and says nothing (or never ends its line) must
    // not hold a task and a descriptor for ever: dropping the stream closes it
    tokio::time::timeout(request_timeout, reader.read_line(&mut line))
        .await
        .map_err(|_| {
            io::Error::new(
                io::ErrorKind::TimedOut,
                format!("no request line within {request_timeout:?}"),
            )
        })??;
    let (code, text) = match serde_json::from_str::<Vec<String>>(&line) {
        Ok(args) => {
            match Cli::try_parse_from(std::iter::once("mailarbiter".to_string()).chain(args)) {
                Ok(Cli {
                    command: cli::Command::Status { .. },
                    ..
                }) => status(monitor),
                Ok(cli) => {
                    // the config SIGHUP put in place, if it replaced the first
                    let current = crate::repair::daemon_config();
                    let config = current.as_ref().unwrap_or(config);
                    match crate::repair::daemon_answer(config, &cli.command) {
                        Some(answer) => answer,
                        None => {
                            let state = snapshot.lock().map(|s| s.clone()).unwrap_or_default();
                            match cli::view(config, &state, &cli.command) {
                                Ok(text) => (0, text),
                                Err(text) => (1, text),
                            }
                        }
                    }
                }
                Err(e) => (2, e.to_string()),
            }
        }
        Err(e) => (2, format!("bad request: {e}")),
    };
    write
        .write_all(format!("{code}\n{text}").as_bytes())
        .await?;
    write.shutdown().await
}

/// `status`: what the daemon knows, as JSON (not judged: the asking
/// command holds the thresholds).
fn status(monitor: Option<&Monitor>) -> (i32, String) {
    let Some(monitor) = monitor else {
        return (1, "no status here".into());
    };
    match crate::status::gather(monitor.store().as_ref(), Some(monitor.health()), true) {
        Ok(status) => (0, serde_json::to_string(&status).unwrap_or_default()),
        Err(e) => (1, format!("status: {e}")),
    }
}

/// Asks the daemon on `path` to run the command line `args`: (exit code, output).
///
/// # Errors
/// When no daemon answers.
pub fn ask(path: &Path, args: &[String]) -> io::Result<(i32, String)> {
    let mut stream = std::os::unix::net::UnixStream::connect(path)?;
    stream.set_read_timeout(Some(Duration::from_secs(30)))?;
    let request = serde_json::to_string(args).map_err(io::Error::other)?;
    stream.write_all(request.as_bytes())?;
    stream.write_all(b"\n")?;
    let mut reply = String::new();
    stream.read_to_string(&mut reply)?;
    let (code, text) = reply.split_once('\n').unwrap_or((&reply, ""));
    let code = code
        .trim()
        .parse()
        .map_err(|_| io::Error::other("the daemon's answer has no exit code"))?;
    Ok((code, text.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    #[tokio::test]
    async fn a_silent_connection_is_dropped_while_a_request_is_answered() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("control.sock");
        let config = Config::parse(
            crate::config::EMBEDDED_DEFAULT,
            Path::new("/nonexistent"),
            false,
        )
        .unwrap();
        let limit = Duration::from_millis(100);
        listen_with(&path, config, Snapshot::default(), None, limit).unwrap();
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
        let started = Instant::now();
        let mut silent = UnixStream::connect(&path).await.unwrap();
        let mut unended = UnixStream::connect(&path).await.unwrap();
        unended.write_all(b"[\"games\"").await.unwrap();
        // meanwhile a request is answered as before
        let mut client = UnixStream::connect(&path).await.unwrap();
        client.write_all(b"[\"show\", \"NOPE/1\"]\n").await.unwrap();
        let mut reply = String::new();
        client.read_to_string(&mut reply).await.unwrap();
        assert!(reply.starts_with("1\nno game NOPE/1"), "{reply}");
        for stream in [&mut silent, &mut unended] {
            let mut rest = Vec::new();
            let read = tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut rest))
                .await
                .expect("the daemon closes a silent connection");
            assert_eq!(read.unwrap(), 0, "{rest:?}");
        }
        assert!(started.elapsed() >= limit);
    }
}
