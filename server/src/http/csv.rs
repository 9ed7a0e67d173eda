//! The CSV files the API sends for download (a teacher's statement, the bank's batch file, the tax withholding
//! statement, the sales reports): RFC 4180 rows, UTF-8 led by a byte order mark (so spreadsheets read Vietnamese
//! right), never cached.

use axum::{
    http::{HeaderValue, header},
    response::{IntoResponse, Response},
};

/// A CSV file being written: the byte order mark, then its rows.
#[derive(Debug, Clone)]
pub struct Csv(String);

impl Default for Csv {
    fn default() -> Self {
        Csv(String::from("\u{feff}"))
    }
}

impl Csv {
    /// A file with no row yet.
    pub fn new() -> Csv {
        Csv::default()
    }

    /// A file whose first row is `header`.
    pub fn with_header(header: &[&str]) -> Csv {
        let mut csv = Csv::new();
        csv.row(header.iter().copied());
        csv
    }

    /// Adds a row.
    pub fn row<S: Into<String>>(&mut self, fields: impl IntoIterator<Item = S>) {
        self.0.push_str(&row(fields));
    }

    /// An empty line, between the parts of a document.
    pub fn blank_line(&mut self) {
        self.0.push_str("\r\n");
    }

    /// The file's text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The file as a download named `filename` (ASCII: the names the API gives are).
    pub fn download(self, filename: &str) -> Response {
        let mut response = self.0.into_response();
        let headers = response.headers_mut();
        headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/csv; charset=utf-8"));
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
        if let Ok(value) = HeaderValue::from_str(&format!("attachment; filename=\"{filename}\"")) {
            headers.insert(header::CONTENT_DISPOSITION, value);
        }
        response
    }
}

/// One CSV row (RFC 4180), ending in CRLF: a field is quoted when it holds a comma, quote or line break; a field
/// a spreadsheet would run as a formula (`=`, `+`, `@` first, or `-` and not a number) is prefixed with `'`.
pub fn row<S: Into<String>>(fields: impl IntoIterator<Item = S>) -> String {
    let cells: Vec<String> = fields
        .into_iter()
        .map(|field| {
            let field: String = field.into();
            let formula =
                field.starts_with(['=', '+', '@']) || (field.starts_with('-') && field.parse::<i64>().is_err());
            let field = if formula { format!("'{field}") } else { field };
            if field.contains([',', '"', '\n', '\r']) { format!("\"{}\"", field.replace('"', "\"\"")) } else { field }
        })
        .collect();
    format!("{}\r\n", cells.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_fields_stay_as_they_are_and_a_row_ends_in_crlf() {
        assert_eq!(row(["Nguyễn Văn An", "1250000", "-35000"]), "Nguyễn Văn An,1250000,-35000\r\n");
    }

    #[test]
    fn a_comma_quote_or_line_break_quotes_the_field_and_doubles_its_quotes() {
        assert_eq!(
            row(["a,b", "say \"hi\"", "two\nlines", "cr\r"]),
            "\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\",\"cr\r\"\r\n"
        );
    }

    #[test]
    fn a_field_a_spreadsheet_would_run_as_a_formula_is_prefixed() {
        assert_eq!(row(["=SUM(A1)", "+1", "@cmd", "-x", "-12"]), "'=SUM(A1),'+1,'@cmd,'-x,-12\r\n");
        assert_eq!(row(["=1,2"]), "\"'=1,2\"\r\n", "prefixed, then quoted");
    }

    #[tokio::test]
    async fn a_file_starts_with_the_byte_order_mark_and_downloads_uncached_under_its_name() {
        let mut csv = Csv::with_header(&["Ngày", "Doanh thu"]);
        csv.row(["01/11/2026".to_owned(), 1_250_000.to_string()]);
        assert_eq!(csv.as_str(), "\u{feff}Ngày,Doanh thu\r\n01/11/2026,1250000\r\n");

        let response = csv.download("sales-course-2026-11-01-2026-11-30.csv");
        let headers = response.headers();
        assert_eq!(headers[header::CONTENT_TYPE], "text/csv; charset=utf-8");
        assert_eq!(headers[header::CACHE_CONTROL], "private, no-store");
        assert_eq!(
            headers[header::CONTENT_DISPOSITION],
            "attachment; filename=\"sales-course-2026-11-01-2026-11-30.csv\""
        );
        let body = axum::body::to_bytes(response.into_body(), usize::MAX).await.expect("body");
        assert!(body.starts_with("\u{feff}".as_bytes()));
    }
}
