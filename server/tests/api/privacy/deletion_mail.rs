//! Deleting an account mails its owner a confirmation, in the language the deletion was asked in, at the address
//! the account had; a refused deletion mails nothing.

use academy_shared::roles::Role;
use reqwest::Method;
use serde_json::json;

use crate::{accounts::PASSWORD, commerce_fixtures::paying_shop};

async fn mails_to(pool: &academy_server::platform::db::Pool, to: &str) -> Vec<(String, String)> {
    sqlx::query_as("select subject, body_text from outbox_mails where recipient = $1 order by created_at")
        .bind(to)
        .fetch_all(pool)
        .await
        .expect("mails")
}

#[tokio::test]
async fn a_deleted_account_is_confirmed_by_mail_in_the_language_it_was_deleted_in() {
    let shop = paying_shop().await;
    let pool = &shop.app.state.pool;
    for (lang, subject, says) in [
        ("vi", "Tài khoản Academy của bạn đã được xóa", "không còn thông tin cá nhân của bạn"),
        ("en", "Your Academy account was deleted", "without your personal details"),
    ] {
        let (person, token) = shop.person("leaving", Role::Student).await;
        let wrong = json!({ "password": "not-the-password", "confirmation": person.username });
        let (status, _) = shop.app.call_in(lang, Method::DELETE, "/users/my-account", Some(&token), Some(wrong)).await;
        assert_eq!(status, 422);
        assert!(mails_to(pool, &person.email).await.is_empty(), "a refused deletion mails nothing");

        let body = json!({ "password": PASSWORD, "confirmation": person.username });
        let (status, answer) =
            shop.app.call_in(lang, Method::DELETE, "/users/my-account", Some(&token), Some(body)).await;
        assert_eq!(status, 200, "{answer}");

        let mails = mails_to(pool, &person.email).await;
        assert_eq!(mails.len(), 1, "{lang}");
        assert_eq!(mails[0].0, subject);
        assert!(mails[0].1.contains(&person.username) && mails[0].1.contains(says), "{}", mails[0].1);
    }
}
