// @ts-check
/**
 * A Vitrine as `npm start` runs it (dist/main.js on the embedded default), without demo data or a
 * rate limit, with `token` as its bootstrap token: ready once a call with that token answers (the
 * port opens before the token is made). For the benchmarks that drive one instance of their own.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** @param {string} token @returns {Promise<{ url: string, token: string, stop(): Promise<unknown> }>} */
export async function startNpmStartVitrine(token) {
  const port = await new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = /** @type {import('node:net').AddressInfo} */ (probe.address());
      probe.close(() => done(free));
    });
  });
  const child = spawn(process.execPath, [join(ROOT, 'dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      BOOTSTRAP_ADMIN_TOKEN: token,
      RATE_LIMIT: 'off',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    const ready = await fetch(`${url}/api/v1/admin/protected/tokens/self`, { headers: { 'X-Service-APP-Token': token } }).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { url, token, stop: () => (child.kill('SIGTERM'), once(child, 'exit')) };
    await new Promise((done) => setTimeout(done, 100));
  }
  child.kill('SIGKILL');
  throw new Error('Vitrine did not start');
}
