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

/// Subject and body of the mail to a NEW address carrying `link`, which confirms that `username` wants their
/// account's e-mail changed to it; valid `hours` hours.
pub fn email_change_confirm(lang: Lang, username: &str, link: &str, hours: u64) -> (String, String) {
    match lang {
        Lang::Vi => (
            "Xác nhận địa chỉ email mới cho Academy".to_owned(),
            format!(
                "Xin chào {username},\n\n\
                 Bạn đã yêu cầu đổi email của tài khoản Academy sang địa chỉ này.\n\
                 Mở liên kết sau để xác nhận (liên kết dùng được một lần, trong {hours} giờ):\n\n\
                 {link}\n\n\
                 Email của tài khoản chỉ thay đổi khi liên kết được mở. Khi đó, tài khoản sẽ được đăng xuất khỏi các \
                 thiết bị khác.\n\
                 Nếu bạn không yêu cầu, hãy bỏ qua thư này.\n\n\
                 Academy"
            ),
        ),
        Lang::En => (
            "Confirm your new Academy email address".to_owned(),
            format!(
                "Hello {username},\n\n\
                 You asked to change the email address of your Academy account to this address.\n\
                 Open this link to confirm it (it works once, for {hours} hours):\n\n\
                 {link}\n\n\
                 The account's email changes only when the link is opened; the account is then signed out on \
                 other devices.\n\
                 If you did not ask for this, ignore this mail.\n\n\
                 Academy"
            ),
        ),
    }
}

/// Who changes an account's e-mail address, for the notice to the old address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EmailChangeBy {
    /// The account's owner asked (with the password); the change waits for the new address to confirm it.
    Owner,
    /// The academy's administrators or staff changed it; it took effect at once.
    Staff,
}

/// Subject and body of the notice to the OLD address of `username`'s account that its e-mail address is being
/// changed (or was changed) to `new_email`, and what to do if the owner did not want it.
pub fn email_change_notice(lang: Lang, username: &str, new_email: &str, by: EmailChangeBy) -> (String, String) {
    match (lang, by) {
        (Lang::Vi, EmailChangeBy::Owner) => (
            "Email tài khoản Academy của bạn sắp được thay đổi".to_owned(),
            format!(
                "Xin chào {username},\n\n\
                 Có yêu cầu đổi email của tài khoản Academy của bạn sang {new_email}, gửi kèm mật khẩu của bạn.\n\
                 Thay đổi có hiệu lực khi liên kết xác nhận gửi tới địa chỉ mới được mở.\n\n\
                 Nếu đó là bạn, bạn không cần làm gì thêm.\n\
                 Nếu không phải bạn, người khác đang biết mật khẩu của bạn: hãy đặt lại mật khẩu ngay bằng \
                 \"Quên mật khẩu\" ở trang đăng nhập. Việc đặt lại mật khẩu hủy yêu cầu đổi email và đăng xuất \
                 tài khoản khỏi mọi thiết bị. Sau đó hãy liên hệ với chúng tôi qua trang Liên hệ.\n\n\
                 Academy"
            ),
        ),
        (Lang::En, EmailChangeBy::Owner) => (
            "Your Academy email address is about to change".to_owned(),
            format!(
                "Hello {username},\n\n\
                 Someone asked, with your password, to change the email address of your Academy account to \
                 {new_email}.\n\
                 The change takes effect when the confirmation link sent to the new address is opened.\n\n\
                 If this was you, there is nothing more to do.\n\
                 If it was not you, someone else knows your password: reset it now with \"Forgot password\" on the \
                 sign-in page. Resetting the password cancels the change of email and signs the account out on \
                 every device. Then contact us through the Contact page.\n\n\
                 Academy"
            ),
        ),
        (Lang::Vi, EmailChangeBy::Staff) => (
            "Email tài khoản Academy của bạn đã được thay đổi".to_owned(),
            format!(
                "Xin chào {username},\n\n\
                 Ban quản trị Academy đã đổi email của tài khoản của bạn sang {new_email}.\n\
                 Từ nay thư của Academy, kể cả liên kết đặt lại mật khẩu, được gửi tới địa chỉ đó, và tài khoản \
                 đã được đăng xuất khỏi mọi thiết bị.\n\n\
                 Nếu bạn không yêu cầu thay đổi này, hãy liên hệ với chúng tôi ngay qua trang Liên hệ.\n\n\
                 Academy"
            ),
        ),
        (Lang::En, EmailChangeBy::Staff) => (
            "Your Academy email address was changed".to_owned(),
            format!(
                "Hello {username},\n\n\
                 The Academy team changed the email address of your account to {new_email}.\n\
                 From now on, Academy mails, password reset links included, go to that address, and the account \
                 was signed out on every device.\n\n\
                 If you did not ask for this change, contact us at once through the Contact page.\n\n\
                 Academy"
            ),
        ),
    }
}

