/**
 * The auth state: a visitor without an access-token cookie is signed out from the start; with one, the token is introspected,
 * a refresh is tried when it is not valid, and the user info is fetched. Failures along the way are logged only
 * and leave the visitor signed out.
 */
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router';
import { ApiError, api, configureApiClient, refreshAccessToken, request, TOKEN_PATH } from './api-client';
import { ACCESS_TOKEN_COOKIE, clearTokens, getCookie, REFRESH_TOKEN_COOKIE, storeToken } from './cookies';
import { isSuccess, parseRole, type Role } from './wasm';

/** The current user as the header and the guards need it. */
export interface CurrentUser {
  userId?: string;
  username?: string;
  firstName: string;
  lastName: string;
  email: string;
  avatar?: string | null;
  roleName: string;
  phoneNumber?: string | null;
  address?: string | null;
  dob?: string | null;
  /** The IANA zone the person's times are shown in (`Asia/Ho_Chi_Minh` unless they chose another). */
  timeZone?: string;
}

export interface AuthContextValue {
  user: CurrentUser | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  /** POST /auth/token, stores the token, fetches the user. Rejects with an ApiError carrying result.message. */
  login: (username: string, password: string) => Promise<CurrentUser>;
  /**
   * Ends the session on the server (POST /auth/logout {token} by default; the dashboard uses POST /api/logout
   * and the mobile bar POST /api/logout/), deletes the token cookies, goes to `to` and clears the user.
   * Resolves whether the server confirmed.
   */
  logout: (options?: LogoutOptions) => Promise<boolean>;
  /** GET /users/my-info again (after a profile update). */
  reloadUser: () => Promise<CurrentUser | null>;
}

/** The three logout calls. */
export type LogoutEndpoint = '/auth/logout' | '/api/logout' | '/api/logout/';

export interface LogoutOptions {
  endpoint?: LogoutEndpoint;
  /** Where to go afterwards, or a choice by whether the server confirmed. */
  to?: string | ((ok: boolean) => string);
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** The app's query client, loaded with the first page that reads server state (the shell does not need it). */
const queryCache = () => import('./query-client').then((module) => module.queryClient);

async function fetchMyInfo(): Promise<CurrentUser> {
  const envelope = await api.get<CurrentUser>('/users/my-info');
  if (!envelope.result) throw new ApiError('No user in the response', { kind: 'bad-response' });
  return envelope.result;
}

async function isTokenValid(token: string): Promise<boolean> {
  try {
    const envelope = await api.post<{ valid?: boolean }>('/auth/introspect', { token }, { publicRoute: true });
    return envelope.result?.valid === true;
  } catch (error) {
    console.error('Token validation failed', error);
    return false;
  }
}

/** Resolves the visitor on startup step by step: cookies, refresh, then the profile. */
export async function resolveSession(): Promise<CurrentUser | null> {
  const token = getCookie(ACCESS_TOKEN_COOKIE);
  if (!token) return null;
  try {
    if (!(await isTokenValid(token))) await refreshAccessToken();
    return await fetchMyInfo();
  } catch (error) {
    console.error('Auth check failed', error);
    return null;
  }
}

/** POST /auth/token; on success (code 1000 with a token) stores the token and fetches the user. */
export async function signIn(username: string, password: string): Promise<CurrentUser> {
  const envelope = await api.post<{ token?: string; refreshToken?: string; message?: string }>(TOKEN_PATH, {
    username,
    password,
  });
  const token = envelope.result?.token;
  if (!isSuccess(envelope.code, true, Boolean(token)) || !token) {
    throw new ApiError(envelope.result?.message ?? envelope.message ?? 'Login failed', {
      kind: 'envelope',
      code: envelope.code,
      body: envelope,
    });
  }
  storeToken(token, envelope.result?.refreshToken);
  return fetchMyInfo();
}

/**
 * Ends the session on the server, then deletes the token cookies whatever the answer (a failure is only
 * logged, the device must not stay signed in). `/auth/logout` takes the token in its body (and the
 * refresh token beside it, so the server can revoke the whole session); `/api/logout` and `/api/logout/` read
 * the bearer header.
 * Resolves whether the server confirmed.
 */
export async function signOut(endpoint: LogoutEndpoint = '/auth/logout'): Promise<boolean> {
  const token = getCookie(ACCESS_TOKEN_COOKIE);
  const refreshToken = getCookie(REFRESH_TOKEN_COOKIE);
  let ok = false;
  try {
    if (endpoint === '/auth/logout') {
      if (token || refreshToken) await api.post('/auth/logout', { token: token ?? refreshToken, refreshToken });
    } else {
      await request(endpoint, { method: 'POST' });
    }
    ok = true;
  } catch (error) {
    console.error('Logout failed', error);
  }
  clearTokens();
  return ok;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<CurrentUser | null>(null);
  // Without an access token there is nobody to resolve: a visitor's page (and the server's HTML of it) shows the
  // signed-out header at once.
  const [isLoading, setLoading] = useState(() => Boolean(getCookie(ACCESS_TOKEN_COOKIE)));

  useEffect(() => {
    let live = true;
    configureApiClient({ onSessionExpired: () => live && setUser(null) });
    void resolveSession().then((resolved) => {
      if (!live) return;
      setUser(resolved);
      setLoading(false);
    });
    return () => {
      live = false;
    };
  }, []);

  // What the server answers depends on who asks (a course's lessons, the dashboard's lists): signing in
  // refreshes every query, signing out forgets them.
  const login = useCallback(async (username: string, password: string) => {
    const me = await signIn(username, password);
    setUser(me);
    void queryCache().then((client) => client.invalidateQueries());
    return me;
  }, []);

  // The move to the target and the cleared user are one transition (which waits for the target's lazy page), so
  // they land in one commit: the page being left never renders a signed-out visitor and its guard never sends them
  // to /login?redirect=… back where they just left.
  const navigate = useNavigate();
  const logout = useCallback(
    async ({ endpoint, to }: LogoutOptions = {}) => {
      const ok = await signOut(endpoint);
      const target = typeof to === 'function' ? to(ok) : to;
      startTransition(() => {
        if (target) void navigate(target);
        setUser(null);
      });
      void queryCache().then((client) => client.removeQueries());
      return ok;
    },
    [navigate],
  );

  const reloadUser = useCallback(async () => {
    try {
      const me = await fetchMyInfo();
      setUser(me);
      return me;
    } catch (error) {
      console.error('User info fetch failed', error);
      return null;
    }
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ user, isAuthenticated: user !== null, isLoading, login, logout, reloadUser }),
    [user, isLoading, login, logout, reloadUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The signed-in user's role, read by the shared rule (any case); null when signed out or unknown. */
export function useRole(): Role | null {
  const { user } = useAuth();
  return parseRole(user?.roleName);
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** The signed-in person, or null (also outside `<AuthProvider>`: a part that only reads who is signed in). */
export function useSignedInUser(): AuthContextValue['user'] | null {
  return useContext(AuthContext)?.user ?? null;
}

/** For tests and stories: a fixed auth state without network. */
export function StaticAuthProvider({ value, children }: { value: Partial<AuthContextValue>; children: ReactNode }) {
  const full: AuthContextValue = {
    user: null,
    isAuthenticated: false,
    isLoading: false,
    login: () => Promise.reject(new Error('not available')),
    logout: () => Promise.resolve(true),
    reloadUser: () => Promise.resolve(null),
    ...value,
  };
  return <AuthContext.Provider value={full}>{children}</AuthContext.Provider>;
}
