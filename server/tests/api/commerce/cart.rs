//! The cart: reading, adding (with its refusals), `DELETE /api/cart/delete` as a form, merging the browser's cart
//! at login, and enrolling in free courses without it.

use academy_shared::roles::Role;
use reqwest::{Method, multipart};
use serde_json::{Value, json};

use crate::{
    accounts::status_json,
    commerce_fixtures::{NewCourse, Shop, shop},
};

async fn add(shop: &Shop, token: &str, course_id: &str) -> (u16, Value) {
    shop.call(Method::POST, "/api/cart/items", token, Some(json!({ "courseId": course_id }))).await
}

async fn cart(shop: &Shop, token: &str) -> Value {
    let (status, body) = shop.call(Method::GET, "/api/cart", token, None).await;
    assert_eq!(status, 200, "{body}");
    body["result"].clone()
}

async fn delete_form(shop: &Shop, token: &str, cart_id: &str, item_id: &str) -> (u16, Value) {
    let form = multipart::Form::new().text("cartId", cart_id.to_owned()).text("itemId", item_id.to_owned());
    let response = shop
        .app
        .client
        .delete(shop.app.url("/api/cart/delete"))
        .bearer_auth(token)
        .multipart(form)
        .send()
        .await
        .expect("sent");
    status_json(response).await
}

#[tokio::test]
async fn the_cart_reads_in_the_shape_the_header_shows_with_prices_from_the_catalogue() {
    let shop = shop().await;
    let web = shop.course(NewCourse { discount: Some(1_490_000), ..NewCourse::vnd("Web", 2_490_000) }).await;
    let rust = shop.course(NewCourse::vnd("Rust", 1_890_000)).await;
    let (_, token) = shop.person("buyer", Role::Student).await;

    let empty = cart(&shop, &token).await;
    assert!(empty["_id"].as_str().is_some_and(|id| !id.is_empty()), "{empty}");
    assert_eq!((empty["items"].clone(), empty["totalAmount"].clone()), (json!([]), json!(0)));

    assert_eq!(add(&shop, &token, &web).await.0, 200);
    let (status, body) = add(&shop, &token, &rust).await;
    assert_eq!(status, 200, "{body}");
    let cart = &body["result"];
    assert_eq!(cart["_id"], empty["_id"], "one cart per user");
    assert_eq!(cart["totalAmount"], 1_490_000 + 1_890_000);
    assert_eq!(cart["currency"], "VND");
    let first = &cart["items"][0];
    assert!(first["_id"].is_string());
    assert_eq!(first["course"]["title"], "Web (vi)");
    assert_eq!(first["course"]["price"], 1_490_000, "the sale price is what it costs");
    assert_eq!(first["course"]["originalPrice"], 2_490_000);
    assert!(first["course"]["thumbnail"].as_str().is_some_and(|t| t.ends_with(".png")));

    // The catalogue changes the price: the cart follows.
    sqlx::query("update courses set discount = null, price = 990000 where id = $1")
        .bind(&web)
        .execute(&shop.app.state.pool)
        .await
        .expect("price changed");
    let (_, body) = shop.call_en(Method::GET, "/api/cart", &token, None).await;
    assert_eq!(body["result"]["items"][0]["course"]["price"], 990_000);
    assert_eq!(body["result"]["items"][0]["course"]["title"], "Web");
    assert_eq!(body["result"]["totalAmount"], 990_000 + 1_890_000);
}

