//! Structured logging through `tracing`.
//!
//! Logged values are often the client's words (a username typed at login, a path). In the human-readable
//! format every field is written through [`EscapedFields`], which writes control characters escaped (`\n`,
//! `\r`, `\u{1b}`...), so a value can neither end its line and forge another one nor drive the terminal. The JSON
//! format escapes them by itself.

use std::fmt;

use tracing_subscriber::{
    EnvFilter,
    field::RecordFields,
    fmt::{
        self as format, FormatFields, MakeWriter,
        format::{DefaultVisitor, Writer},
    },
    prelude::*,
};

use crate::config::LogFormat;

/// Installs the global subscriber, writing to stdout. Later calls (e.g. from several tests) are ignored.
pub fn init(filter: &str, format: LogFormat) {
    let colours = std::io::IsTerminal::is_terminal(&std::io::stdout());
    let _already_set = subscriber(filter, format, std::io::stdout, colours).try_init();
}

/// The server's subscriber writing to `writer` (stdout in production; a buffer in tests).
pub fn subscriber<W>(
    filter: &str,
    format: LogFormat,
    writer: W,
    colours: bool,
) -> Box<dyn tracing::Subscriber + Send + Sync>
where
    W: for<'writer> MakeWriter<'writer> + Send + Sync + 'static,
{
    let filter = EnvFilter::try_new(filter).unwrap_or_else(|_| EnvFilter::new("info"));
    let registry = tracing_subscriber::registry().with(filter);
    match format {
        LogFormat::Json => Box::new(
            registry.with(format::layer().json().flatten_event(true).with_current_span(true).with_writer(writer)),
        ),
        LogFormat::Pretty => Box::new(
            registry.with(format::layer().compact().with_ansi(colours).fmt_fields(EscapedFields).with_writer(writer)),
        ),
    }
}

/// The default field format (`message key=value ...`), with control characters in names and values escaped.
#[derive(Debug, Clone, Copy, Default)]
pub struct EscapedFields;

impl<'writer> FormatFields<'writer> for EscapedFields {
    fn format_fields<R: RecordFields>(&self, mut writer: Writer<'writer>, fields: R) -> fmt::Result {
        let mut escaping = Escaping(&mut writer);
        let mut visitor = DefaultVisitor::new(Writer::new(&mut escaping), true);
        fields.record(&mut visitor);
        tracing_subscriber::field::VisitOutput::finish(visitor)
    }
}

/// Writes through to the line, escaping what could break it.
struct Escaping<'a, W>(&'a mut W);

impl<W: fmt::Write> fmt::Write for Escaping<'_, W> {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        let mut rest = text;
        while let Some(at) = rest.find(needs_escape) {
            let (clean, tail) = rest.split_at(at);
            self.0.write_str(clean)?;
            let mut chars = tail.chars();
            if let Some(c) = chars.next() {
                write!(self.0, "{}", c.escape_default())?;
            }
            rest = chars.as_str();
        }
        self.0.write_str(rest)
    }
}

/// Control characters, the Unicode line and paragraph separators, and the bidirectional overrides (which make
/// a line read differently from what it holds).
fn needs_escape(c: char) -> bool {
    c.is_control() || matches!(c, '\u{2028}' | '\u{2029}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use std::sync::{Arc, Mutex};

    use super::*;

    /// A writer into memory.
    #[derive(Clone, Default)]
    struct Buffer(Arc<Mutex<Vec<u8>>>);

    impl std::io::Write for Buffer {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn logged(format: LogFormat, log: impl FnOnce()) -> String {
        let buffer = Buffer::default();
        let sink = buffer.clone();
        let subscriber = subscriber("info", format, move || sink.clone(), false);
        tracing::subscriber::with_default(subscriber, log);
        String::from_utf8(buffer.0.lock().unwrap().clone()).unwrap()
    }

    #[test]
    fn a_value_with_a_newline_stays_on_its_own_line() {
        let username = "evil\nINFO forged\r\x1b[31mred";

        let out = logged(LogFormat::Pretty, || {
            let span = tracing::info_span!("request", path = %"/a\nb");
            let _entered = span.enter();
            tracing::warn!(username = %username, other = username, shown = ?username, "login attempt");
        });

        assert_eq!(out.lines().count(), 1, "{out}");
        assert!(out.contains(r"username=evil\nINFO forged\r"), "{out}");
        assert!(out.contains(r#"other="evil\nINFO forged"#), "{out}");
        assert!(out.contains(r"path=/a\nb"), "{out}");
        assert!(!out.contains('\x1b') && !out.contains('\r'), "{out}");
    }

    #[test]
    fn a_forged_message_cannot_break_the_line_either() {
        let out = logged(LogFormat::Pretty, || tracing::info!("hello {}", "you\u{2028}INFO forged\u{202e}"));

        assert_eq!(out.lines().count(), 1, "{out}");
        assert!(out.contains(r"hello you\u{2028}INFO forged\u{202e}"), "{out}");
    }

    #[test]
    fn ordinary_text_is_written_as_it_is() {
        let out = logged(LogFormat::Pretty, || tracing::info!(username = %"Nguyễn Văn An", "tên: ổn"));

        assert!(out.contains("tên: ổn username=Nguyễn Văn An"), "{out}");
    }

    #[test]
    fn json_lines_escape_control_characters_too() {
        let out = logged(LogFormat::Json, || tracing::info!(username = %"evil\nINFO forged", "login attempt"));

        assert_eq!(out.lines().count(), 1, "{out}");
        let line: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(line["username"], "evil\nINFO forged");
    }
}