/// Tells the owner their password was changed from a signed-in session (their other sessions were ended).
pub fn password_changed(lang: Lang, username: &str, link: &str) -> (String, String) {
    match lang {
        Lang::Vi => (
            "Mật khẩu Academy của bạn vừa được đổi".to_owned(),
            format!(
                "Xin chào {username},\n\n\
                 Mật khẩu tài khoản Academy của bạn vừa được đổi, và mọi phiên đăng nhập khác đã được kết thúc.\n\n\
                 Nếu không phải bạn đổi, hãy đặt lại mật khẩu ngay tại:\n\n\
                 {link}\n\n\
                 Academy"
            ),
        ),
        Lang::En => (
            "Your Academy password was changed".to_owned(),
            format!(
                "Hello {username},\n\n\
                 The password of your Academy account was just changed, and every other session was signed out.\n\n\
                 If it was not you, reset your password now at:\n\n\
                 {link}\n\n\
                 Academy"
            ),
        ),
    }
}

/// The confirmation that an account was deleted at its owner's request: what was erased and what the law keeps.
pub fn account_deleted(lang: Lang, username: &str) -> (String, String) {
    match lang {
        Lang::Vi => (
            "Tài khoản Academy của bạn đã được xóa".to_owned(),
            format!(
                "Xin chào {username},\n\n\
                 Theo yêu cầu của bạn, tài khoản Academy của bạn đã được xóa: tên, e-mail, số điện thoại, địa chỉ, \
                 ảnh đại diện và các dữ liệu cá nhân khác đã bị xóa, mọi phiên đăng nhập đã được kết thúc.\n\n\
                 Những hồ sơ pháp luật yêu cầu lưu giữ (đơn hàng, thanh toán, sổ cái, thuế) vẫn được giữ nhưng không \
                 còn thông tin cá nhân của bạn.\n\n\
                 Nếu bạn không yêu cầu việc này, hãy trả lời thư này ngay.\n\n\
                 Academy"
            ),
        ),
        Lang::En => (
            "Your Academy account was deleted".to_owned(),
            format!(
                "Hello {username},\n\n\
                 As you asked, your Academy account was deleted: your name, e-mail, phone number, address, avatar \
                 and other personal data were erased, and every session was signed out.\n\n\
                 The records the law requires us to keep (orders, payments, ledger, tax) stay, without your personal \
                 details.\n\n\
                 If you did not ask for this, reply to this mail at once.\n\n\
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

    #[test]
    fn the_email_change_mails_name_the_account_the_link_and_the_new_address_in_both_languages() {
        for lang in [Lang::Vi, Lang::En] {
            let (subject, body) = email_change_confirm(lang, "mai01", "https://academy.test/confirm-email?token=t", 24);
            assert!(subject.contains("Academy"));
            assert!(body.contains("mai01") && body.contains("https://academy.test/confirm-email?token=t"));
            assert!(body.contains("24"));
            for by in [EmailChangeBy::Owner, EmailChangeBy::Staff] {
                let (subject, body) = email_change_notice(lang, "mai01", "new@example.com", by);
                assert!(subject.contains("Academy"));
                assert!(body.contains("mai01") && body.contains("new@example.com"));
                assert!(!body.contains("http"), "the notice carries no link: {body}");
            }
        }
        assert!(email_change_notice(Lang::En, "u", "n@x.io", EmailChangeBy::Owner).1.contains("Forgot password"));
        assert!(email_change_notice(Lang::Vi, "u", "n@x.io", EmailChangeBy::Owner).1.contains("Quên mật khẩu"));
    }
}
