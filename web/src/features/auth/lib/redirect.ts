/**
 * Where to go after signing in: the origin the route guard remembered (`?redirect=` or router state `from`),
 * when it is a path of this site, else the home page. Absolute and protocol-relative URLs are refused, so the
 * parameter cannot send anyone to another site.
 */
export function redirectTarget(search: string, state: unknown): string {
  const fromState =
    state && typeof state === 'object' && 'from' in state && typeof state.from === 'string' ? state.from : null;
  const candidate = new URLSearchParams(search).get('redirect') ?? fromState;
  if (!candidate || !candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\')) return '/';
  if (candidate.startsWith('/login') || candidate.startsWith('/register')) return '/';
  return candidate;
}
