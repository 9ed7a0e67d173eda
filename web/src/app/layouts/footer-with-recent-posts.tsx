import { useQuery } from '@tanstack/react-query';
import { postQueries } from '@/features/posts/api/queries';
import { FOOTER_RECENT_POSTS, Footer } from './footer';

/** The public footer with the latest posts. */
export default function FooterWithRecentPosts() {
  const recent = useQuery(postQueries.recent(FOOTER_RECENT_POSTS));
  return <Footer posts={recent.data ?? []} />;
}
