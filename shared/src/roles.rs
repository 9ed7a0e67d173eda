//! Roles, the route guards of the public and dashboard pages, and the dashboard menu: one table read by the web's route
//! guard, its menus, and the server.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A signed-in user's role. Names are compared upper-case in guards; parsing ignores case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "UPPERCASE")]
pub enum Role {
    Admin,
    Staff,
    Teacher,
    Student,
}

impl Role {
    pub const ALL: [Role; 4] = [Role::Admin, Role::Staff, Role::Teacher, Role::Student];

    /// The upper-case name used by guards and the API: `ADMIN`, `STAFF`, `TEACHER`, `STUDENT`.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Admin => "ADMIN",
            Role::Staff => "STAFF",
            Role::Teacher => "TEACHER",
            Role::Student => "STUDENT",
        }
    }

    /// Reads a role name in any case (`Teacher`, `teacher`, `TEACHER`); surrounding spaces are ignored.
    pub fn parse(name: &str) -> Option<Role> {
        let name = name.trim();
        Role::ALL.into_iter().find(|r| r.as_str().eq_ignore_ascii_case(name))
    }

    /// Whether the role teaches: builds and sells courses and mentorship plans, earns from them and reads their
    /// own sales (a teacher, or an administrator who teaches).
    pub fn teaches(self) -> bool {
        matches!(self, Role::Teacher | Role::Admin)
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A role name that is not one of the four.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown role {0:?}")]
pub struct UnknownRole(pub String);

impl FromStr for Role {
    type Err = UnknownRole;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Role::parse(s).ok_or_else(|| UnknownRole(s.to_owned()))
    }
}

/// How a stored role is read (`#[sqlx(try_from = "String")]`): an unknown name is an error.
impl TryFrom<String> for Role {
    type Error = UnknownRole;

    fn try_from(name: String) -> Result<Self, Self::Error> {
        Role::parse(&name).ok_or(UnknownRole(name))
    }
}

/// Who may open a route.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Audience {
    /// Every signed-in user, whatever the role.
    SignedIn,
    /// Signed-in users with one of these roles.
    Roles(&'static [Role]),
}

impl Audience {
    pub fn admits(self, role: Role) -> bool {
        match self {
            Audience::SignedIn => true,
            Audience::Roles(roles) => roles.contains(&role),
        }
    }
}

/// The decision of the route guard.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum Access {
    /// The route has no allowed roles: anyone may open it.
    Open,
    /// The route is guarded and the user's role is allowed.
    Allowed,
    /// The route is guarded and nobody is signed in: go to /login, remembering the origin.
    RedirectToLogin,
    /// Signed in with a role the route does not allow: the 403 page.
    Forbidden,
}

/// One guarded route: a path pattern (see [`matches_pattern`]) and who may open it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RouteRule {
    pub pattern: &'static str,
    pub audience: Audience,
}

const ADMIN: &[Role] = &[Role::Admin];
const TEACHER: &[Role] = &[Role::Teacher];
const ADMIN_TEACHER: &[Role] = &[Role::Admin, Role::Teacher];
const ADMIN_STAFF: &[Role] = &[Role::Admin, Role::Staff];
const DASHBOARD_USERS: &[Role] = &[Role::Admin, Role::Staff, Role::Teacher];
const PROFILE_ROLES: &[Role] = &[Role::Teacher, Role::Student, Role::Admin, Role::Staff];

const fn rule(pattern: &'static str, roles: &'static [Role]) -> RouteRule {
    RouteRule { pattern, audience: Audience::Roles(roles) }
}

const fn signed_in(pattern: &'static str) -> RouteRule {
    RouteRule { pattern, audience: Audience::SignedIn }
}

