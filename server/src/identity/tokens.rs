//! JSON Web Tokens: short-lived access tokens and longer refresh tokens, both HS256 with the server secret.
//!
//! The algorithm is pinned: verification accepts HS256 only, so `alg: none` and algorithm-confusion tokens are
//! refused. Issuer, audience, expiry and the token kind (`typ`) are always checked, so an access token is never
//! accepted where a refresh token is expected, nor the reverse.
//!
//! A signature alone does not make a token usable: the caller also checks the session (`fam`) is not revoked and
//! the user's `ver` still equals their `token_version` (see [`super::sessions`]), which is how logout, locking a
//! user and "log out everywhere" take effect before `exp`.

use std::time::Duration;

use hmac::{Hmac, Mac as _};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};
use sha2::Sha256;

/// Who issues the tokens.
pub const ISSUER: &str = "academy";
/// Who the tokens are for: the web app.
pub const AUDIENCE: &str = "academy-web";
/// Shortest secret accepted: HS256 keys below 256 bits are guessable offline from any token.
pub const MIN_SECRET_BYTES: usize = 32;

/// Which of the two tokens this is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TokenKind {
    /// Sent as `Authorization: Bearer`; proves who the caller is for a few minutes.
    Access,
    /// Kept in the `current-token` cookie; exchanged once for a new pair at `/auth/refresh`.
    Refresh,
}

/// The claims of both kinds of token.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claims {
    /// The user's id.
    pub sub: String,
    /// The user's role (`STUDENT`...): for an access token, when it was issued; for a refresh token, at login
    /// (each refresh carries it over, so a successor can be signed again identically). Informational: permissions
    /// are decided on the role read from the database with the session check.
    pub role: String,
    pub iss: String,
    pub aud: String,
    pub typ: TokenKind,
    /// Expiry, seconds since the epoch.
    pub exp: i64,
    /// Issue time, seconds since the epoch.
    pub iat: i64,
    /// This token's id; for refresh tokens, the primary key of its `refresh_tokens` row.
    pub jti: String,
    /// The session (refresh-token family) the token belongs to. Both kinds carry it, so logging out with either
    /// token ends the session.
    pub fam: String,
    /// The user's `token_version` at issue; a token with an older version is dead.
    pub ver: i64,
}

/// The user a token is issued to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subject {
    pub user_id: String,
    pub role: String,
    pub token_version: i64,
}

/// A signed token and what it says.
#[derive(Debug, Clone)]
pub struct IssuedToken {
    pub token: String,
    pub claims: Claims,
}

impl IssuedToken {
    /// Expiry in epoch milliseconds, the unit of the database.
    pub fn expires_at_ms(&self) -> i64 {
        self.claims.exp.saturating_mul(1000)
    }
}

/// How long tokens live.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TokenLifetimes {
    /// Access tokens: 15 minutes by default. Short, because an access token is checked statelessly except for
    /// the session lookup.
    pub access: Duration,
    /// Refresh tokens: 7 days by default, the lifetime of the `current-token` cookie.
    pub refresh: Duration,
    /// Clock skew tolerated on `exp` between server instances.
    pub leeway: Duration,
    /// How long after its exchange a refresh token may be exchanged again for the same successor: 10 seconds by
    /// default, so tabs that refresh at once all stay signed in.
    pub refresh_reuse_grace: Duration,
}

impl Default for TokenLifetimes {
    fn default() -> Self {
        Self {
            access: Duration::from_secs(15 * 60),
            refresh: Duration::from_secs(7 * 24 * 60 * 60),
            leeway: Duration::from_secs(5),
            refresh_reuse_grace: Duration::from_secs(10),
        }
    }
}

/// Why a token was refused. Every variant maps to 401; the distinction is for logs and tests.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum TokenError {
    #[error("token expired")]
    Expired,
    #[error("token is a {found:?} token, expected {expected:?}")]
    WrongKind { expected: TokenKind, found: TokenKind },
    #[error("token invalid: {0}")]
    Invalid(String),
}

/// The signing keys and rules; build once at start and share.
#[derive(Clone)]
pub struct TokenKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
    lifetimes: TokenLifetimes,
    /// Keyed with the server secret; names the successor of each refresh token.
    successors: Hmac<Sha256>,
}

