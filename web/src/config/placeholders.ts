/** Fallback images (web/public/demo) for missing or broken pictures. */
export const placeholders = {
  course: '/demo/course-placeholder.svg',
  post: '/demo/post-placeholder.svg',
  category: '/demo/category-placeholder.svg',
  avatar: '/demo/avatar-placeholder.svg',
} as const;
