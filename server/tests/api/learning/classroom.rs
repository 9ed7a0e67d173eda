//! Learning a course: who gets lesson content (per role), progress counted over the lessons a course has now,
//! resuming, reading lessons, the profile's enrolled courses in the spec's shape, and the teacher's learner
//! counts. Courses are built through the dashboard's API; enrolments are written as payment writes them.

use academy_shared::roles::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::{
    accounts::{TestUser, status_json},
    helpers::{TestApp, spawn_app_with},
};

/// A published course of three lessons (a free-preview YouTube video, an uploaded video, a reading lesson),
/// its teacher, an enrolled student, a student who is not enrolled, another teacher and an admin.
pub struct Classroom {
    pub app: TestApp,
    pub course: String,
    /// Lesson ids in order: preview, video, reading.
    pub lessons: Vec<String>,
    pub section: String,
    pub teacher: String,
    pub student: String,
    pub student_user: TestUser,
    pub outsider: String,
    pub other_teacher: String,
    pub admin: String,
}

pub const UPLOADED_VIDEO: &str = "/files/public/videos/0190a0b0c0d0e0f00112233445566778.mp4";

fn lesson(id: Option<&str>, title: &str, video: Option<&str>, preview: bool) -> Value {
    json!({"id": id, "title": {"vi": title, "en": title}, "durationSeconds": 60, "videoUrl": video, "freePreview": preview})
}

impl Classroom {
    pub async fn new() -> Classroom {
        Classroom::new_with(|_| {}).await
    }

    /// [`Classroom::new`] on a server whose configuration `adjust` changed first.
    pub async fn new_with(adjust: impl FnOnce(&mut academy_server::Config)) -> Classroom {
        let app = spawn_app_with(adjust).await;
        let (_, admin, _) = app.signed_in("admin", Role::Admin).await;
        let (_, teacher, _) = app.signed_in("teacher", Role::Teacher).await;
        let (_, other_teacher, _) = app.signed_in("teacher", Role::Teacher).await;
        let (student_user, student, _) = app.signed_in("student", Role::Student).await;
        let (_, outsider, _) = app.signed_in("student", Role::Student).await;

        let category = json!({"name": {"vi": "Lập trình", "en": "Programming"}});
        let (status, created) =
            status_json(app.send(Method::POST, "/api/dashboard/categories", Some(&admin), Some(category)).await).await;
        assert_eq!(status, 200, "{created}");
        let category_id = created["result"]["id"].as_str().expect("category id").to_owned();
        let body = json!({
            "title": {"vi": "Lập trình Rust", "en": "Rust programming"},
            "price": 990000, "level": "beginner", "categoryId": category_id
        });
        let (status, course) =
            status_json(app.send(Method::POST, "/api/dashboard/courses", Some(&teacher), Some(body)).await).await;
        assert_eq!(status, 200, "{course}");
        let course_id = course["result"]["_id"].as_str().expect("course id").to_owned();
        let sections = json!({"sections": [{"title": {"vi": "Mở đầu", "en": "Start"}, "lessons": [
            lesson(None, "Giới thiệu", Some("https://youtu.be/aqz-KE-bpKQ"), true),
            lesson(None, "Cài đặt", Some(UPLOADED_VIDEO), false),
            lesson(None, "Tổng kết", None, false),
        ]}]});
        let classroom = Classroom {
            app,
            course: course_id,
            lessons: Vec::new(),
            section: String::new(),
            teacher,
            student,
            student_user,
            outsider,
            other_teacher,
            admin,
        };
        let saved = classroom.save_curriculum(sections).await;
        let published = json!({"status": "published"});
        let path = format!("/api/dashboard/courses/{}/status", classroom.course);
        let (status, body) =
            status_json(classroom.app.send(Method::PUT, &path, Some(&classroom.teacher), Some(published)).await).await;
        assert_eq!(status, 200, "{body}");
        let section = &saved["result"]["sections"][0];
        let lessons = section["lessons"].as_array().expect("lessons");
        let lessons = lessons.iter().map(|l| l["id"].as_str().expect("lesson id").to_owned()).collect();
        let section = section["id"].as_str().expect("section id").to_owned();
        let classroom = Classroom { lessons, section, ..classroom };
        classroom.enrol(&classroom.student_user.id).await;
        classroom
    }

