//! Reviews: one per enrolled learner and course (editable), the course's rating kept in step in the same
//! transaction, the shared rules on both stars and text, the teacher's reply, hiding by an admin, and paging.

use academy_shared::roles::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::learning::Classroom;

impl Classroom {
    fn reviews(&self) -> String {
        format!("/api/courses/{}/reviews", self.course)
    }

    async fn review(&self, token: &str, body: Value) -> (u16, Value) {
        self.call(Method::PUT, &format!("{}/mine", self.reviews()), Some(token), Some(body)).await
    }

    /// The course's rating as the course page shows it.
    async fn rating(&self) -> (Value, Value) {
        let (status, body) = self.call(Method::GET, &format!("/api/courses/{}", self.course), None, None).await;
        assert_eq!(status, 200, "{body}");
        (body["result"]["ratingAverage"].clone(), body["result"]["ratingCount"].clone())
    }

    /// A new student enrolled in the course, signed in.
    async fn learner(&self) -> String {
        let (user, token, _) = self.app.signed_in("learner", Role::Student).await;
        self.enrol(&user.id).await;
        token
    }
}

#[tokio::test]
async fn an_enrolled_student_reviews_a_course_once_and_may_change_it() {
    let room = Classroom::new().await;

    let (first, created) = room.review(&room.student, json!({"rating": 5})).await;
    let after_first = room.rating().await;
    let (second, edited) =
        room.review(&room.student, json!({"rating": 3, "text": "  Khá ổn, cần thêm bài tập.  "})).await;
    let after_edit = room.rating().await;
    let (_, list) = room.call(Method::GET, &room.reviews(), Some(&room.student), None).await;

    assert_eq!((first, second), (200, 200));
    assert_eq!(created["result"]["text"], Value::Null);
    assert_eq!(edited["result"]["id"], created["result"]["id"], "the same review, changed");
    assert_eq!(edited["result"]["text"], "Khá ổn, cần thêm bài tập.");
    assert_eq!(after_first, (json!(5.0), json!(1)));
    assert_eq!(after_edit, (json!(3.0), json!(1)));
    assert_eq!(list["result"]["total"], 1);
    assert_eq!(list["result"]["mine"]["rating"], 3);
    assert_eq!(list["result"]["canReview"], true);
    assert_eq!(list["result"]["items"][0]["author"]["name"], "User Test");
}

#[tokio::test]
async fn the_average_counts_every_learners_review() {
    let room = Classroom::new().await;
    let second = room.learner().await;
    let third = room.learner().await;

    room.review(&room.student, json!({"rating": 5})).await;
    room.review(&second, json!({"rating": 4})).await;
    room.review(&third, json!({"rating": 4})).await;
    let (_, list) = room.call(Method::GET, &room.reviews(), None, None).await;

    assert_eq!(room.rating().await, (json!(4.3), json!(3)));
    assert_eq!((&list["result"]["ratingAverage"], &list["result"]["ratingCount"]), (&json!(4.3), &json!(3)));
    assert_eq!(list["result"]["canReview"], false, "a visitor cannot review");
}

#[tokio::test]
async fn only_students_enrolled_in_the_course_review_it() {
    let room = Classroom::new().await;

    let (outsider, _) = room.review(&room.outsider, json!({"rating": 5})).await;
    let (teacher, _) = room.review(&room.teacher, json!({"rating": 5})).await;
    let (admin, _) = room.review(&room.admin, json!({"rating": 1})).await;
    let (visitor, _) =
        room.call(Method::PUT, &format!("{}/mine", room.reviews()), None, Some(json!({"rating": 5}))).await;
    let (missing, _) = room
        .call(Method::PUT, "/api/courses/no-such-course/reviews/mine", Some(&room.student), Some(json!({"rating": 5})))
        .await;

    assert_eq!((outsider, teacher, admin, visitor, missing), (403, 403, 403, 401, 404));
    assert_eq!(room.rating().await, (json!(0.0), json!(0)), "nothing was counted");
}

#[tokio::test]
async fn a_review_is_checked_by_the_shared_rules_in_the_requested_language() {
    let room = Classroom::new().await;

    let (zero, zero_body) = room.review(&room.student, json!({"rating": 0})).await;
    let (six, _) = room.review(&room.student, json!({"rating": 6})).await;
    let (long, long_body) = room.review(&room.student, json!({"rating": 4, "text": "a".repeat(5001)})).await;
    let (longest, _) = room.review(&room.student, json!({"rating": 4, "text": "ễ".repeat(5000)})).await;
    let english = room
        .app
        .client
        .put(room.app.url(&format!("{}/mine", room.reviews())))
        .bearer_auth(&room.student)
        .header("Accept-Language", "en")
        .json(&json!({"rating": 9}))
        .send()
        .await
        .expect("sent");
    let english: Value = english.json().await.expect("json");

    assert_eq!((zero, six, long, longest), (422, 422, 422, 200));
    assert_eq!(zero_body["result"]["fields"]["rating"], "Vui lòng chọn từ 1 đến 5 sao");
    assert_eq!(long_body["result"]["fields"]["text"], "Trường này tối đa 5000 ký tự");
    assert_eq!(english["result"]["fields"]["rating"], "Please choose from 1 to 5 stars");
}

