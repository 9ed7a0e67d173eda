// Lighthouse on the public pages as a phone sees them (Lighthouse's mobile settings: simulated slow 4G and a slower
// CPU, calibrated per run: see REFERENCE_HOST_INDEX), against a running academy with the demo data: three runs per
// page (a run disturbed by other processes measured again: see DISTURBED), the median run reported and held to the
// budgets. Prints one line per page and a Markdown table; exits 1 when a page misses a budget.
//
// Usage: node run.mjs <base URL> [runs]   (make lighthouse starts the server and calls this)
// LIGHTHOUSE_REPORTS=<dir> keeps each run's full report there (<page>-<run>.json) to read what a figure is made of.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';

const BUDGETS = { performance: 95, accessibility: 95, seo: 95, lcpMs: 2000, tbtMs: 150, cls: 0.05 };

const base = process.argv[2]?.replace(/\/$/, '');
const runs = Number(process.argv[3] ?? 3);
const reports = process.env.LIGHTHOUSE_REPORTS;
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
    hostIndex: Math.round(lhr.environment.benchmarkIndex),
    slowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier,
  };
}

const sum = (values) => values.reduce((total, value) => total + value, 0);
const middle = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

function misses(f) {
  const missed = [];
  for (const category of ['performance', 'accessibility', 'seo']) {
    if (f[category] < BUDGETS[category]) missed.push([category, `${category} ${f[category]} < ${BUDGETS[category]}`]);
  }
  if (f.lcpMs > BUDGETS.lcpMs) missed.push(['lcp', `LCP ${Math.round(f.lcpMs)} ms > ${BUDGETS.lcpMs}`]);
  if (f.tbtMs > BUDGETS.tbtMs) missed.push(['tbt', `TBT ${Math.round(f.tbtMs)} ms > ${BUDGETS.tbtMs}`]);
  if (f.cpuBlockingMs > BUDGETS.tbtMs)
    missed.push(['tbt-cpu', `TBT by CPU time ${Math.round(f.cpuBlockingMs)} ms > ${BUDGETS.tbtMs}`]);
  if (f.cls > BUDGETS.cls) missed.push(['cls', `CLS ${f.cls.toFixed(3)} > ${BUDGETS.cls}`]);
  return missed;
}

/**
 * The budgets a miss of fails the run: all of them (`make lighthouse`), or those given in LIGHTHOUSE_ENFORCE
 * (comma-separated: performance, accessibility, seo, lcp, tbt, tbt-cpu, cls); a miss of another one is printed
 * only. `tbt-cpu` holds TBT's budget against the blocking time of the main thread's own CPU time (mainThreadCpu).
 */
