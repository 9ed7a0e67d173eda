// The JavaScript a visitor's browser fetches for the home page to start, against its budget: the module scripts of
// web/dist/index.html (the start script), the entry and the modules the start script preloads and, transitively,
// every chunk they import statically, read from Vite's manifest (web/dist/.vite/manifest.json). Chunks loaded later with import() (routes, texts,
// libraries used on some pages only) do not count. Prints raw and gzip -9 bytes per chunk; exits 1 over budget.
//
// Usage: node .ci/js-budget.mjs [web/dist]
import { execFileSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";

const BUDGET = 120 * 1024; // bytes of gzip
const dist = process.argv[2] ?? "web/dist";

function fail(message) {
  console.error(message);
  process.exit(1);
}

let manifest, html;
try {
  manifest = JSON.parse(
    readFileSync(join(dist, ".vite/manifest.json"), "utf8"),
  );
  html = readFileSync(join(dist, "index.html"), "utf8");
} catch (error) {
  fail(
    `${dist} has no built web app with its manifest (build_web): ${error.message}`,
  );
}

// Where the page starts: its module scripts (the start script, built outside the bundle's chunks), and the entry and
// the modules the start script preloads (data-entry, data-preload). The entry is a chunk of the manifest without
// its `isEntry` mark (the build groups it into the shell's chunk), so the page names it.
const roots = [
  ...[...html.matchAll(/<script type="module"[^>]* src="\/([^"]+)"/g)].map(
    ([, src]) => src,
  ),
  ...[...html.matchAll(/ data-(?:entry|preload)="([^"]+)"/g)].flatMap(
    ([, list]) => list.split(" "),
  ),
]
  .map((src) => src.replace(/^\//, ""))
  .filter((file) => file.endsWith(".js"));
if (!roots.some((file) => file !== "start.js"))
  fail(`${dist}/index.html names no entry`);

// Each chunk's static imports, from the manifest; import() (dynamicImports) is left out.
const keyOf = new Map(
  Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]),
);
const files = [];
const queue = [...roots];
while (queue.length > 0) {
  const file = queue.shift();
  if (files.includes(file)) continue;
  files.push(file);
  const chunk = manifest[keyOf.get(file)];
  if (!chunk) {
    if (file !== "start.js")
      fail(`${file}, named by index.html, is not in the manifest`);
    continue;
  }
  for (const key of chunk.imports ?? []) {
    if (!manifest[key])
      fail(
        `the manifest names ${key} as an import of ${file} but has no such chunk`,
      );
    queue.push(manifest[key].file);
  }
}

// gzip -9 as the budget has always been measured (the same bytes as the server's precompressed files, give or take
// the header).
const gzipSize = (path) =>
  execFileSync("gzip", ["-9", "-c", path], { maxBuffer: 64 * 1024 * 1024 })
    .length;
let totalRaw = 0;
let totalGzip = 0;
console.log(
  "initial JavaScript of the home page (raw and gzip -9 bytes per chunk)",
);
for (const file of files) {
  const path = join(dist, file);
  const raw = statSync(path).size;
  const gzip = gzipSize(path);
  totalRaw += raw;
  totalGzip += gzip;
  console.log(
    `  ${String(raw).padStart(8)} ${String(gzip).padStart(8)}  ${file}`,
  );
}
console.log(
  `  ${String(totalRaw).padStart(8)} ${String(totalGzip).padStart(8)}  total of ${files.length} files (budget ${BUDGET} bytes gzip = 120 KiB)`,
);
if (totalGzip > BUDGET)
  fail(
    `the home page's initial JavaScript is over its budget: ${totalGzip} > ${BUDGET} bytes gzip`,
  );
