//! The public pages' first view as HTML, rendered by the web app's own React components.
//!
//! A phone on a slow network paints nothing of a page until its scripts have downloaded and run; with the
//! page's HTML already in `#root` it paints at once, and React then hydrates what is there. The web app's build
//! writes a renderer (`web/dist-ssr/server.js`, from `web/src/ssr/`) that this module runs with Node.js as a
//! child process of each instance: one JSON request per line on its stdin (the page's address, language and the
//! first view's answers, the same the page carries), one answer per line on its stdout, in order.
//!
//! Rendering is only an optimisation: without Node.js or the renderer, after a renderer failure or when an
//! answer takes longer than [`TIME_LIMIT`], the page is sent as before (its first view's data only) and renders in
//! the browser. A renderer that fails is started again on the next request. Pages are rendered for visitors who
//! are not signed in (a signed-in person's header is theirs); the HTML depends only on the address, the language
//! and the answers, so it is kept by the hash of these, and a page whose catalogue did not change is rendered
//! once.

use std::{
    hash::{DefaultHasher, Hash, Hasher},
    path::PathBuf,
    process::Stdio,
    sync::{
        Arc,
        atomic::{AtomicBool, Ordering},
    },
    time::Duration,
};

use academy_shared::i18n::Lang;
use serde::{Deserialize, Serialize};

use crate::platform::metrics::names;
use serde_json::{Map, Value};
use tokio::{
    io::{AsyncBufReadExt as _, AsyncWriteExt as _, BufReader, Lines},
    process::{Child, ChildStdin, ChildStdout, Command},
    sync::{mpsc, oneshot},
};

/// The page is sent without its HTML rather than wait longer for it (the render goes on and is kept).
const TIME_LIMIT: Duration = Duration::from_millis(400);
/// A render that takes longer than this means the renderer is stuck: it is stopped and started again.
const STUCK_AFTER: Duration = Duration::from_secs(10);
/// Pages waiting for the renderer beyond this many are sent without HTML at once.
const QUEUE: usize = 32;
/// The time zone dates are written in: the academy's visitors' (a browser elsewhere writes its own on hydration).
const TIME_ZONE: &str = "Asia/Ho_Chi_Minh";
/// Rendered pages kept (about 20–80 KB each).
const KEPT_PAGES: usize = 256;

/// The handle of this instance's renderer; cheap to clone.
#[derive(Clone)]
pub struct PageRenderer {
    jobs: mpsc::Sender<Job>,
    pages: Arc<quick_cache::sync::Cache<u64, Arc<str>>>,
    /// Whether Node.js runs the renderer now (false after a failed start, until one succeeds).
    up: Arc<AtomicBool>,
}

impl std::fmt::Debug for PageRenderer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PageRenderer").field("pages", &self.pages.len()).finish()
    }
}

struct Job {
    key: u64,
    request: String,
    reply: oneshot::Sender<Option<Arc<str>>>,
}

#[derive(Serialize)]
struct RenderRequest<'a> {
    /// The page's key in hexadecimal (a JSON number would lose digits in JavaScript).
    id: &'a str,
    url: &'a str,
    lang: &'static str,
    answers: &'a Map<String, Value>,
}

#[derive(Deserialize)]
struct RenderAnswer {
    id: String,
    html: Option<String>,
    error: Option<String>,
}

impl PageRenderer {
    /// Starts the renderer `script` with `node` (at once, so the first page does not wait for Node.js to start);
    /// `None` when the script is not there (the web app not built) or `node` is "off".
    pub fn start(node: &str, script: PathBuf) -> Option<PageRenderer> {
        if node == "off" {
            return None;
        }
        if !script.is_file() {
            tracing::info!(script = %script.display(), "no page renderer: pages render in the browser only");
            return None;
        }
        let (jobs, queue) = mpsc::channel(QUEUE);
        let pages = Arc::new(quick_cache::sync::Cache::new(KEPT_PAGES));
        let up = Arc::new(AtomicBool::new(true));
        let renderer = Renderer { node: node.to_owned(), script, process: None, up: up.clone() };
        tokio::spawn(run(renderer, queue, pages.clone()));
        Some(PageRenderer { jobs, pages, up })
    }

