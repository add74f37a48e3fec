// What the scripts that generate a committed file from the OpenAPI document share: the document
// (from the built service) and the write, or with `--check` the comparison that a test runs.
import { readFileSync, writeFileSync } from 'node:fs';
import { createContainer, openApiDocumentOf, parseConfig } from '../dist/composition/index.js';

/** The OpenAPI document the built service serves. */
export function builtOpenApiDocument() {
  return openApiDocumentOf(createContainer(parseConfig({ LOG_LEVEL: 'silent' })));
}

/**
 * Writes `text` to `file`; with `--check` on the command line, writes nothing and exits 1 when the
 * committed file differs from it (`command` is what brings it up to date).
 */
export function writeOrCheck(file, text, command) {
  if (!process.argv.includes('--check')) {
    writeFileSync(file, text);
    console.log(`wrote ${file.pathname}`);
    return;
  }
  let committed = '';
  try {
    committed = readFileSync(file, 'utf8');
  } catch {
    // missing: drifted
  }
  if (committed !== text) {
    console.error(`${file.pathname} is out of date with the OpenAPI document: run ${command}`);
    process.exit(1);
  }
  console.log(`${file.pathname} matches the OpenAPI document`);
}
