//! The benchmarks' shop: the receiving bank account, students signed in through the API, and the bank feed's
//! report of a transfer paying an order.

use academy_server::{
    AppState,
    commerce::settings::{self, SettingsInput},
    identity::repo::{self as users, NewUser},
};
use academy_shared::{commerce::settings::BankAccount, roles::Role};
use serde_json::{Value, json};

/// The bank feed's API key the benchmarks configure (`config.sepay_api_key`).
pub const SEPAY_KEY: &str = "bench-sepay-key";
/// Every benchmark student's password.
pub const PASSWORD: &str = "Violet#Harbour-2026";
const ACCOUNT_NUMBER: &str = "1027493651";

/// Saves the receiving bank account (20% commission, 30 minutes to pay), so checkouts can take orders.
pub async fn open_bank_account(state: &AppState) -> anyhow::Result<()> {
    let bank = BankAccount {
        bank_bin: "970436".to_owned(),
        bank_name: "Vietcombank".to_owned(),
        account_number: ACCOUNT_NUMBER.to_owned(),
        account_name: "CONG TY HOC VIEN ACADEMY".to_owned(),
    };
    let input = SettingsInput { bank, commission_percent: Some(20), order_expiry_minutes: Some(30) };
    settings::save(state, input).await.map_err(|e| anyhow::anyhow!("payment settings: {e}"))?;
    Ok(())
}

/// `n` students `student0000`… (one password hash for all), signed in through `/auth/token` as the browser
/// does: their usernames and access tokens.
pub async fn students(
    state: &AppState,
    client: &reqwest::Client,
    base: &str,
    n: usize,
) -> anyhow::Result<Vec<(String, String)>> {
    let hash = state.passwords.hash(PASSWORD).await?;
    let mut students = Vec::new();
    for k in 0..n {
        let (username, email) = (format!("student{k:04}"), format!("student{k:04}@bench.academy.vn"));
        let user = NewUser {
            username: &username,
            email: &email,
            password_hash: &hash,
            first_name: Some("Học"),
            last_name: Some("Viên"),
            phone_number: None,
            address: None,
            dob: None,
            role: Role::Student,
        };
        users::create(&state.pool, &user).await?;
        let login = client
            .post(format!("{base}/auth/token"))
            .json(&json!({ "username": username, "password": PASSWORD }))
            .send()
            .await?;
        let body: Value = login.json().await?;
        let token = body["result"]["token"].as_str().ok_or_else(|| anyhow::anyhow!("login: {body}"))?.to_owned();
        students.push((username, token));
    }
    Ok(students)
}

/// The bank feed's report (SePay's webhook body) of incoming transfer `id` paying the order `code`.
pub fn transfer(id: u64, code: &str, amount: &Value) -> Value {
    json!({
        "id": id,
        "gateway": "Vietcombank",
        "transactionDate": "2026-11-24 10:15:00",
        "accountNumber": ACCOUNT_NUMBER,
        "code": null,
        "content": format!("{code} thanh toan khoa hoc"),
        "transferType": "in",
        "transferAmount": amount,
        "accumulated": 0,
        "subAccount": null,
        "referenceCode": "FT0001",
        "description": "",
    })
}
