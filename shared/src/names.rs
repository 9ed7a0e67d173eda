//! People's names as the academy writes them: family name first, as Vietnamese people write their names
//! ("Phan Thị Yến"), the username when neither part is known. (The web app writes the given name first on English
//! pages; text the server composes for everyone — receipts, mails, lists — uses this order.)

/// `last` (the family name, with middle names) then `first` (the given name), each trimmed; `username` when both
/// are empty.
pub fn full_name(first: Option<&str>, last: Option<&str>, username: &str) -> String {
    let parts: Vec<&str> = [last, first].into_iter().flatten().map(str::trim).filter(|p| !p.is_empty()).collect();
    if parts.is_empty() { username.to_owned() } else { parts.join(" ") }
}

#[cfg(test)]
mod tests {
    use super::full_name;

    #[test]
    fn family_name_first_then_the_given_name_else_the_username() {
        assert_eq!(full_name(Some("Yến"), Some("Phan Thị"), "phanthiyen"), "Phan Thị Yến");
        assert_eq!(full_name(Some(" Khoa "), Some("Nguyễn Minh"), "x"), "Nguyễn Minh Khoa");
        assert_eq!(full_name(Some("Yến"), None, "phanthiyen"), "Yến");
        assert_eq!(full_name(None, Some("  "), "phanthiyen"), "phanthiyen");
        assert_eq!(full_name(Some(""), Some(""), "admin01"), "admin01");
    }
}
