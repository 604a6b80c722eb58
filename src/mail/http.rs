//! The HTTP client of the OAuth2 token requests: one request per
//! connection (a token is asked for about once an hour), over hyper's HTTP/1
//! client connection on TCP, with TLS by tokio-rustls (the Mozilla roots
//! and the server's `ca_file`) for `https://`. hyper reads and writes the HTTP; this file only opens the
//! connection, names the host and bounds the time and the answer's size.
//! It follows no redirect: a token endpoint answers itself.

use ::oauth2::http;
use http_body_util::{BodyExt as _, Full, Limited};
use hyper::body::Bytes;
use std::path::{Path, PathBuf};
use std::time::Duration;
use thiserror::Error;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpStream;

/// How long one request may take, connecting included.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// The largest answer read: a token answer is a few KiB.
const MAX_ANSWER_BYTES: usize = 1024 * 1024;

/// Why a request got no answer. It never holds the request's body (the
/// tokens and secrets are there).
#[derive(Debug, Error)]
#[error("{0}")]
pub struct HttpError(String);

/// Sends `request` (an absolute `http://` or `https://` URI) and reads the
/// whole answer, within [`REQUEST_TIMEOUT`]; `https://` trusts the Mozilla
/// roots and the certificates in `ca_file`.
///
/// # Errors
/// [`HttpError`] when the server cannot be reached, the TLS handshake
/// fails, the time runs out or the answer is larger than 1 MiB.
pub async fn send(
    request: http::Request<Vec<u8>>,
    ca_file: Option<PathBuf>,
) -> Result<http::Response<Vec<u8>>, HttpError> {
    match tokio::time::timeout(REQUEST_TIMEOUT, exchange(request, ca_file.as_deref())).await {
        Ok(answer) => answer,
        Err(_) => Err(HttpError(format!(
            "no answer within {} s",
            REQUEST_TIMEOUT.as_secs()
        ))),
    }
}

/// The server a request goes to, as the `Host` header names it.
struct Endpoint {
    host: String,
    port: u16,
    default_port: u16,
}

async fn exchange(
    request: http::Request<Vec<u8>>,
    ca_file: Option<&Path>,
) -> Result<http::Response<Vec<u8>>, HttpError> {
    let (parts, body) = request.into_parts();
    let uri = parts.uri.clone();
    let tls = match uri.scheme_str() {
        Some("https") => true,
        Some("http") => false,
        other => {
            return Err(HttpError(format!(
                "{uri}: not an http:// or https:// URL ({other:?})"
            )))
        }
    };
    let default_port = if tls { 443 } else { 80 };
    let at = Endpoint {
        host: uri
            .host()
            .ok_or_else(|| HttpError(format!("{uri}: no host")))?
            .to_string(),
        port: uri.port_u16().unwrap_or(default_port),
        default_port,
    };
    // an IPv6 literal is written in brackets in the URI, not to connect
    let bare = at.host.trim_start_matches('[').trim_end_matches(']');
    let (host, port) = (&at.host, at.port);
    let tcp = TcpStream::connect((bare, port))
        .await
        .map_err(|e| HttpError(format!("connecting to {host}:{port}: {e}")))?;
    tcp.set_nodelay(true)
        .map_err(|e| HttpError(format!("TCP_NODELAY: {e}")))?;
    if tls {
        let name = rustls::pki_types::ServerName::try_from(bare.to_string())
            .map_err(|e| HttpError(format!("TLS server name {bare}: {e}")))?;
        let stream = super::tls::connector(ca_file)
            .map_err(HttpError)?
            .connect(name, tcp)
            .await
            .map_err(|e| HttpError(format!("TLS with {host}:{port}: {e}")))?;
        talk(stream, &at, parts, body).await
    } else {
        talk(tcp, &at, parts, body).await
    }
}

/// The request over `stream` (connected, TLS done), and its whole answer.
async fn talk(
    stream: impl AsyncRead + AsyncWrite + Unpin + Send + 'static,
    at: &Endpoint,
    mut parts: http::request::Parts,
    body: Vec<u8>,
) -> Result<http::Response<Vec<u8>>, HttpError> {
    let (host, port) = (&at.host, at.port);
    let uri = parts.uri.clone();
    let (mut sender, connection) =
        hyper::client::conn::http1::handshake(hyper_util::rt::TokioIo::new(stream))
            .await
            .map_err(|e| HttpError(format!("HTTP with {host}:{port}: {e}")))?;
    // the connection is driven beside the request; it ends with it
    let driver = tokio::spawn(connection);
    // the request line carries the path (origin form), the Host header the
    // server's name, as HTTP/1.1 asks
    let authority = if port == at.default_port {
        host.clone()
    } else {
        format!("{host}:{port}")
    };
    parts.uri = uri
        .path_and_query()
        .map_or("/", |p| p.as_str())
        .parse()
        .map_err(|e| HttpError(format!("{uri}: {e}")))?;
    parts.headers.insert(
        http::header::HOST,
        authority
            .parse()
            .map_err(|e| HttpError(format!("{uri}: {e}")))?,
    );
    parts.headers.insert(
        http::header::USER_AGENT,
        http::HeaderValue::from_static(concat!("mailarbiter/", env!("CARGO_PKG_VERSION"))),
    );
    let request = http::Request::from_parts(parts, Full::new(Bytes::from(body)));
    let answer = sender
        .send_request(request)
        .await
        .map_err(|e| HttpError(format!("HTTP with {host}:{port}: {e}")))?;
    let (parts, body) = answer.into_parts();
    let body = Limited::new(body, MAX_ANSWER_BYTES)
        .collect()
        .await
        .map_err(|e| HttpError(format!("reading the answer of {host}:{port}: {e}")))?
        .to_bytes();
    driver.abort();
    Ok(http::Response::from_parts(parts, body.to_vec()))
}
