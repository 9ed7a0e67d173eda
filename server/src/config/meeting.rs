//! The online rooms' settings: the STUN/TURN servers browsers connect through, and the Jitsi or LiveKit server that
//! carries rooms of more than four people.

use std::fmt;

/// The online rooms' settings (part of [`super::Config`]; every one optional).
#[derive(Clone, Default, clap::Args)]
pub struct MeetingConfig {
    /// The STUN/TURN servers of online rooms, as the JSON list a browser's `RTCPeerConnection` takes
    /// (`[{"urls": "stun:stun.example.com:3478"}]`). None by default: people on one network need none.
    #[arg(long, global = true, env = "ACADEMY_MEETING_ICE_SERVERS")]
    pub meeting_ice_servers: Option<String>,

    /// The shared secret of the TURN server (TURN REST credentials): each room answer then carries a username
    /// and password valid for a day for the `turn:`/`turns:` servers of the list.
    #[arg(long, global = true, env = "ACADEMY_TURN_SECRET", hide_env_values = true)]
    pub turn_secret: Option<String>,

    /// The Jitsi Meet domain that carries rooms of more than four people (e.g. `meet.example.com`).
    #[arg(long, global = true, env = "ACADEMY_JITSI_DOMAIN")]
    pub jitsi_domain: Option<String>,

    /// The Jitsi application id of its token authentication (with the secret: rooms join with a signed token).
    #[arg(long, global = true, env = "ACADEMY_JITSI_APP_ID")]
    pub jitsi_app_id: Option<String>,

    #[arg(long, global = true, env = "ACADEMY_JITSI_APP_SECRET", hide_env_values = true)]
    pub jitsi_app_secret: Option<String>,

    /// The LiveKit server (`wss://livekit.example.com`) that carries rooms of more than four people.
    #[arg(long, global = true, env = "ACADEMY_LIVEKIT_URL")]
    pub livekit_url: Option<String>,

    #[arg(long, global = true, env = "ACADEMY_LIVEKIT_API_KEY")]
    pub livekit_api_key: Option<String>,

    #[arg(long, global = true, env = "ACADEMY_LIVEKIT_API_SECRET", hide_env_values = true)]
    pub livekit_api_secret: Option<String>,
}

impl fmt::Debug for MeetingConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let redacted = |secret: &Option<String>| secret.as_ref().map(|_| "<redacted>");
        f.debug_struct("MeetingConfig")
            .field("meeting_ice_servers", &self.meeting_ice_servers)
            .field("turn_secret", &redacted(&self.turn_secret))
            .field("jitsi_domain", &self.jitsi_domain)
            .field("jitsi_app_id", &self.jitsi_app_id)
            .field("jitsi_app_secret", &redacted(&self.jitsi_app_secret))
            .field("livekit_url", &self.livekit_url)
            .field("livekit_api_key", &self.livekit_api_key)
            .field("livekit_api_secret", &redacted(&self.livekit_api_secret))
            .finish()
    }
}