/// Every guarded route of the product. Paths not listed here are open (public pages and the 404 page).
///
/// Pages with named roles admit those roles. For the sidebar-only routes, whose guards are not named
/// elsewhere, the guard follows the menu: ADMIN-and-TEACHER items admit ADMIN and TEACHER, ADMIN-only items
/// admit ADMIN, and the account page admits every dashboard role. The teacher area linked from the profile
/// (/instructor…) admits TEACHER.
pub const ROUTES: &[RouteRule] = &[
    // Public and account pages.
    rule("/profile", PROFILE_ROLES),
    signed_in("/profile/enroll-lectures"),
    signed_in("/cart"),
    signed_in("/checkout"),
    signed_in("/checkout/vnpay-return"),
    signed_in("/profile/orders"),
    signed_in("/profile/orders/{id}"),
    signed_in("/profile/sessions"),
    signed_in("/profile/chat/{bookingId}"),
    signed_in("/notification"),
    signed_in("/meeting"),
    rule("/syllabus", TEACHER),
    rule("/syllabus/{id}", TEACHER),
    rule("/instructor", TEACHER),
    rule("/instructor/course/{courseId}", TEACHER),
    // Dashboard pages.
    rule("/dashboard", DASHBOARD_USERS),
    rule("/dashboard/user", ADMIN_STAFF),
    rule("/dashboard/syllabus", DASHBOARD_USERS),
    rule("/dashboard/syllabus/add", ADMIN_STAFF),
    rule("/dashboard/syllabus/edit/{id}", ADMIN_STAFF),
    rule("/dashboard/syllabus/view/{id}", ADMIN_STAFF),
    rule("/dashboard/myschedule", ADMIN_TEACHER),
    rule("/dashboard/available", ADMIN_TEACHER),
    rule("/dashboard/class-register", ADMIN_TEACHER),
    rule("/dashboard/subjects", DASHBOARD_USERS),
    rule("/dashboard/subjects/create", DASHBOARD_USERS),
    rule("/dashboard/subjects/update/{id}", DASHBOARD_USERS),
    rule("/dashboard/subjects/view/{id}", DASHBOARD_USERS),
    // Sidebar-only routes, guarded as the menu shows them.
    rule("/dashboard/course/add-new", ADMIN_TEACHER),
    rule("/dashboard/course", ADMIN_TEACHER),
    rule("/dashboard/mentorship/add-plan", ADMIN_TEACHER),
    rule("/dashboard/mentorship/all-plan", ADMIN_TEACHER),
    rule("/dashboard/mentorship/booked-mentorship", ADMIN_TEACHER),
    rule("/dashboard/sales-report/course", ADMIN_TEACHER),
    rule("/dashboard/sales-report/mentorship", ADMIN_TEACHER),
    rule("/dashboard/payment", ADMIN_TEACHER),
    rule("/dashboard/payment-account", ADMIN_TEACHER),
    rule("/dashboard/payment/withholding", ADMIN_TEACHER),
    rule("/dashboard/transection", ADMIN_TEACHER),
    rule("/dashboard/course-type", ADMIN),
    rule("/dashboard/category", ADMIN),
    rule("/dashboard/payment-method", ADMIN),
    rule("/dashboard/payment-request", ADMIN),
    rule("/dashboard/withdraw-getway", ADMIN),
    rule("/dashboard/banners", ADMIN),
    rule("/dashboard/post-feed", ADMIN),
    rule("/dashboard/contact-message", ADMIN),
    rule("/dashboard/admission-message", ADMIN),
    rule("/dashboard/notification", ADMIN),
    rule("/dashboard/ads-promo", ADMIN),
    rule("/dashboard/settings", ADMIN),
    rule("/dashboard/ADMIN-profile", DASHBOARD_USERS),
    // Any other dashboard path (a 404 inside the dashboard) still needs a dashboard role.
    rule("/dashboard/{*rest}", DASHBOARD_USERS),
];

/// The path part of a location: no query, no fragment, no trailing slash (except for `/` itself).
fn path_only(location: &str) -> &str {
    let end = location.find(['?', '#']).unwrap_or(location.len());
    let path = location.get(..end).unwrap_or(location);
    let trimmed = path.trim_end_matches('/');
    if trimmed.is_empty() { "/" } else { trimmed }
}

