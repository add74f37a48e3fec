import { describe, expect, it } from 'vitest';
import { Precondition } from '../../src/application/shared/precondition.js';
import { DomainError } from '../../src/domain/shared/errors.js';

const codeOf = (run: () => unknown) => {
  try {
    run();
    return 'passed';
  } catch (error) {
    return error instanceof DomainError ? error.code : String(error);
  }
};

describe('a precondition (If-Match)', () => {
  it('lets any version through when there is none', async () => {
    expect(Precondition.NONE.anyVersion).toBe(true);
    expect(codeOf(() => Precondition.NONE.check('slice', 7))).toBe('passed');
    expect(await Precondition.NONE.versionToExpect('slice', () => Promise.reject(new Error('not read')))).toBeUndefined();
  });

  it('accepts only the versions it names, and none when it names none', () => {
    expect(codeOf(() => Precondition.accepting([2, 3]).check('slice', 3))).toBe('passed');
    expect(codeOf(() => Precondition.accepting([2, 3]).check('slice', 4))).toBe('PRECONDITION_FAILED');
    expect(codeOf(() => Precondition.accepting([]).check('collection', 1))).toBe('PRECONDITION_FAILED');
  });

  it('hands the store the one version it accepts, without reading, for the store to compare atomically', async () => {
    let reads = 0;
    const stored = async () => {
      reads++;
      return 5;
    };
    expect(await Precondition.accepting([4]).versionToExpect('slice', stored)).toBe(4);
    expect(reads).toBe(0);
  });

  it('with several versions, reads the stored one, and fails unless it is among them', async () => {
    expect(await Precondition.accepting([4, 5]).versionToExpect('slice', async () => 5)).toBe(5);
    await expect(Precondition.accepting([4, 5]).versionToExpect('slice', async () => 6)).rejects.toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: expect.stringContaining('version 6'),
    });
  });

  it('expects a version nothing has when the thing is gone, so the store answers it is missing', async () => {
    expect(await Precondition.accepting([4, 5]).versionToExpect('slice', async () => undefined)).toBe(-1);
  });
});
