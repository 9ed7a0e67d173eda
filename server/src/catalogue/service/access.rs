//! Who sees what of a course: a course that is not published only for its instructor and administrators, every
//! lesson for them and the enrolled students, the free previews for everyone else.

use academy_shared::catalogue::CourseStatus;

/// Who is looking at a course page, as far as the curriculum cares.
#[derive(Debug, Clone, Default)]
pub struct Viewer {
    pub user_id: Option<String>,
    pub is_admin: bool,
}

impl Viewer {
    /// Whether the viewer edits the course taught by `instructor_id`: its instructor or an administrator.
    pub fn edits(&self, instructor_id: &str) -> bool {
        self.is_admin || self.user_id.as_deref() == Some(instructor_id)
    }

    /// The student whose enrolment decides the viewer's access, when it does: a signed-in viewer who does not
    /// edit the course.
    pub fn student<'a>(&'a self, instructor_id: &str) -> Option<&'a str> {
        if self.edits(instructor_id) { None } else { self.user_id.as_deref() }
    }
}

/// Whether a course with `status` is shown to a viewer: published courses to everyone, drafts and archived
/// courses only to those who edit them.
pub fn may_see(status: CourseStatus, edits: bool) -> bool {
    status == CourseStatus::Published || edits
}

/// Whether the viewer may watch every lesson: those who edit the course and its enrolled students.
pub fn full_access(edits: bool, enrolled: bool) -> bool {
    edits || enrolled
}

/// Whether a lesson stays locked for a viewer: free previews never, the others without full access.
pub fn lesson_locked(free_preview: bool, full_access: bool) -> bool {
    !(free_preview || full_access)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn signed_in(id: &str) -> Viewer {
        Viewer { user_id: Some(id.to_owned()), is_admin: false }
    }

    #[test]
    fn the_instructor_and_administrators_edit_a_course_others_do_not() {
        assert!(signed_in("teacher").edits("teacher"));
        assert!(Viewer { user_id: Some("admin".to_owned()), is_admin: true }.edits("teacher"));
        assert!(!signed_in("student").edits("teacher"));
        assert!(!Viewer::default().edits("teacher"));
    }

    #[test]
    fn only_a_signed_in_viewer_who_does_not_edit_is_asked_for_an_enrolment() {
        assert_eq!(signed_in("student").student("teacher"), Some("student"));
        assert_eq!(signed_in("teacher").student("teacher"), None);
        assert_eq!(Viewer { user_id: Some("admin".to_owned()), is_admin: true }.student("teacher"), None);
        assert_eq!(Viewer::default().student("teacher"), None);
    }

    #[test]
    fn a_course_not_published_is_seen_only_by_those_who_edit_it() {
        assert!(may_see(CourseStatus::Published, false));
        assert!(may_see(CourseStatus::Published, true));
        for status in [CourseStatus::Draft, CourseStatus::Archived] {
            assert!(!may_see(status, false), "{status}");
            assert!(may_see(status, true), "{status}");
        }
    }

    #[test]
    fn editors_and_enrolled_students_have_full_access() {
        assert!(full_access(true, false));
        assert!(full_access(false, true));
        assert!(!full_access(false, false));
    }

    #[test]
    fn a_lesson_is_locked_unless_a_free_preview_or_the_viewer_has_full_access() {
        assert!(!lesson_locked(true, false));
        assert!(!lesson_locked(false, true));
        assert!(!lesson_locked(true, true));
        assert!(lesson_locked(false, false));
    }
}