#[tokio::test]
async fn adding_is_refused_for_free_owned_taught_duplicate_unknown_and_non_vnd_courses() {
    let shop = shop().await;
    let paid = shop.course(NewCourse::vnd("Paid", 500_000)).await;
    let free = shop.course(NewCourse::vnd("Free", 0)).await;
    let draft = shop.course(NewCourse { status: "draft", ..NewCourse::vnd("Draft", 500_000) }).await;
    let dollars = shop.course(NewCourse { currency: "USD", ..NewCourse::vnd("Dollars", 2_499) }).await;
    let owned = shop.course(NewCourse::vnd("Owned", 300_000)).await;
    let (buyer, token) = shop.person("buyer", Role::Student).await;
    let teacher_token = shop.app.login(&shop.teacher.username, &shop.teacher.password).await.0;
    let (status, _) = shop.call(Method::POST, &format!("/api/courses/{free}/enroll-free"), &token, None).await;
    assert_eq!(status, 200);
    sqlx::query(
        "insert into course_enrollments (id, user_id, course_id, progress, completed, created_at, updated_at) \
         values ('owned-1', $1, $2, 0, 0, 0, 0)",
    )
    .bind(&buyer.id)
    .bind(&owned)
    .execute(&shop.app.state.pool)
    .await
    .expect("owned");
    assert_eq!(add(&shop, &token, &paid).await.0, 200);

    let cases = [
        (free.as_str(), 409, "This course is free: enrol in it directly, no cart needed."),
        (owned.as_str(), 409, "You already own this course."),
        (paid.as_str(), 409, "This course is already in your cart."),
        (
            dollars.as_str(),
            409,
            "This course is priced in USD and cannot be bought here: the academy takes payments in VND only.",
        ),
        (draft.as_str(), 404, "Course not found."),
        ("no-such-course", 404, "Course not found."),
    ];
    for (course, status, message) in cases {
        let body = json!({ "courseId": course });
        let (got, body) = shop.call_en(Method::POST, "/api/cart/items", &token, Some(body)).await;
        assert_eq!((got, body["message"].as_str()), (status, Some(message)), "{course}: {body}");
    }
    let (status, body) = add(&shop, &teacher_token, &paid).await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(body["message"], "Bạn không thể mua khóa học do chính mình giảng dạy.");
    assert_eq!(cart(&shop, &token).await["count"], 1);
}

#[tokio::test]
async fn delete_takes_the_form_fields_and_answers_200_with_the_cart_without_the_item() {
    let shop = shop().await;
    let a = shop.course(NewCourse::vnd("A", 100_000)).await;
    let b = shop.course(NewCourse::vnd("B", 200_000)).await;
    let (_, token) = shop.person("buyer", Role::Student).await;
    add(&shop, &token, &a).await;
    let (_, body) = add(&shop, &token, &b).await;
    let cart_id = body["result"]["_id"].as_str().expect("cart id").to_owned();
    let item_a = body["result"]["items"][0]["_id"].as_str().expect("item id").to_owned();

    let (status, body) = delete_form(&shop, &token, &cart_id, &item_a).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["code"], 1000);
    assert_eq!(body["result"]["totalAmount"], 200_000);
    assert_eq!(body["result"]["items"].as_array().map(Vec::len), Some(1));

    // Removing it again, or an item of another cart, is a 404.
    assert_eq!(delete_form(&shop, &token, &cart_id, &item_a).await.0, 404);
    // The URL-encoded form is read too.
    let item_b = cart(&shop, &token).await["items"][0]["_id"].as_str().expect("item").to_owned();
    let response = shop
        .app
        .client
        .delete(shop.app.url("/api/cart/delete"))
        .bearer_auth(&token)
        .form(&[("cartId", cart_id.as_str()), ("itemId", item_b.as_str())])
        .send()
        .await
        .expect("sent");
    assert_eq!(response.status(), 200);
    assert_eq!(cart(&shop, &token).await["count"], 0);
}

#[tokio::test]
async fn nobody_removes_an_item_from_someone_elses_cart() {
    let shop = shop().await;
    let course = shop.course(NewCourse::vnd("A", 100_000)).await;
    let (_, owner) = shop.person("owner", Role::Student).await;
    let (_, other) = shop.person("other", Role::Student).await;
    let (_, body) = add(&shop, &owner, &course).await;
    let cart_id = body["result"]["_id"].as_str().expect("cart").to_owned();
    let item_id = body["result"]["items"][0]["_id"].as_str().expect("item").to_owned();

    let (status, body) = delete_form(&shop, &other, &cart_id, &item_id).await;
    assert_eq!(status, 404, "{body}");
    assert_eq!(cart(&shop, &owner).await["count"], 1, "the owner's item stays");

    let (status, _) = delete_form(&shop, &owner, &cart_id, "").await;
    assert_eq!(status, 422, "a missing item id is named");
    let anonymous = shop.app.client.delete(shop.app.url("/api/cart/delete")).send().await.expect("sent");
    assert_eq!(anonymous.status(), 401);
}