    /// Enrols a user in the course, as a paid order or a free course does.
    pub async fn enrol(&self, user_id: &str) {
        let mut conn = self.app.state.pool.acquire().await.expect("connection");
        academy_server::catalogue::repo::courses::insert_enrollment(&mut conn, user_id, &self.course, 0, 1_000)
            .await
            .expect("enrolled");
    }

    /// Replaces the curriculum as its teacher; answers the managed course.
    pub async fn save_curriculum(&self, sections: Value) -> Value {
        let path = format!("/api/dashboard/courses/{}/curriculum", self.course);
        let (status, body) =
            status_json(self.app.send(Method::PUT, &path, Some(&self.teacher), Some(sections)).await).await;
        assert_eq!(status, 200, "{body}");
        body
    }

    /// The current lessons again, with `more` new ones after them.
    pub async fn add_lessons(&self, more: &[&str]) {
        let mut lessons: Vec<Value> = self
            .lessons
            .iter()
            .map(|id| lesson(Some(id), "Bài", Some("https://youtu.be/aqz-KE-bpKQ"), false))
            .collect();
        lessons.extend(more.iter().map(|title| lesson(None, title, None, false)));
        self.save_curriculum(
            json!({"sections": [{"id": self.section, "title": {"vi": "A", "en": "A"}, "lessons": lessons}]}),
        )
        .await;
    }

    pub async fn call(&self, method: Method, path: &str, token: Option<&str>, body: Option<Value>) -> (u16, Value) {
        self.app.call(method, path, token, body).await
    }

    pub fn lesson_path(&self, n: usize) -> String {
        format!("/api/learning/courses/{}/lessons/{}", self.course, self.lessons[n])
    }

    pub async fn complete(&self, token: &str, n: usize, completed: bool) -> (u16, Value) {
        let path = format!("{}/completion", self.lesson_path(n));
        self.call(Method::PUT, &path, Some(token), Some(json!({"completed": completed}))).await
    }

    pub async fn enroll_list(&self, token: &str) -> Value {
        let response = self
            .app
            .client
            .post(self.app.url("/api/course/enroll-list"))
            .bearer_auth(token)
            .multipart(reqwest::multipart::Form::new())
            .send()
            .await
            .expect("sent");
        assert_eq!(response.status(), 200);
        response.json().await.expect("json")
    }
}

#[tokio::test]
async fn lesson_content_goes_to_enrolled_students_the_teacher_and_admins_and_previews_to_everybody() {
    let room = Classroom::new().await;
    let (preview, locked) = (room.lesson_path(0), room.lesson_path(1));

    let mut seen = Vec::new();
    for (who, token) in [
        ("visitor", None),
        ("outsider", Some(room.outsider.as_str())),
        ("other teacher", Some(room.other_teacher.as_str())),
        ("student", Some(room.student.as_str())),
        ("teacher", Some(room.teacher.as_str())),
        ("admin", Some(room.admin.as_str())),
    ] {
        let (preview_status, _) = room.call(Method::GET, &preview, token, None).await;
        let (locked_status, body) = room.call(Method::GET, &locked, token, None).await;
        seen.push((who, preview_status, locked_status, body["result"]["player"]["url"].clone()));
    }

    let statuses: Vec<(&str, u16, u16)> = seen.iter().map(|(who, p, l, _)| (*who, *p, *l)).collect();
    assert_eq!(
        statuses,
        [
            ("visitor", 200, 401),
            ("outsider", 200, 403),
            ("other teacher", 200, 403),
            ("student", 200, 200),
            ("teacher", 200, 200),
            ("admin", 200, 200),
        ]
    );
    assert!(seen.iter().take(3).all(|(.., url)| url.is_null()), "nothing of the locked lesson leaks");
    let played = seen[3].3.as_str().expect("a video url");
    assert!(played.starts_with(&format!("{UPLOADED_VIDEO}?expires=")) && played.contains("&sig="), "{played}");
}

