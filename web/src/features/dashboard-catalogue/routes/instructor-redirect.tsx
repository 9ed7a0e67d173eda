import { Navigate, useParams } from 'react-router';
import { dashboardPaths } from './course-manage';

/** /instructor and /instructor/course/{courseId}: the teacher area lives in the dashboard's course pages. */
export default function InstructorRedirect() {
  const { courseId } = useParams();
  return <Navigate to={courseId ? dashboardPaths.editCourse(courseId) : dashboardPaths.courses} replace />;
}
