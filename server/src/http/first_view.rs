//! The first view of the public pages, written into the page itself.
//!
//! A phone on a slow network waits one round trip for the page, one for the scripts and, without this, one more
//! for the data the page shows first. So when the web app is asked for the home page, the course list, a
//! course's page or the mentor list, the server reads the API answers that page asks for first (through its own
//! API router, as the caller: same language, same access token) and writes them into the page as
//! `<script id="first-view" type="application/json">{"lang":"vi","answers":{"/api/home":{…envelope…}}}</script>`.
//! The web app's pages start their queries from it (so their first render has the data) and its API client
//! answers those requests from it once, when its language is the page's; anything else (another language, an
//! answer missing or refused, a later request) goes to the network as before.
//!
//! Keys are paths with their query parameters sorted by name, encoded as a form (`URLSearchParams` in the
//! browser). The page's language is the `academy.lang` cookie the web app keeps beside its stored choice,
//! Vietnamese without it; it also becomes the page's `<html lang>`.

use std::time::Duration;

// The page sizes and sorts the web app asks with: one copy in `shared`, generated into the web app
// (`web/src/lib/rules/constants.ts`). A sort not among them is the default, the first.
use academy_shared::{
    catalogue::{COURSE_SORTS, COURSES_PAGE_SIZE, REVIEWS_PAGE_SIZE},
    i18n::Lang,
};
use axum::{
    Router,
    body::Body,
    http::{HeaderMap, Request, StatusCode, header},
};
use serde_json::{Map, Value};
use tower::ServiceExt as _;

use super::current_user::{bearer_token, cookie};

/// The cookie holding the visitor's language, written by the web app.
pub const LANGUAGE_COOKIE: &str = "academy.lang";
/// The cookie the web app keeps its access token in.
pub const ACCESS_TOKEN_COOKIE: &str = "access-token";
/// The web app's mount point in `index.html`.
const ROOT: &str = "<div id=\"root\"></div>";
/// The page is sent without its first view rather than wait longer for it.
const TIME_LIMIT: Duration = Duration::from_millis(800);
/// The recent posts of every public page's footer.
const FOOTER_POSTS: &str = "/api/posts/recent?limit=2";
/// The academy's details every public page shows (top bar, footer, the home's promotion).
const SITE: &str = "/api/site";
/// The promotions of the home page's promo band and of the course list (their uses left shown live).
const HOME_PROMOTIONS: &str = "/api/promotions?placement=home";
const COURSE_LIST_PROMOTIONS: &str = "/api/promotions?placement=courses";

/// The language of the page for a request: the `academy.lang` cookie, else Vietnamese.
pub fn page_language(headers: &HeaderMap) -> Lang {
    cookie(headers, LANGUAGE_COOKIE).and_then(Lang::from_code).unwrap_or_default()
}

/// The API requests (keys) the web app makes first on page `path` with query string `query`; none for pages
/// that are not public or not known here.
pub fn first_requests(path: &str, query: Option<&str>) -> Vec<String> {
    let path = path.strip_suffix('/').filter(|p| !p.is_empty()).unwrap_or(path);
    let mut requests = match path {
        "/" => vec!["/api/home".to_owned(), HOME_PROMOTIONS.to_owned()],
        "/courselist" | "/courses" => {
            vec![course_list_request(query), "/api/categories".to_owned(), COURSE_LIST_PROMOTIONS.to_owned()]
        }
        "/mentorlist" => vec!["/api/mentors".to_owned()],
        _ => match path.strip_prefix("/course/details/") {
            Some(id) if is_plain_id(id) => vec![
                format!("/api/courses/{id}"),
                format!("/api/courses/{id}/reviews?page=1&pageSize={REVIEWS_PAGE_SIZE}"),
            ],
            _ => return Vec::new(),
        },
    };
    requests.push(FOOTER_POSTS.to_owned());
    requests.push(SITE.to_owned());
    requests
}

/// The course list's query parameters its page reads; any other changes nothing it shows.
const COURSE_LIST_PARAMETERS: [&str; 5] = ["category", "page", "price", "search", "sort"];

/// The address page `path` is rendered at and its rendering kept by: the path and only the query parameters the
/// page reads (the course list's search, category, sort, price and page; the first of each, by name), so that
/// addresses differing in anything else (`?x=1`, `?utm_source=…`) are one page rendered once.
pub fn page_address(path: &str, query: Option<&str>) -> String {
    let page = path.strip_suffix('/').filter(|p| !p.is_empty()).unwrap_or(path);
    if !matches!(page, "/courselist" | "/courses") {
        return path.to_owned();
    }
    let params: Vec<(String, String)> = serde_urlencoded::from_str(query.unwrap_or("")).unwrap_or_default();
    let read: Vec<(&str, &str)> = COURSE_LIST_PARAMETERS
        .iter()
        .filter_map(|name| params.iter().find(|(n, _)| n == name).map(|(_, value)| (*name, value.as_str())))
        .collect();
    match serde_urlencoded::to_string(&read) {
        Ok(query) if !query.is_empty() => format!("{path}?{query}"),
        _ => path.to_owned(),
    }
}

