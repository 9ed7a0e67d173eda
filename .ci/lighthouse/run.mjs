// Lighthouse on the public pages as a phone sees them (Lighthouse's default mobile settings: simulated slow 4G
// and a 4x slower CPU), against a running academy with the demo data: three runs per page, the median run
// reported and held to the budgets. Prints one line per page and a Markdown table; exits 1 when a page misses a
// budget.
//
// Usage: node run.mjs <base URL> [runs]   (make lighthouse starts the server and calls this)
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';

const BUDGETS = { performance: 95, accessibility: 95, seo: 95, lcpMs: 2000, tbtMs: 150, cls: 0.05 };

const base = process.argv[2]?.replace(/\/$/, '');
const runs = Number(process.argv[3] ?? 3);
if (!base) {
  console.error('usage: node run.mjs <base URL> [runs]');
  process.exit(2);
}

/** The first course of the catalogue, for its page. */
async function aCourseId() {
  const response = await fetch(`${base}/api/courses?pageSize=1`);
  const envelope = await response.json();
  const id = envelope?.result?.items?.[0]?._id;
  if (!id) throw new Error(`no course in ${base}/api/courses: load the demo data`);
  return id;
}

function figures(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    seo: score('seo'),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    siMs: audit('speed-index'),
  };
}

function misses(f) {
  const missed = [];
  for (const category of ['performance', 'accessibility', 'seo']) {
    if (f[category] < BUDGETS[category]) missed.push([category, `${category} ${f[category]} < ${BUDGETS[category]}`]);
  }
  if (f.lcpMs > BUDGETS.lcpMs) missed.push(['lcp', `LCP ${Math.round(f.lcpMs)} ms > ${BUDGETS.lcpMs}`]);
  if (f.tbtMs > BUDGETS.tbtMs) missed.push(['tbt', `TBT ${Math.round(f.tbtMs)} ms > ${BUDGETS.tbtMs}`]);
  if (f.cls > BUDGETS.cls) missed.push(['cls', `CLS ${f.cls.toFixed(3)} > ${BUDGETS.cls}`]);
  return missed;
}

/**
 * The budgets a miss of fails the run: all of them (`make lighthouse`), or those given in LIGHTHOUSE_ENFORCE
 * (comma-separated: performance, accessibility, seo, lcp, tbt, cls); a miss of another one is printed only.
 */
const enforced = new Set(
  (process.env.LIGHTHOUSE_ENFORCE ?? 'performance,accessibility,seo,lcp,tbt,cls').split(',').map((b) => b.trim()),
);

const pages = [
  ['/', 'home'],
  ['/courselist', 'course list'],
  [`/course/details/${await aCourseId()}`, 'course page'],
  ['/mentorlist', 'mentor list'],
];

/**
 * Asks for each page until the server sends it with its HTML (`data-rendered`): the first request after the server
 * started renders it in the background (the page goes out without HTML meanwhile), as after a catalogue change.
 * Lighthouse measures the page as visitors get it from then on.
 */
async function warmUp(path) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const html = await (await fetch(`${base}${path}`)).text();
    if (html.includes('data-rendered')) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${base}${path} never came with its HTML: is the page renderer running (web/dist-ssr)?`);
}
for (const [path] of pages) await warmUp(path);

const chrome = await launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const rows = [];
let failed = false;
try {
  for (const [path, name] of pages) {
    const results = [];
    for (let run = 0; run < runs; run += 1) {
      const result = await lighthouse(`${base}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'seo'],
      });
      results.push(result.lhr);
    }
    const median = figures(computeMedianRun(results));
    const missed = misses(median);
    failed ||= missed.some(([budget]) => enforced.has(budget));
    rows.push([name, median]);
    const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
    console.log(
      `${name.padEnd(12)} performance ${median.performance}, accessibility ${median.accessibility}, SEO ${median.seo}; ` +
        `FCP ${s(median.fcpMs)}, LCP ${s(median.lcpMs)}, TBT ${Math.round(median.tbtMs)} ms, ` +
        `CLS ${median.cls.toFixed(3)}, SI ${s(median.siMs)}` +
        (missed.length ? `  — over budget: ${missed.map(([, text]) => text).join('; ')}` : '  — within budget'),
    );
  }
} finally {
  await chrome.kill();
}

console.log('\n| Page | Performance | Accessibility | SEO | FCP | LCP | TBT | CLS |\n|---|---:|---:|---:|---:|---:|---:|---:|');
for (const [name, f] of rows) {
  console.log(
    `| ${name} | ${f.performance} | ${f.accessibility} | ${f.seo} | ${(f.fcpMs / 1000).toFixed(2)} s | ` +
      `${(f.lcpMs / 1000).toFixed(2)} s | ${Math.round(f.tbtMs)} ms | ${f.cls.toFixed(3)} |`,
  );
}
console.log(
  `\nBudgets: performance ≥ ${BUDGETS.performance}, LCP ≤ ${BUDGETS.lcpMs / 1000} s, TBT ≤ ${BUDGETS.tbtMs} ms, ` +
    `CLS ≤ ${BUDGETS.cls}, accessibility ≥ ${BUDGETS.accessibility}, SEO ≥ ${BUDGETS.seo} (median of ${runs} runs); ` +
    `a miss fails the run for: ${[...enforced].join(', ')}.`,
);
process.exit(failed ? 1 : 0);
