//! A person's own data: `GET /users/my-data` (the download), `GET /users/my-account/deletion` (what deleting
//! the account would do) and `DELETE /users/my-account`. Every one acts on the signed-in person only: there is no
//! id to name someone else by.

use academy_shared::{Lang, money::format_price_code};
use axum::{
    extract::State,
    http::{HeaderValue, header},
    response::{IntoResponse as _, Response},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    erasure::{self, DeletionRefusal, Tie},
    export,
};
use crate::{
    http::{ApiError, ApiResult, ClientAddr, CurrentUser, Json, Language, Text, error::ErrorEnvelope, ok},
    identity::rate_limit::{Limit, Subject},
    platform::{db, time::iso},
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(export_my_data))
        .routes(routes!(deletion_preview))
        .routes(routes!(delete_my_account))
}

/// Everything the academy holds about the signed-in person, as a JSON file to save (`format`
/// `academy-personal-data/1`): profile, enrolments and progress, orders, order items and payments, bookings,
/// reviews, posts, notifications, sessions, uploaded files as links and, for a teacher, courses, plans, classes,
/// sales (without buyers), payout accounts and requests (account numbers masked), tax commitments and ledger
/// entries. At most 5 downloads in 15 minutes per account.
#[utoipa::path(
    get,
    path = "/users/my-data",
    tag = "users",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The person's data, as an attachment", body = Object, content_type = "application/json"),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 429, description = "Too many downloads", body = ErrorEnvelope),
    )
)]
pub async fn export_my_data(State(state): State<AppState>, user: CurrentUser) -> Result<Response, ApiError> {
    crate::http::rate_limit::check(&state, Limit::DataExport, Subject::Account(&user.id)).await?;
    let document = export::export(&state, &user.id).await?.ok_or_else(ApiError::unauthenticated)?;
    let body = serde_json::to_vec_pretty(&document).map_err(ApiError::internal)?;
    let date = iso(db::now_ms()).get(..10).unwrap_or("").to_owned();
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json; charset=utf-8"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    if let Ok(value) = HeaderValue::from_str(&format!("attachment; filename=\"academy-data-{date}.json\"")) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    Ok(response)
}

/// Something to settle before the account can be deleted.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeletionTieView {
    /// `pending_orders`, `earnings`, `open_payouts`, `upcoming_sessions`, `running_mentorships`,
    /// `upcoming_classes` or `last_admin`.
    pub code: String,
    /// What it is and what to do, in the request's language.
    pub message: String,
}

/// What deleting the signed-in person's account would do now.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeletionPreviewView {
    /// Whether nothing stands in the way.
    pub possible: bool,
    pub ties: Vec<DeletionTieView>,
    /// Courses that leave the catalogue and stay open to their buyers.
    pub courses_with_buyers: i64,
    /// Courses that leave the catalogue.
    pub courses_without_buyers: i64,
    /// Mentorship plans no longer sold.
    pub mentorship_plans: i64,
    /// Orders kept, without the person's details, as the law requires.
    pub orders_kept: i64,
    /// Payout requests kept, without the person's details.
    pub payouts_kept: i64,
}

/// What deleting the signed-in person's account would do now: what must be settled first, and what happens to
/// their courses, plans and the records the academy keeps.
#[utoipa::path(
    get,
    path = "/users/my-account/deletion",
    tag = "users",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The preview", body = crate::http::Envelope<DeletionPreviewView>),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
    )
)]
pub async fn deletion_preview(
    State(state): State<AppState>,
    Language(lang): Language,
    user: CurrentUser,
) -> ApiResult<DeletionPreviewView> {
    let preview = erasure::preview(&state, &user.id, user.role).await?;
    Ok(ok(DeletionPreviewView {
        possible: preview.ties.is_empty(),
        ties: preview
            .ties
            .iter()
            .map(|tie| DeletionTieView { code: tie.code().to_owned(), message: tie_text(tie).get(lang).to_owned() })
            .collect(),
        courses_with_buyers: preview.courses_with_buyers,
        courses_without_buyers: preview.courses_without_buyers,
        mentorship_plans: preview.mentorship_plans,
        orders_kept: preview.orders_kept,
        payouts_kept: preview.payouts_kept,
    }))
}

/// A deletion of one's own account.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountDeletion {
    /// The account's password.
    pub password: String,
    /// The account's username, typed to confirm.
    pub confirmation: String,
}