/// The course list's request for its page's query string, as the web app reads it: the order (default
/// popular; "free" also when the price is free), page (default 1), search and category when given, price only
/// when paid.
fn course_list_request(query: Option<&str>) -> String {
    let params: Vec<(String, String)> = serde_urlencoded::from_str(query.unwrap_or("")).unwrap_or_default();
    let param = |name: &str| params.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str());
    let sort = param("sort").filter(|s| COURSE_SORTS.contains(s)).unwrap_or(COURSE_SORTS[0]);
    let price = param("price");
    let free = price == Some("free") || sort == "free";
    let page = param("page").and_then(|p| p.parse::<u32>().ok()).filter(|p| *p >= 1).unwrap_or(1);
    let mut sent = vec![
        ("page", page.to_string()),
        ("pageSize", COURSES_PAGE_SIZE.to_string()),
        ("sort", if free { "free" } else { sort }.to_owned()),
    ];
    if let Some(search) = param("search").map(str::trim).filter(|s| !s.is_empty()) {
        sent.push(("search", search.to_owned()));
    }
    if let Some(category) = param("category").filter(|c| !c.is_empty()) {
        sent.push(("category", category.to_owned()));
    }
    if price == Some("paid") && !free {
        sent.push(("price", "paid".to_owned()));
    }
    sent.sort_by(|a, b| a.0.cmp(b.0));
    format!("/api/courses?{}", serde_urlencoded::to_string(&sent).unwrap_or_default())
}

fn is_plain_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 64 && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// The answers of `requests`, asked of `api` as the caller of `headers` in `lang`, by request key; `None` when
/// none answered in time.
pub async fn answers(api: &Router, headers: &HeaderMap, lang: Lang, requests: &[String]) -> Option<Map<String, Value>> {
    let token = caller_token(headers);
    let asked = requests.iter().map(|request| answer(api, request, lang, token));
    let answers = tokio::time::timeout(TIME_LIMIT, futures_util::future::join_all(asked)).await.ok()?;
    let answers: Map<String, Value> =
        requests.iter().cloned().zip(answers).filter_map(|(key, answer)| Some((key, answer?))).collect();
    (!answers.is_empty()).then_some(answers)
}

/// The caller's access token: the bearer header, else the web app's cookie.
pub fn caller_token(headers: &HeaderMap) -> Option<&str> {
    bearer_token(headers).or_else(|| cookie(headers, ACCESS_TOKEN_COOKIE))
}

