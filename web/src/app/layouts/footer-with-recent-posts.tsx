import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { postQueries } from '@/features/posts/api/queries';
import { Footer } from './footer';
import { useDates } from '@/lib/dates';

/** A blog post, as the footer needs it. */
export interface RecentPost {
  _id: string;
  title: string;
  image?: string[];
  createdAt: string;
}

/** the footer lists at most 2 recent posts. */
export const FOOTER_RECENT_POSTS = 2;
const DEFAULT_POST_IMAGE = '/demo/post-placeholder.svg';

/** The footer's recent posts (at most 2): image (or a default), date (day, long month, year) and title. */
export function RecentPostList({ posts }: { posts: RecentPost[] }) {
  const { t } = useTranslation('layout');
  const dates = useDates();
  if (posts.length === 0) return <p className="text-slate-500">{t('footer.noPosts')}</p>;
  return (
    <ul className="space-y-4" data-testid="footer-recent-posts">
      {posts.slice(0, FOOTER_RECENT_POSTS).map((post) => (
        <li key={post._id} className="flex gap-3">
          <img
            src={post.image?.[0] || DEFAULT_POST_IMAGE}
            alt=""
            className="size-16 shrink-0 rounded-lg bg-slate-800 object-cover"
          />
          <div className="min-w-0">
            <time dateTime={post.createdAt} className="text-xs text-amber-400">
              {dates.long(post.createdAt)}
            </time>
            <Link
              to={paths.post(post._id)}
              className="mt-1 line-clamp-2 block font-semibold text-slate-200 hover:text-amber-400"
            >
              {post.title}
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The public footer with the latest posts. */
export default function FooterWithRecentPosts() {
  const recent = useQuery(postQueries.recent(FOOTER_RECENT_POSTS));
  return <Footer recentPosts={<RecentPostList posts={recent.data ?? []} />} />;
}
