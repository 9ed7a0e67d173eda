//! A teacher's money: their balance (`GET /api/finance/balance`), statement (`GET /api/finance/statement`, and as
//! CSV), payout requests (`POST /api/finance/payout-requests`, the list and one), the administrators' decisions
//! (pay, reject, fail), every teacher's balances and the payout settings.

use academy_shared::{Lang, roles::Role};
use axum::{
    extract::State,
    http::{HeaderMap, StatusCode},
    response::Response,
};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{TeacherParam, teacher_of};
use crate::{
    finance::{
        balance::{self, year_start_ms},
        error::FinanceError,
        repo::{self, RequestFilter, RequestStatus},
        requests::{self, Ask, Asked, Verdict},
        sending,
        settings::{self, BANK_MANUAL, PayoutSettings},
        statement::{self, Query as StatementQuery},
        views::{
            BalanceView, BalancesView, BankView, FiguresView, MethodView, PayoutSettingsView, RequestPageView,
            RequestView, StatementLineView, StatementPageView, StatusCounts, TeacherBalanceView, banks,
        },
    },
    http::{
        Admins, Allowed, ApiError, ApiResult, Json, Language, Pagination, Path, Query, Teachers, csv::Csv,
        error::ErrorEnvelope, ok,
    },
    platform::db::now_ms,
    state::AppState,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_banks))
        .routes(routes!(read_balance))
        .routes(routes!(read_statement))
        .routes(routes!(download_statement))
        .routes(routes!(create_payout_request, list_payout_requests))
        .routes(routes!(read_payout_request))
        .routes(routes!(pay_payout_request))
        .routes(routes!(reject_payout_request))
        .routes(routes!(fail_payout_request))
        .routes(routes!(send_payout_request))
        .routes(routes!(list_teacher_balances))
        .routes(routes!(read_payout_settings, save_payout_settings))
        .routes(routes!(record_tax_commitment))
}

/// The banks a payout can go to, with their NAPAS BINs.
#[utoipa::path(
    get,
    path = "/api/finance/banks",
    tag = "finance",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    responses(
        (status = 200, description = "The banks", body = crate::http::Envelope<Vec<BankView>>),
        (status = 403, description = "Not a teacher or administrator", body = ErrorEnvelope),
    )
)]
pub async fn list_banks(_: Allowed<Teachers>) -> ApiResult<Vec<BankView>> {
    Ok(ok(banks()))
}

/// A teacher's balance: maturing, available (below zero: owed), reserved, paid out, lifetime and this year's tax
/// withheld, from the ledger; the payout methods; the latest statement lines.
#[utoipa::path(
    get,
    path = "/api/finance/balance",
    tag = "finance",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    params(TeacherParam),
    responses(
        (status = 200, description = "The balance", body = crate::http::Envelope<BalanceView>),
        (status = 403, description = "Not a teacher or administrator", body = ErrorEnvelope),
        (status = 404, description = "No such teacher (or not the caller)", body = ErrorEnvelope),
    )
)]
pub async fn read_balance(
    State(state): State<AppState>,
    Language(lang): Language,
    Allowed(user, _): Allowed<Teachers>,
    Query(params): Query<TeacherParam>,
) -> ApiResult<BalanceView> {
    let teacher = teacher_of(&state, &user, params.teacher_id.as_deref()).await?;
    let settings = settings::read(&state.pool).await?;
    let now = now_ms();
    let mut conn = state.pool.acquire().await?;
    let figures = balance::figures(&mut conn, &teacher, &settings.rules, now).await?;
    let (_, year) = year_start_ms(now);
    let committed = repo::committed(&mut conn, &teacher, i64::from(year)).await?;
    drop(conn);
    let latest = statement::page(&state, &teacher, &StatementQuery::default(), 10, 0).await?;
    Ok(ok(BalanceView {
        teacher_id: teacher,
        figures: figures.iter().map(FiguresView::from).collect(),
        holding_days: settings.rules.holding_days,
        account_wait_hours: settings.rules.account_wait_hours,
        withhold_tax: settings.rules.withhold_tax,
        tax_commitment_this_year: committed,
        methods: settings
            .methods(state.config.payos().is_some())
            .into_iter()
            .map(|(name, terms)| MethodView::new(name, terms, &settings.rules, lang))
            .collect(),
        latest: latest.lines.iter().map(|line| StatementLineView::new(line, &settings.rules, lang)).collect(),
    }))
}

