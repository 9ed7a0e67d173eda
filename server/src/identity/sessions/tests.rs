#![allow(clippy::unwrap_used)]
use super::*;
use crate::identity::tokens::TokenLifetimes;
use crate::platform::test_db::{self, TestDb};

fn keys() -> TokenKeys {
    TokenKeys::new(b"0123456789abcdef0123456789abcdef-sessions", TokenLifetimes::default()).unwrap()
}

async fn login(db: &TestDb, role: &str) -> (Subject, TokenPair) {
    let user_id = test_db::insert_user(&db.pool, &format!("user{}", uuid::Uuid::new_v4().simple()), role).await;
    let subject = Subject { user_id, role: role.into(), token_version: 0 };
    let pair = start(&db.pool, &keys(), &subject, &Device::default(), crate::platform::db::now_ms()).await.unwrap();
    (subject, pair)
}

#[tokio::test]
async fn a_fresh_access_token_authenticates_with_the_role_from_the_database() {
    for db in test_db::all().await {
        let (subject, pair) = login(&db, "TEACHER").await;
        let who = authenticate(&db.pool, &keys(), &pair.access.token).await.unwrap();
        assert_eq!(who.user_id, subject.user_id, "{}", db.backend);
        assert_eq!(who.role, Role::Teacher);
        sqlx::query("update users set role = 'STUDENT' where id = $1")
            .bind(&subject.user_id)
            .execute(&db.pool)
            .await
            .unwrap();
        assert_eq!(authenticate(&db.pool, &keys(), &pair.access.token).await.unwrap().role, Role::Student);
    }
}

#[tokio::test]
async fn a_refresh_token_is_not_an_access_token() {
    for db in test_db::all().await {
        let (_, pair) = login(&db, "STUDENT").await;
        assert!(matches!(
            authenticate(&db.pool, &keys(), &pair.refresh.token).await,
            Err(SessionError::Token(TokenError::WrongKind { .. }))
        ));
        assert!(matches!(
            refresh(&db.pool, &keys(), &pair.access.token, crate::platform::db::now_ms()).await,
            Err(SessionError::Token(TokenError::WrongKind { .. }))
        ));
    }
}

#[tokio::test]
async fn refreshing_rotates_and_the_new_tokens_work() {
    for db in test_db::all().await {
        let (_, first) = login(&db, "STUDENT").await;
        let second = refresh(&db.pool, &keys(), &first.refresh.token, crate::platform::db::now_ms()).await.unwrap();
        assert_ne!(second.refresh.claims.jti, first.refresh.claims.jti);
        assert_eq!(second.refresh.claims.fam, first.refresh.claims.fam);
        let third = refresh(&db.pool, &keys(), &second.refresh.token, crate::platform::db::now_ms()).await.unwrap();
        authenticate(&db.pool, &keys(), &third.access.token).await.unwrap();
    }
}

#[tokio::test]
async fn reusing_a_spent_refresh_token_revokes_the_whole_session() {
    for db in test_db::all().await {
        let (_, first) = login(&db, "STUDENT").await;
        let second = refresh(&db.pool, &keys(), &first.refresh.token, crate::platform::db::now_ms()).await.unwrap();
        // The thief (or the user) replays the spent token after the grace window.
        let later = crate::platform::db::now_ms() + 10_001;
        let replay = refresh(&db.pool, &keys(), &first.refresh.token, later).await;
        assert!(matches!(replay, Err(SessionError::Reused)), "{}: {replay:?}", db.backend);
        // Everything in the session is dead now, including the newest tokens.
        assert!(matches!(
            refresh(&db.pool, &keys(), &second.refresh.token, crate::platform::db::now_ms()).await,
            Err(SessionError::Revoked)
        ));
        assert!(matches!(authenticate(&db.pool, &keys(), &second.access.token).await, Err(SessionError::Revoked)));
        let reason: String = sqlx::query_scalar("select revoked_reason from sessions where id = $1")
            .bind(&first.refresh.claims.fam)
            .fetch_one(&db.pool)
            .await
            .unwrap();
        assert_eq!(reason, "reuse");
    }
}

#[tokio::test]
async fn simultaneous_refreshes_with_one_token_all_get_the_one_successor() {
    for db in test_db::all().await {
        let (_, pair) = login(&db, "STUDENT").await;
        let keys = keys();
        let (a, b, c) = tokio::join!(
            refresh(&db.pool, &keys, &pair.refresh.token, crate::platform::db::now_ms()),
            refresh(&db.pool, &keys, &pair.refresh.token, crate::platform::db::now_ms()),
            refresh(&db.pool, &keys, &pair.refresh.token, crate::platform::db::now_ms())
        );
        let (a, b, c) = (a.unwrap(), b.unwrap(), c.unwrap());
        assert_eq!(a.refresh.token, b.refresh.token, "{}", db.backend);
        assert_eq!(a.refresh.token, c.refresh.token);
        let rows: i64 = sqlx::query_scalar("select count(*) from refresh_tokens where session_id = $1")
            .bind(&pair.refresh.claims.fam)
            .fetch_one(&db.pool)
            .await
            .unwrap();
        assert_eq!(rows, 2, "one successor was written");
    }
}