#[tokio::test]
async fn a_refused_lesson_says_why_in_the_requested_language() {
    let room = Classroom::new().await;

    let response = room
        .app
        .client
        .get(room.app.url(&room.lesson_path(1)))
        .bearer_auth(&room.outsider)
        .header("Accept-Language", "en")
        .send()
        .await
        .expect("sent");
    let (status, body) = status_json(response).await;

    assert_eq!(status, 403);
    assert_eq!(body["code"], 1003);
    assert_eq!(body["message"], "You need to enrol in this course to open its lessons.");
}

#[tokio::test]
async fn an_unpublished_course_is_not_found_by_anyone_but_its_teacher_its_learners_and_admins() {
    let room = Classroom::new().await;
    let path = format!("/api/dashboard/courses/{}/status", room.course);
    room.call(Method::PUT, &path, Some(&room.teacher), Some(json!({"status": "draft"}))).await;
    let page = format!("/api/learning/courses/{}", room.course);

    let (outsider_page, _) = room.call(Method::GET, &page, Some(&room.outsider), None).await;
    let (outsider_preview, _) = room.call(Method::GET, &room.lesson_path(0), Some(&room.outsider), None).await;
    let (visitor_preview, _) = room.call(Method::GET, &room.lesson_path(0), None, None).await;
    let (student_page, _) = room.call(Method::GET, &page, Some(&room.student), None).await;
    let (teacher_lesson, _) = room.call(Method::GET, &room.lesson_path(1), Some(&room.teacher), None).await;
    let (admin_page, _) = room.call(Method::GET, &page, Some(&room.admin), None).await;

    assert_eq!((outsider_page, outsider_preview, visitor_preview), (404, 404, 404));
    assert_eq!((student_page, teacher_lesson, admin_page), (200, 200, 200));
}

#[tokio::test]
async fn the_learning_page_is_for_the_courses_learners_its_teacher_and_admins() {
    let room = Classroom::new().await;
    let page = format!("/api/learning/courses/{}", room.course);

    let (visitor, _) = room.call(Method::GET, &page, None, None).await;
    let (outsider, _) = room.call(Method::GET, &page, Some(&room.outsider), None).await;
    let (_, student) = room.call(Method::GET, &page, Some(&room.student), None).await;
    let (_, teacher) = room.call(Method::GET, &page, Some(&room.teacher), None).await;
    let (_, admin) = room.call(Method::GET, &page, Some(&room.admin), None).await;
    let (missing, _) = room.call(Method::GET, "/api/learning/courses/no-such-course", Some(&room.admin), None).await;

    assert_eq!((visitor, outsider, missing), (401, 403, 404));
    assert_eq!(student["result"]["role"], "student");
    assert_eq!(student["result"]["progress"]["percent"], 0);
    let kinds: Vec<&Value> =
        student["result"]["sections"][0]["lessons"].as_array().expect("lessons").iter().map(|l| &l["kind"]).collect();
    assert_eq!(kinds, ["video", "video", "text"]);
    assert_eq!(teacher["result"]["role"], "teacher");
    assert!(teacher["result"]["progress"].is_null(), "a teacher has no progress");
    assert_eq!(admin["result"]["role"], "admin");
}

#[tokio::test]
async fn marking_lessons_complete_raises_progress_until_the_course_is_completed() {
    let room = Classroom::new().await;

    let mut percents = Vec::new();
    for n in 0..3 {
        let (status, body) = room.complete(&room.student, n, true).await;
        assert_eq!(status, 200, "{body}");
        percents.push((body["result"]["progress"]["percent"].clone(), body["result"]["progress"]["completed"].clone()));
    }
    let (_, again) = room.complete(&room.student, 2, true).await;
    let listed = room.enroll_list(&room.student).await;
    let (_, undone) = room.complete(&room.student, 0, false).await;
    let after_undo = room.enroll_list(&room.student).await;

    assert_eq!(percents, [(json!(33), json!(false)), (json!(66), json!(false)), (json!(100), json!(true))]);
    assert_eq!(again["result"]["progress"]["percent"], 100, "completing twice counts once");
    assert_eq!(
        (&listed["enrollList"][0]["progress"], &listed["enrollList"][0]["completed"]),
        (&json!(100), &json!(true))
    );
    assert_eq!(undone["result"]["progress"]["completedLessons"], 2);
    assert_eq!(
        (&after_undo["enrollList"][0]["progress"], &after_undo["enrollList"][0]["completed"]),
        (&json!(66), &json!(false))
    );
}