/// A statement's filter.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct StatementParams {
    /// A teacher's id (administrators); absent: the caller.
    pub teacher_id: Option<String>,
    /// The first day (`YYYY-MM-DD`, in `zone`).
    pub from: Option<String>,
    /// The last day, included.
    pub to: Option<String>,
    /// `sale`, `refund`, `payout` or `adjustment`.
    pub kind: Option<String>,
    /// Only lines of this course or plan.
    pub course_id: Option<String>,
    /// The IANA time zone the days are in (default `Asia/Ho_Chi_Minh`).
    pub zone: Option<String>,
}

impl StatementParams {
    fn query(&self) -> StatementQuery {
        StatementQuery {
            from: self.from.clone(),
            to: self.to.clone(),
            kind: self.kind.clone(),
            course_id: self.course_id.clone(),
            zone: self.zone.clone(),
        }
    }
}

/// A page of a teacher's statement, newest first: date, kind, course or plan, gross, commission, net and the
/// balance after each line.
#[utoipa::path(
    get,
    path = "/api/finance/statement",
    tag = "finance",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    params(StatementParams, Pagination<20>),
    responses(
        (status = 200, description = "A page of the statement", body = crate::http::Envelope<StatementPageView>),
        (status = 403, description = "Not a teacher or administrator", body = ErrorEnvelope),
        (status = 404, description = "No such teacher (or not the caller)", body = ErrorEnvelope),
        (status = 422, description = "A date, kind or zone that cannot be read", body = ErrorEnvelope),
    )
)]
pub async fn read_statement(
    State(state): State<AppState>,
    Language(lang): Language,
    Allowed(user, _): Allowed<Teachers>,
    Query(params): Query<StatementParams>,
    paging: Pagination<20>,
) -> ApiResult<StatementPageView> {
    let teacher = teacher_of(&state, &user, params.teacher_id.as_deref()).await?;
    let rules = settings::read(&state.pool).await?.rules;
    let page = statement::page(&state, &teacher, &params.query(), paging.page_size, paging.offset()).await?;
    Ok(ok(StatementPageView {
        items: page.lines.iter().map(|line| StatementLineView::new(line, &rules, lang)).collect(),
        page: paging.page,
        page_size: paging.page_size,
        total: page.total,
        total_pages: (page.total + paging.page_size - 1) / paging.page_size,
    }))
}

/// The most lines a CSV statement holds.
const CSV_MAX_LINES: i64 = 50_000;

/// The statement as CSV (UTF-8 with a byte order mark, so Excel reads Vietnamese text): every line of the filter.
#[utoipa::path(
    get,
    path = "/api/finance/statement.csv",
    tag = "finance",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    params(StatementParams),
    responses(
        (status = 200, description = "The statement (CSV)", body = String, content_type = "text/csv"),
        (status = 403, description = "Not a teacher or administrator", body = ErrorEnvelope),
        (status = 404, description = "No such teacher (or not the caller)", body = ErrorEnvelope),
        (status = 422, description = "A date, kind or zone that cannot be read", body = ErrorEnvelope),
    )
)]
pub async fn download_statement(
    State(state): State<AppState>,
    Language(lang): Language,
    Allowed(user, _): Allowed<Teachers>,
    Query(params): Query<StatementParams>,
) -> Result<Response, ApiError> {
    let teacher = teacher_of(&state, &user, params.teacher_id.as_deref()).await?;
    let rules = settings::read(&state.pool).await?.rules;
    let page = statement::page(&state, &teacher, &params.query(), CSV_MAX_LINES, 0).await?;
    let header_row = match lang {
        Lang::Vi => [
            "Thời gian",
            "Loại",
            "Đơn hàng",
            "Khóa học / gói",
            "Doanh thu",
            "Hoa hồng",
            "Thực nhận",
            "Số dư sau",
            "Tiền tệ",
        ],
        Lang::En => {
            ["Date", "Kind", "Order", "Course / plan", "Gross", "Commission", "Net", "Balance after", "Currency"]
        }
    };
    let mut csv = Csv::new();
    csv.row(header_row);
    for line in &page.lines {
        let view = StatementLineView::new(line, &rules, lang);
        let items: Vec<String> = view.items.iter().map(|i| i.title.clone()).collect();
        csv.row([
            view.at,
            view.kind_label,
            view.order_code.unwrap_or_default(),
            items.join("; "),
            view.gross.map(|v| v.to_string()).unwrap_or_default(),
            view.commission.map(|v| v.to_string()).unwrap_or_default(),
            view.net.to_string(),
            view.balance_after.to_string(),
            view.currency,
        ]);
    }
    Ok(csv.download("statement.csv"))
}