    /// Whether the renderer can take pages: its loop runs and its last start of Node.js succeeded.
    pub fn is_up(&self) -> bool {
        !self.jobs.is_closed() && self.up.load(Ordering::Relaxed)
    }

    /// Pages waiting for the renderer.
    pub fn queued(&self) -> usize {
        QUEUE.saturating_sub(self.jobs.capacity())
    }

    /// The HTML of `#root` for the page at `url` (path and the query parameters it reads:
    /// [`super::first_view::page_address`]) in `lang` from its first view's `answers`,
    /// or `None` (not in time, or the renderer failed).
    pub async fn render(&self, url: &str, lang: Lang, answers: &Map<String, Value>) -> Option<Arc<str>> {
        let mut hasher = DefaultHasher::new();
        (url, lang.code(), serde_json::to_string(answers).ok()?).hash(&mut hasher);
        let key = hasher.finish();
        if let Some(html) = self.pages.get(&key) {
            counted("kept");
            return Some(html);
        }
        let id = format!("{key:016x}");
        let request = serde_json::to_string(&RenderRequest { id: &id, url, lang: lang.code(), answers }).ok()?;
        let (reply, answer) = oneshot::channel();
        if self.jobs.try_send(Job { key, request, reply }).is_err() {
            counted("busy");
            return None;
        }
        match tokio::time::timeout(TIME_LIMIT, answer).await {
            Ok(Ok(Some(html))) => {
                counted("rendered");
                Some(html)
            }
            Ok(_) => {
                counted("failed");
                None
            }
            Err(_) => {
                counted("late");
                None
            }
        }
    }
}

fn counted(outcome: &'static str) {
    metrics::counter!(names::RENDERS, "outcome" => outcome).increment(1);
}

struct Renderer {
    node: String,
    script: PathBuf,
    process: Option<Process>,
    up: Arc<AtomicBool>,
}

struct Process {
    // Kept so the child is killed when the process is dropped (`kill_on_drop`).
    _child: Child,
    stdin: ChildStdin,
    stdout: Lines<BufReader<ChildStdout>>,
}

/// Renders the queued pages one at a time, keeping each page rendered (even when its caller stopped waiting).
async fn run(
    mut renderer: Renderer,
    mut queue: mpsc::Receiver<Job>,
    pages: Arc<quick_cache::sync::Cache<u64, Arc<str>>>,
) {
    renderer.ensure_started();
    while let Some(job) = queue.recv().await {
        let html = match pages.get(&job.key) {
            Some(html) => Some(html),
            None => renderer.render(&format!("{:016x}", job.key), &job.request).await.map(|html| {
                let html: Arc<str> = html.into();
                pages.insert(job.key, html.clone());
                html
            }),
        };
        let _ = job.reply.send(html);
    }
}

