//! The control socket: while `run` holds the store (sled locks it against a
//! second process), `games`, `show` and `export` ask the daemon over a Unix
//! socket in the state folder. One request a connection: the command line
//! as a JSON array; the answer: the exit code on the first line, then the
//! output.

use crate::cli::{self, Cli};
use crate::config::Config;
use crate::daemon::Snapshot;
use clap::Parser;
use std::io::{self, Read as _, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{UnixListener, UnixStream};
use tracing::{debug, warn};

/// Starts answering on `path` (replacing a stale socket).
///
/// # Errors
/// When the socket cannot be made.
pub fn listen(path: &Path, config: Config, snapshot: Snapshot) -> io::Result<()> {
    let _ = std::fs::remove_file(path);
    let listener = UnixListener::bind(path)?;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600))?;
    tokio::spawn(async move {
        loop {
            match listener.accept().await {
                Ok((stream, _)) => {
                    let config = config.clone();
                    let snapshot = snapshot.clone();
                    tokio::spawn(async move {
                        if let Err(e) = answer(stream, &config, &snapshot).await {
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

async fn answer(stream: UnixStream, config: &Config, snapshot: &Snapshot) -> io::Result<()> {
    let (read, mut write) = stream.into_split();
    let mut line = String::new();
    BufReader::new(read.take(64 * 1024))
        .read_line(&mut line)
        .await?;
    let (code, text) = match serde_json::from_str::<Vec<String>>(&line) {
        Ok(args) => {
            match Cli::try_parse_from(std::iter::once("mailarbiter".to_string()).chain(args)) {
                Ok(cli) => {
                    let state = snapshot.lock().map(|s| s.clone()).unwrap_or_default();
                    match cli::view(config, &state, &cli.command) {
                        Ok(text) => (0, text),
                        Err(text) => (1, text),
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
