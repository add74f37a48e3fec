import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, readmeBlocks } from '../support/readme.js';
import { startVitrine, type VitrineProcess } from '../support/vitrine-process.js';

const run = promisify(execFile);

/**
 * What the README prints and what changes with every start or with the calendar: instants,
 * generated ids and secrets, and the status a slice of a given date has today.
 */
function stable(value: unknown): unknown {
  return JSON.parse(stableText(JSON.stringify(value)));
}

function stableText(text: string): string {
  return text
    .replace(/"status":"(SCHEDULED|ACTIVE|EXPIRED)","colour":"(yellow|green|red)"/g, '"status":"<status>","colour":"<colour>"')
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/g, '<instant>')
    .replace(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/g, '<date>')
    .replace(/tok_[0-9a-f]+/g, '<token id>')
    .replace(/vt[rp]_[A-Za-z0-9_-]+/g, '<secret>');
}

interface Example {
  readonly command: string;
  readonly status: number;
  readonly profileOf?: string;
  readonly printed?: unknown;
  /** What the block prints, when a text block follows it. */
  readonly output?: string;
}

/**
 * Every shell block of a document that calls curl, with the status its `# → NNN` comment promises
 * (200 unless it says) and the JSON printed after it, which the block's last curl call answers.
 */
function curlExamples(document: string): Example[] {
  const blocks = readmeBlocks(document);
  const examples: Example[] = [];
  blocks.forEach((block, i) => {
    if (block.language !== 'sh' || !block.code.includes('curl ')) return;
    const promise = /# → (\d{3})(?:, the profile of (\w+))?/.exec(block.code);
    const next = blocks[i + 1];
    examples.push({
      command: block.code,
      status: Number(promise?.[1] ?? 200),
      ...(promise?.[2] !== undefined ? { profileOf: promise[2] } : {}),
      ...(next?.language === 'json' ? { printed: JSON.parse(next.code) } : {}),
      ...(next?.language === 'text' ? { output: next.code } : {}),
    });
  });
  return examples;
}

/**
 * The blocks of one document run in one shell session, as a reader runs them: what a block assigns
 * (a collection's id, an ETag) is there for the blocks after it. `curl` keeps the status and body
 * of its last call in files, and still prints the body, so pipes and `tee` work as printed.
 */
const SESSION = `set -a
[ -f .vars ] && . ./.vars
curl() {
  command curl -w '\\n%{http_code}' "$@" > .answer; local status=$?
  tail -n 1 .answer > .status; sed '$d' .answer > .body; cat .body
  return $status
}
`;
const SAVE_SESSION = `\nexport -p | grep -v -E ' (PATH|PWD|OLDPWD|SHLVL|_)=' > .vars`;

const documentsWithExamples = documents().filter((document) => curlExamples(document).length > 0);

describe('the README', () => {
  it('has an example for every endpoint of the contract', () => {
    const commands = curlExamples('README.md')
      .map((e) => e.command)
      .join('\n');
    for (const path of [
      '/api/v1/crm/protected/profile/user-profile-id/',
      '/api/v1/crm/protected/profile/phone/',
      '/api/v1/crm/protected/profile/email/',
      '/api/v1/crm/protected/profile/document/',
      '/api/v1/products/protected/similar',
      '/api/v1/merchandising-collections/protected/1',
    ]) {
      expect(commands).toContain(`http://localhost:3000${path}`);
    }
  });

  it('and the guide are among the documents whose examples run', () => {
    expect(documentsWithExamples).toEqual(expect.arrayContaining(['README.md', 'docs/guide.md', 'docs/events.md']));
  });
});

describe.each(documentsWithExamples)('the curl examples of %s, run as printed in one shell against a fresh start', (document) => {
  const examples = curlExamples(document);
  let vitrine: VitrineProcess;
  let workdir: string;

  beforeAll(async () => {
    vitrine = await startVitrine();
    // The examples write their files (spreadsheets, answers, headers) to the current directory: a scratch one.
    workdir = await mkdtemp(join(tmpdir(), 'vitrine-docs-'));
  });
  afterAll(async () => {
    await vitrine.stop();
    await rm(workdir, { recursive: true, force: true });
  });

  // The examples build on one another (a collection, then its slices), so they run in order.
  it.each(
    examples.map((example, i) => [i + 1, example.command.split('\n').find((l) => l.includes('curl ')) ?? '', example] as const),
  )('example %i: %s', async (_n, _first, example) => {
    const command = SESSION + example.command.replaceAll('http://localhost:3000', vitrine.baseUrl) + SAVE_SESSION;
    const { stdout } = await run('bash', ['-e', '-o', 'pipefail', '-c', command], {
      cwd: workdir,
      env: { PATH: process.env.PATH, TOKEN: vitrine.printedToken },
    });
    const body = JSON.parse(await readFile(join(workdir, '.body'), 'utf8'));
    expect(Number((await readFile(join(workdir, '.status'), 'utf8')).trim())).toBe(example.status);
    if (example.profileOf !== undefined) expect(body.userProfileId).toBe(example.profileOf);
    if (example.printed !== undefined) expect(stable(body)).toEqual(stable(example.printed));
    if (example.output !== undefined) expect(stableText(stdout.trim())).toBe(stableText(example.output.trim()));
  });
});