/// Whether `path` matches `pattern`, segment by segment; `{name}` matches any one non-empty segment and a last
/// `{*name}` matches the rest of the path (one segment or more).
pub fn matches_pattern(pattern: &str, path: &str) -> bool {
    let mut wanted = path_only(pattern).split('/');
    let mut given = path_only(path).split('/');
    loop {
        match (wanted.next(), given.next()) {
            (None, None) => return true,
            (Some(w), Some(g)) if w.starts_with("{*") => return !g.is_empty(),
            (Some(w), Some(g)) => {
                let is_param = w.starts_with('{') && w.ends_with('}');
                if !(if is_param { !g.is_empty() } else { w == g }) {
                    return false;
                }
            }
            _ => return false,
        }
    }
}

/// The rule guarding `path` (query and trailing slash ignored), if any.
pub fn route_rule(path: &str) -> Option<&'static RouteRule> {
    ROUTES.iter().find(|r| matches_pattern(r.pattern, path))
}

/// The route guard's decision for a user with `role` (None: not signed in) opening `path`.
pub fn guard(path: &str, role: Option<Role>) -> Access {
    let Some(rule) = route_rule(path) else { return Access::Open };
    match role {
        None => Access::RedirectToLogin,
        Some(role) if rule.audience.admits(role) => Access::Allowed,
        Some(_) => Access::Forbidden,
    }
}

/// One entry of the dashboard menu: a link, or a group with children.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct NavOption {
    /// The i18n key of the label, in the web's `dashboard` namespace (e.g. `menu.course.addNew`).
    pub label_key: String,
    /// The English label, as the menu shows it.
    pub label: String,
    /// Where the entry links; groups have none.
    pub path: Option<String>,
    /// The roles that see the entry.
    pub roles: Vec<Role>,
    pub children: Vec<NavOption>,
}

fn link(key: &str, label: &str, path: &str, roles: &[Role]) -> NavOption {
    NavOption {
        label_key: format!("menu.{key}"),
        label: label.into(),
        path: Some(path.into()),
        roles: roles.to_vec(),
        children: Vec::new(),
    }
}

fn group(key: &str, label: &str, children: Vec<NavOption>) -> NavOption {
    let roles = Role::ALL.into_iter().filter(|r| children.iter().any(|c| c.roles.contains(r))).collect();
    NavOption { label_key: format!("menu.{key}"), label: label.into(), path: None, roles, children }
}

