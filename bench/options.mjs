// @ts-check
/** The command line of a benchmark script: `--name=value` (or `--flag`, meaning `true`). */
export function commandLineOptions() {
  return Object.fromEntries(
    process.argv.slice(2).map((arg) => {
      const [key = '', value = 'true'] = arg.replace(/^--/, '').split('=');
      return [key, value];
    }),
  );
}
