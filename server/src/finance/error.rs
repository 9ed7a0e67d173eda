//! What the finance use cases refuse, with the texts the person sees. The routes turn each into its HTTP answer.

use academy_shared::{
    Message,
    payouts::{PayoutAccountError, PayoutAccountField, PayoutRequestError},
    validation::FieldErrors,
};

use crate::{commerce::ledger::LedgerError, platform::text::Text};

/// Why a finance use case did not happen.
#[derive(Debug, thiserror::Error)]
pub enum FinanceError {
    /// No such payout account among the caller's (someone else's counts as none).
    #[error("no such payout account")]
    AccountNotFound,
    /// No such payout request, or not the caller's.
    #[error("no such payout request")]
    RequestNotFound,
    /// No such teacher.
    #[error("no such teacher")]
    TeacherNotFound,
    #[error("the payout account breaks its rules")]
    InvalidAccount(FieldErrors<PayoutAccountField, PayoutAccountError>),
    /// A field of a request breaks its rule.
    #[error("invalid {field}")]
    Invalid { field: &'static str, message: Text },
    /// Adding or changing a payout account needs the current password.
    #[error("wrong password")]
    WrongPassword,
    /// Too many wrong passwords: wait.
    #[error("too many wrong passwords")]
    Throttled { retry_after_secs: u64 },
    /// The amount asked for breaks a payout rule.
    #[error("payout refused: {0}")]
    Refused(PayoutRequestError),
    /// The account chosen cannot receive payouts yet (it is new or changed).
    #[error("the payout account is not ready before {ready_at}")]
    AccountNotReady { ready_at: i64 },
    /// The request is no longer in the state the decision needs (decided by someone else).
    #[error("the payout request is {status}")]
    AlreadyDecided { status: super::repo::RequestStatus },
    /// The request was sent through payOS and its transfer is under way: its final state decides it.
    #[error("a payOS transfer of the request is under way")]
    TransferUnderWay,
    /// payOS payouts are not configured.
    #[error("payOS is not configured")]
    PayosNotConfigured,
    /// payOS refused the transfer (its description): nothing was sent.
    #[error("payOS refused the transfer: {desc}")]
    PayosRefused { desc: String },
    /// payOS did not answer, or answered what cannot be trusted: sending again asks with the same key.
    #[error("payOS did not answer")]
    PayosUnavailable(#[source] anyhow::Error),
    /// An idempotency key used before for another request.
    #[error("the idempotency key was used for another request")]
    KeyReused,
    #[error(transparent)]
    Ledger(#[from] LedgerError),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl FinanceError {
    /// The text the person sees (none for internal failures).
    pub fn text(&self) -> Option<Text> {
        Some(match self {
            Self::AccountNotFound => Text::new("Không tìm thấy tài khoản nhận tiền.", "No such payout account."),
            Self::RequestNotFound => Text::new("Không tìm thấy yêu cầu rút tiền.", "No such payout request."),
            Self::TeacherNotFound => Text::new("Không tìm thấy giảng viên.", "No such teacher."),
            Self::InvalidAccount(errors) => {
                let (_, first) = errors.iter().next()?;
                Text::localized(|lang| first.message(lang))
            }
            Self::Invalid { message, .. } => message.clone(),
            Self::WrongPassword => Text::new("Mật khẩu hiện tại không đúng.", "The current password is wrong."),
            Self::Throttled { .. } => Text::new(
                "Bạn đã nhập sai mật khẩu quá nhiều lần. Hãy thử lại sau.",
                "Too many wrong passwords. Try again later.",
            ),
            Self::Refused(refusal) => Text::localized(|lang| refusal.message(lang)),
            Self::AccountNotReady { .. } => Text::new(
                "Tài khoản nhận tiền mới thêm hoặc vừa đổi chưa thể nhận tiền: hãy chờ hết thời gian chờ.",
                "A payout account that is new or just changed cannot receive payouts yet: wait until it is ready.",
            ),
            Self::AlreadyDecided { .. } => Text::new(
                "Yêu cầu này đã được xử lý, hãy tải lại trang.",
                "This request has already been decided: reload the page.",
            ),
            Self::KeyReused => Text::new(
                "Khóa chống trùng lặp này đã dùng cho một yêu cầu khác.",
                "This idempotency key was used for another request.",
            ),
            Self::TransferUnderWay => Text::new(
                "Yêu cầu này đang được chuyển qua payOS: kết quả chuyển tiền sẽ quyết định trạng thái của nó.",
                "This request is being sent through payOS: the transfer's result will decide it.",
            ),
            Self::PayosNotConfigured => {
                Text::new("Chưa cấu hình chi trả qua payOS.", "payOS payouts are not configured.")
            }
            Self::PayosRefused { desc } => Text::localized(|lang| match lang {
                academy_shared::Lang::Vi => format!("payOS từ chối lệnh chuyển tiền: {desc}"),
                academy_shared::Lang::En => format!("payOS refused the transfer: {desc}"),
            }),
            Self::Ledger(_) | Self::Database(_) | Self::Internal(_) | Self::PayosUnavailable(_) => return None,
        })
    }
}