#[tokio::test]
async fn an_admin_hides_a_review_and_it_leaves_the_list_and_the_average() {
    let room = Classroom::new().await;
    let second = room.learner().await;
    let (_, rude) = room.review(&room.student, json!({"rating": 1, "text": "spam spam"})).await;
    room.review(&second, json!({"rating": 5})).await;
    let visibility = format!("/api/reviews/{}/visibility", rude["result"]["id"].as_str().expect("id"));

    let (by_teacher, _) = room.call(Method::PUT, &visibility, Some(&room.teacher), Some(json!({"hidden": true}))).await;
    let (by_student, _) = room.call(Method::PUT, &visibility, Some(&room.student), Some(json!({"hidden": true}))).await;
    let before = room.rating().await;
    let (hidden, hidden_body) =
        room.call(Method::PUT, &visibility, Some(&room.admin), Some(json!({"hidden": true}))).await;
    let after = room.rating().await;
    let (_, public) = room.call(Method::GET, &room.reviews(), None, None).await;
    let (_, for_admin) = room.call(Method::GET, &room.reviews(), Some(&room.admin), None).await;
    let (_, for_author) = room.call(Method::GET, &room.reviews(), Some(&room.student), None).await;
    room.call(Method::PUT, &visibility, Some(&room.admin), Some(json!({"hidden": false}))).await;
    let shown_again = room.rating().await;

    assert_eq!((by_teacher, by_student, hidden), (403, 403, 200));
    assert_eq!(hidden_body["result"]["hidden"], true);
    assert_eq!(before, (json!(3.0), json!(2)));
    assert_eq!(after, (json!(5.0), json!(1)));
    assert_eq!(public["result"]["total"], 1);
    assert_eq!(public["result"]["items"][0]["rating"], 5);
    assert_eq!((&for_admin["result"]["total"], &for_admin["result"]["canModerate"]), (&json!(2), &json!(true)));
    assert!(for_admin["result"]["items"].as_array().expect("items").iter().any(|r| r["hidden"] == true));
    assert_eq!(for_author["result"]["mine"]["hidden"], true, "its author still sees it, marked hidden");
    assert_eq!(shown_again, (json!(3.0), json!(2)));
}

#[tokio::test]
async fn the_teacher_replies_to_a_review_and_nobody_else_does() {
    let room = Classroom::new().await;
    let (_, review) = room.review(&room.student, json!({"rating": 4, "text": "Hay"})).await;
    let reply = format!("/api/reviews/{}/reply", review["result"]["id"].as_str().expect("id"));

    let (by_student, _) =
        room.call(Method::PUT, &reply, Some(&room.student), Some(json!({"text": "Tôi tự trả lời"}))).await;
    let (by_other, _) =
        room.call(Method::PUT, &reply, Some(&room.other_teacher), Some(json!({"text": "Xin chào"}))).await;
    let (empty, empty_body) = room.call(Method::PUT, &reply, Some(&room.teacher), Some(json!({"text": "   "}))).await;
    let (replied, _) =
        room.call(Method::PUT, &reply, Some(&room.teacher), Some(json!({"text": " Cảm ơn bạn! "}))).await;
    let (_, list) = room.call(Method::GET, &room.reviews(), Some(&room.teacher), None).await;
    let (missing, _) = room
        .call(Method::PUT, "/api/reviews/no-such-review/reply", Some(&room.teacher), Some(json!({"text": "x"})))
        .await;

    assert_eq!((by_student, by_other, empty, replied, missing), (403, 403, 422, 200, 404));
    assert_eq!(empty_body["result"]["fields"]["text"], "Vui lòng nhập nội dung phản hồi");
    assert_eq!(list["result"]["canReply"], true);
    assert_eq!(list["result"]["items"][0]["reply"]["text"], "Cảm ơn bạn!");
    assert_eq!(list["result"]["items"][0]["reply"]["author"]["name"], "User Test");
}

#[tokio::test]
async fn reviews_are_listed_newest_first_in_pages() {
    let room = Classroom::new().await;
    let mut tokens = vec![room.student.clone()];
    for _ in 0..6 {
        tokens.push(room.learner().await);
    }
    for (n, token) in tokens.iter().enumerate() {
        let rating = i64::try_from(n % 5).expect("small") + 1;
        room.review(token, json!({"rating": rating, "text": format!("review {n}")})).await;
    }

    let mut pages = Vec::new();
    for page in 1..=4 {
        let path = format!("{}?page={page}&pageSize=3", room.reviews());
        let (status, body) = room.call(Method::GET, &path, None, None).await;
        assert_eq!(status, 200, "{body}");
        pages.push(body["result"].clone());
    }
    let (bad, _) = room.call(Method::GET, &format!("{}?page=abc", room.reviews()), None, None).await;
    let (default_size, default_page) = room.call(Method::GET, &room.reviews(), None, None).await;

    let texts: Vec<Vec<&str>> = pages
        .iter()
        .map(|p| p["items"].as_array().expect("items").iter().map(|r| r["text"].as_str().expect("text")).collect())
        .collect();
    assert_eq!(
        texts,
        [vec!["review 6", "review 5", "review 4"], vec!["review 3", "review 2", "review 1"], vec!["review 0"], vec![]]
    );
    assert_eq!((&pages[0]["total"], &pages[0]["totalPages"], &pages[0]["pageSize"]), (&json!(7), &json!(3), &json!(3)));
    assert_eq!(bad, 400);
    assert_eq!(default_size, 200);
    assert_eq!(default_page["result"]["pageSize"], 5);
}
