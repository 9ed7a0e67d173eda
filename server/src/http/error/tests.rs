use super::*;

async fn body_json(response: Response) -> serde_json::Value {
    let bytes = axum::body::to_bytes(response.into_body(), 1 << 16).await.expect("body");
    serde_json::from_slice(&bytes).expect("json")
}

#[tokio::test]
async fn an_internal_error_hides_its_cause() {
    let error = ApiError::internal(anyhow::anyhow!("password=hunter2 at db.internal:5432"));
    let response = error.into_response();
    assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
    let body = body_json(response).await;
    assert_eq!(body["code"], 9999);
    assert!(!body.to_string().contains("hunter2"), "{body}");
    assert_eq!(body["result"]["message"], "Đã có lỗi xảy ra. Vui lòng thử lại sau.");
}

#[tokio::test]
async fn a_missing_row_is_a_404_envelope() {
    let response = ApiError::from(sqlx::Error::RowNotFound).into_response();
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    assert_eq!(body_json(response).await["code"], 1004);
}

#[tokio::test]
async fn field_errors_are_listed_in_the_requested_language() {
    let error = ApiError::invalid_fields([("email".to_owned(), Text::new("Email không hợp lệ", "Invalid email"))]);
    let body = body_json(render_in(error, Lang::En)).await;
    assert_eq!(body["code"], 1006);
    assert_eq!(body["result"]["fields"]["email"], "Invalid email");
    assert_eq!(body["message"], "Invalid email");
}

#[tokio::test]
async fn an_unreachable_database_is_a_503_in_the_requested_language_without_its_cause() {
    let refused = || sqlx::Error::Io(std::io::Error::new(std::io::ErrorKind::ConnectionRefused, "10.0.0.7:5432"));
    // Directly, and wrapped by a domain error or a service's context.
    let wrapped = anyhow::Error::new(refused()).context("loading the user");
    for error in [ApiError::from(sqlx::Error::PoolTimedOut), ApiError::from(refused()), ApiError::internal(wrapped)] {
        let response = render_in(error, Lang::En);
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(response.headers()[header::RETRY_AFTER], "5");
        let body = body_json(response).await;
        assert_eq!(body["code"], 9999);
        assert_eq!(body["message"], "The service is temporarily unavailable. Please try again later.");
        assert!(!body.to_string().contains("5432"), "{body}");
    }
    let vi = body_json(render_in(ApiError::from(sqlx::Error::PoolTimedOut), Lang::Vi)).await;
    assert_eq!(vi["message"], "Dịch vụ tạm thời không khả dụng. Vui lòng thử lại sau.");
}

#[test]
fn every_variant_maps_to_its_status_and_code() {
    let t = || Text::new("x", "x");
    let cases = [
        (ApiError::bad_request(t()), 400, 1001),
        (ApiError::Unauthenticated(t()), 401, 1002),
        (ApiError::Forbidden(t()), 403, 1003),
        (ApiError::NotFound(t()), 404, 1004),
        (ApiError::Conflict(t()), 409, 1005),
        (ApiError::invalid_fields([]), 422, 1006),
        (ApiError::TooManyRequests(t()), 429, 1007),
        (ApiError::InsufficientStorage(t()), 507, 9999),
        (ApiError::UnsupportedMediaType(t()), 415, 1001),
        (ApiError::internal(anyhow::anyhow!("x")), 500, 9999),
    ];
    for (error, status, code) in cases {
        assert_eq!((error.status().as_u16(), error.code()), (status, code), "{error:?}");
    }
}