/// The whole dashboard menu, in its order. Users and Material are listed for ADMIN and STAFF: the menu
/// says ADMIN only while the route guards also admit STAFF, and both readings stand.
pub fn dashboard_menu() -> Vec<NavOption> {
    vec![
        link("dashboard", "Dashboard", "/dashboard", ADMIN_TEACHER),
        group(
            "course",
            "Course",
            vec![
                link("course.addNew", "Add new", "/dashboard/course/add-new", ADMIN_TEACHER),
                link("course.manage", "Manage", "/dashboard/course/", ADMIN_TEACHER),
            ],
        ),
        group(
            "mentorship",
            "Mentorship",
            vec![
                link("mentorship.addPlan", "Add plan", "/dashboard/mentorship/add-plan", ADMIN_TEACHER),
                link("mentorship.managePlan", "Manage plan", "/dashboard/mentorship/all-plan", ADMIN_TEACHER),
                link(
                    "mentorship.booked",
                    "Booked mentorship",
                    "/dashboard/mentorship/booked-mentorship",
                    ADMIN_TEACHER,
                ),
            ],
        ),
        group(
            "salesReport",
            "Sales Report",
            vec![
                link("salesReport.course", "Course", "/dashboard/sales-report/course", ADMIN_TEACHER),
                link("salesReport.mentorship", "Mentorship", "/dashboard/sales-report/mentorship", ADMIN_TEACHER),
            ],
        ),
        group(
            "financial",
            "Financial",
            vec![
                link("financial.payment", "Payment", "/dashboard/payment", ADMIN_TEACHER),
                link("financial.manageAccount", "Manage account", "/dashboard/payment-account", ADMIN_TEACHER),
            ],
        ),
        link("onlineClass", "Online Class", "/meeting", ADMIN_TEACHER),
        link("transaction", "Transaction", "/dashboard/transection", ADMIN_TEACHER),
        link("courseTypes", "Course Types", "/dashboard/course-type", ADMIN),
        link("categories", "Categories", "/dashboard/category", ADMIN),
        link("users", "Users", "/dashboard/user", ADMIN_STAFF),
        group(
            "material",
            "Material",
            vec![
                link("material.syllabuses", "Syllabuses", "/dashboard/syllabus", ADMIN_STAFF),
                link("material.subjects", "Subjects", "/dashboard/subjects", ADMIN_STAFF),
            ],
        ),
        link("paymentMethod", "Payment Method", "/dashboard/payment-method", ADMIN),
        link("paymentRequest", "Payment Request", "/dashboard/payment-request", ADMIN),
        link("withdrawGateway", "Withdraw Gateway", "/dashboard/withdraw-getway", ADMIN),
        link("banners", "Banners", "/dashboard/banners", ADMIN),
        link("feedPost", "Feed Post", "/dashboard/post-feed", ADMIN),
        link("contactMessage", "Contact Message", "/dashboard/contact-message", ADMIN),
        link("admissionBox", "Admission Box", "/dashboard/admission-message", ADMIN),
        link("notification", "Notification", "/dashboard/notification", ADMIN),
        link("adsPromo", "Ads-Promo", "/dashboard/ads-promo", ADMIN),
        link("settings", "Settings", "/dashboard/settings", ADMIN),
        group(
            "mySchedule",
            "My Schedule",
            vec![
                link("mySchedule.manage", "Manage schedule", "/dashboard/myschedule", TEACHER),
                link("mySchedule.available", "Available slot", "/dashboard/available", TEACHER),
                link("mySchedule.registerClass", "Register class", "/dashboard/class-register", TEACHER),
            ],
        ),
    ]
}

fn keep_for(option: NavOption, role: Role) -> Option<NavOption> {
    if !option.roles.contains(&role) {
        return None;
    }
    let had_children = !option.children.is_empty();
    let children: Vec<NavOption> = option.children.into_iter().filter_map(|c| keep_for(c, role)).collect();
    if had_children && children.is_empty() {
        return None;
    }
    Some(NavOption { children, ..option })
}

/// The dashboard menu a role sees; groups keep only the children the role sees.
pub fn menu_for(role: Role) -> Vec<NavOption> {
    dashboard_menu().into_iter().filter_map(|o| keep_for(o, role)).collect()
}

/// Whether the header's user menu shows the Dashboard link (TEACHER or ADMIN).
pub fn header_shows_dashboard(role: Option<Role>) -> bool {
    matches!(role, Some(Role::Teacher | Role::Admin))
}

/// Whether the mobile bottom bar shows Dashboard (TEACHER only).
pub fn bottom_bar_shows_dashboard(role: Option<Role>) -> bool {
    role == Some(Role::Teacher)
}

/// A change to an existing account. Who may make it depends on the roles of both sides, see
/// [`check_account_change`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AccountChange {
    /// Name, phone number, address, date of birth, avatar.
    Profile,
    /// The e-mail address. Password-reset links go there, so whoever sets it can take the account over.
    Email,
    /// Giving the account this role.
    Role(Role),
    /// Locking or unlocking the account.
    Status,
}

/// Why a change to an account is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum AccountChangeRefused {
    /// Students and teachers change no account but their own profile.
    #[error("You may not change this account.")]
    NotAllowed,
    /// Only administrators change an administrator's account.
    #[error("Staff cannot change an administrator's account.")]
    AdminAccount,
    /// Only administrators grant the administrator role.
    #[error("Staff cannot grant or remove the administrator role.")]
    AdminRole,
    /// Staff members do not change each other's e-mail address.
    #[error("Staff cannot change another staff member's email.")]
    StaffEmail,
}

