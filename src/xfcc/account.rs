//! Xfcc accounts: a player's user name is his registered address, his
//! password one the arbiter made and mailed to that address (or gave the
//! operator, `mailarbiter xfcc reset`), kept in the store as an Argon2id
//! hash only. A password never reaches a log.

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;

/// The letters of a password: no `0/O`, `1/l/I` to confuse on paper.
const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/// The length of a password: 16 letters of 56, about 93 bits.
const LENGTH: usize = 16;

/// The store key of the password hash of the player at `address`.
pub fn key(address: &str) -> String {
    format!("xfcc:account:{}", address.to_lowercase())
}

/// A new random password.
pub fn new_password() -> String {
    let mut out = String::with_capacity(LENGTH);
    while out.len() < LENGTH {
        let mut bytes = [0u8; 32];
        random(&mut bytes);
        // 56 × 4 = 224: the bytes above are dropped, so each letter is
        // equally likely
        for b in bytes {
            if usize::from(b) < ALPHABET.len() * 4 && out.len() < LENGTH {
                out.push(char::from(ALPHABET[usize::from(b) % ALPHABET.len()]));
            }
        }
    }
    out
}

/// Fills `bytes` from the operating system's randomness.
fn random(bytes: &mut [u8]) {
    // the system's source does not fail on Linux once booted; were it to,
    // a password of zeros must never be made
    getrandom::fill(bytes).expect("the system's randomness");
}

/// The Argon2id hash of `password` (PHC string, the parameters inside).
pub fn hash(password: &str) -> String {
    let mut bytes = [0u8; 16];
    random(&mut bytes);
    let Ok(salt) = SaltString::encode_b64(&bytes) else {
        return String::new();
    };
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .unwrap_or_default()
}

/// Whether `password` is the one `hash` was made from (false for a
/// damaged hash).
pub fn verify(hash: &str, password: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|parsed| {
        Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_is_verified_by_its_hash_only() {
        let password = new_password();
        assert_eq!(password.len(), LENGTH);
        assert!(password.bytes().all(|b| ALPHABET.contains(&b)));
        let stored = hash(&password);
        assert!(stored.starts_with("$argon2id$"), "{stored}");
        assert!(!stored.contains(&password));
        assert!(verify(&stored, &password));
        assert!(!verify(&stored, "guess"));
        assert!(!verify("not a hash", &password));
        assert_ne!(new_password(), password);
    }
}
