import { useAuth } from './auth';
import { ACADEMY_TIME_ZONE } from './time-zone';

/**
 * The zone every time shown to the current person is in: their profile's choice when signed in, the academy's
 * for a visitor (and while the account loads).
 */
export function usePersonTimeZone(): string {
  const { user } = useAuth();
  return user?.timeZone || ACADEMY_TIME_ZONE;
}