impl crate::validation::Message for AccountChangeRefused {
    fn message(&self, lang: crate::i18n::Lang) -> String {
        match lang {
            crate::i18n::Lang::En => self.to_string(),
            crate::i18n::Lang::Vi => match self {
                Self::NotAllowed => "Bạn không có quyền thay đổi tài khoản này.",
                Self::AdminAccount => "Nhân viên không thể thay đổi tài khoản của quản trị viên.",
                Self::AdminRole => "Nhân viên không thể cấp hoặc thu hồi quyền quản trị viên.",
                Self::StaffEmail => "Nhân viên không thể thay đổi email của nhân viên khác.",
            }
            .to_owned(),
        }
    }
}

/// Whether a user with role `actor` may make `change` to an account with role `target`; `own` says the account
/// is the actor's own.
///
/// - Everyone edits their own profile and e-mail.
/// - Administrators change anything of any account (the server still keeps one active administrator).
/// - Staff change students, teachers and other staff (their own account included), except that they never
///   change an administrator's account, never grant the administrator role, and never change another staff
///   member's e-mail.
/// - Students and teachers change nothing else.
pub fn check_account_change(
    actor: Role,
    target: Role,
    own: bool,
    change: AccountChange,
) -> Result<(), AccountChangeRefused> {
    use AccountChange as C;
    use AccountChangeRefused as Refused;
    match (actor, change) {
        (_, C::Profile | C::Email) if own => Ok(()),
        (Role::Admin, _) => Ok(()),
        (Role::Staff, _) if target == Role::Admin => Err(Refused::AdminAccount),
        (Role::Staff, C::Role(Role::Admin)) => Err(Refused::AdminRole),
        (Role::Staff, C::Email) if target == Role::Staff => Err(Refused::StaffEmail),
        (Role::Staff, _) => Ok(()),
        (Role::Teacher | Role::Student, _) => Err(Refused::NotAllowed),
    }
}

