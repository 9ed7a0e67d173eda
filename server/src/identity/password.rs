//! Password hashing with argon2id at the `argon2` crate's defaults, which are OWASP's recommendation
//! (m = 19456 KiB, t = 2, p = 1; about 20 ms and 19 MiB per hash). Hashes are PHC strings
//! (`$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`), so the parameters travel with each hash.
//!
//! A hash costs CPU and memory on purpose, so it never runs on the async runtime's worker threads: every hash
//! and verify goes to tokio's blocking pool, and a semaphore bounds how many run at once (by default one per
//! core). Requests beyond the bound wait their turn instead of starving the runtime or exhausting memory
//! (200 simultaneous logins would otherwise need 3.8 GiB).

use std::sync::Arc;

use argon2::password_hash::{PasswordHash, PasswordHasher as _, PasswordVerifier as _, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use tokio::sync::{OnceCell, Semaphore};

/// Why hashing or verifying could not run. Always an internal error: a wrong password is `Ok(false)`.
#[derive(Debug, thiserror::Error)]
pub enum PasswordError {
    #[error("argon2 failed: {0}")]
    Argon2(argon2::password_hash::Error),
    #[error("the password hashing task did not finish: {0}")]
    Task(#[from] tokio::task::JoinError),
    #[error("the password hashing pool is closed")]
    Closed,
}

/// Hashes and verifies passwords; cheap to clone (share one per server).
#[derive(Clone, Debug)]
pub struct Passwords {
    permits: Arc<Semaphore>,
    /// A hash of a random password with the current parameters, verified when the account does not exist so
    /// that an unknown username costs the same time as a wrong password.
    dummy: Arc<OnceCell<String>>,
}

impl Default for Passwords {
    fn default() -> Self {
        Self::new(default_concurrency())
    }
}

/// One hash at a time per core: more would only queue inside the OS scheduler and slow everyone.
pub fn default_concurrency() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

fn argon2() -> Argon2<'static> {
    Argon2::new(Algorithm::Argon2id, Version::V0x13, Params::default())
}

impl Passwords {
    /// At most `max_concurrent` hashes run at once (at least one).
    pub fn new(max_concurrent: usize) -> Self {
        Self { permits: Arc::new(Semaphore::new(max_concurrent.max(1))), dummy: Arc::new(OnceCell::new()) }
    }

    /// A new PHC string for `password`, with a fresh random salt.
    pub async fn hash(&self, password: &str) -> Result<String, PasswordError> {
        let password = password.to_owned();
        self.run(move || hash_now(&password)).await?
    }

    /// Whether `password` matches the PHC string `phc`. A malformed stored hash is an error, not a mismatch.
    pub async fn verify(&self, password: &str, phc: &str) -> Result<bool, PasswordError> {
        let (password, phc) = (password.to_owned(), phc.to_owned());
        self.run(move || verify_now(&password, &phc)).await?
    }

    /// Verifies against the stored hash when there is one, otherwise against a fixed dummy hash and answers
    /// `false`: both paths cost one argon2 verification, so response times do not reveal which usernames exist.
    pub async fn verify_or_dummy(&self, password: &str, phc: Option<&str>) -> Result<bool, PasswordError> {
        match phc {
            Some(phc) => self.verify(password, phc).await,
            None => {
                let dummy = self.dummy_hash().await?;
                self.verify(password, &dummy).await.map(|_| false)
            }
        }
    }

    /// Whether a stored hash was made with other parameters than today's, so it should be replaced by a new
    /// hash of the password just verified.
    pub fn needs_rehash(phc: &str) -> bool {
        let Ok(parsed) = PasswordHash::new(phc) else { return true };
        let current = Params::default();
        parsed.algorithm != Algorithm::Argon2id.ident()
            || Params::try_from(&parsed).map_or(true, |p| {
                (p.m_cost(), p.t_cost(), p.p_cost()) != (current.m_cost(), current.t_cost(), current.p_cost())
            })
    }

    async fn dummy_hash(&self) -> Result<String, PasswordError> {
        let hash = self
            .dummy
            .get_or_try_init(|| async {
                let secret = crate::platform::crypto::hex(&crate::platform::crypto::random_bytes::<16>());
                self.hash(&secret).await
            })
            .await?;
        Ok(hash.clone())
    }

    /// Runs `work` on the blocking pool once a permit is free.
    async fn run<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> Result<T, PasswordError> {
        let permit = Arc::clone(&self.permits).acquire_owned().await.map_err(|_| PasswordError::Closed)?;
        let result = tokio::task::spawn_blocking(move || {
            let out = work();
            drop(permit);
            out
        })
        .await?;
        Ok(result)
    }
}

fn hash_now(password: &str) -> Result<String, PasswordError> {
    let salt = SaltString::encode_b64(&crate::platform::crypto::random_bytes::<16>()).map_err(PasswordError::Argon2)?;
    argon2().hash_password(password.as_bytes(), &salt).map(|h| h.to_string()).map_err(PasswordError::Argon2)
}

fn verify_now(password: &str, phc: &str) -> Result<bool, PasswordError> {
    let parsed = PasswordHash::new(phc).map_err(PasswordError::Argon2)?;
    match argon2().verify_password(password.as_bytes(), &parsed) {
        Ok(()) => Ok(true),
        Err(argon2::password_hash::Error::Password) => Ok(false),
        Err(e) => Err(PasswordError::Argon2(e)),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use std::time::{Duration, Instant};

    use super::*;

    #[tokio::test]
    async fn a_hash_is_an_argon2id_phc_string_with_owasp_parameters() {
        let hash = Passwords::default().hash("Secret#123").await.unwrap();
        assert!(hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{hash}");
        assert!(!Passwords::needs_rehash(&hash));
    }

    #[tokio::test]
    async fn the_right_password_verifies_and_a_wrong_one_does_not() {
        let passwords = Passwords::default();
        let hash = passwords.hash("Secret#123").await.unwrap();
        assert!(passwords.verify("Secret#123", &hash).await.unwrap());
        assert!(!passwords.verify("secret#123", &hash).await.unwrap());
    }

    #[tokio::test]
    async fn two_hashes_of_one_password_differ_by_their_salt() {
        let passwords = Passwords::default();
        assert_ne!(passwords.hash("same").await.unwrap(), passwords.hash("same").await.unwrap());
    }

    #[tokio::test]
    async fn a_malformed_stored_hash_is_an_error_not_a_match() {
        assert!(Passwords::default().verify("x", "not a phc string").await.is_err());
    }

    #[tokio::test]
    async fn an_unknown_user_is_refused_and_costs_about_as_long_as_a_known_one() {
        let passwords = Passwords::new(1);
        let hash = passwords.hash("Secret#123").await.unwrap();
        assert!(!passwords.verify_or_dummy("Secret#123", None).await.unwrap());
        // Interleaved runs, compared by their fastest: the minimum is robust to other tests sharing the CPU.
        let (mut known, mut unknown) = (Duration::MAX, Duration::MAX);
        for _ in 0..5 {
            for (phc, best) in [(Some(hash.as_str()), &mut known), (None, &mut unknown)] {
                let start = Instant::now();
                passwords.verify_or_dummy("wrong", phc).await.unwrap();
                *best = (*best).min(start.elapsed());
            }
        }
        let ratio = known.as_secs_f64() / unknown.as_secs_f64();
        // Wide bounds: a loaded test machine stretches single runs; a real difference (no hash) is ~100×.
        assert!((0.33..3.0).contains(&ratio), "known {known:?} vs unknown {unknown:?}");
    }

    #[tokio::test]
    async fn a_hash_waits_while_every_permit_is_taken() {
        let passwords = Passwords::new(1);
        let held = Arc::clone(&passwords.permits).acquire_owned().await.unwrap();
        let waiting = tokio::spawn({
            let passwords = passwords.clone();
            async move { passwords.hash("a").await }
        });
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert!(!waiting.is_finished(), "the hash ran without a permit");
        drop(held);
        waiting.await.unwrap().unwrap();
    }

    #[tokio::test(flavor = "current_thread")]
    async fn the_runtime_stays_responsive_while_hashes_run() {
        let passwords = Passwords::new(2);
        let work = tokio::spawn({
            let passwords = passwords.clone();
            async move {
                for _ in 0..4 {
                    passwords.hash("x").await.unwrap();
                }
            }
        });
        // On this single-threaded runtime, hashing on the worker would block the timer loop: it would get about
        // one turn per hash. Off the worker, it turns every millisecond or so for the ~80+ ms of four hashes.
        let mut turns = 0;
        while !work.is_finished() {
            tokio::time::sleep(Duration::from_millis(1)).await;
            turns += 1;
        }
        // Blocking would allow about 4 turns (one per hash); a loaded machine still allows well over 10.
        assert!(turns >= 10, "the runtime got only {turns} turns while hashing");
    }

    #[test]
    fn hashes_with_other_parameters_need_a_rehash() {
        let weak = "$argon2id$v=19$m=4096,t=1,p=1$c29tZXNhbHRzb21lc2FsdA$wWKIMhR9lyDFvRz9YTZweHKfbftvj+qf+YFY4NeBbtA";
        assert!(Passwords::needs_rehash(weak));
        assert!(Passwords::needs_rehash("garbage"));
    }
}