#[tokio::test]
async fn progress_counts_only_the_lessons_a_course_has_now() {
    let room = Classroom::new().await;
    for n in 0..3 {
        room.complete(&room.student, n, true).await;
    }

    room.add_lessons(&["Bài mới 1"]).await;
    let grown = room.enroll_list(&room.student).await;
    let (_, page) =
        room.call(Method::GET, &format!("/api/learning/courses/{}", room.course), Some(&room.student), None).await;
    // The lesson completed first leaves the course: its completion stops counting.
    let remaining: Vec<Value> = room.lessons[1..]
        .iter()
        .map(|id| lesson(Some(id), "Bài", None, false))
        .chain([lesson(None, "Bài mới 2", None, false)])
        .collect();
    room.save_curriculum(
        json!({"sections": [{"id": room.section, "title": {"vi": "A", "en": "A"}, "lessons": remaining}]}),
    )
    .await;
    let shrunk = room.enroll_list(&room.student).await;

    assert_eq!(
        (&grown["enrollList"][0]["progress"], &grown["enrollList"][0]["completed"]),
        (&json!(75), &json!(false))
    );
    assert_eq!(
        page["result"]["progress"],
        json!({"completedLessons": 3, "totalLessons": 4, "percent": 75, "completed": false})
    );
    assert_eq!(shrunk["enrollList"][0]["progress"], 66, "2 of the 3 lessons it has now");
}

#[tokio::test]
async fn only_enrolled_learners_record_progress() {
    let room = Classroom::new().await;

    let (teacher, _) = room.complete(&room.teacher, 0, true).await;
    let (admin, _) = room.complete(&room.admin, 0, true).await;
    let (outsider, _) = room.complete(&room.outsider, 0, true).await;
    let (visitor, _) = room
        .call(Method::PUT, &format!("{}/completion", room.lesson_path(0)), None, Some(json!({"completed": true})))
        .await;
    let unknown = format!("/api/learning/courses/{}/lessons/no-such-lesson/completion", room.course);
    let (missing, _) = room.call(Method::PUT, &unknown, Some(&room.student), Some(json!({"completed": true}))).await;

    assert_eq!((teacher, admin, outsider, visitor, missing), (403, 403, 403, 401, 404));
}

#[tokio::test]
async fn the_learning_page_resumes_at_the_lesson_opened_last() {
    let room = Classroom::new().await;
    let page = format!("/api/learning/courses/{}", room.course);
    let resume = format!("{page}/resume");

    let (_, fresh) = room.call(Method::GET, &page, Some(&room.student), None).await;
    room.complete(&room.student, 0, true).await;
    let (_, after_first) = room.call(Method::GET, &page, Some(&room.student), None).await;
    let (status, _) =
        room.call(Method::PUT, &resume, Some(&room.student), Some(json!({"lessonId": room.lessons[2]}))).await;
    let (_, resumed) = room.call(Method::GET, &page, Some(&room.student), None).await;
    let (outsider, _) =
        room.call(Method::PUT, &resume, Some(&room.outsider), Some(json!({"lessonId": room.lessons[2]}))).await;

    assert_eq!(fresh["result"]["resumeLessonId"], room.lessons[0].as_str(), "the first lesson at first");
    assert_eq!(after_first["result"]["resumeLessonId"], room.lessons[0].as_str(), "the lesson just completed");
    assert_eq!(status, 200);
    assert_eq!(resumed["result"]["resumeLessonId"], room.lessons[2].as_str());
    assert_eq!(outsider, 403);
}

