import { useSignedInUser } from './auth';
import { ACADEMY_TIME_ZONE } from './time-zone';

/**
 * The zone every time shown to the current person is in: their profile's choice when signed in, the academy's
 * for a visitor (and while the account loads).
 */
export function usePersonTimeZone(): string {
  return useSignedInUser()?.timeZone || ACADEMY_TIME_ZONE;
}
