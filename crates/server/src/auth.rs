//! Passwords (argon2id, a random salt each) and session tokens (32 random bytes, kept
//! only as their SHA-256). Nothing here logs or stores a password or a token in clear.

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use sha2::{Digest, Sha256};

/// How long a session token lives.
pub const TOKEN_LIFETIME_MS: u64 = 30 * 24 * 3600 * 1000;

/// Random bytes from the operating system.
pub fn random_bytes<const N: usize>() -> Result<[u8; N], String> {
    let mut buf = [0u8; N];
    getrandom::fill(&mut buf).map_err(|e| format!("no randomness from the system: {e}"))?;
    Ok(buf)
}

/// Lower-case hex.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The SHA-256 of some bytes, in hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

/// A new session token: (the token to give once, the hash to store).
pub fn new_token() -> Result<(String, String), String> {
    let token = hex(&random_bytes::<32>()?);
    let hash = sha256_hex(token.as_bytes());
    Ok((token, hash))
}

/// The stored form of a token.
pub fn token_hash(token: &str) -> String {
    sha256_hex(token.as_bytes())
}

/// The argon2id hash of a password, in PHC form with its salt.
pub fn hash_password(password: &str) -> Result<String, String> {
    let salt = SaltString::encode_b64(&random_bytes::<16>()?).map_err(|e| e.to_string())?;
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| format!("cannot hash the password: {e}"))
}

/// Whether `password` matches a stored hash.
pub fn verify_password(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored).is_ok_and(|h| {
        Argon2::default()
            .verify_password(password.as_bytes(), &h)
            .is_ok()
    })
}

/// Checks a new account's name: 2 to 24 letters, digits, `_` or `-`, not `guest-...`.
pub fn check_name(name: &str) -> Result<(), String> {
    let ok_chars = name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if !(2..=24).contains(&name.len()) || !ok_chars {
        return Err("a name is 2 to 24 letters, digits, _ or -".into());
    }
    if name.to_ascii_lowercase().starts_with("guest-") {
        return Err("names starting with guest- are for guests".into());
    }
    Ok(())
}

/// Checks a new password's length: 8 to 256 bytes.
pub fn check_password(password: &str) -> Result<(), String> {
    if !(8..=256).contains(&password.len()) {
        return Err("a password is 8 to 256 bytes".into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_are_hashed_with_argon2id_and_salted() {
        let a = hash_password("correct horse").unwrap();
        let b = hash_password("correct horse").unwrap();
        assert!(a.starts_with("$argon2id$"));
        assert_ne!(a, b, "each hash has its own salt");
        assert!(!a.contains("correct horse"));
        assert!(verify_password("correct horse", &a));
        assert!(!verify_password("correct horsf", &a));
        assert!(!verify_password("correct horse", "not a hash"));
    }

    #[test]
    fn tokens_are_stored_as_their_hash() {
        let (token, hash) = new_token().unwrap();
        assert_eq!(token.len(), 64);
        assert_eq!(token_hash(&token), hash);
        assert_ne!(token, hash);
    }

    #[test]
    fn names_are_checked() {
        assert!(check_name("ann").is_ok());
        assert!(check_name("a").is_err());
        assert!(check_name("guest-12").is_err());
        assert!(check_name("ann bob").is_err());
        assert!(check_password("short").is_err());
    }
}