#[tokio::test]
async fn videos_play_in_privacy_friendly_players_and_reading_lessons_are_read() {
    let room = Classroom::new().await;
    let text = json!({"body": {"vi": "Đọc kỹ phần này.", "en": "Read this part carefully."}});
    let text_path = format!("{}/text", room.lesson_path(2));

    let (_, preview) = room.call(Method::GET, &room.lesson_path(0), None, None).await;
    let (saved, _) = room.call(Method::PUT, &text_path, Some(&room.teacher), Some(text.clone())).await;
    let (by_student, _) = room.call(Method::PUT, &text_path, Some(&room.student), Some(text.clone())).await;
    let (by_other_teacher, _) = room.call(Method::PUT, &text_path, Some(&room.other_teacher), Some(text)).await;
    let too_long = json!({"body": {"vi": "a".repeat(10_001), "en": ""}});
    let (long, long_body) = room.call(Method::PUT, &text_path, Some(&room.teacher), Some(too_long)).await;
    let (_, reading) = room.call(Method::GET, &room.lesson_path(2), Some(&room.student), None).await;
    // Saving the curriculum again keeps the lesson's text.
    room.add_lessons(&[]).await;
    let (_, kept) = room.call(Method::GET, &room.lesson_path(2), Some(&room.student), None).await;

    assert_eq!(
        preview["result"]["player"],
        json!({"kind": "embed", "url": "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ"})
    );
    assert_eq!((saved, by_student, by_other_teacher, long), (200, 403, 403, 422));
    assert!(long_body["result"]["fields"]["body.vi"].is_string(), "{long_body}");
    assert_eq!(reading["result"]["kind"], "text");
    assert!(reading["result"]["player"].is_null());
    assert_eq!(reading["result"]["text"], "Đọc kỹ phần này.");
    assert_eq!(reading["result"]["completed"], false);
    assert_eq!(kept["result"]["text"], "Đọc kỹ phần này.");
    assert!(reading["result"]["texts"].is_null(), "a learner gets the text in their language only");
    let (_, for_teacher) = room.call(Method::GET, &room.lesson_path(2), Some(&room.teacher), None).await;
    assert_eq!(for_teacher["result"]["texts"], json!({"vi": "Đọc kỹ phần này.", "en": "Read this part carefully."}));
}

#[tokio::test]
async fn the_enrolled_courses_list_answers_the_spec_shape_at_the_top_level() {
    let room = Classroom::new().await;
    room.complete(&room.student, 0, true).await;

    let body = room.enroll_list(&room.student).await;
    let anonymous = room.app.client.post(room.app.url("/api/course/enroll-list")).send().await.expect("sent");
    let none = room.enroll_list(&room.outsider).await;

    assert_eq!(body["code"], 1000);
    let item = &body["enrollList"][0];
    let mut keys: Vec<&str> = item.as_object().expect("an object").keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(keys, ["_id", "completed", "createdAt", "instructor", "progress", "thumbnail", "title"]);
    let mut instructor: Vec<&str> =
        item["instructor"].as_object().expect("instructor").keys().map(String::as_str).collect();
    instructor.sort_unstable();
    assert_eq!(instructor, ["image", "name"]);
    assert_eq!(item["_id"], room.course.as_str());
    assert_eq!(item["title"], "Lập trình Rust");
    assert_eq!(item["instructor"]["name"], "User Test");
    assert_eq!((&item["progress"], &item["completed"]), (&json!(33), &json!(false)));
    assert_eq!(item["createdAt"], "1970-01-01T00:00:01.000Z");
    assert_eq!(anonymous.status(), 401);
    assert_eq!(none["enrollList"], json!([]));
}

#[tokio::test]
async fn a_teacher_sees_how_many_learners_each_course_has() {
    let room = Classroom::new().await;
    let second = room.app.create_user("student", Role::Student).await;
    room.enrol(&second.id).await;

    let (status, courses) = room.call(Method::GET, "/courses/instructor", Some(&room.teacher), None).await;
    let (other, other_courses) = room.call(Method::GET, "/courses/instructor", Some(&room.other_teacher), None).await;

    assert_eq!(status, 200);
    assert_eq!(courses["result"][0]["_id"], room.course.as_str());
    assert_eq!(courses["result"][0]["enrollments"], 2);
    assert_eq!((other, other_courses["result"].clone()), (200, json!([])));
}
