//! The ledger on both databases: events sum to zero, are posted once per key, and are never changed.

use academy_server::{
    commerce::ledger::{self, Account, EventKind, LedgerError, MoneyEvent, PaymentMethod, Posted},
    platform::db::now_ms,
};
use academy_shared::money::Currency;

use crate::helpers::{TestApp, spawn_app};

fn sale(key: &str, teachers: &[(&str, i64, i64)]) -> MoneyEvent {
    let due: i64 = teachers.iter().map(|(_, teacher, platform)| teacher + platform).sum();
    let mut entries = vec![(Account::CustomerFunds, -due)];
    for (teacher, teacher_share, platform_share) in teachers {
        entries.push((Account::TeacherEarnings((*teacher).to_owned()), *teacher_share));
        entries.push((Account::PlatformRevenue, *platform_share));
    }
    MoneyEvent {
        key: key.to_owned(),
        kind: EventKind::Sale,
        order_id: None,
        currency: Currency::Vnd,
        entries,
        memo: String::new(),
    }
}

fn received(key: &str, amount: i64) -> MoneyEvent {
    MoneyEvent {
        key: key.to_owned(),
        kind: EventKind::PaymentReceived,
        order_id: None,
        currency: Currency::Vnd,
        entries: vec![
            (Account::PaymentClearing(PaymentMethod::BankTransfer), -amount),
            (Account::CustomerFunds, amount),
        ],
        memo: String::new(),
    }
}

async fn post(app: &TestApp, event: &MoneyEvent) -> Result<Posted, LedgerError> {
    let mut tx = app.state.pool.begin().await.expect("transaction");
    let posted = ledger::post(&mut tx, event, now_ms()).await;
    tx.commit().await.expect("committed");
    posted
}

async fn entry_count(app: &TestApp) -> i64 {
    sqlx::query_scalar("select count(*) from ledger_entries").fetch_one(&app.state.pool).await.expect("count")
}

#[tokio::test]
async fn payments_and_sales_keep_every_currency_at_zero_and_credit_each_teacher_their_share() {
    let app = spawn_app().await;
    post(&app, &received("receipt:1", 2_289_000)).await.expect("posted");
    post(&app, &sale("sale:1", &[("khoa", 1_192_000, 298_000), ("ha", 639_200, 159_800)])).await.expect("posted");
    post(&app, &received("receipt:2", 790_000)).await.expect("posted");
    post(&app, &sale("sale:2", &[("khoa", 632_000, 158_000)])).await.expect("posted");

    assert_eq!(ledger::totals(&app.state.pool).await.expect("totals"), [("VND".to_owned(), 0)]);
    let pool = &app.state.pool;
    let balance = |account: Account| async move { ledger::balance(pool, &account, Currency::Vnd).await.expect("sum") };
    assert_eq!(balance(Account::TeacherEarnings("khoa".into())).await, 1_192_000 + 632_000);
    assert_eq!(balance(Account::TeacherEarnings("ha".into())).await, 639_200);
    assert_eq!(balance(Account::PlatformRevenue).await, 298_000 + 159_800 + 158_000);
    assert_eq!(balance(Account::CustomerFunds).await, 0);
    assert_eq!(balance(Account::PaymentClearing(PaymentMethod::BankTransfer)).await, -(2_289_000 + 790_000));
    // A teacher's balance is exactly the sum of the entries on their account.
    let khoa: i64 = sqlx::query_scalar(
        "select cast(sum(e.amount) as bigint) from ledger_entries e join ledger_accounts a on a.code = e.account_code \
         where a.kind = 'teacher_earnings' and a.owner_id = $1",
    )
    .bind("khoa")
    .fetch_one(&app.state.pool)
    .await
    .expect("sum");
    assert_eq!(khoa, 1_824_000);
}

#[tokio::test]
async fn an_event_whose_entries_do_not_sum_to_zero_is_refused_and_writes_nothing() {
    let app = spawn_app().await;
    let mut event = sale("sale:unbalanced", &[("khoa", 800, 200)]);
    event.entries.push((Account::PlatformRevenue, 1));
    let refused = post(&app, &event).await;
    assert!(matches!(refused, Err(LedgerError::Unbalanced { sum: 1, .. })), "{refused:?}");
    assert_eq!(entry_count(&app).await, 0);
}

#[tokio::test]
async fn an_event_is_posted_once_however_often_and_concurrently_it_is_sent() {
    let app = spawn_app().await;
    assert_eq!(post(&app, &received("receipt:same", 500_000)).await.expect("posted"), Posted::Written);
    let replay = received("receipt:same", 500_000);
    let replays = (0..10).map(|_| post(&app, &replay));
    for replay in futures_util::future::join_all(replays).await {
        assert_eq!(replay.expect("answered"), Posted::AlreadyPosted);
    }
    assert_eq!(entry_count(&app).await, 2);
    assert_eq!(ledger::entries_of(&app.state.pool, "receipt:same").await.expect("entries").len(), 2);
}

#[tokio::test]
async fn ledger_entries_and_transactions_are_never_updated_or_deleted() {
    let app = spawn_app().await;
    post(&app, &received("receipt:kept", 100_000)).await.expect("posted");
    for statement in [
        "update ledger_entries set amount = 0",
        "delete from ledger_entries",
        "update ledger_transactions set memo = 'changed'",
        "delete from ledger_transactions",
    ] {
        let refused = sqlx::query(statement).execute(&app.state.pool).await;
        assert!(refused.is_err(), "{statement} was refused");
    }
    assert_eq!(entry_count(&app).await, 2);
    assert_eq!(ledger::totals(&app.state.pool).await.expect("totals"), [("VND".to_owned(), 0)]);
}