const enforced = new Set(
  (process.env.LIGHTHOUSE_ENFORCE ?? 'performance,accessibility,seo,lcp,tbt,tbt-cpu,cls')
    .split(',')
    .map((b) => b.trim()),
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

/**
 * The phone every run simulates: Lighthouse's default 4x CPU slowdown is relative to the host, and aims a high-end
 * desktop (benchmarkIndex 1500–2000) at a mid-tier phone. On a shared 2-core machine the host's own index swings
 * between ~1200 and ~2300 from one minute to the next (other processes, other tenants), so the same page's TBT
 * doubled or halved with it. Each run's slowdown is therefore calibrated from the index Lighthouse measured at its
 * start, as Lighthouse's docs advise (docs/throttling.md, "Calibrating the CPU slowdown"): the simulated phone is
 * always 4x slower than a 2000-index desktop, the top of that bracket. The figures at the fixed default 4x are printed
 * beside it.
 */
const REFERENCE_HOST_INDEX = 2000;
const DEFAULT_SLOWDOWN = 4;

/** One Lighthouse run on `url`: its trace gathered once, audited at the calibrated slowdown and at the default. */
async function measure(url, port) {
  const dir = mkdtempSync(join(tmpdir(), 'academy-lighthouse-'));
  try {
    const flags = {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'seo'],
    };
    await lighthouse(url, { ...flags, gatherMode: dir });
    const trace = JSON.parse(readFileSync(join(dir, 'defaultPass.trace.json'), 'utf8'));
    // Simulated throttling gathers unthrottled and applies the slowdown when it audits; Lighthouse checks that the
    // audit's settings are the gathered ones, so the saved settings carry the slowdown to audit at.
    const saved = join(dir, 'artifacts.json');
    const artifacts = JSON.parse(readFileSync(saved, 'utf8'));
    const slowdown = Math.max(1, (DEFAULT_SLOWDOWN * artifacts.BenchmarkIndex) / REFERENCE_HOST_INDEX);
    const audit = (cpuSlowdownMultiplier) => {
      const throttling = {
        ...artifacts.settings.throttling,
        cpuSlowdownMultiplier,
      };
      writeFileSync(
        saved,
        JSON.stringify({
          ...artifacts,
          settings: { ...artifacts.settings, throttling },
        }),
      );
      return lighthouse(url, { ...flags, auditMode: dir, throttling });
    };
    return {
      calibrated: await audit(slowdown),
      atDefault: await audit(DEFAULT_SLOWDOWN),
      cpu: mainThreadCpu(trace.traceEvents, url, slowdown),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * What the page's main thread did after the first paint, by its own CPU time (each task's thread time, which the
 * trace records beside its wall-clock time). Lighthouse's TBT is built from wall-clock durations: on a shared 2-core
 * machine the main thread gets half the CPU or less while the browser's other processes and the neighbours run, so a
 * task of 1 ms of work can last 17 ms, and blocking time appears that is the machine's, not the page's. `share` is
 * the part of its tasks' time the thread ran; `longestMs` and `blockingMs` (each task's thread time at the run's
 * slowdown, less 50 ms, summed) are what a phone that slower would block if the page had its CPU to itself.
 */
function mainThreadCpu(events, url, slowdown) {
  const parse = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url?.startsWith(url));
  const paint = parse && events.find((e) => e.name === 'firstContentfulPaint' && e.pid === parse.pid);
  if (!paint) throw new Error(`the trace of ${url} has no first contentful paint of the page`);
  const tasks = events.filter(
    (e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === parse.pid && e.tid === parse.tid && e.ts >= paint.ts,
  );
  const cpuMs = tasks.map((task) => (task.tdur ?? task.dur) / 1000);
  return {
    share: sum(tasks.map((task) => task.tdur ?? task.dur)) / Math.max(1, sum(tasks.map((task) => task.dur))),
    longestMs: Math.max(0, ...cpuMs),
    blockingMs: sum(cpuMs.map((ms) => Math.max(0, ms * slowdown - 50))),
  };
}

/**
 * A run gathered while other processes took the machine's CPU is measured again: its index (Lighthouse's benchmark
 * at the run's start) is below DISTURBED of the best any run saw. Such a run measures its neighbours: tasks are cut
 * by preemption into longer wall-clock ones, which no slowdown can calibrate away (TBT 555 ms at index 1183 against
 * 80–200 ms at 2000–2200 for the same build). A page gets at most `runs` extra attempts; the runs kept are the least
 * disturbed, and how many were set aside is printed.
 */
const DISTURBED = 0.8;
let bestIndex = 0;

const chrome = await launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const rows = [];
let failed = false;
try {
  for (const [path, name] of pages) {
    const measured = [];
    const undisturbed = () => measured.filter((m) => m.index >= DISTURBED * bestIndex);
    for (let attempt = 0; attempt < 2 * runs && undisturbed().length < runs; attempt += 1) {
      const { calibrated, atDefault, cpu } = await measure(`${base}${path}`, chrome.port);
      const index = calibrated.lhr.environment.benchmarkIndex;
      bestIndex = Math.max(bestIndex, index);
      measured.push({ index, calibrated: calibrated.lhr, atDefault: atDefault.lhr, cpu });
      if (reports) writeFileSync(`${reports}/${name.replace(' ', '-')}-${attempt + 1}.json`, calibrated.report);
    }
    const kept = [...measured].sort((a, b) => b.index - a.index).slice(0, runs);
    const results = kept.map((m) => m.calibrated);
    const defaults = kept.map((m) => m.atDefault);
    const setAside = measured.length - kept.length;
    const cpu = kept.map((m) => m.cpu);
    const median = { ...figures(computeMedianRun(results)), cpuBlockingMs: middle(cpu.map((c) => c.blockingMs)) };
    const missed = misses(median);
    failed ||= missed.some(([budget]) => enforced.has(budget));
    const atDefault = figures(computeMedianRun(defaults));
    rows.push([name, median, atDefault]);
    const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
    const hosts = results.map((lhr) => figures(lhr));
    console.log(
      `${name.padEnd(12)} performance ${median.performance}, accessibility ${median.accessibility}, SEO ${median.seo}; ` +
        `FCP ${s(median.fcpMs)}, LCP ${s(median.lcpMs)}, TBT ${Math.round(median.tbtMs)} ms, ` +
        `CLS ${median.cls.toFixed(3)}, SI ${s(median.siMs)}` +
        (missed.length ? `  — over budget: ${missed.map(([, text]) => text).join('; ')}` : '  — within budget') +
        `\n${''.padEnd(12)} host index ${hosts.map((f) => f.hostIndex).join(' / ')}` +
        (setAside ? ` (${setAside} disturbed run${setAside > 1 ? 's' : ''} set aside)` : '') +
        `, CPU slowdown ` +
        `${hosts.map((f) => `${f.slowdown.toFixed(1)}x`).join(' / ')}; at the default 4x: performance ` +
        `${atDefault.performance}, TBT ${Math.round(atDefault.tbtMs)} ms` +
        `\n${''.padEnd(12)} main thread after the first paint: ran ${cpu.map((c) => `${Math.round(c.share * 100)}%`).join(' / ')} ` +
        `of its tasks' time; by its CPU time alone, longest task ${middle(cpu.map((c) => c.longestMs)).toFixed(1)} ms, ` +
        `blocking ${Math.round(median.cpuBlockingMs)} ms at the run's slowdown (medians)`,
    );
  }
} finally {
  await chrome.kill();
}

console.log(
  '\n| Page | Performance | Accessibility | SEO | FCP | LCP | TBT | TBT by CPU time | CLS | At the default 4x: performance, TBT |\n' +
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
);
for (const [name, f, d] of rows) {
  console.log(
    `| ${name} | ${f.performance} | ${f.accessibility} | ${f.seo} | ${(f.fcpMs / 1000).toFixed(2)} s | ` +
      `${(f.lcpMs / 1000).toFixed(2)} s | ${Math.round(f.tbtMs)} ms | ${Math.round(f.cpuBlockingMs)} ms | ${f.cls.toFixed(3)} | ` +
      `${d.performance}, ${Math.round(d.tbtMs)} ms |`,
  );
}
console.log(
  `\nBudgets: performance ≥ ${BUDGETS.performance}, LCP ≤ ${BUDGETS.lcpMs / 1000} s, TBT ≤ ${BUDGETS.tbtMs} ms ` +
    `(Lighthouse's, and by the main thread's CPU time), ` +
    `CLS ≤ ${BUDGETS.cls}, accessibility ≥ ${BUDGETS.accessibility}, SEO ≥ ${BUDGETS.seo} (median of ${runs} undisturbed runs, ` +
    `CPU slowdown calibrated to a phone 4x slower than a desktop of benchmark index ${REFERENCE_HOST_INDEX}); ` +
    `a miss fails the run for: ${[...enforced].join(', ')}.`,
);
process.exit(failed ? 1 : 0);
