/**
 * Referral links (`/course/details/<id>?ref=<code>`): the page tells the server once which link brought the
 * visitor; the server keeps it (a signed cookie) and credits the teacher for a purchase within 7 days. The
 * browser keeps nothing itself.
 */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { api } from './api-client';

const told = new Set<string>();

/** Tells the server of the `ref` of this page's address, once per page load. */
export function useReferralVisit(): void {
  const [params] = useSearchParams();
  const code = params.get('ref')?.trim() ?? '';
  useEffect(() => {
    if (!code || told.has(code)) return;
    told.add(code);
    api.post('/api/referrals/visit', { code }, { publicRoute: true }).catch(() => undefined);
  }, [code]);
}

/** The share link of course `courseId` with referral `code`, on this site. */
export function referralLink(origin: string, courseId: string, code: string): string {
  return `${origin}/course/details/${encodeURIComponent(courseId)}?ref=${encodeURIComponent(code)}`;
}
