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

let queue = Promise.resolve();
createInterface({ input: process.stdin }).on('line', (line) => {
  queue = queue.then(async () => {
    process.stdout.write(`${JSON.stringify(await answer(line))}\n`);
  });
});
process.stdin.on('end', () => void queue.then(() => process.exit(0)));
