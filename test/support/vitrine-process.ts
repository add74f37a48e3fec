/** Runs the built service (`node dist/main.js`) as a child process, as `npm start` does. */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

export interface VitrineProcess {
  readonly child: ChildProcess;
  readonly baseUrl: string;
  /** The admin token printed at start, when one was generated. */
  readonly printedToken: string | undefined;
  output(): { stdout: string; stderr: string };
  /** Sends a signal and waits for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Waits for the process to end by itself. */
  exited(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Only what the test sets: the parent's configuration (CI may set REDIS_URL, ...) does not leak in. */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, HOST: '127.0.0.1', PORT: '0', ...env };
}

export function runVitrine(env: Record<string, string> = {}): {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output: () => { stdout: string; stderr: string };
} {
  const child = spawn(process.execPath, [MAIN], { cwd: PROJECT_ROOT, env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  );
  return { child, exited, output: () => ({ stdout, stderr }) };
}

export async function startVitrine(env: Record<string, string> = {}, timeoutMs = 20_000): Promise<VitrineProcess> {
  const { child, exited, output } = runVitrine(env);
  const port = await new Promise<number>((done, fail) => {
    const timer = setTimeout(() => {
      // Not left running: nothing else would stop it.
      child.kill('SIGKILL');
      fail(new Error(`Vitrine did not start in ${timeoutMs} ms:\n${output().stdout}\n${output().stderr}`));
    }, timeoutMs);
    const watch = () => {
      const match = /"port":(\d+),"msg":"Vitrine is listening/.exec(output().stdout);
      if (match) {
        clearTimeout(timer);
        child.stdout?.off('data', watch);
        done(Number(match[1]));
      }
    };
    child.stdout?.on('data', watch);
    void exited.then(({ code }) => {
      clearTimeout(timer);
      fail(new Error(`Vitrine exited with ${code} before listening:\n${output().stdout}\n${output().stderr}`));
    });
  });
  return {
    child,
    baseUrl: `http://127.0.0.1:${port}`,
    printedToken: /\b(vtr_[A-Za-z0-9_-]{43,})\b/.exec(output().stdout)?.[1],
    output,
    exited: () => exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