/// A payout request.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayoutRequestBody {
    /// VND, at least the method's minimum, at most what is available.
    pub amount: i64,
    /// One of the caller's ready payout accounts.
    pub account_id: String,
    /// `bank_manual` (the default).
    pub method: Option<String>,
}

/// The teacher asks for a payout of their available earnings; the amount is reserved at once. The same
/// `Idempotency-Key` answers the request made before (200) instead of a new one (201).
#[utoipa::path(
    post,
    path = "/api/finance/payout-requests",
    tag = "finance",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    params(("Idempotency-Key" = String, Header, description = "The client's key of this request (1–100 characters)")),
    request_body = PayoutRequestBody,
    responses(
        (status = 201, description = "Asked", body = crate::http::Envelope<RequestView>),
        (status = 200, description = "Asked before with this key", body = crate::http::Envelope<RequestView>),
        (status = 403, description = "Not a teacher or administrator", body = ErrorEnvelope),
        (status = 404, description = "No such payout account of the caller's", body = ErrorEnvelope),
        (status = 409, description = "The account is not ready yet, or the key was used for another request", body = ErrorEnvelope),
        (status = 422, description = "Below the minimum, above what is available, no key, or an unknown method", body = ErrorEnvelope),
    )
)]
pub async fn create_payout_request(
    State(state): State<AppState>,
    Language(lang): Language,
    Allowed(user, _): Allowed<Teachers>,
    headers: HeaderMap,
    Json(body): Json<PayoutRequestBody>,
) -> Result<(StatusCode, axum::Json<academy_shared::envelope::Envelope<RequestView>>), ApiError> {
    let key = headers.get("idempotency-key").and_then(|v| v.to_str().ok()).unwrap_or_default();
    let method = body.method.as_deref().map(str::trim).filter(|m| !m.is_empty()).unwrap_or(BANK_MANUAL);
    let ask = Ask { amount: body.amount, account_id: body.account_id.trim(), method, key };
    let (status, row) = match requests::ask(&state, &user.id, &ask).await? {
        Asked::Created(row) => (StatusCode::CREATED, row),
        Asked::Existing(row) => (StatusCode::OK, row),
    };
    Ok((status, ok(RequestView::new(&row, lang))))
}

/// The payout requests' filter.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct RequestListParams {
    /// `pending`, `paid`, `rejected` or `failed`; absent: all.
    pub status: Option<String>,
    /// Asked on or after this day (`YYYY-MM-DD`, Vietnam time).
    pub from: Option<String>,
    /// Asked on or before this day.
    pub to: Option<String>,
    /// Part of the teacher's username or name (administrators).
    pub search: Option<String>,
    /// One teacher's (administrators); teachers always see their own.
    pub teacher_id: Option<String>,
}

/// Payout requests, newest first, with the count of each status: a teacher's own, or (administrators) the queue.
#[utoipa::path(
    get,
    path = "/api/finance/payout-requests",
    tag = "finance",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    params(RequestListParams, Pagination<20>),
    responses(
        (status = 200, description = "A page of requests", body = crate::http::Envelope<RequestPageView>),
        (status = 403, description = "Not a teacher or administrator", body = ErrorEnvelope),
        (status = 404, description = "No such teacher (or not the caller)", body = ErrorEnvelope),
        (status = 422, description = "An unknown status or a date that cannot be read", body = ErrorEnvelope),
    )
)]
pub async fn list_payout_requests(
    State(state): State<AppState>,
    Language(lang): Language,
    Allowed(user, _): Allowed<Teachers>,
    Query(params): Query<RequestListParams>,
    paging: Pagination<20>,
) -> ApiResult<RequestPageView> {
    let teacher = match (user.role, params.teacher_id.as_deref()) {
        (Role::Admin, None) => None,
        (_, named) => Some(teacher_of(&state, &user, named).await?),
    };
    let status = params.status.as_deref().map(str::trim).filter(|s| !s.is_empty());
    let status = status.map(|s| RequestStatus::parse(s).ok_or(s)).transpose();
    let Ok(status) = status else {
        return Err(FinanceError::Invalid {
            field: "status",
            message: crate::http::Text::new(
                "Trạng thái phải là pending, paid, rejected hoặc failed.",
                "The status must be pending, paid, rejected or failed.",
            ),
        }
        .into());
    };
    let (from_ms, to_ms) = statement::day_range(params.from.as_deref(), params.to.as_deref(), None)?;
    let search =
        params.search.as_deref().map(|s| s.trim().to_lowercase()).filter(|s| !s.is_empty() && s.chars().count() <= 100);
    let filter = RequestFilter {
        teacher_id: teacher.as_deref(),
        status,
        from_ms: (from_ms > 0).then_some(from_ms),
        to_ms: (to_ms < i64::MAX).then_some(to_ms),
        search: search.as_deref(),
    };
    let (rows, total) = repo::requests(&state.pool, &filter, paging.page_size, paging.offset()).await?;
    let counts = repo::status_counts(&state.pool, teacher.as_deref()).await?;
    Ok(ok(RequestPageView {
        items: rows.iter().map(|row| RequestView::new(row, lang)).collect(),
        counts: StatusCounts::from_rows(&counts),
        page: paging.page,
        page_size: paging.page_size,
        total,
        total_pages: (total + paging.page_size - 1) / paging.page_size,
    }))
}

