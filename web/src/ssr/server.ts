/**
 * The page renderer the academy server runs beside itself (`node dist-ssr/server.js`): one JSON request per line
 * on stdin (`{"id", "url", "lang", "answers"}`), one answer per line on stdout (`{"id", "html"}` or
 * `{"id", "error"}`), in order. stdout carries answers only: the app's console goes to stderr (the server's log).
 */
import './stdout-for-answers';
import { createInterface } from 'node:readline';
import { render, type RenderRequest } from './render';

interface Answer {
  id: number;
  html?: string;
  error?: string;
}

async function answer(line: string): Promise<Answer> {
  let id = 0;
  try {
    const request = JSON.parse(line) as RenderRequest & { id: number };
    id = request.id;
    return { id, html: await render(request) };
  } catch (error) {
    return { id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

/**
 * Renders the public pages once, before the first request: a page's first render loads its route's modules and
 * compiles them, which alone took longer than the server waits for a page (so the first visitor of each page got
 * it without HTML). Without answers the pages' requests fail: their errors are expected and not logged.
 */
async function warmUp(): Promise<void> {
  const log = console.error;
  console.error = () => undefined;
  try {
    for (const lang of ['vi', 'en'] as const)
      for (const url of ['/', '/courselist', '/mentorlist', '/course/details/0'])
        await render({ url, lang, answers: {} }).catch(() => undefined);
  } finally {
    console.error = log;
  }
}

let queue = warmUp();
createInterface({ input: process.stdin }).on('line', (line) => {
  queue = queue.then(async () => {
    process.stdout.write(`${JSON.stringify(await answer(line))}\n`);
  });
});
process.stdin.on('end', () => void queue.then(() => process.exit(0)));