#[tokio::test]
async fn the_browser_cart_merges_at_login_skipping_what_cannot_be_bought() {
    let shop = shop().await;
    let a = shop.course(NewCourse::vnd("A", 100_000)).await;
    let b = shop.course(NewCourse::vnd("B", 200_000)).await;
    let free = shop.course(NewCourse::vnd("Free", 0)).await;
    let (_, token) = shop.person("buyer", Role::Student).await;
    add(&shop, &token, &a).await;

    let body = json!({ "courseIds": [a, b, free, "gone", b] });
    let (status, body) = shop.call_en(Method::POST, "/api/cart/merge", &token, Some(body)).await;
    assert_eq!(status, 200, "{body}");
    let merged = &body["result"];
    assert_eq!(merged["cart"]["count"], 2);
    assert_eq!(merged["cart"]["totalAmount"], 300_000);
    let skipped: Vec<(String, String)> = merged["skipped"]
        .as_array()
        .expect("skipped")
        .iter()
        .map(|s| {
            (
                s["courseId"].as_str().unwrap_or_default().to_owned(),
                s["message"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect();
    assert_eq!(
        skipped,
        [
            (a.clone(), "This course is already in your cart.".to_owned()),
            (free.clone(), "This course is free: enrol in it directly, no cart needed.".to_owned()),
            ("gone".to_owned(), "Course not found.".to_owned()),
            (b.clone(), "This course is already in your cart.".to_owned()),
        ]
    );

    let too_many: Vec<String> = (0..51).map(|i| format!("c{i}")).collect();
    let (status, _) = shop.call(Method::POST, "/api/cart/merge", &token, Some(json!({ "courseIds": too_many }))).await;
    assert_eq!(status, 422);
}

#[tokio::test]
async fn a_free_course_enrols_in_one_call_once_and_a_paid_one_does_not() {
    let shop = shop().await;
    let free = shop.course(NewCourse::vnd("Free", 0)).await;
    let paid = shop.course(NewCourse::vnd("Paid", 100_000)).await;
    let (student, token) = shop.person("learner", Role::Student).await;

    let (status, body) = shop.call(Method::POST, &format!("/api/courses/{free}/enroll-free"), &token, None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["result"]["courseId"], free.as_str());
    assert_eq!(shop.enrolment(&student.id, &free).await, (1, 1));

    let (status, _) = shop.call(Method::POST, &format!("/api/courses/{free}/enroll-free"), &token, None).await;
    assert_eq!(status, 409, "enrolled once");
    assert_eq!(shop.enrolment(&student.id, &free).await, (1, 1));
    let (status, body) = shop.call_en(Method::POST, &format!("/api/courses/{paid}/enroll-free"), &token, None).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (409, Some("This course is not free: add it to your cart and check out."))
    );
    assert_eq!(shop.enrolment(&student.id, &paid).await, (0, 0));

    // The enrolled course is in the profile's list.
    let (status, body) = shop.call(Method::POST, "/api/course/enroll-list", &token, None).await;
    assert_eq!(status, 200);
    assert_eq!(body["enrollList"][0]["_id"], free.as_str(), "the list at the top level of the body");
}

#[tokio::test]
async fn a_course_id_with_a_nul_character_is_refused_as_unreadable_or_unknown_never_a_server_error() {
    let shop = shop().await;
    let (_, token) = shop.person("learner", Role::Student).await;

    let (status, body) = add(&shop, &token, "course\u{0}id").await;

    // PostgreSQL cannot store a NUL in text (400); SQLite looks the id up and finds nothing (404).
    let expected = if crate::helpers::backend() == academy_server::platform::db::Backend::Postgres { 400 } else { 404 };
    assert_eq!(status, expected, "{body}");
}
