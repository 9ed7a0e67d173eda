//! The real `academy` binary as a process of its own, for tests that kill it or run it in a mount namespace.

use std::{
    path::Path,
    process::{Child, Command, Stdio},
    time::{Duration, Instant},
};

/// A running `academy serve` on a free port of 127.0.0.1.
pub struct Server {
    child: Child,
    pub address: String,
}

impl Server {
    /// `academy serve`.
    pub fn command() -> Command {
        let mut command = Command::new(Server::binary());
        command.arg("serve");
        command
    }

    /// The binary built for this test run.
    pub fn binary() -> &'static str {
        env!("CARGO_BIN_EXE_academy")
    }

    /// Runs `command` (the server, or a launcher that ends by running it) with the data dir, web dir and database
    /// given, write limits high enough for a stream of writes, and its output appended to `log_path`; returns
    /// once `/healthz` answers 200.
    pub async fn start(mut command: Command, data: &Path, web: &Path, database_url: &str, log_path: &Path) -> Server {
        let port = std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("free port").port();
        let log = std::fs::OpenOptions::new().create(true).append(true).open(log_path).expect("server log");
        let limits = ["contact", "admission", "newsletter", "registration", "upload-url"]
            .map(|name| format!("{name}=1000000/900"));
        let child = command
            .env("ACADEMY_ADDR", format!("127.0.0.1:{port}"))
            .env("ACADEMY_DATA_DIR", data)
            .env("ACADEMY_WEB_DIR", web)
            .env("DATABASE_URL", database_url)
            .env("ACADEMY_TOKEN_SECRET", "test-server-token-secret-of-at-least-32-bytes")
            .env("ACADEMY_RATE_LIMITS", limits.join(","))
            .env("RUST_LOG", "warn")
            .stdin(Stdio::null())
            .stdout(log.try_clone().expect("log"))
            .stderr(log)
            .spawn()
            .expect("server started");
        let mut server = Server { child, address: format!("http://127.0.0.1:{port}") };
        let deadline = Instant::now() + Duration::from_secs(90);
        let client = reqwest::Client::new();
        loop {
            let healthy = client.get(format!("{}/healthz", server.address)).send().await;
            if healthy.is_ok_and(|r| r.status() == 200) {
                return server;
            }
            let exited = server.child.try_wait().expect("server status").is_some();
            if exited || Instant::now() > deadline {
                let log = std::fs::read_to_string(log_path).unwrap_or_default();
                panic!("the server did not become healthy (exited: {exited}):\n{log}");
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// The server's process id (a launcher that `exec`s the server keeps it).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// SIGTERM: the server stops as a service manager asks it to.
    pub fn terminate(&self) {
        let sent = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status().expect("kill ran");
        assert!(sent.success(), "SIGTERM sent");
    }

    /// Waits up to `limit` for the process to exit: its exit status, `None` if it still runs.
    pub async fn exited_within(&mut self, limit: Duration) -> Option<std::process::ExitStatus> {
        let deadline = Instant::now() + limit;
        loop {
            if let Some(status) = self.child.try_wait().expect("server status") {
                return Some(status);
            }
            if Instant::now() > deadline {
                return None;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// SIGKILL: no shutdown code of ours runs.
    pub fn kill(&mut self) {
        self.child.kill().expect("SIGKILL sent");
        self.child.wait().expect("server reaped");
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
