/** Cookie names and lifetime. */
export const ACCESS_TOKEN_COOKIE = 'access-token';
export const REFRESH_TOKEN_COOKIE = 'current-token';
const LIFETIME_DAYS = 7;

export function getCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return undefined;
}

/** Sets a cookie for 7 days on path / with SameSite=Lax. */
export function setCookie(name: string, value: string, days = LIFETIME_DAYS): void {
  if (typeof document === 'undefined') return;
  const expires = new Date(Date.now() + days * 86_400_000).toUTCString();
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax${secure}`;
}

export function removeCookie(name: string): void {
  if (typeof document === 'undefined') return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${encodeURIComponent(name)}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Lax${secure}`;
}

/**
 * Stores freshly issued tokens: the access token for requests (`access-token`) and the refresh token for the
 * next refresh (`current-token`). A server that issues no separate refresh token gets the access token back.
 */
export function storeToken(token: string, refreshToken?: string | null): void {
  setCookie(ACCESS_TOKEN_COOKIE, token);
  setCookie(REFRESH_TOKEN_COOKIE, refreshToken || token);
}

export function clearTokens(): void {
  removeCookie(ACCESS_TOKEN_COOKIE);
  removeCookie(REFRESH_TOKEN_COOKIE);
}