/// One payout request: its teacher's or an administrator's.
#[utoipa::path(
    get,
    path = "/api/finance/payout-requests/{id}",
    tag = "finance",
    security(("bearer" = ["TEACHER", "ADMIN"])),
    params(("id" = String, Path, description = "The request's id")),
    responses(
        (status = 200, description = "The request", body = crate::http::Envelope<RequestView>),
        (status = 403, description = "Not a teacher or administrator", body = ErrorEnvelope),
        (status = 404, description = "No such request of the caller's", body = ErrorEnvelope),
    )
)]
pub async fn read_payout_request(
    State(state): State<AppState>,
    Language(lang): Language,
    Allowed(user, _): Allowed<Teachers>,
    Path(id): Path<String>,
) -> ApiResult<RequestView> {
    let row = requests::read(&state, &user.id, user.role == Role::Admin, &id).await?;
    Ok(ok(RequestView::new(&row, lang)))
}

/// Paying a request: the bank's reference and the day the money was sent.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayBody {
    pub bank_reference: String,
    /// `YYYY-MM-DD`.
    pub paid_on: String,
}

/// An administrator records that a pending request was paid: the reserved amount leaves the ledger, the tax
/// withheld and the fee to their accounts; the teacher is told. Once.
#[utoipa::path(
    post,
    path = "/api/finance/payout-requests/{id}/pay",
    tag = "finance",
    security(("bearer" = ["ADMIN"])),
    params(("id" = String, Path, description = "The request's id")),
    request_body = PayBody,
    responses(
        (status = 200, description = "Paid", body = crate::http::Envelope<RequestView>),
        (status = 403, description = "Not an administrator", body = ErrorEnvelope),
        (status = 404, description = "No such request", body = ErrorEnvelope),
        (status = 409, description = "Decided already", body = ErrorEnvelope),
        (status = 422, description = "No reference, or a date that cannot be read", body = ErrorEnvelope),
    )
)]
pub async fn pay_payout_request(
    State(state): State<AppState>,
    Language(lang): Language,
    Allowed(user, _): Allowed<Admins>,
    Path(id): Path<String>,
    Json(body): Json<PayBody>,
) -> ApiResult<RequestView> {
    let verdict = Verdict::Paid { bank_reference: body.bank_reference, paid_on: body.paid_on };
    let row = requests::decide(&state, &user.id, &id, &verdict).await?;
    Ok(ok(RequestView::new(&row, lang)))
}

/// Rejecting a request.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RejectBody {
    /// `invalid_account`, `invalid_request` or `other`.
    pub reason: String,
    /// What the teacher reads (required with `other`).
    #[serde(default)]
    pub note: String,
}

