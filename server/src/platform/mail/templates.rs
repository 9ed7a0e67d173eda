//! Mail texts, in the reader's language (the request's Accept-Language when the mail was asked for).

use academy_shared::i18n::Lang;

/// Subject and plain-text body of the password-reset mail carrying `link`, valid `minutes` minutes.
pub fn password_reset(lang: Lang, link: &str, minutes: u64) -> (String, String) {
    match lang {
        Lang::Vi => (
            "Đặt lại mật khẩu Academy".to_owned(),
            format!(
                "Xin chào,\n\n\
                 Chúng tôi nhận được yêu cầu đặt lại mật khẩu cho tài khoản Academy của bạn.\n\
                 Mở liên kết sau để đặt mật khẩu mới (liên kết dùng được một lần, trong {minutes} phút):\n\n\
                 {link}\n\n\
                 Nếu bạn không yêu cầu, hãy bỏ qua thư này: mật khẩu của bạn không thay đổi.\n\n\
                 Academy"
            ),
        ),
        Lang::En => (
            "Reset your Academy password".to_owned(),
            format!(
                "Hello,\n\n\
                 We received a request to reset the password of your Academy account.\n\
                 Open this link to choose a new password (it works once, for {minutes} minutes):\n\n\
                 {link}\n\n\
                 If you did not ask for this, ignore this mail: your password stays the same.\n\n\
                 Academy"
            ),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reset_mail_carries_the_link_and_lifetime_in_both_languages() {
        for lang in [Lang::Vi, Lang::En] {
            let (subject, body) = password_reset(lang, "https://academy.test/reset-password?token=t", 30);
            assert!(subject.contains("Academy"));
            assert!(body.contains("https://academy.test/reset-password?token=t"));
            assert!(body.contains("30"));
        }
        assert!(password_reset(Lang::Vi, "l", 30).0.starts_with("Đặt lại mật khẩu"));
    }
}
