//! What commerce tells people. The notifications domain delivers the messages; this is where commerce asks.

use std::collections::BTreeMap;

use academy_shared::{Lang, display::NotificationType, limits::IMAGE_URL_MAX_CHARS, money::format_price};

use super::{
    orders::Order,
    repo::{orders::OrderItemRow, payments::PaymentRow},
};
use crate::{
    notifications::service::{self, Notice},
    platform::text::Text,
    state::AppState,
};

/// How many course titles a purchase notification names; the rest are counted ("and 2 more").
const NAMED_COURSES: usize = 3;

/// An order was paid: the student gets a `CoursePurchase` notification that is also their receipt by mail
/// (queued on the job queue), and each course's teacher one naming their courses sold. Called after the payment
/// is committed, whatever confirmed it (the bank feed, an administrator, a gateway); each person is told once per
/// order, however often the payment is reported.
pub async fn course_purchased(state: &AppState, order: &Order) {
    tracing::info!(
        order = %order.row.id,
        code = %order.row.code,
        student = %order.row.user_id,
        courses = order.items.len(),
        "course purchase paid"
    );
    let mut notices = vec![(student_notice(order), format!("purchase:{}:student", order.row.id))];
    notices.extend(teacher_notices(order).into_iter().map(|n| (n, format!("purchase:{}:teacher", order.row.id))));
    for (notice, key) in notices {
        let user = notice.user_id.clone();
        if let Err(e) = service::notify_once(state, notice, &key).await {
            tracing::error!(error = %e, order = %order.row.id, user = %user, "telling of a paid order failed");
        }
    }
}

/// The student's receipt: what they bought, what they paid, a link to start learning.
fn student_notice(order: &Order) -> Notice {
    let paid = |lang| format_price(order.row.total, order.row.currency, lang);
    let titles = |lang| course_list(&order.items.iter().collect::<Vec<_>>(), lang);
    let (vi, en) = (titles(Lang::Vi), titles(Lang::En));
    let link = match order.items.as_slice() {
        [only] => format!("/profile/enroll-lectures?id={}", only.course_id),
        _ => "/profile".to_owned(),
    };
    Notice {
        user_id: order.row.user_id.clone(),
        kind: NotificationType::CoursePurchase,
        title: Text::new("Thanh toán thành công", "Payment received"),
        message: Text::new(
            format!(
                "Đơn hàng {code} đã được thanh toán ({amount}). Bạn có thể học ngay: {vi}.",
                code = order.row.code,
                amount = paid(Lang::Vi),
            ),
            format!(
                "Order {code} is paid ({amount}). You can start learning now: {en}.",
                code = order.row.code,
                amount = paid(Lang::En),
            ),
        ),
        image: picture(order.items.first()),
        link: Some(link),
        mail: true,
    }
}

/// A paid order holds courses bought through their teachers' referral links: each such teacher gets a `Referral`
/// notification naming them (once per order).
pub async fn referred_sale(state: &AppState, order: &Order) {
    let mut by_teacher: BTreeMap<&str, Vec<&OrderItemRow>> = BTreeMap::new();
    for item in &order.items {
        if let Some(referrer) = item.referrer_id.as_deref() {
            by_teacher.entry(referrer).or_default().push(item);
        }
    }
    for (teacher, items) in by_teacher {
        let notice = Notice {
            user_id: teacher.to_owned(),
            kind: NotificationType::Referral,
            title: Text::new("Bán được nhờ liên kết giới thiệu", "A sale through your referral link"),
            message: Text::new(
                format!("Một học viên đến từ liên kết giới thiệu của bạn vừa mua {}.", course_list(&items, Lang::Vi)),
                format!("A student who came through your referral link just bought {}.", course_list(&items, Lang::En)),
            ),
            image: picture(items.first().copied()),
            link: Some("/dashboard".to_owned()),
            mail: false,
        };
        if let Err(e) = service::notify_once(state, notice, &format!("referral:{}:{teacher}", order.row.id)).await {
            tracing::error!(error = %e, order = %order.row.id, teacher = %teacher, "telling of a referred sale failed");
        }
    }
}

/// One notice per teacher whose courses the order holds, naming those courses.
fn teacher_notices(order: &Order) -> Vec<Notice> {
    let mut by_teacher: BTreeMap<&str, Vec<&OrderItemRow>> = BTreeMap::new();
    for item in &order.items {
        by_teacher.entry(item.teacher_id.as_str()).or_default().push(item);
    }
    by_teacher
        .into_iter()
        .filter(|(teacher, _)| *teacher != order.row.user_id)
        .map(|(teacher, items)| Notice {
            user_id: teacher.to_owned(),
            kind: NotificationType::CoursePurchase,
            title: Text::new("Khóa học của bạn vừa được mua", "Your course was purchased"),
            message: Text::new(
                format!("Một học viên vừa mua {}.", course_list(&items, Lang::Vi)),
                format!("A student just bought {}.", course_list(&items, Lang::En)),
            ),
            image: picture(items.first().copied()),
            link: Some("/dashboard".to_owned()),
            mail: false,
        })
        .collect()
}

/// "«A», «B» and 2 more" in the language asked.
fn course_list(items: &[&OrderItemRow], lang: Lang) -> String {
    let named: Vec<String> = items
        .iter()
        .take(NAMED_COURSES)
        .map(|item| format!("«{}»", lang.pick(item.title_vi.as_str(), item.title_en.as_str())))
        .collect();
    let rest = items.len().saturating_sub(NAMED_COURSES);
    match (rest, lang) {
        (0, _) => named.join(", "),
        (n, Lang::Vi) => format!("{} và {n} khóa học khác", named.join(", ")),
        (n, Lang::En) => format!("{} and {n} more", named.join(", ")),
    }
}

/// The course's thumbnail when a notification may show it (a path of this site or an https picture).
fn picture(item: Option<&OrderItemRow>) -> Option<String> {
    let thumbnail = item?.thumbnail.as_deref()?.trim();
    let usable =
        academy_shared::notifications::is_action_link(thumbnail) && thumbnail.chars().count() <= IMAGE_URL_MAX_CHARS;
    usable.then(|| thumbnail.to_owned())
}

/// Money of a transfer that no order took was refunded by an administrator: the student is told (and mailed).
pub async fn payment_refunded(state: &AppState, student_id: &str, payment: &PaymentRow, amount: i64) {
    let money = |lang| format_price(amount, payment.currency, lang);
    let code = payment.order_code.clone().unwrap_or_default();
    let notice = Notice {
        user_id: student_id.to_owned(),
        kind: NotificationType::PaymentRequest,
        title: Text::new("Tiền của bạn được hoàn lại", "Your money is being refunded"),
        message: Text::new(
            format!(
                "Khoản chuyển khoản {amount} cho đơn hàng {code} không được dùng cho đơn nào và đang được hoàn lại vào \
                 tài khoản của bạn.",
                amount = money(Lang::Vi)
            ),
            format!(
                "Your transfer of {amount} for order {code} was not used by any order and is being refunded to your \
                 account.",
                amount = money(Lang::En)
            ),
        ),
        image: None,
        link: Some("/profile".to_owned()),
        mail: true,
    };
    if let Err(e) = service::notify_once(state, notice, &format!("payment-refund:{}", payment.id)).await {
        tracing::error!(error = %e, payment = %payment.id, "telling of a refunded transfer failed");
    }
}