/// An administrator rejects a pending request with a reason; the reserved amount is the teacher's again.
#[utoipa::path(
    post,
    path = "/api/finance/payout-requests/{id}/reject",
    tag = "finance",
    security(("bearer" = ["ADMIN"])),
    params(("id" = String, Path, description = "The request's id")),
    request_body = RejectBody,
    responses(
        (status = 200, description = "Rejected", body = crate::http::Envelope<RequestView>),
        (status = 403, description = "Not an administrator", body = ErrorEnvelope),
        (status = 404, description = "No such request", body = ErrorEnvelope),
        (status = 409, description = "Decided already", body = ErrorEnvelope),
        (status = 422, description = "An unknown reason, or no note with `other`", body = ErrorEnvelope),
    )
)]
pub async fn reject_payout_request(
    State(state): State<AppState>,
    Language(lang): Language,
    Allowed(user, _): Allowed<Admins>,
    Path(id): Path<String>,
    Json(body): Json<RejectBody>,
) -> ApiResult<RequestView> {
    let verdict = Verdict::Rejected { reason: body.reason.trim().to_owned(), note: body.note };
    let row = requests::decide(&state, &user.id, &id, &verdict).await?;
    Ok(ok(RequestView::new(&row, lang)))
}

/// An administrator sends a pending request through payOS (its one transfer, asked for with the request's own
/// idempotency key: sending again never makes a second transfer). The answer is the request after payOS's answer:
/// still pending while the transfer is under way (`payosState`), paid or failed once it is final; the server
/// looks at the transfer's state until then.
#[utoipa::path(
    post,
    path = "/api/finance/payout-requests/{id}/payos",
    tag = "finance",
    security(("bearer" = ["ADMIN"])),
    params(("id" = String, Path, description = "The request's id")),
    responses(
        (status = 200, description = "Sent (or sent before)", body = crate::http::Envelope<RequestView>),
        (status = 403, description = "Not an administrator", body = ErrorEnvelope),
        (status = 404, description = "No such request", body = ErrorEnvelope),
        (status = 409, description = "Decided already, payOS not configured, or payOS refused the transfer", body = ErrorEnvelope),
        (status = 503, description = "payOS did not answer: send again (same transfer)", body = ErrorEnvelope),
    )
)]
pub async fn send_payout_request(
    State(state): State<AppState>,
    Language(lang): Language,
    Allowed(user, _): Allowed<Admins>,
    Path(id): Path<String>,
) -> ApiResult<RequestView> {
    let row = sending::send(&state, &user.id, &id).await?;
    Ok(ok(RequestView::new(&row, lang)))
}

/// A failed transfer.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FailBody {
    /// Why it came back (what the teacher reads).
    pub note: String,
}

/// An administrator marks a paid request failed (the transfer came back): the money is the teacher's again.
#[utoipa::path(
    post,
    path = "/api/finance/payout-requests/{id}/fail",
    tag = "finance",
    security(("bearer" = ["ADMIN"])),
    params(("id" = String, Path, description = "The request's id")),
    request_body = FailBody,
    responses(
        (status = 200, description = "Failed", body = crate::http::Envelope<RequestView>),
        (status = 403, description = "Not an administrator", body = ErrorEnvelope),
        (status = 404, description = "No such request", body = ErrorEnvelope),
        (status = 409, description = "Not paid, or decided already", body = ErrorEnvelope),
        (status = 422, description = "No note", body = ErrorEnvelope),
    )
)]
pub async fn fail_payout_request(
    State(state): State<AppState>,
    Language(lang): Language,
    Allowed(user, _): Allowed<Admins>,
    Path(id): Path<String>,
    Json(body): Json<FailBody>,
) -> ApiResult<RequestView> {
    let row = requests::decide(&state, &user.id, &id, &Verdict::Failed { note: body.note }).await?;
    Ok(ok(RequestView::new(&row, lang)))
}

/// Every teacher's balances, with what the academy owes teachers, its revenue and the tax withheld (VND).
#[utoipa::path(
    get,
    path = "/api/admin/finance/balances",
    tag = "finance",
    security(("bearer" = ["ADMIN"])),
    responses(
        (status = 200, description = "The balances", body = crate::http::Envelope<BalancesView>),
        (status = 403, description = "Not an administrator", body = ErrorEnvelope),
    )
)]
pub async fn list_teacher_balances(State(state): State<AppState>, _: Allowed<Admins>) -> ApiResult<BalancesView> {
    let balances = statement::balances(&state).await?;
    Ok(ok(BalancesView {
        total: i64::try_from(balances.teachers.len()).unwrap_or(i64::MAX),
        items: balances.teachers.iter().map(TeacherBalanceView::from).collect(),
        owed_to_teachers: balances.owed_to_teachers,
        platform_revenue: balances.platform_revenue,
        tax_withheld: balances.tax_withheld,
    }))
}

