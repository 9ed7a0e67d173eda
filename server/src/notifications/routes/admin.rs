//! The administrators' broadcasts (`/dashboard/notification`, ADMIN only), in the API's envelope:
//! - `POST /api/notification/broadcasts/preview`: how many people a draft reaches and their notification in
//!   each language (nothing is sent);
//! - `POST /api/notification/broadcasts`: sends it (the job queue writes the recipients' notifications in
//!   batches; the answer comes at once with `sent` 0);
//! - `GET /api/notification/broadcasts` and `GET /api/notification/broadcasts/{id}`: sent broadcasts with
//!   their progress (`sent` of `total`) and how many recipients read them.

use academy_shared::{i18n::Lang, roles::Role};
use axum::extract::State;

use crate::{
    http::{ApiError, ApiResult, CurrentUser, Envelope, Json, Pagination, Path, Text, ok, require_role},
    notifications::{
        broadcast::{self, BroadcastDraft, BroadcastError},
        views::{BroadcastBody, BroadcastPage, BroadcastPreview, BroadcastView, NotificationView},
    },
    state::AppState,
};

fn draft(body: BroadcastBody) -> BroadcastDraft {
    BroadcastDraft {
        audience: body.audience,
        role: body.role,
        user_ids: body.user_ids,
        title_vi: body.title.vi,
        title_en: body.title.en,
        message_vi: body.message.vi,
        message_en: body.message.en,
        image_url: body.image_url,
        action_link: body.action_link,
    }
}

impl From<BroadcastError> for ApiError {
    fn from(error: BroadcastError) -> ApiError {
        match error {
            BroadcastError::Invalid(errors) => ApiError::invalid_fields(errors.iter().map(|(field, error)| {
                use academy_shared::validation::Field as _;
                (field.name().to_owned(), Text::localized(|lang| error.message(lang)))
            })),
            BroadcastError::NotFound => {
                ApiError::NotFound(Text::new("Không tìm thấy thông báo đã gửi.", "Broadcast not found."))
            }
            BroadcastError::Database(e) => e.into(),
        }
    }
}

/// How a draft would look and how many people it reaches now.
#[utoipa::path(
    post,
    path = "/api/notification/broadcasts/preview",
    tag = "notifications",
    security(("bearer" = [])),
    request_body = BroadcastBody,
    responses(
        (status = 200, description = "The recipients' count and the notification in each language",
         body = Envelope<BroadcastPreview>),
        (status = 403, description = "Not an administrator", body = crate::http::error::ErrorEnvelope),
        (status = 422, description = "A field is not valid (`result.fields`)", body = crate::http::error::ErrorEnvelope),
    )
)]
pub async fn preview_broadcast(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(body): Json<BroadcastBody>,
) -> ApiResult<BroadcastPreview> {
    require_role(&user, &[Role::Admin])?;
    let (recipients, notification) = broadcast::preview(&state.pool, &draft(body)).await?;
    Ok(ok(BroadcastPreview {
        recipients,
        vi: NotificationView::new(&notification, Lang::Vi),
        en: NotificationView::new(&notification, Lang::En),
    }))
}

/// Sends a broadcast: everyone, a role or chosen people each get a `Broadcast` notification.
#[utoipa::path(
    post,
    path = "/api/notification/broadcasts",
    tag = "notifications",
    security(("bearer" = [])),
    request_body = BroadcastBody,
    responses(
        (status = 200, description = "Queued: the recipients' notifications are being written", body = Envelope<BroadcastView>),
        (status = 403, description = "Not an administrator", body = crate::http::error::ErrorEnvelope),
        (status = 422, description = "A field is not valid (`result.fields`)", body = crate::http::error::ErrorEnvelope),
    )
)]
pub async fn send_broadcast(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(body): Json<BroadcastBody>,
) -> ApiResult<BroadcastView> {
    require_role(&user, &[Role::Admin])?;
    let row = broadcast::send(&state, &user.id, &draft(body)).await?;
    Ok(ok(BroadcastView::from(row)))
}

/// Sent broadcasts, newest first, with their progress and read counts.
#[utoipa::path(
    get,
    path = "/api/notification/broadcasts",
    tag = "notifications",
    security(("bearer" = [])),
    params(Pagination<20>),
    responses(
        (status = 200, description = "A page of broadcasts", body = Envelope<BroadcastPage>),
        (status = 403, description = "Not an administrator", body = crate::http::error::ErrorEnvelope),
    )
)]
pub async fn list_broadcasts(
    State(state): State<AppState>,
    user: CurrentUser,
    paging: Pagination<20>,
) -> ApiResult<BroadcastPage> {
    require_role(&user, &[Role::Admin])?;
    let (rows, total) = broadcast::list(&state.pool, paging.page, paging.page_size).await?;
    Ok(ok(BroadcastPage {
        items: rows.into_iter().map(BroadcastView::from).collect(),
        total,
        page: paging.page,
        page_size: paging.page_size,
    }))
}

/// One broadcast and how far it went.
#[utoipa::path(
    get,
    path = "/api/notification/broadcasts/{id}",
    tag = "notifications",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The broadcast's id")),
    responses(
        (status = 200, description = "The broadcast", body = Envelope<BroadcastView>),
        (status = 403, description = "Not an administrator", body = crate::http::error::ErrorEnvelope),
        (status = 404, description = "No such broadcast", body = crate::http::error::ErrorEnvelope),
    )
)]
pub async fn get_broadcast(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<BroadcastView> {
    require_role(&user, &[Role::Admin])?;
    Ok(ok(BroadcastView::from(broadcast::find(&state.pool, &id).await?)))
}