impl std::fmt::Debug for TokenKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TokenKeys").field("lifetimes", &self.lifetimes).finish_non_exhaustive()
    }
}

/// The secret is shorter than [`MIN_SECRET_BYTES`].
#[derive(Debug, thiserror::Error)]
#[error("the token secret must be at least {MIN_SECRET_BYTES} bytes long")]
pub struct WeakSecret;

impl TokenKeys {
    /// Keys from the server secret (the config's `TokenSecret::as_bytes()`).
    pub fn new(secret: &[u8], lifetimes: TokenLifetimes) -> Result<Self, WeakSecret> {
        if secret.len() < MIN_SECRET_BYTES {
            return Err(WeakSecret);
        }
        let mut validation = Validation::new(Algorithm::HS256);
        validation.algorithms = vec![Algorithm::HS256];
        validation.set_issuer(&[ISSUER]);
        validation.set_audience(&[AUDIENCE]);
        validation.set_required_spec_claims(&["exp", "iat", "iss", "aud", "sub"]);
        validation.leeway = lifetimes.leeway.as_secs();
        validation.validate_exp = true;
        validation.validate_nbf = false;
        let successors = Hmac::<Sha256>::new_from_slice(secret).map_err(|_| WeakSecret)?;
        Ok(Self {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            validation,
            lifetimes,
            successors,
        })
    }

    pub fn lifetimes(&self) -> TokenLifetimes {
        self.lifetimes
    }

    /// A new access token of session `session_id`.
    pub fn issue_access(&self, subject: &Subject, session_id: &str, now_ms: i64) -> Result<IssuedToken, TokenError> {
        self.issue(subject, TokenKind::Access, session_id, uuid::Uuid::now_v7().to_string(), now_ms)
    }

    /// A new refresh token of session `session_id`; `jti` is the id of its `refresh_tokens` row.
    pub fn issue_refresh(
        &self,
        subject: &Subject,
        session_id: &str,
        jti: String,
        now_ms: i64,
    ) -> Result<IssuedToken, TokenError> {
        self.issue(subject, TokenKind::Refresh, session_id, jti, now_ms)
    }

    /// The id (`jti`) of the refresh token that replaces refresh token `jti`: an HMAC of it with the server
    /// secret, so every exchange of one token names the same successor, and only the server can name it.
    pub fn successor_id(&self, jti: &str) -> String {
        let mut mac = self.successors.clone();
        mac.update(b"refresh-successor:");
        mac.update(jti.as_bytes());
        crate::platform::crypto::hex(&mac.finalize().into_bytes()[..16])
    }

    /// Signs `claims` as they are. Signing is deterministic (HS256 over fixed header and claim order), so the
    /// same claims give the same token again.
    pub fn sign(&self, claims: Claims) -> Result<IssuedToken, TokenError> {
        let token = jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .map_err(|e| TokenError::Invalid(e.to_string()))?;
        Ok(IssuedToken { token, claims })
    }

    fn issue(
        &self,
        subject: &Subject,
        typ: TokenKind,
        session_id: &str,
        jti: String,
        now_ms: i64,
    ) -> Result<IssuedToken, TokenError> {
        let ttl = match typ {
            TokenKind::Access => self.lifetimes.access,
            TokenKind::Refresh => self.lifetimes.refresh,
        };
        let iat = now_ms.div_euclid(1000);
        let claims = Claims {
            sub: subject.user_id.clone(),
            role: subject.role.clone(),
            iss: ISSUER.to_owned(),
            aud: AUDIENCE.to_owned(),
            typ,
            exp: iat.saturating_add(i64::try_from(ttl.as_secs()).unwrap_or(i64::MAX)),
            iat,
            jti,
            fam: session_id.to_owned(),
            ver: subject.token_version,
        };
        self.sign(claims)
    }

    /// The claims of a valid, unexpired token of kind `expected`. Expiry is checked against the system clock.
    pub fn verify(&self, token: &str, expected: TokenKind) -> Result<Claims, TokenError> {
        self.decode(token, &self.validation, expected)
    }