/// Deletes the signed-in person's account: their details are erased and every session ends; orders, payments,
/// payouts and ledger entries stay without their details. The password and the username typed as confirmation
/// are required; what must be settled first answers 409 with the list.
#[utoipa::path(
    delete,
    path = "/users/my-account",
    tag = "users",
    security(("bearer" = [])),
    request_body = AccountDeletion,
    responses(
        (status = 200, description = "Deleted", body = crate::http::Envelope<bool>),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 409, description = "Something must be settled first (the message lists it)", body = ErrorEnvelope),
        (status = 413, description = "The body is larger than this operation accepts", body = ErrorEnvelope),
        (status = 422, description = "The password is wrong (`password`) or the confirmation is not the username (`confirmation`)", body = ErrorEnvelope),
        (status = 429, description = "Too many wrong passwords", body = ErrorEnvelope),
    )
)]
pub async fn delete_my_account(
    State(state): State<AppState>,
    ClientAddr(ip): ClientAddr,
    Language(lang): Language,
    user: CurrentUser,
    Json(body): Json<AccountDeletion>,
) -> ApiResult<bool> {
    match erasure::delete_account(&state, &user.id, &body.password, &body.confirmation, ip, lang).await {
        Ok(()) => Ok(ok(true)),
        Err(DeletionRefusal::Confirmation) => Err(ApiError::invalid_field(
            "confirmation",
            Text::new("Hãy gõ đúng tên đăng nhập của bạn để xác nhận.", "Type your username exactly to confirm."),
        )),
        Err(DeletionRefusal::WrongPassword) => {
            Err(ApiError::invalid_field("password", Text::new("Mật khẩu không đúng.", "The password is wrong.")))
        }
        Err(DeletionRefusal::Throttled { retry_after_secs }) => Err(ApiError::RateLimited {
            message: Text::new(
                "Bạn đã nhập sai mật khẩu quá nhiều lần. Hãy thử lại sau.",
                "Too many wrong passwords. Try again later.",
            ),
            retry_after_secs,
        }),
        Err(DeletionRefusal::Tied(ties)) => {
            let texts: Vec<Text> = ties.iter().map(tie_text).collect();
            let join = |lang: Lang| texts.iter().map(|t| t.get(lang)).collect::<Vec<_>>().join(" ");
            Err(ApiError::Conflict(Text::new(join(Lang::Vi), join(Lang::En))))
        }
        Err(DeletionRefusal::NotFound) => Err(ApiError::unauthenticated()),
        Err(DeletionRefusal::Database(e)) => Err(e.into()),
        Err(DeletionRefusal::Internal(e)) => Err(ApiError::Internal(e)),
    }
}

/// What a tie is and what to do about it.
fn tie_text(tie: &Tie) -> Text {
    match tie {
        Tie::PendingOrders(n) => Text::new(
            format!(
                "Bạn có {n} đơn hàng đang chờ thanh toán: hãy hủy chúng trong “Đơn hàng của tôi” hoặc chờ chúng hết hạn."
            ),
            format!(
                "You have {n} order{} waiting for payment: cancel {} in “My orders” or wait until {} expire{}.",
                plural(*n),
                if *n == 1 { "it" } else { "them" },
                if *n == 1 { "it" } else { "they" },
                if *n == 1 { "s" } else { "" },
            ),
        ),
        Tie::Earnings { amount, currency } if *amount > 0 => Text::new(
            format!(
                "Học viện còn giữ {} tiền của bạn: hãy yêu cầu rút tiền và chờ được chuyển khoản trước.",
                format_price_code(*amount, currency, Lang::Vi)
            ),
            format!(
                "The academy still holds {} of yours: ask for a payout and wait until it is paid first.",
                format_price_code(*amount, currency, Lang::En)
            ),
        ),
        Tie::Earnings { amount, currency } => Text::new(
            format!(
                "Tài khoản của bạn đang nợ {} do hoàn tiền sau khi đã rút: hãy liên hệ học viện để tất toán.",
                format_price_code(-amount, currency, Lang::Vi)
            ),
            format!(
                "Your account owes {} after a refund that came after a payout: contact the academy to settle it.",
                format_price_code(-amount, currency, Lang::En)
            ),
        ),
        Tie::OpenPayouts(n) => Text::new(
            format!("Bạn có {n} yêu cầu rút tiền chưa được xử lý: hãy chờ học viện xử lý xong."),
            format!("You have {n} payout request{} not decided yet: wait until the academy decides.", plural(*n)),
        ),
        Tie::UpcomingSessions(n) => Text::new(
            format!("Bạn có {n} buổi cố vấn sắp diễn ra: hãy hoàn thành hoặc hủy chúng trước."),
            format!("You have {n} mentorship session{} to come: hold or cancel them first.", plural(*n)),
        ),
        Tie::RunningMentorships(n) => Text::new(
            format!("{n} học viên đã trả tiền gói cố vấn của bạn và gói vẫn còn hạn: hãy chờ các gói kết thúc."),
            format!(
                "{n} student{} paid for your mentorship and {} still running: wait until {} end{}.",
                plural(*n),
                if *n == 1 { "it is" } else { "they are" },
                if *n == 1 { "it" } else { "they" },
                if *n == 1 { "s" } else { "" },
            ),
        ),
        Tie::UpcomingClasses(n) => Text::new(
            format!("Bạn có {n} lớp học trực tuyến sắp diễn ra đã có học viên đăng ký: hãy dạy hoặc hủy chúng trước."),
            format!(
                "You have {n} live class{} to come with students registered: hold or cancel them first.",
                if *n == 1 { "" } else { "es" }
            ),
        ),
        Tie::LastAdmin => Text::new(
            "Bạn là quản trị viên duy nhất đang hoạt động: hãy chỉ định một quản trị viên khác trước.",
            "You are the only active administrator: make someone else an administrator first.",
        ),
    }
}

fn plural(n: i64) -> &'static str {
    if n == 1 { "" } else { "s" }
}
