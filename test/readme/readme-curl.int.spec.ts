import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readmeBlocks } from '../support/readme.js';
import { startVitrine, type VitrineProcess } from '../support/vitrine-process.js';

const run = promisify(execFile);

/**
 * What the README prints and what changes with every start or with the calendar: instants,
 * generated ids and secrets, and the status a slice of a given date has today.
 */
function stable(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value)
      .replace(/"status":"(SCHEDULED|ACTIVE|EXPIRED)","colour":"(yellow|green|red)"/g, '"status":"<status>","colour":"<colour>"')
      .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/g, '<instant>')
      .replace(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/g, '<date>')
      .replace(/tok_[0-9a-f]+/g, '<token id>')
      .replace(/vtr_[A-Za-z0-9_-]+/g, '<secret>'),
  );
}

interface Example {
  readonly command: string;
  readonly status: number;
  readonly profileOf?: string;
  readonly printed?: unknown;
}

/** Every shell block with a curl command, with the status its `# → NNN` comment promises and the JSON printed after it. */
function curlExamples(): Example[] {
  const blocks = readmeBlocks();
  const examples: Example[] = [];
  blocks.forEach((block, i) => {
    if (block.language !== 'sh' || !block.code.includes('curl ')) return;
    const promise = /# → (\d{3})(?:, the profile of (\w+))?/.exec(block.code);
    const next = blocks[i + 1];
    examples.push({
      command: block.code
        .split('\n')
        .filter((l) => !l.trimStart().startsWith('#'))
        .join('\n'),
      status: Number(promise?.[1] ?? 200),
      ...(promise?.[2] !== undefined ? { profileOf: promise[2] } : {}),
      ...(next?.language === 'json' ? { printed: JSON.parse(next.code) } : {}),
    });
  });
  return examples;
}

describe('the README’s curl examples, run as printed against a fresh start', () => {
  const examples = curlExamples();
  let vitrine: VitrineProcess;
  let workdir: string;

  beforeAll(async () => {
    vitrine = await startVitrine();
    // The examples write their spreadsheets to the current directory: a scratch one.
    workdir = await mkdtemp(join(tmpdir(), 'vitrine-readme-'));
  });
  afterAll(async () => {
    await vitrine.stop();
    await rm(workdir, { recursive: true, force: true });
  });

  it('has an example for every endpoint of the contract', () => {
    const commands = examples.map((e) => e.command).join('\n');
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

  // The examples build on one another (a collection, then its slices), so they run in order.
  it.each(examples.map((example, i) => [i + 1, example.command.split('\n')[0] ?? '', example] as const))(
    'example %i: %s',
    async (_n, _first, example) => {
      const command = `${example.command.replaceAll('http://localhost:3000', vitrine.baseUrl)} -w '\\n%{http_code}'`;
      const { stdout } = await run('bash', ['-c', command], {
        cwd: workdir,
        env: { PATH: process.env.PATH, TOKEN: vitrine.printedToken },
      });
      const cut = stdout.lastIndexOf('\n');
      const body = JSON.parse(stdout.slice(0, cut));
      expect(Number(stdout.slice(cut + 1))).toBe(example.status);
      if (example.profileOf !== undefined) expect(body.userProfileId).toBe(example.profileOf);
      if (example.printed !== undefined) expect(stable(body)).toEqual(stable(example.printed));
    },
  );
});