/// The page's `<script id="first-view">` element carrying `answers`.
pub fn script(lang: Lang, answers: &Map<String, Value>) -> Option<String> {
    let first_view = serde_json::json!({ "lang": lang.code(), "answers": answers });
    // `<` only occurs inside JSON strings, where `\u003c` reads the same: no `</script>` can end the element.
    let json = serde_json::to_string(&first_view).ok()?.replace('<', "\\u003c");
    Some(format!(r#"<script id="first-view" type="application/json">{json}</script>"#))
}

async fn answer(api: &Router, path: &str, lang: Lang, token: Option<&str>) -> Option<Value> {
    let mut request = Request::get(path)
        .header(header::ACCEPT, "application/json")
        .header(header::ACCEPT_LANGUAGE, lang.code())
        .header("x-public-route", "true");
    if let Some(token) = token {
        request = request.header(header::AUTHORIZATION, format!("Bearer {token}"));
    }
    let response = api.clone().oneshot(request.body(Body::empty()).ok()?).await.ok()?;
    if response.status() != StatusCode::OK {
        return None;
    }
    let bytes = axum::body::to_bytes(response.into_body(), 4 * 1024 * 1024).await.ok()?;
    serde_json::from_slice(&bytes).ok()
}

/// `index.html` for a page: its language on `<html>`, its rendered HTML (if any) in `#root` (marked with its
/// language) and its first view before `</body>`.
pub fn page(index: &str, lang: Lang, script: Option<&str>, root: Option<&str>) -> String {
    let mut page = index.replacen("<html lang=\"vi\">", &format!("<html lang=\"{}\">", lang.code()), 1);
    if let Some(root) = root {
        let rendered = format!("<div id=\"root\" data-rendered=\"{}\">{root}</div>", lang.code());
        page = page.replacen(ROOT, &rendered, 1);
    }
    if let Some(script) = script {
        match page.rfind("</body>") {
            Some(end) => page.insert_str(end, script),
            None => page.push_str(script),
        }
    }
    page
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_course_list_asks_what_the_web_app_asks() {
        assert_eq!(first_requests("/courselist", None)[0], "/api/courses?page=1&pageSize=12&sort=popular");
        assert_eq!(
            first_requests("/courselist/", Some("category=c1&sort=newest&page=3&search=%C4%91%E1%BB%93+h%E1%BB%8Da"))
                [0],
            "/api/courses?category=c1&page=3&pageSize=12&search=%C4%91%E1%BB%93+h%E1%BB%8Da&sort=newest"
        );
        assert_eq!(
            first_requests("/courses", Some("price=free&sort=oops"))[0],
            "/api/courses?page=1&pageSize=12&sort=free"
        );
        assert_eq!(
            first_requests("/courselist", Some("price=paid&page=0"))[0],
            "/api/courses?page=1&pageSize=12&price=paid&sort=popular"
        );
    }

    #[test]
    fn a_page_is_rendered_at_the_parameters_it_reads_only() {
        assert_eq!(page_address("/courselist", Some("x=1")), "/courselist");
        assert_eq!(
            page_address("/courselist", Some("x=2&sort=newest&page=2&sort=free")),
            "/courselist?page=2&sort=newest"
        );
        assert_eq!(page_address("/courses/", Some("search=%C4%91&utm=a")), "/courses/?search=%C4%91");
        assert_eq!(page_address("/course/details/c1", Some("x=1")), "/course/details/c1");
        assert_eq!(page_address("/", Some("x=1")), "/");
    }

    #[test]
    fn only_public_pages_have_a_first_view() {
        assert_eq!(first_requests("/", None), ["/api/home", HOME_PROMOTIONS, FOOTER_POSTS, SITE]);
        assert_eq!(first_requests("/mentorlist", None), ["/api/mentors", FOOTER_POSTS, SITE]);
        assert_eq!(
            first_requests("/course/details/0193-ab_c", None),
            ["/api/courses/0193-ab_c", "/api/courses/0193-ab_c/reviews?page=1&pageSize=5", FOOTER_POSTS, SITE]
        );
        assert!(first_requests("/course/details/a%2F..", None).is_empty());
        assert!(first_requests("/dashboard", None).is_empty());
        assert!(first_requests("/profile", None).is_empty());
    }

    #[tokio::test]
    async fn text_in_an_answer_cannot_end_the_script_element() {
        let hostile = "</script><script>alert(1)</script><!--";
        let api = Router::new()
            .route(
                "/api/home",
                axum::routing::get(move || async move { axum::Json(serde_json::json!({ "title": hostile })) }),
            )
            .route("/api/posts/recent", axum::routing::get(|| async { StatusCode::INTERNAL_SERVER_ERROR }));
        let requests = first_requests("/", None);

        let answers = answers(&api, &HeaderMap::new(), Lang::Vi, &requests).await.expect("one answer");
        let script = script(Lang::Vi, &answers).expect("a script");

        assert_eq!(script.matches("</script>").count(), 1, "{script}");
        assert!(!script.contains("<script>") && !script.contains("<!--"), "{script}");
        let json = script
            .trim_start_matches(r#"<script id="first-view" type="application/json">"#)
            .trim_end_matches("</script>");
        let first_view: Value = serde_json::from_str(json).expect("JSON");
        assert_eq!(first_view["answers"]["/api/home"]["title"], hostile);
        assert!(first_view["answers"].get(FOOTER_POSTS).is_none(), "a failed answer is left out");
    }

    #[test]
    fn the_page_gets_its_language_first_view_and_html() {
        let index = "<!doctype html><html lang=\"vi\"><head></head><body><div id=\"root\"></div></body></html>";
        let page_of = |root| page(index, Lang::En, Some("<script id=\"first-view\"></script>"), root);
        assert_eq!(
            page_of(None),
            "<!doctype html><html lang=\"en\"><head></head><body><div id=\"root\"></div>\
             <script id=\"first-view\"></script></body></html>"
        );
        assert_eq!(
            page_of(Some("<main>Khóa học</main>")),
            "<!doctype html><html lang=\"en\"><head></head><body><div id=\"root\" data-rendered=\"en\"><main>Khóa học</main>\
             </div><script id=\"first-view\"></script></body></html>"
        );
    }
}
