//! One person's signalling socket in a room: takes a place (at most four people at once), tells the others who
//! joined and left, relays their peer-connection messages, and keeps the place while it lives.

use std::time::Duration;

use academy_shared::{
    Lang, Message as _,
    meeting::{self, Refusal},
};
use axum::extract::ws::{CloseFrame, Message, WebSocket};
use serde_json::{Value, json};

use super::{
    relay::{MAX_MESSAGE_BYTES, Relayed},
    service::{self, Room, Viewer},
    views::display_name,
};
use crate::{
    platform::db::{new_id, now_ms},
    state::AppState,
};

/// A socket refreshes its place this often.
const HEARTBEAT: Duration = Duration::from_secs(20);
/// The close code of a refused socket (a full room) and of an ended room.
const CLOSE_REFUSED: u16 = 4009;
/// What a browser may send.
const RELAYED_TYPES: [&str; 5] = ["offer", "answer", "candidate", "media", "leave"];

/// Runs the socket of `viewer` in `room` until either side leaves, the room closes or the server stops.
pub async fn run(mut ws: WebSocket, state: AppState, room: Room, viewer: Viewer, lang: Lang) {
    let relay = state.meetings.relay.clone();
    let room_id = room.row.id.clone();
    let me = viewer.person.id.clone();
    let my_name = display_name(&viewer.person);
    let connection = new_id();
    let mut closed = relay.closed();
    let _open = crate::platform::metrics::OpenGauge::open(crate::platform::metrics::names::ROOM_SOCKETS);

    let mut feed = match relay.subscribe(&room_id).await {
        Ok(feed) => feed,
        Err(e) => {
            tracing::error!(error = %e, "listening for signalling failed");
            let _ = ws.send(Message::Close(None)).await;
            return;
        }
    };
    let replaced = match service::take_place(&state.pool, state.backend, &room_id, &connection, &me, now_ms()).await {
        Ok(Some(replaced)) => replaced,
        Ok(None) => {
            let refusal = Refusal::Full { max: meeting::P2P_MAX_PEOPLE };
            refuse(&mut ws, "full", &refusal.message(lang)).await;
            return;
        }
        Err(e) => {
            tracing::error!(error = %e, "taking a place in a room failed");
            let _ = ws.send(Message::Close(None)).await;
            return;
        }
    };
    for old in replaced {
        let message = json!({ "type": "replaced" });
        relay.publish(relayed(&room_id, &connection, None, Some(old), message)).await;
    }
    // The others hear of the newcomer before the newcomer can send them anything.
    let join = json!({ "type": "join", "from": me, "fromName": my_name });
    relay.publish(relayed(&room_id, &connection, None, None, join)).await;
    let welcome = json!({
        "type": "welcome",
        "you": { "id": me, "name": my_name },
        "peers": peers(&state, &room, &me).await,
    });
    let welcomed = ws.send(text_of(&welcome)).await.is_ok();

    let mut heartbeat = tokio::time::interval(HEARTBEAT);
    heartbeat.tick().await;
    let mut announce_leave = true;
    if welcomed {
        loop {
            tokio::select! {
                incoming = ws.recv() => {
                    let text = match incoming {
                        Some(Ok(Message::Text(text))) => text,
                        Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                        Some(Ok(_)) => continue,
                    };
                    match read(text.as_str(), &me, &my_name, lang) {
                        Ok((message, to, leaving)) => {
                            relay.publish(relayed(&room_id, &connection, to, None, message)).await;
                            if leaving {
                                announce_leave = false;
                                break;
                            }
                        }
                        Err(problem) => {
                            if ws.send(text_of(&json!({ "type": "error", "message": problem }))).await.is_err() {
                                break;
                            }
                        }
                    }
                }
                relayed = feed.recv() => {
                    if !relayed.is_for(&connection, &me) {
                        continue;
                    }
                    if ws.send(text_of(&relayed.message)).await.is_err() {
                        break;
                    }
                    if relayed.message["type"] == "replaced" {
                        announce_leave = false;
                        let _ = ws.send(Message::Close(None)).await;
                        break;
                    }
                }
                _ = heartbeat.tick() => {
                    let now = now_ms();
                    if now >= meeting::closes_at(room.row.end_at) {
                        refuse(&mut ws, "ended", &Refusal::Ended.message(lang)).await;
                        break;
                    }
                    if let Err(e) = service::still_here(&state.pool, &connection, now).await {
                        tracing::warn!(error = %e, "keeping a place in a room failed");
                    }
                }
                _ = closed.changed() => {
                    // 1012, "service restart": the server stops; the browser may join again (another instance).
                    let frame = CloseFrame { code: 1012, reason: "restarting".into() };
                    let _ = ws.send(Message::Close(Some(frame))).await;
                    break;
                }
            }
        }
    }
    if let Err(e) = service::leave(&state.pool, &connection).await {
        tracing::warn!(error = %e, "leaving a room failed");
    }
    if announce_leave {
        let leave = json!({ "type": "leave", "from": me, "fromName": my_name });
        relay.publish(relayed(&room_id, &connection, None, None, leave)).await;
    }
}

/// A browser's message made ready to relay: (the message tagged with its sender, its addressee, whether the
/// sender leaves), or the problem to tell the sender.
fn read(text: &str, me: &str, my_name: &str, lang: Lang) -> Result<(Value, Option<String>, bool), String> {
    let unreadable = || match lang {
        Lang::Vi => "Tin nhắn không hợp lệ.".to_owned(),
        Lang::En => "Unreadable message.".to_owned(),
    };
    if text.len() > MAX_MESSAGE_BYTES {
        return Err(match lang {
            Lang::Vi => format!("Tin nhắn dài quá {MAX_MESSAGE_BYTES} byte."),
            Lang::En => format!("The message is longer than {MAX_MESSAGE_BYTES} bytes."),
        });
    }
    let Ok(Value::Object(mut message)) = serde_json::from_str::<Value>(text) else { return Err(unreadable()) };
    let kind = message.get("type").and_then(Value::as_str).unwrap_or_default().to_owned();
    if !RELAYED_TYPES.contains(&kind.as_str()) {
        return Err(unreadable());
    }
    let to = message.get("to").and_then(Value::as_str).map(str::to_owned);
    message.insert("from".into(), Value::from(me));
    message.insert("fromName".into(), Value::from(my_name));
    Ok((Value::Object(message), to, kind == "leave"))
}

/// The people already connected to the room, but `me`.
async fn peers(state: &AppState, room: &Room, me: &str) -> Vec<Value> {
    let present = service::present(&state.pool, &room.row.id, now_ms()).await.unwrap_or_default();
    let mut peers = Vec::new();
    for user_id in present.iter().filter(|id| id.as_str() != me) {
        if let Ok(Some(person)) = service::person_in(&state.pool, room, user_id).await {
            peers.push(json!({ "id": person.id, "name": display_name(&person) }));
        }
    }
    peers
}

fn relayed(room: &str, from: &str, to_user: Option<String>, to_connection: Option<String>, message: Value) -> Relayed {
    Relayed { room: room.to_owned(), from_connection: from.to_owned(), to_user, to_connection, message }
}

fn text_of(value: &Value) -> Message {
    Message::Text(value.to_string().into())
}

/// Tells the socket why it cannot stay, then closes it.
async fn refuse(ws: &mut WebSocket, reason: &str, message: &str) {
    let _ = ws.send(text_of(&json!({ "type": "refused", "reason": reason, "message": message }))).await;
    let frame = CloseFrame { code: CLOSE_REFUSED, reason: reason.to_owned().into() };
    let _ = ws.send(Message::Close(Some(frame))).await;
}
