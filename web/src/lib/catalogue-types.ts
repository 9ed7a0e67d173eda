/**
 * The catalogue's response shapes, as the academy server sends them (server/src/http/{courses,categories,
 * mentors,posts,feed,banners,home}.rs). Money is integer minor units of `currency`: show it with `formatPrice`.
 */

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
  /** False when `total` is an estimate (a search for common words): shown as "about N". */
  totalExact?: boolean;
}

export interface CardInstructor {
  userId: string;
  firstName?: string | null;
  lastName?: string | null;
  avatar?: string | null;
  /** `lastName firstName`. */
  name?: string;
  image?: string | null;
}

/** A course as cards and lists show it (SPEC §3 Course). */
export interface Course {
  _id: string;
  slug?: string;
  title: string;
  thumbnail?: string | null;
  price: number;
  /** The sale price (what the learner pays now), below `price`; null when not on sale. */
  discount?: number | null;
  currency: string;
  courseBadge?: string | null;
  level?: string | null;
  levelKey?: string;
  totalSeat?: number | null;
  instructor?: CardInstructor | null;
  category?: { id: string; slug?: string; categoryName: string } | null;
  ratingAverage?: number;
  ratingCount?: number;
  enrollmentCount?: number;
  lessonCount?: number;
  durationSeconds?: number;
  status?: 'draft' | 'published' | 'archived' | string;
  createdAt?: string;
  updatedAt?: string;
}

export interface Lesson {
  id: string;
  title: string;
  order: number;
  durationSeconds: number;
  freePreview: boolean;
  videoUrl?: string | null;
  locked: boolean;
}

export interface Section {
  id: string;
  title: string;
  order: number;
  lessonCount: number;
  durationSeconds: number;
  lessons: Lesson[];
}

export interface CourseDetail extends Course {
  description: string;
  whatYouWillLearn: string[];
  requirements: string[];
  language: string;
  courseType?: { id: string; name: string } | null;
  sections: Section[];
  instructorProfile?: {
    profession?: string | null;
    expertise: string[];
    bio?: string | null;
    courseCount: number;
    studentCount: number;
  } | null;
  fullAccess: boolean;
}

/** SPEC §3 Category. */
export interface Category {
  id: string;
  slug?: string;
  categoryName: string;
  description?: string;
  image?: string | null;
  courseCount: number;
  order?: number;
}

/** SPEC §3 Instructor or mentor. */
export interface Instructor {
  userId: string;
  username?: string;
  firstName?: string | null;
  lastName?: string | null;
  name?: string;
  avatar?: string | null;
  profession?: string;
  expertise: string[];
  courseCount?: number;
  studentCount?: number;
  ratingAverage?: number;
}

export interface Plan {
  id: string;
  title: string;
  price: number;
  currency: string;
  short_description: string;
  services: string[];
  durationDays: number;
}

export interface MentorDetail extends Instructor {
  bio: string;
  plans: Plan[];
  courses: Course[];
}

/** SPEC §3 Blog post. */
export interface Post {
  _id: string;
  slug?: string;
  title: string;
  excerpt?: string;
  image?: string[];
  tags?: string[];
  author?: { userId?: string | null; name: string; avatar?: string | null };
  createdAt: string;
  updatedAt?: string;
}

export interface PostDetail extends Post {
  /** HTML, sanitised by the server when stored (and again before rendering). */
  content: string;
}

export interface FeedPost {
  _id: string;
  author: { userId: string; firstName?: string | null; lastName?: string | null; name: string; avatar?: string | null; roleName: string };
  text: string;
  image?: string | null;
  likes: number;
  status: string;
  createdAt: string;
}

export interface Banner {
  id: string;
  slug?: string;
  title: string;
  subtitle: string;
  image: string;
  link: string;
  active: boolean;
  order: number;
}

export interface Testimonial {
  id: string;
  name: string;
  avatar?: string | null;
  rating: number;
  position: string;
  quote: string;
}

/** `GET /api/home`: every list of the home page in one request. */
export interface Home {
  popularCourses: Course[];
  bestSellingCourses: Course[];
  bestRatedCourses: Course[];
  topPopularCourses: Course[];
  freeCourses: Course[];
  categories: Category[];
  instructors: Instructor[];
  posts: Post[];
  testimonials: Testimonial[];
  banners: Banner[];
  stats: { courseCount: number; instructorCount: number; studentCount: number; enrollmentCount: number; categoryCount: number };
}

/** Fallback images (web/public/demo) for missing or broken pictures. */
export const placeholders = {
  course: '/demo/course-placeholder.svg',
  post: '/demo/post-placeholder.svg',
  category: '/demo/category-placeholder.svg',
  avatar: '/demo/avatar-placeholder.svg',
} as const;