/// The payout settings.
#[utoipa::path(
    get,
    path = "/api/admin/payout-settings",
    tag = "finance",
    security(("bearer" = ["ADMIN"])),
    responses(
        (status = 200, description = "The settings", body = crate::http::Envelope<PayoutSettingsView>),
        (status = 403, description = "Not an administrator", body = ErrorEnvelope),
    )
)]
pub async fn read_payout_settings(State(state): State<AppState>, _: Allowed<Admins>) -> ApiResult<PayoutSettingsView> {
    Ok(ok(PayoutSettingsView::new(&settings::read(&state.pool).await?, state.config.payos().is_some())))
}

/// Saves the payout settings.
#[utoipa::path(
    put,
    path = "/api/admin/payout-settings",
    tag = "finance",
    security(("bearer" = ["ADMIN"])),
    request_body(content = Object, description = "`{ rules: { holdingDays, accountWaitHours, minimumPayout, withholdTax }, bankManual: { minimum, fee, noteVi, noteEn }, payos: { enabled, minimum, fee, noteVi, noteEn } (kept only when payOS is configured), payer: { name, taxCode, address } }`"),
    responses(
        (status = 200, description = "Saved", body = crate::http::Envelope<PayoutSettingsView>),
        (status = 403, description = "Not an administrator", body = ErrorEnvelope),
        (status = 422, description = "A setting out of its range", body = ErrorEnvelope),
    )
)]
pub async fn save_payout_settings(
    State(state): State<AppState>,
    Allowed(user, _): Allowed<Admins>,
    Json(mut body): Json<PayoutSettings>,
) -> ApiResult<PayoutSettingsView> {
    let configured = state.config.payos().is_some();
    let before = settings::read(&state.pool).await?;
    if !configured {
        // Not offered here: what was kept stays.
        body.payos = before.payos.clone();
    }
    settings::save(&state.pool, &body).await?;
    let json = |value: &PayoutSettings| serde_json::to_value(value).unwrap_or_default();
    crate::site::history::record(&state.pool, &user.id, "payout", &json(&before), &json(&body)).await?;
    Ok(ok(PayoutSettingsView::new(&body, configured)))
}

/// A teacher's commitment form (08/CK-TNCN) for a year.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CommitmentBody {
    pub teacher_id: String,
    pub year: i64,
    /// The day the teacher signed it (`YYYY-MM-DD`); null or absent takes the commitment back.
    pub declared_on: Option<String>,
}

/// Records (or, without `declaredOn`, takes back) a teacher's commitment that their income of the year stays below
/// the taxable threshold: no tax is withheld from their payouts of that year.
#[utoipa::path(
    put,
    path = "/api/admin/finance/tax-commitments",
    tag = "finance",
    security(("bearer" = ["ADMIN"])),
    request_body = CommitmentBody,
    responses(
        (status = 200, description = "Recorded or taken back", body = crate::http::Envelope<bool>),
        (status = 403, description = "Not an administrator", body = ErrorEnvelope),
        (status = 404, description = "No such teacher", body = ErrorEnvelope),
        (status = 422, description = "A year or date that cannot be read", body = ErrorEnvelope),
    )
)]
pub async fn record_tax_commitment(
    State(state): State<AppState>,
    Allowed(user, _): Allowed<Admins>,
    Json(body): Json<CommitmentBody>,
) -> ApiResult<bool> {
    let teacher = teacher_of(&state, &user, Some(&body.teacher_id)).await?;
    if !(2000..=2100).contains(&body.year) {
        return Err(FinanceError::Invalid {
            field: "year",
            message: crate::http::Text::new("Năm không hợp lệ.", "The year is not valid."),
        }
        .into());
    }
    match body.declared_on.as_deref().map(str::trim).filter(|d| !d.is_empty()) {
        Some(day) => {
            if chrono::NaiveDate::parse_from_str(day, "%Y-%m-%d").is_err() {
                return Err(FinanceError::Invalid {
                    field: "declaredOn",
                    message: crate::http::Text::new("Ngày phải có dạng YYYY-MM-DD.", "A date is written YYYY-MM-DD."),
                }
                .into());
            }
            repo::record_commitment(&state.pool, &teacher, body.year, day, &user.id, now_ms()).await?;
        }
        None => {
            repo::remove_commitment(&state.pool, &teacher, body.year).await?;
        }
    }
    Ok(ok(true))
}