#[tokio::test]
async fn a_replay_within_the_grace_window_gets_the_same_successor_signed_again_and_a_fresh_access_token() {
    for db in test_db::all().await {
        let (subject, pair) = login(&db, "STUDENT").await;
        let spent_at = crate::platform::db::now_ms();
        let first = refresh(&db.pool, &keys(), &pair.refresh.token, spent_at).await.unwrap();
        // The role changed meanwhile: access tokens say so, the refresh token stays the same.
        let promote = sqlx::query("update users set role = 'TEACHER' where id = $1").bind(&subject.user_id);
        promote.execute(&db.pool).await.unwrap();
        let again = refresh(&db.pool, &keys(), &pair.refresh.token, spent_at + 10_000).await.unwrap();
        assert_eq!(again.refresh.token, first.refresh.token, "{}", db.backend);
        assert_eq!(again.refresh.claims, first.refresh.claims);
        assert_ne!(again.access.claims.jti, first.access.claims.jti);
        assert_eq!(again.access.claims.role, "TEACHER");
        authenticate(&db.pool, &keys(), &again.access.token).await.unwrap();
        // One millisecond past the window, the same replay ends the session.
        let late = refresh(&db.pool, &keys(), &pair.refresh.token, spent_at + 10_001).await;
        assert!(matches!(late, Err(SessionError::Reused)), "{}: {late:?}", db.backend);
        let successor = refresh(&db.pool, &keys(), &first.refresh.token, spent_at + 10_001).await;
        assert!(matches!(successor, Err(SessionError::Revoked)), "{}: {successor:?}", db.backend);
    }
}

#[tokio::test]
async fn logout_with_either_token_ends_the_session_and_other_sessions_live_on() {
    for db in test_db::all().await {
        let (subject, one) = login(&db, "STUDENT").await;
        let other =
            start(&db.pool, &keys(), &subject, &Device::default(), crate::platform::db::now_ms()).await.unwrap();
        end(&db.pool, &keys(), &one.access.token, crate::platform::db::now_ms()).await.unwrap();
        assert!(matches!(authenticate(&db.pool, &keys(), &one.access.token).await, Err(SessionError::Revoked)));
        assert!(matches!(
            refresh(&db.pool, &keys(), &one.refresh.token, crate::platform::db::now_ms()).await,
            Err(SessionError::Revoked)
        ));
        authenticate(&db.pool, &keys(), &other.access.token).await.unwrap();
        // Logging out twice, or with the refresh token, is fine.
        end(&db.pool, &keys(), &one.refresh.token, crate::platform::db::now_ms()).await.unwrap();
        end(&db.pool, &keys(), &other.refresh.token, crate::platform::db::now_ms()).await.unwrap();
        assert!(authenticate(&db.pool, &keys(), &other.access.token).await.is_err());
    }
}

#[tokio::test]
async fn locking_a_user_kills_all_their_tokens_at_once() {
    for db in test_db::all().await {
        let (subject, pair) = login(&db, "STUDENT").await;
        let mut tx = db.pool.begin().await.unwrap();
        sqlx::query("update users set status = 'locked' where id = $1")
            .bind(&subject.user_id)
            .execute(&mut *tx)
            .await
            .unwrap();
        end_all_for_user(&mut tx, &subject.user_id, RevokeReason::Locked, crate::platform::db::now_ms()).await.unwrap();
        tx.commit().await.unwrap();
        assert!(authenticate(&db.pool, &keys(), &pair.access.token).await.is_err());
        assert!(refresh(&db.pool, &keys(), &pair.refresh.token, crate::platform::db::now_ms()).await.is_err());
    }
}

#[tokio::test]
async fn an_outdated_token_version_is_refused_even_in_an_open_session() {
    for db in test_db::all().await {
        let (subject, pair) = login(&db, "STUDENT").await;
        sqlx::query("update users set token_version = 1 where id = $1")
            .bind(&subject.user_id)
            .execute(&db.pool)
            .await
            .unwrap();
        assert!(matches!(authenticate(&db.pool, &keys(), &pair.access.token).await, Err(SessionError::UserInactive)));
    }
}

#[tokio::test]
async fn an_expired_access_token_is_refused_and_the_refresh_token_still_works() {
    for db in test_db::all().await {
        let user_id = test_db::insert_user(&db.pool, "expiring", "STUDENT").await;
        let subject = Subject { user_id, role: "STUDENT".into(), token_version: 0 };
        let an_hour_ago = crate::platform::db::now_ms() - 3_600_000;
        let pair = start(&db.pool, &keys(), &subject, &Device::default(), an_hour_ago).await.unwrap();
        assert!(matches!(
            authenticate(&db.pool, &keys(), &pair.access.token).await,
            Err(SessionError::Token(TokenError::Expired))
        ));
        let fresh = refresh(&db.pool, &keys(), &pair.refresh.token, crate::platform::db::now_ms()).await.unwrap();
        authenticate(&db.pool, &keys(), &fresh.access.token).await.unwrap();
    }
}

#[tokio::test]
async fn expired_sessions_are_purged() {
    for db in test_db::all().await {
        let user_id = test_db::insert_user(&db.pool, "old", "STUDENT").await;
        let subject = Subject { user_id, role: "STUDENT".into(), token_version: 0 };
        let long_ago = crate::platform::db::now_ms() - 30 * 86_400_000;
        start(&db.pool, &keys(), &subject, &Device::default(), long_ago).await.unwrap();
        start(&db.pool, &keys(), &subject, &Device::default(), crate::platform::db::now_ms()).await.unwrap();
        assert_eq!(purge_expired(&db.pool, crate::platform::db::now_ms(), 86_400_000).await.unwrap(), 1);
    }
}
