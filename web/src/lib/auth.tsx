/**
 * The auth state of SPEC §4: starts loading with no user; with an access-token cookie the token is introspected,
 * a refresh is tried when it is not valid, and the user info is fetched. Failures along the way are logged only
 * (SPEC §8) and leave the visitor signed out.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ApiError, api, configureApiClient, refreshAccessToken, TOKEN_PATH } from './api-client';
import { ACCESS_TOKEN_COOKIE, clearTokens, getCookie, storeToken } from './cookies';
import { isSuccess, parseRole, type Role } from './wasm';

/** The current user as the header and the guards need it (SPEC §3). */
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
}

export interface AuthContextValue {
  user: CurrentUser | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  /** POST /auth/token, stores the token, fetches the user. Rejects with an ApiError carrying result.message. */
  login: (username: string, password: string) => Promise<CurrentUser>;
  /** POST /auth/logout, deletes the token cookie, clears the user; the caller navigates to /login. */
  logout: () => Promise<void>;
  /** GET /users/my-info again (after a profile update). */
  reloadUser: () => Promise<CurrentUser | null>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

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

/** Resolves the visitor on startup, following SPEC §4 step by step. */
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

/** POST /auth/token; on success (code 1000 with a token) stores the token and fetches the user (SPEC §4). */
export async function signIn(username: string, password: string): Promise<CurrentUser> {
  const envelope = await api.post<{ token?: string; message?: string }>(TOKEN_PATH, { username, password });
  const token = envelope.result?.token;
  if (!isSuccess(envelope.code, true, Boolean(token)) || !token) {
    throw new ApiError(envelope.result?.message ?? envelope.message ?? 'Login failed', {
      kind: 'envelope',
      code: envelope.code,
      body: envelope,
    });
  }
  storeToken(token);
  return fetchMyInfo();
}

/** POST /auth/logout with the token (failure only logged), then the token cookies are deleted. */
export async function signOut(): Promise<void> {
  const token = getCookie(ACCESS_TOKEN_COOKIE);
  try {
    if (token) await api.post('/auth/logout', { token });
  } catch (error) {
    console.error('Logout failed', error);
  }
  clearTokens();
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<CurrentUser | null>(null);
  const [isLoading, setLoading] = useState(true);

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

  const login = useCallback(async (username: string, password: string) => {
    const me = await signIn(username, password);
    setUser(me);
    return me;
  }, []);

  const logout = useCallback(async () => {
    await signOut();
    setUser(null);
  }, []);

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

/** For tests and stories: a fixed auth state without network. */
export function StaticAuthProvider({ value, children }: { value: Partial<AuthContextValue>; children: ReactNode }) {
  const full: AuthContextValue = {
    user: null,
    isAuthenticated: false,
    isLoading: false,
    login: () => Promise.reject(new Error('not available')),
    logout: () => Promise.resolve(),
    reloadUser: () => Promise.resolve(null),
    ...value,
  };
  return <AuthContext.Provider value={full}>{children}</AuthContext.Provider>;
}
