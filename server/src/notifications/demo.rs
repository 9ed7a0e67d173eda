//! The demo's notifications: every account has one of each type from the past weeks, some read and some not,
//! and everyone received one broadcast from the administrator (read by the teachers).

use academy_shared::display::NotificationType;
use sqlx::AnyConnection;

use super::{
    repo::{self, Audience, NewBroadcast},
    service::{self, Notice},
};
use crate::platform::text::Text;

const HOUR: i64 = 60 * 60 * 1000;

/// One demo notice: type, texts, link, and whether it was read.
struct Sample {
    kind: NotificationType,
    title: (&'static str, &'static str),
    message: (&'static str, &'static str),
    link: Option<&'static str>,
    image: Option<&'static str>,
    read: bool,
    hours_ago: i64,
}

const SAMPLES: [Sample; 7] = [
    Sample {
        kind: NotificationType::CoursePurchase,
        title: ("Mua khóa học thành công", "Course purchased"),
        message: (
            "Cảm ơn bạn đã mua khóa học. Bạn có thể bắt đầu học ngay trong trang cá nhân.",
            "Thank you for your purchase. You can start learning from your profile now.",
        ),
        link: Some("/profile"),
        image: Some("/demo/mentor-nguyenminhkhoa.svg"),
        read: false,
        hours_ago: 2,
    },
    Sample {
        kind: NotificationType::BookMentorShip,
        title: ("Đặt lịch mentor đã được xác nhận", "Mentorship booking confirmed"),
        message: (
            "Gói mentor của bạn đã được xác nhận. Mentor sẽ liên hệ để hẹn buổi đầu tiên.",
            "Your mentorship plan is confirmed. Your mentor will get in touch to set the first session.",
        ),
        link: Some("/profile"),
        image: Some("/demo/mentor-tranthuha.svg"),
        read: false,
        hours_ago: 26,
    },
    Sample {
        kind: NotificationType::Referral,
        title: ("Bạn bè đã tham gia nhờ bạn", "A friend joined through you"),
        message: (
            "Một người bạn đã đăng ký Academy bằng lời mời của bạn. Cảm ơn bạn đã giới thiệu!",
            "A friend signed up to Academy with your invitation. Thank you for spreading the word!",
        ),
        link: Some("/courselist"),
        image: None,
        read: true,
        hours_ago: 50,
    },
    Sample {
        kind: NotificationType::AdminNotification,
        title: ("Hồ sơ của bạn cần cập nhật", "Please complete your profile"),
        message: (
            "Thêm số điện thoại và ảnh đại diện để giảng viên dễ liên hệ với bạn hơn.",
            "Add a phone number and a picture so that teachers can reach you more easily.",
        ),
        link: Some("/profile"),
        image: None,
        read: false,
        hours_ago: 74,
    },
    Sample {
        kind: NotificationType::WithdrawalRequest,
        title: ("Yêu cầu rút tiền đã được duyệt", "Withdrawal request approved"),
        message: (
            "Yêu cầu rút tiền của bạn đã được duyệt và sẽ được chuyển trong 1–3 ngày làm việc.",
            "Your withdrawal request was approved; the transfer arrives within 1–3 working days.",
        ),
        link: Some("/dashboard/transection"),
        image: None,
        read: true,
        hours_ago: 120,
    },
    Sample {
        kind: NotificationType::PaymentRequest,
        title: ("Đã nhận yêu cầu thanh toán", "Payment request received"),
        message: (
            "Chúng tôi đã nhận yêu cầu thanh toán của bạn và sẽ phản hồi trong 24 giờ.",
            "We received your payment request and will answer within 24 hours.",
        ),
        link: None,
        image: None,
        read: true,
        hours_ago: 170,
    },
    Sample {
        kind: NotificationType::Other,
        title: ("Chào mừng bạn đến với Academy", "Welcome to Academy"),
        message: (
            "Khám phá hơn 20 khóa học và 8 mentor đang chờ bạn.",
            "Discover more than 20 courses and 8 mentors waiting for you.",
        ),
        link: Some("/courselist"),
        image: None,
        read: true,
        hours_ago: 400,
    },
];

/// Writes the demo's notifications for every account in `conn`'s database, as at `now` (epoch ms); the
/// broadcast comes from `admin_id`.
pub async fn load(conn: &mut AnyConnection, admin_id: Option<&str>, now: i64) -> anyhow::Result<()> {
    let users = repo::accounts(conn).await?;
    for (user_id, _) in &users {
        for sample in &SAMPLES {
            let notice = Notice {
                user_id: user_id.clone(),
                kind: sample.kind,
                title: Text::new(sample.title.0, sample.title.1),
                message: Text::new(sample.message.0, sample.message.1),
                image: sample.image.map(str::to_owned),
                link: sample.link.map(str::to_owned),
                mail: false,
            };
            service::record_past(conn, &notice, sample.read, now - sample.hours_ago * HOUR).await?;
        }
    }
    let sent_at = now - 30 * HOUR;
    let broadcast = NewBroadcast {
        sender_id: admin_id,
        audience: &Audience::Everyone,
        title_vi: "Lịch bảo trì hệ thống",
        title_en: "Scheduled maintenance",
        message_vi: "Academy sẽ bảo trì từ 23:00 đến 23:30 tối Chủ nhật. Cảm ơn bạn đã kiên nhẫn.",
        message_en: "Academy will be down for maintenance from 23:00 to 23:30 on Sunday night. Thank you for \
                     your patience.",
        image_url: None,
        action_link: Some("/informations"),
        total: i64::try_from(users.len())?,
        created_at: sent_at,
    };
    let broadcast_id = repo::insert_broadcast(conn, &broadcast).await?;
    let recipients: Vec<String> = users.iter().map(|(id, _)| id.clone()).collect();
    let written = repo::insert_broadcast_rows(conn, &broadcast_id, &recipients, sent_at).await?;
    let last = recipients.last().cloned().unwrap_or_default();
    repo::advance_broadcast(conn, &broadcast_id, "", &last, written, Some(sent_at)).await?;
    let teachers: Vec<&str> = users.iter().filter(|(_, role)| role == "TEACHER").map(|(id, _)| id.as_str()).collect();
    for teacher in teachers {
        repo::mark_broadcast_read(conn, &broadcast_id, teacher).await?;
    }
    Ok(())
}
