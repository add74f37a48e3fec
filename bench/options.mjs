// @ts-check
/**
 * The command line of a benchmark script: `--name=value` (or `--flag`, meaning `true`). The value
 * is everything after the first `=`, so it may hold more (`--reader-node-options=--max-semi-space-size=64`).
 */
export function commandLineOptions() {
  return Object.fromEntries(
    process.argv.slice(2).map((arg) => {
      const option = arg.replace(/^--/, '');
      const at = option.indexOf('=');
      return at === -1 ? [option, 'true'] : [option.slice(0, at), option.slice(at + 1)];
    }),
  );
}
