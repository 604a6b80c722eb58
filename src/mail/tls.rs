//! The TLS client settings of every connection the daemon opens (IMAP,
//! SMTP, the OAuth2 endpoints): rustls with ring, the Mozilla roots
//! (webpki-roots) and the certificates of a private CA in `ca_file`.

use std::path::Path;
use std::sync::Arc;

/// A TLS connector trusting the Mozilla roots and the certificates in
/// `ca_file` (a private CA).
///
/// # Errors
/// When `ca_file` cannot be read or holds no usable certificate: the
/// reason, naming the file.
pub(crate) fn connector(ca_file: Option<&Path>) -> Result<tokio_rustls::TlsConnector, String> {
    use rustls::pki_types::{pem::PemObject, CertificateDer};
    let mut roots =
        rustls::RootCertStore::from_iter(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
    if let Some(path) = ca_file {
        let unusable = |e: &dyn std::fmt::Display| format!("ca_file {}: {e}", path.display());
        let certs = CertificateDer::pem_file_iter(path).map_err(|e| unusable(&e))?;
        for cert in certs {
            let cert = cert.map_err(|e| unusable(&e))?;
            roots.add(cert).map_err(|e| unusable(&e))?;
        }
    }
    let config = rustls::ClientConfig::builder_with_provider(Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .expect("ring supports the default protocol versions")
    .with_root_certificates(roots)
    .with_no_client_auth();
    Ok(tokio_rustls::TlsConnector::from(Arc::new(config)))
}
