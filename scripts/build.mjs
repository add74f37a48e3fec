// @ts-check
/**
 * `npm run build` builds dist/ in three parts: the service, with the TypeScript 7 compiler
 * (tsconfig.build.json), the builder app, with Vite (dist/web), and the storefront script, with
 * Vite (dist/storefront).
 *
 * `--if-stale` (`npm start`, `npm test`) builds only the parts that are not current. Each part's
 * inputs are hashed by content: its sources, its configuration, and package.json with
 * package-lock.json (they pin the compilers and the types). The hash of a part's last good build
 * is kept in dist/.build-stamp.json. A part is stale when its hash differs from the stamp's, when
 * the stamp does not name it, or when its output is missing. The stamp of a part is removed
 * before it builds and written only after it built, so a build that fails (or is stopped) leaves
 * its part stale. Times and touches do not count, only content: a checkout of another branch and
 * back builds nothing.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'dist');
const STAMP = join(DIST, '.build-stamp.json');
const WEB = 'src/adapters/web';
const STOREFRONT = 'src/adapters/storefront';
/** Inputs of every part: the versions of the compilers, bundler and types. */
const SHARED_INPUTS = ['package.json', 'package-lock.json'];

/**
 * @typedef {{
 *   name: string,
 *   inputs: string[],
 *   skip?: string[],
 *   output: string,
 *   environment?: string[],
 *   clean(): void,
 *   command: string[],
 * }} Part
 */

/** @type {Part[]} */
const PARTS = [
  {
    name: 'service',
    inputs: ['src', 'tsconfig.json', 'tsconfig.build.json'],
    // tsconfig.json excludes the builder app and the storefront script; their own parts build them.
    skip: [WEB, STOREFRONT],
    output: 'dist/main.js',
    // A fresh output: a deleted source leaves no compiled file behind.
    clean: () => {
      for (const entry of existsSync(DIST) ? readdirSync(DIST) : []) {
        if (entry !== 'web' && entry !== 'storefront' && join(DIST, entry) !== STAMP) {
          rmSync(join(DIST, entry), { recursive: true, force: true });
        }
      }
    },
    command: ['node_modules/typescript-7/bin/tsc', '-p', 'tsconfig.build.json'],
  },
  {
    name: 'builder app',
    inputs: [WEB],
    output: 'dist/web/index.html',
    // Vite builds React's development bundle when NODE_ENV says so.
    environment: ['NODE_ENV'],
    // Vite empties dist/web itself (emptyOutDir).
    clean: () => {},
    command: ['node_modules/vite/bin/vite.js', 'build', '--config', `${WEB}/vite.config.ts`, '--logLevel', 'warn'],
  },
  {
    name: 'storefront script',
    inputs: [STOREFRONT],
    output: 'dist/storefront/vitrine-events.js',
    // Vite empties dist/storefront itself (emptyOutDir).
    clean: () => {},
    command: ['node_modules/vite/bin/vite.js', 'build', '--config', `${STOREFRONT}/vite.config.ts`, '--logLevel', 'warn'],
  },
];

/**
 * The files an input names, relative to the root and sorted: the file itself, or every file below a
 * folder except those below `skip`. A missing input is named as it is (its absence is hashed).
 * @param {string} input @param {string[] | undefined} skip @returns {string[]}
 */
function filesOf(input, skip) {
  const absolute = join(ROOT, input);
  if (statSync(absolute, { throwIfNoEntry: false })?.isDirectory() !== true) return [input];
  return readdirSync(absolute, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((file) => skip === undefined || !skip.some((folder) => file.startsWith(`${folder}/`)))
    .sort();
}

/** The hash of what a part is built from: each input file's path and content, and the environment it reads. @param {Part} part */
function inputsHash(part) {
  const hash = createHash('sha256');
  for (const file of [...part.inputs, ...SHARED_INPUTS].flatMap((input) => filesOf(input, part.skip))) {
    const content =
      statSync(join(ROOT, file), { throwIfNoEntry: false }) === undefined ? '(missing)' : readFileSync(join(ROOT, file));
    hash.update(`${file}\0`).update(content).update('\0');
  }
  for (const variable of part.environment ?? []) hash.update(`${variable}=${process.env[variable] ?? ''}\0`);
  return hash.digest('hex');
}

/** @returns {Record<string, string>} */
function readStamp() {
  try {
    const stamp = JSON.parse(readFileSync(STAMP, 'utf8'));
    return typeof stamp === 'object' && stamp !== null ? stamp : {};
  } catch {
    return {};
  }
}

/** @param {Record<string, string>} stamp */
function writeStamp(stamp) {
  mkdirSync(DIST, { recursive: true });
  writeFileSync(STAMP, `${JSON.stringify(stamp, null, 2)}\n`);
}

function main() {
  const ifStale = process.argv.includes('--if-stale');
  for (const part of PARTS) {
    const hash = inputsHash(part);
    const stamp = readStamp();
    if (ifStale && stamp[part.name] === hash && existsSync(join(ROOT, part.output))) {
      console.log(`build: the ${part.name} in dist/ is current`);
      continue;
    }
    delete stamp[part.name];
    writeStamp(stamp);
    part.clean();
    const started = performance.now();
    const run = spawnSync(process.execPath, part.command, { cwd: ROOT, stdio: 'inherit' });
    if (run.status !== 0) {
      console.error(`build: the ${part.name} failed to build (${run.signal ?? `exit ${run.status}`})`);
      process.exit(run.status ?? 1);
    }
    writeStamp({ ...readStamp(), [part.name]: hash });
    console.log(`build: built the ${part.name} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}

main();
