//! What carries a room: the STUN/TURN servers of a peer-to-peer room (TURN credentials by the TURN REST
//! convention), or the video engine of a larger one (Jitsi Meet or LiveKit, joined with a signed token).

use base64::Engine as _;
use hmac::{Hmac, Mac};
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::config::Config;

/// TURN credentials and engine tokens are valid this long (a class lasts at most 8 hours).
pub const CREDENTIAL_TTL_SECS: i64 = 12 * 60 * 60;

/// One STUN or TURN server, as a browser's `RTCPeerConnection` takes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct IceServer {
    /// Its addresses (`stun:host:3478`, `turn:host:3478?transport=udp`); the setting may give one as a string.
    #[serde(deserialize_with = "one_or_many")]
    pub urls: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub username: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub credential: Option<String>,
}

fn one_or_many<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Vec<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Urls {
        One(String),
        Many(Vec<String>),
    }
    Ok(match Urls::deserialize(deserializer)? {
        Urls::One(url) => vec![url],
        Urls::Many(urls) => urls,
    })
}

impl IceServer {
    fn is_turn(&self) -> bool {
        self.urls.iter().any(|u| u.starts_with("turn:") || u.starts_with("turns:"))
    }
}

/// The configured ICE servers for `user_id` at `now_secs`; TURN servers get time-limited credentials when a TURN
/// secret is set (username `<expiry>:<user id>`, password base64 of HMAC-SHA1 of it under the secret). An
/// unreadable setting gives none (logged).
pub fn ice_servers(config: &Config, user_id: &str, now_secs: i64) -> Vec<IceServer> {
    let Some(text) = config.meeting.meeting_ice_servers.as_deref().filter(|t| !t.trim().is_empty()) else {
        return Vec::new();
    };
    let mut servers: Vec<IceServer> = match serde_json::from_str(text) {
        Ok(servers) => servers,
        Err(e) => {
            tracing::warn!(error = %e, "ACADEMY_MEETING_ICE_SERVERS is not a JSON list of ICE servers");
            return Vec::new();
        }
    };
    if let Some(secret) = config.meeting.turn_secret.as_deref() {
        let username = format!("{}:{user_id}", now_secs + CREDENTIAL_TTL_SECS);
        let credential = turn_password(secret, &username);
        for server in servers.iter_mut().filter(|s| s.is_turn()) {
            server.username = Some(username.clone());
            server.credential = Some(credential.clone());
        }
    }
    servers
}

/// The TURN REST password of `username`: base64(HMAC-SHA1(secret, username)).
pub fn turn_password(secret: &str, username: &str) -> String {
    let Ok(mut mac) = Hmac::<sha1::Sha1>::new_from_slice(secret.as_bytes()) else { return String::new() };
    mac.update(username.as_bytes());
    base64::engine::general_purpose::STANDARD.encode(mac.finalize().into_bytes())
}

/// The person joining a large room.
#[derive(Debug, Clone, Copy)]
pub struct Joiner<'a> {
    pub user_id: &'a str,
    pub name: &'a str,
    /// The room's teacher (or an administrator): moderates it.
    pub moderator: bool,
}

/// How a large room is joined.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EngineJoin {
    /// `jitsi` or `livekit`; `none` when no engine is configured.
    pub engine: String,
    pub configured: bool,
    /// The engine's room name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub room_name: Option<String>,
    /// Jitsi: its domain; LiveKit: its server URL.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub server_url: Option<String>,
    /// The signed token the engine admits the person with (absent for a Jitsi without token authentication).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
    /// A page that opens the room.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub join_url: Option<String>,
}

/// The engine's room name of room `room_id`.
pub fn room_name(room_id: &str) -> String {
    format!("academy-{room_id}")
}

/// How `joiner` enters room `room_id` on the configured engine (LiveKit first, then Jitsi).
pub fn large_room(config: &Config, room_id: &str, joiner: Joiner<'_>, now_secs: i64) -> EngineJoin {
    let name = room_name(room_id);
    let exp = now_secs + CREDENTIAL_TTL_SECS;
    if let (Some(url), Some(key), Some(secret)) = (
        config.meeting.livekit_url.as_deref(),
        config.meeting.livekit_api_key.as_deref(),
        config.meeting.livekit_api_secret.as_deref(),
    ) {
        let claims = json!({
            "iss": key,
            "sub": joiner.user_id,
            "name": joiner.name,
            "nbf": now_secs,
            "exp": exp,
            "video": {
                "room": name,
                "roomJoin": true,
                "canPublish": true,
                "canSubscribe": true,
                "canPublishData": true,
                "roomAdmin": joiner.moderator,
            },
        });
        let token = sign(secret, &claims);
        let join_url = token.as_ref().map(|token| {
            format!(
                "https://meet.livekit.io/custom?liveKitUrl={}&token={token}",
                serde_urlencoded::to_string([("", url)]).unwrap_or_default().trim_start_matches('=')
            )
        });
        return EngineJoin {
            engine: "livekit".into(),
            configured: token.is_some(),
            room_name: Some(name),
            server_url: Some(url.to_owned()),
            token,
            join_url,
        };
    }
    if let Some(domain) = config.meeting.jitsi_domain.as_deref().map(str::trim).filter(|d| !d.is_empty()) {
        let token = match (config.meeting.jitsi_app_id.as_deref(), config.meeting.jitsi_app_secret.as_deref()) {
            (Some(app_id), Some(secret)) => sign(
                secret,
                &json!({
                    "aud": "jitsi",
                    "iss": app_id,
                    "sub": domain,
                    "room": name,
                    "nbf": now_secs,
                    "exp": exp,
                    "context": { "user": { "id": joiner.user_id, "name": joiner.name, "moderator": joiner.moderator } },
                }),
            ),
            _ => None,
        };
        let join_url = match &token {
            Some(token) => format!("https://{domain}/{name}?jwt={token}"),
            None => format!("https://{domain}/{name}"),
        };
        return EngineJoin {
            engine: "jitsi".into(),
            configured: true,
            room_name: Some(name),
            server_url: Some(domain.to_owned()),
            token,
            join_url: Some(join_url),
        };
    }
    EngineJoin {
        engine: "none".into(),
        configured: false,
        room_name: None,
        server_url: None,
        token: None,
        join_url: None,
    }
}

fn sign(secret: &str, claims: &Value) -> Option<String> {
    jsonwebtoken::encode(&Header::new(Algorithm::HS256), claims, &EncodingKey::from_secret(secret.as_bytes()))
        .map_err(|e| tracing::warn!(error = %e, "signing a video engine token failed"))
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turn_servers_get_time_limited_credentials_and_stun_servers_none() {
        let mut config = Config::with_data_dir("/tmp");
        config.meeting.meeting_ice_servers =
            Some(r#"[{"urls":"stun:stun.example.com:3478"},{"urls":["turn:turn.example.com:3478"]}]"#.into());
        config.meeting.turn_secret = Some("north".into());
        let servers = ice_servers(&config, "u1", 1000);
        assert_eq!(servers[0].username, None);
        let username = format!("{}:u1", 1000 + CREDENTIAL_TTL_SECS);
        assert_eq!(servers[1].username.as_deref(), Some(username.as_str()));
        assert_eq!(servers[1].credential, Some(turn_password("north", &username)));
        config.meeting.meeting_ice_servers = Some("not json".into());
        assert!(ice_servers(&config, "u1", 1000).is_empty());
    }
}