impl Renderer {
    fn ensure_started(&mut self) -> Option<&mut Process> {
        if self.process.is_none() {
            let spawned = Command::new(&self.node)
                .arg(&self.script)
                // It needs none of the server's settings (secrets among them): only where programs are.
                .env_clear()
                .envs(std::env::var_os("PATH").map(|path| ("PATH", path)))
                .env("TZ", TIME_ZONE)
                .env("NODE_ENV", "production")
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::inherit())
                .kill_on_drop(true)
                .spawn();
            match spawned {
                Ok(mut child) => {
                    let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
                        return None;
                    };
                    tracing::info!(script = %self.script.display(), "page renderer started");
                    let stdout = BufReader::new(stdout).lines();
                    self.process = Some(Process { _child: child, stdin, stdout });
                    self.up.store(true, Ordering::Relaxed);
                }
                Err(e) => {
                    tracing::warn!(node = %self.node, error = %e, "the page renderer could not start");
                    self.up.store(false, Ordering::Relaxed);
                }
            }
        }
        self.process.as_mut()
    }

    async fn render(&mut self, id: &str, request: &str) -> Option<String> {
        let process = self.ensure_started()?;
        let started = std::time::Instant::now();
        let exchange = async {
            process.stdin.write_all(request.as_bytes()).await?;
            process.stdin.write_all(b"\n").await?;
            process.stdin.flush().await?;
            process.stdout.next_line().await
        };
        let line = match tokio::time::timeout(STUCK_AFTER, exchange).await {
            Ok(Ok(Some(line))) => line,
            outcome => {
                tracing::warn!(stuck = outcome.is_err(), "the page renderer stopped answering; it starts again");
                metrics::counter!(names::RENDERER_RESTARTS).increment(1);
                self.process = None;
                return None;
            }
        };
        match serde_json::from_str::<RenderAnswer>(&line) {
            Ok(RenderAnswer { id: answered, html: Some(html), .. }) if answered == id => {
                metrics::histogram!(names::RENDER_DURATION).record(started.elapsed().as_secs_f64());
                Some(html)
            }
            Ok(RenderAnswer { error: Some(error), .. }) => {
                tracing::warn!(%error, "a page could not be rendered");
                None
            }
            _ => {
                tracing::warn!("the page renderer answered out of turn; it starts again");
                metrics::counter!(names::RENDERER_RESTARTS).increment(1);
                self.process = None;
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A renderer speaking the protocol, with pages that fail in each way: it numbers the pages it renders.
    const RENDERER: &str = r#"
        let rendered = 0;
        const send = (answer) => process.stdout.write(JSON.stringify(answer) + "\n");
        require("node:readline").createInterface({ input: process.stdin }).on("line", (line) => {
          const { id, url, lang, answers } = JSON.parse(line);
          rendered += 1;
          if (url === "/crash") process.exit(1);
          if (url === "/error") return send({ id, error: "TypeError: x is undefined" });
          if (url === "/slow") return setTimeout(() => send({ id, html: "<p>late</p>" }), 700);
          send({ id, html: `<p>${lang} ${url} ${JSON.stringify(answers)} #${rendered}</p>` });
        });
    "#;

    fn node_found() -> bool {
        std::process::Command::new("node").arg("--version").output().is_ok_and(|out| out.status.success())
    }

    #[tokio::test]
    async fn pages_render_once_and_a_failing_renderer_starts_again() {
        if !node_found() {
            eprintln!("skipped: Node.js (`node`) is not installed here, and the page renderer runs on it");
            return;
        }
        let dir = tempfile::tempdir().expect("temp dir");
        let script = dir.path().join("renderer.cjs");
        std::fs::write(&script, RENDERER).expect("script");
        let renderer = PageRenderer::start("node", script).expect("renderer");
        let answers: Map<String, Value> = serde_json::from_str(r#"{"/api/home":{"code":1000}}"#).expect("JSON");
        let render = |url: &'static str, lang| {
            let (renderer, answers) = (renderer.clone(), answers.clone());
            async move { renderer.render(url, lang, &answers).await.map(|html| html.to_string()) }
        };

        let first = r#"<p>vi / {"/api/home":{"code":1000}} #1</p>"#;
        assert_eq!(render("/", Lang::Vi).await.as_deref(), Some(first));
        assert_eq!(render("/", Lang::Vi).await.as_deref(), Some(first), "the same page is not rendered again");
        assert_eq!(render("/", Lang::En).await.as_deref(), Some(r#"<p>en / {"/api/home":{"code":1000}} #2</p>"#));

        assert_eq!(render("/error", Lang::Vi).await, None, "a page that fails has no HTML");
        assert_eq!(
            render("/courselist", Lang::Vi).await.as_deref(),
            Some(r#"<p>vi /courselist {"/api/home":{"code":1000}} #4</p>"#)
        );

        assert_eq!(render("/crash", Lang::Vi).await, None, "a renderer that dies answers nothing");
        let restarted = render("/mentorlist", Lang::Vi).await;
        assert_eq!(restarted.as_deref(), Some(r#"<p>vi /mentorlist {"/api/home":{"code":1000}} #1</p>"#));

        assert_eq!(render("/slow", Lang::Vi).await, None, "the page does not wait beyond the time limit");
        tokio::time::sleep(Duration::from_millis(800)).await;
        assert_eq!(render("/slow", Lang::Vi).await.as_deref(), Some("<p>late</p>"), "the late page was kept");
    }

    #[test]
    fn without_the_renderer_or_with_node_off_pages_render_in_the_browser() {
        let missing = PathBuf::from("/nonexistent/dist-ssr/server.js");
        assert!(PageRenderer::start("node", missing).is_none());
        let here = PathBuf::from(file!());
        assert!(PageRenderer::start("off", here).is_none());
    }
}
