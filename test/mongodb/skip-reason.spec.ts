import { errors } from 'mongodb-memory-server';
import { describe, expect, it } from 'vitest';
import { noMongodReason, whyNoMongod } from '../support/mongodb-skip.js';

describe('the line the MongoDB tests are skipped with when no mongod can be had', () => {
  it("names a failed download's own reason, in one line, without the URL, the stack or the retries", () => {
    const download = new errors.DownloadError(
      'https://fastdl.mongodb.org/linux/mongodb-linux-x86_64-debian12-8.2.6.tgz',
      'getaddrinfo ENOTFOUND fastdl.mongodb.org',
    );
    expect(download.stack!.split('\n').length).toBeGreaterThan(3);
    expect(noMongodReason(download)).toBe(
      'MongoDB tests skipped: no mongod here: set MONGODB_URI, or MONGOMS_SYSTEM_BINARY for mongodb-memory-server ' +
        '(it could not get one: getaddrinfo ENOTFOUND fastdl.mongodb.org)',
    );
  });

  it("takes any other error's first line, capped, and a thrown non-error as it reads", () => {
    expect(whyNoMongod(new Error('No Binary at path "/opt/mongod"\n    at MongoBinary.getPath (x.js:1:1)'))).toBe(
      'No Binary at path "/opt/mongod"',
    );
    expect(whyNoMongod(new Error(`spawn failed: ${'x'.repeat(500)}`))).toHaveLength(160);
    expect(whyNoMongod('EACCES')).toBe('EACCES');
    expect(whyNoMongod(new Error(''))).toBe('no reason given');
    for (const error of [new Error('a\nb'), { msg: 'a\nb' }, 'a\r\nb']) expect(whyNoMongod(error)).not.toMatch(/[\r\n]/);
  });
});
