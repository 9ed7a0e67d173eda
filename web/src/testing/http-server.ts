import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { vi } from 'vitest';

export type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;

export interface SeenRequest {
  method?: string;
  url?: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A real HTTP server on a free loopback port; tests swap `handler` and read `seen`. */
export async function startTestServer() {
  const state = {
    handler: ((_req, _body, res) => res.writeHead(404).end()) as Handler,
    seen: [] as SeenRequest[],
  };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      state.seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      state.handler(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export function json(res: ServerResponse, status: number, value: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}

/** A minimal `document.cookie` for the node environment; returns the jar to inspect. */
export function stubCookies(cookies: Record<string, string>): Map<string, string> {
  const jar = new Map(Object.entries(cookies));
  vi.stubGlobal('document', {
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
    },
    set cookie(text: string) {
      const [pair = '', ...attributes] = text.split(';');
      const [name = '', value = ''] = pair.split('=');
      const expired = attributes.some((a) => a.trim().startsWith('expires=Thu, 01 Jan 1970'));
      if (expired) jar.delete(decodeURIComponent(name.trim()));
      else jar.set(decodeURIComponent(name.trim()), decodeURIComponent(value));
    },
  });
  return jar;
}