    /// Like [`Self::verify`] but accepting an expired token: logout must end a session even when the token it
    /// was given has just expired. The signature, issuer, audience and kind are still checked.
    pub fn verify_ignoring_expiry(&self, token: &str, expected: TokenKind) -> Result<Claims, TokenError> {
        let mut validation = self.validation.clone();
        validation.validate_exp = false;
        self.decode(token, &validation, expected)
    }

    /// The claims of a validly signed token of either kind, expired or not (for logout).
    pub fn verify_any_kind_ignoring_expiry(&self, token: &str) -> Result<Claims, TokenError> {
        self.verify_ignoring_expiry(token, TokenKind::Access)
            .or_else(|_| self.verify_ignoring_expiry(token, TokenKind::Refresh))
    }

    fn decode(&self, token: &str, validation: &Validation, expected: TokenKind) -> Result<Claims, TokenError> {
        use jsonwebtoken::errors::ErrorKind;
        let data =
            jsonwebtoken::decode::<Claims>(token.trim(), &self.decoding, validation).map_err(|e| match e.kind() {
                ErrorKind::ExpiredSignature => TokenError::Expired,
                _ => TokenError::Invalid(e.to_string()),
            })?;
        if data.header.alg != Algorithm::HS256 {
            return Err(TokenError::Invalid("algorithm".into()));
        }
        if data.claims.typ != expected {
            return Err(TokenError::WrongKind { expected, found: data.claims.typ });
        }
        Ok(data.claims)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use base64::Engine as _;
    use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;

    use super::*;

    const SECRET: &[u8] = b"0123456789abcdef0123456789abcdef-test";

    fn keys() -> TokenKeys {
        TokenKeys::new(SECRET, TokenLifetimes::default()).unwrap()
    }

    fn subject() -> Subject {
        Subject { user_id: "u1".into(), role: "STUDENT".into(), token_version: 3 }
    }

    fn now() -> i64 {
        crate::platform::db::now_ms()
    }

    fn segments(token: &str) -> Vec<String> {
        token.split('.').map(str::to_owned).collect()
    }

    fn claims_json(token: &str) -> serde_json::Value {
        serde_json::from_slice(&B64.decode(&segments(token)[1]).unwrap()).unwrap()
    }

    #[test]
    fn an_access_token_round_trips_with_every_claim() {
        let issued = keys().issue_access(&subject(), "fam1", now()).unwrap();
        let claims = keys().verify(&issued.token, TokenKind::Access).unwrap();
        assert_eq!(claims, issued.claims);
        assert_eq!((claims.iss.as_str(), claims.aud.as_str()), (ISSUER, AUDIENCE));
        assert_eq!((claims.sub.as_str(), claims.fam.as_str(), claims.ver), ("u1", "fam1", 3));
        assert_eq!(claims.exp - claims.iat, 15 * 60);
        let json = claims_json(&issued.token);
        assert_eq!(json["typ"], "access");
    }

    #[test]
    fn a_refresh_token_lives_seven_days() {
        let issued = keys().issue_refresh(&subject(), "fam1", "jti1".into(), now()).unwrap();
        let claims = keys().verify(&issued.token, TokenKind::Refresh).unwrap();
        assert_eq!(claims.exp - claims.iat, 7 * 24 * 3600);
        assert_eq!(claims.jti, "jti1");
    }

    #[test]
    fn an_access_token_is_not_accepted_as_a_refresh_token_nor_the_reverse() {
        let access = keys().issue_access(&subject(), "f", now()).unwrap().token;
        let refresh = keys().issue_refresh(&subject(), "f", "j".into(), now()).unwrap().token;
        assert!(matches!(keys().verify(&access, TokenKind::Refresh), Err(TokenError::WrongKind { .. })));
        assert!(matches!(keys().verify(&refresh, TokenKind::Access), Err(TokenError::WrongKind { .. })));
    }

    #[test]
    fn a_token_with_alg_none_is_rejected() {
        let issued = keys().issue_access(&subject(), "f", now()).unwrap();
        let header = B64.encode(br#"{"alg":"none","typ":"JWT"}"#);
        let parts = segments(&issued.token);
        for forged in [format!("{header}.{}.", parts[1]), format!("{header}.{}.{}", parts[1], parts[2])] {
            assert!(matches!(keys().verify(&forged, TokenKind::Access), Err(TokenError::Invalid(_))), "{forged}");
        }
    }

    #[test]
    fn a_token_signed_with_another_hmac_algorithm_is_rejected() {
        let claims = keys().issue_access(&subject(), "f", now()).unwrap().claims;
        let hs512 =
            jsonwebtoken::encode(&Header::new(Algorithm::HS512), &claims, &EncodingKey::from_secret(SECRET)).unwrap();
        assert!(keys().verify(&hs512, TokenKind::Access).is_err());
    }

    #[test]
    fn a_token_with_a_tampered_payload_or_signature_is_rejected() {
        let issued = keys().issue_access(&subject(), "f", now()).unwrap();
        let parts = segments(&issued.token);
        let mut json = claims_json(&issued.token);
        json["role"] = "ADMIN".into();
        let payload = B64.encode(serde_json::to_vec(&json).unwrap());
        let tampered_payload = format!("{}.{payload}.{}", parts[0], parts[2]);
        let mut signature = B64.decode(&parts[2]).unwrap();
        signature[0] ^= 1;
        let tampered_signature = format!("{}.{}.{}", parts[0], parts[1], B64.encode(signature));
        for token in [tampered_payload, tampered_signature] {
            assert!(keys().verify(&token, TokenKind::Access).is_err());
        }
    }

    #[test]
    fn a_token_signed_with_another_secret_is_rejected() {
        let other = TokenKeys::new(b"another-secret-another-secret-another", TokenLifetimes::default()).unwrap();
        let token = other.issue_access(&subject(), "f", now()).unwrap().token;
        assert!(keys().verify(&token, TokenKind::Access).is_err());
    }

    #[test]
    fn an_expired_token_is_rejected_but_still_readable_for_logout() {
        let an_hour_ago = now() - 3_600_000;
        let token = keys().issue_access(&subject(), "f", an_hour_ago).unwrap().token;
        assert_eq!(keys().verify(&token, TokenKind::Access), Err(TokenError::Expired));
        assert_eq!(keys().verify_any_kind_ignoring_expiry(&token).unwrap().fam, "f");
    }

    #[test]
    fn a_token_for_another_audience_or_issuer_is_rejected() {
        let claims = keys().issue_access(&subject(), "f", now()).unwrap().claims;
        let sign = |c: &Claims| {
            jsonwebtoken::encode(&Header::new(Algorithm::HS256), c, &EncodingKey::from_secret(SECRET)).unwrap()
        };
        let wrong_aud = Claims { aud: "someone-else".into(), ..claims.clone() };
        let wrong_iss = Claims { iss: "someone-else".into(), ..claims.clone() };
        assert!(keys().verify(&sign(&wrong_aud), TokenKind::Access).is_err());
        assert!(keys().verify(&sign(&wrong_iss), TokenKind::Access).is_err());
        assert!(keys().verify(&sign(&claims), TokenKind::Access).is_ok());
    }

    #[test]
    fn garbage_is_rejected() {
        for token in ["", "abc", "a.b.c", "Bearer x.y.z"] {
            assert!(keys().verify(token, TokenKind::Access).is_err(), "{token}");
        }
    }

    #[test]
    fn a_successor_id_is_fixed_by_the_token_and_the_secret() {
        let other = TokenKeys::new(b"another-secret-another-secret-another", TokenLifetimes::default()).unwrap();
        assert_eq!(keys().successor_id("jti1"), keys().successor_id("jti1"));
        assert_ne!(keys().successor_id("jti1"), keys().successor_id("jti2"));
        assert_ne!(keys().successor_id("jti1"), other.successor_id("jti1"));
        assert_eq!(keys().successor_id("jti1").len(), 32);
    }

    #[test]
    fn signing_the_same_claims_again_gives_the_same_token() {
        let issued = keys().issue_refresh(&subject(), "f", "j".into(), now()).unwrap();
        assert_eq!(keys().sign(issued.claims.clone()).unwrap().token, issued.token);
    }

    #[test]
    fn a_short_secret_is_refused() {
        assert!(TokenKeys::new(b"short", TokenLifetimes::default()).is_err());
    }
}