/// [`check_account_change`] as a yes or no.
pub fn may_change_account(actor: Role, target: Role, own: bool, change: AccountChange) -> bool {
    check_account_change(actor, target, own, change).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use Role::{Admin, Staff, Student, Teacher};

    #[test]
    fn role_names_parse_in_any_case() {
        let cases = [
            ("ADMIN", Some(Admin)),
            ("teacher", Some(Teacher)),
            ("Student", Some(Student)),
            (" staff ", Some(Staff)),
            ("guest", None),
            ("", None),
        ];
        for (name, role) in cases {
            assert_eq!(Role::parse(name), role, "{name:?}");
        }
        assert_eq!(serde_json::to_string(&Admin).expect("serialises"), "\"ADMIN\"");
    }

    #[test]
    fn the_guard_follows_the_route_tables() {
        use Access::*;
        let cases: &[(&str, Option<Role>, Access)] = &[
            ("/", None, Open),
            ("/courselist?search=x", None, Open),
            ("/no/such/page", Some(Student), Open),
            ("/profile", None, RedirectToLogin),
            ("/profile", Some(Staff), Allowed),
            ("/profile", Some(Student), Allowed),
            ("/profile/enroll-lectures?id=42", Some(Student), Allowed),
            ("/cart", None, RedirectToLogin),
            ("/cart", Some(Staff), Allowed),
            ("/checkout/vnpay-return?vnp_TxnRef=AC1", None, RedirectToLogin),
            ("/profile/orders", None, RedirectToLogin),
            ("/profile/orders/o1", Some(Student), Allowed),
            ("/profile/sessions?booking=b1", None, RedirectToLogin),
            ("/profile/sessions?booking=b1", Some(Student), Allowed),
            ("/profile/chat/b1", None, RedirectToLogin),
            ("/profile/chat/b1", Some(Teacher), Allowed),
            ("/meeting", Some(Student), Allowed),
            ("/syllabus", Some(Teacher), Allowed),
            ("/syllabus/7", Some(Admin), Forbidden),
            ("/dashboard", Some(Staff), Allowed),
            ("/dashboard", Some(Student), Forbidden),
            ("/dashboard/", Some(Teacher), Allowed),
            ("/dashboard/user", Some(Student), Forbidden),
            ("/dashboard/user", Some(Teacher), Forbidden),
            ("/dashboard/user", Some(Staff), Allowed),
            ("/dashboard/syllabus", Some(Teacher), Allowed),
            ("/dashboard/syllabus/edit/12", Some(Teacher), Forbidden),
            ("/dashboard/syllabus/edit/12", Some(Staff), Allowed),
            ("/dashboard/syllabus/edit", Some(Staff), Allowed),
            ("/dashboard/myschedule", Some(Staff), Forbidden),
            ("/dashboard/myschedule", Some(Admin), Allowed),
            ("/dashboard/subjects/update/3", Some(Teacher), Allowed),
            ("/dashboard/settings", Some(Teacher), Forbidden),
            ("/dashboard/course/", Some(Teacher), Allowed),
            ("/dashboard/ADMIN-profile", Some(Staff), Allowed),
            ("/dashboard/payment/withholding", Some(Teacher), Allowed),
            ("/dashboard/payment/withholding", Some(Staff), Forbidden),
            ("/dashboard/ADMIN-profile", None, RedirectToLogin),
        ];
        for (path, role, access) in cases {
            assert_eq!(guard(path, *role), *access, "{path} as {role:?}");
        }
    }

    #[test]
    fn a_parameter_matches_exactly_one_non_empty_segment() {
        assert!(matches_pattern("/syllabus/{id}", "/syllabus/abc"));
        assert!(!matches_pattern("/syllabus/{id}", "/syllabus"));
        assert!(!matches_pattern("/syllabus/{id}", "/syllabus/a/b"));
        assert!(!matches_pattern("/syllabus/{id}", "/syllabus//"));
        assert!(matches_pattern("/dashboard/{*rest}", "/dashboard/a/b"));
        assert!(!matches_pattern("/dashboard/{*rest}", "/dashboard"));
    }

    #[test]
    fn every_menu_link_is_guarded_for_at_least_its_menu_roles_except_the_online_class() {
        fn walk(options: &[NavOption], out: &mut Vec<NavOption>) {
            for o in options {
                out.push(o.clone());
                walk(&o.children, out);
            }
        }
        let mut all = Vec::new();
        walk(&dashboard_menu(), &mut all);
        for option in all.iter().filter(|o| o.path.is_some()) {
            let path = option.path.as_deref().unwrap_or_default();
            for role in &option.roles {
                assert_eq!(guard(path, Some(*role)), Access::Allowed, "{path} for {role}");
            }
            assert_eq!(guard(path, None), Access::RedirectToLogin, "{path} anonymously");
        }
    }

    fn labels(options: &[NavOption]) -> Vec<String> {
        options.iter().map(|o| o.label.clone()).collect()
    }

    #[test]
    fn a_teacher_sees_the_shared_items_and_my_schedule() {
        let menu = menu_for(Teacher);
        assert_eq!(
            labels(&menu),
            [
                "Dashboard",
                "Course",
                "Mentorship",
                "Sales Report",
                "Financial",
                "Online Class",
                "Transaction",
                "My Schedule"
            ]
        );
        let schedule = menu.last().expect("my schedule");
        assert_eq!(labels(&schedule.children), ["Manage schedule", "Available slot", "Register class"]);
    }

    #[test]
    fn an_admin_sees_everything_but_my_schedule() {
        let menu = menu_for(Admin);
        assert_eq!(menu.len(), 21);
        assert!(!labels(&menu).contains(&"My Schedule".to_owned()));
        assert!(labels(&menu).contains(&"Ads-Promo".to_owned()));
    }

    #[test]
    fn staff_see_users_and_material_and_students_see_nothing() {
        assert_eq!(labels(&menu_for(Staff)), ["Users", "Material"]);
        assert!(menu_for(Student).is_empty());
    }

    #[test]
    fn the_header_shows_dashboard_to_teachers_and_admins_and_the_bottom_bar_to_teachers_only() {
        let cases = [
            (None, false, false),
            (Some(Student), false, false),
            (Some(Staff), false, false),
            (Some(Teacher), true, true),
            (Some(Admin), true, false),
        ];
        for (role, header, bottom) in cases {
            assert_eq!(header_shows_dashboard(role), header, "{role:?}");
            assert_eq!(bottom_bar_shows_dashboard(role), bottom, "{role:?}");
        }
    }

    #[test]
    fn who_may_change_which_account_follows_the_roles_of_both_sides() {
        use AccountChange::{Email, Profile, Status};
        use AccountChangeRefused::{AdminAccount, AdminRole, NotAllowed, StaffEmail};
        let role = AccountChange::Role;
        type Case = (Role, Role, bool, AccountChange, Result<(), AccountChangeRefused>);
        // (actor, target, own account, change, expected)
        let cases: &[Case] = &[
            // Administrators change anyone, administrators included.
            (Admin, Admin, false, Profile, Ok(())),
            (Admin, Admin, false, Email, Ok(())),
            (Admin, Admin, false, role(Student), Ok(())),
            (Admin, Admin, false, Status, Ok(())),
            (Admin, Staff, false, Email, Ok(())),
            (Admin, Student, false, role(Admin), Ok(())),
            (Admin, Teacher, false, Email, Ok(())),
            // Staff never change an administrator, whatever the change.
            (Staff, Admin, false, Profile, Err(AdminAccount)),
            (Staff, Admin, false, Email, Err(AdminAccount)),
            (Staff, Admin, false, role(Student), Err(AdminAccount)),
            (Staff, Admin, false, role(Admin), Err(AdminAccount)),
            (Staff, Admin, false, Status, Err(AdminAccount)),
            // ... nor grant the administrator role, not even to themselves.
            (Staff, Student, false, role(Admin), Err(AdminRole)),
            (Staff, Staff, true, role(Admin), Err(AdminRole)),
            // ... nor another staff member's e-mail; the rest of a staff member's account they may change.
            (Staff, Staff, false, Email, Err(StaffEmail)),
            (Staff, Staff, false, Profile, Ok(())),
            (Staff, Staff, false, role(Teacher), Ok(())),
            (Staff, Staff, false, Status, Ok(())),
            // Students and teachers are theirs to manage.
            (Staff, Student, false, Profile, Ok(())),
            (Staff, Student, false, Email, Ok(())),
            (Staff, Teacher, false, Email, Ok(())),
            (Staff, Teacher, false, role(Student), Ok(())),
            (Staff, Student, false, Status, Ok(())),
            // Everyone edits their own profile and e-mail.
            (Staff, Staff, true, Email, Ok(())),
            (Teacher, Teacher, true, Profile, Ok(())),
            (Student, Student, true, Email, Ok(())),
            (Admin, Admin, true, Email, Ok(())),
            // Students and teachers change nothing else, not their own role or status either.
            (Student, Student, true, role(Teacher), Err(NotAllowed)),
            (Teacher, Teacher, true, Status, Err(NotAllowed)),
            (Teacher, Student, false, Profile, Err(NotAllowed)),
            (Student, Admin, false, Email, Err(NotAllowed)),
        ];
        for &(actor, target, own, change, expected) in cases {
            assert_eq!(
                check_account_change(actor, target, own, change),
                expected,
                "{actor} → {target} (own: {own}): {change:?}"
            );
            assert_eq!(may_change_account(actor, target, own, change), expected.is_ok());
        }
    }

    #[test]
    fn every_refusal_speaks_both_languages() {
        use crate::validation::Message as _;
        use AccountChangeRefused::*;
        for refusal in [NotAllowed, AdminAccount, AdminRole, StaffEmail] {
            let (vi, en) = (refusal.message(crate::i18n::Lang::Vi), refusal.message(crate::i18n::Lang::En));
            assert!(!vi.is_empty() && !en.is_empty() && vi != en, "{refusal:?}");
        }
        assert_eq!(AdminAccount.message(crate::i18n::Lang::En), "Staff cannot change an administrator's account.");
    }
}
