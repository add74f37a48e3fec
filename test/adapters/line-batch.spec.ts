import { describe, expect, it } from 'vitest';
import { LineBatch, LOG_WRITE_LENGTH, type LineWriter } from '../../src/adapters/logging/logger.js';

/** A writer that records each write, and how often it was flushed. */
function recordingWriter(): LineWriter & { writes: string[]; flushes: number } {
  const writer = {
    writes: [] as string[],
    flushes: 0,
    write: (text: string) => writer.writes.push(text),
    flush: (callback?: (error?: Error) => void) => {
      writer.flushes++;
      callback?.();
    },
    flushSync: () => {
      writer.flushes++;
    },
  };
  return writer;
}

describe('log lines gathered into writes of at most 4 KB', () => {
  const line = (i: number) => `{"n":${i},"msg":"${'x'.repeat(90)}"}\n`;

  it('writes nothing while the lines fit in LOG_WRITE_LENGTH bytes, then all of them at once, in order, before the line that would not fit', () => {
    const writer = recordingWriter();
    const batch = new LineBatch(writer);
    let written = '';
    let i = 0;
    while (written.length + line(i).length <= LOG_WRITE_LENGTH) {
      batch.write(line(i));
      written += line(i++);
    }
    expect(writer.writes).toEqual([]);
    batch.write(line(i));
    expect(writer.writes).toEqual([written]);
    batch.write(line(i + 1));
    expect(writer.writes).toHaveLength(1);
    batch.flush();
    expect(writer.writes[1]).toBe(line(i) + line(i + 1));
  });

  it('counts bytes, not characters: no write is longer than a pipe takes whole (PIPE_BUF), whatever the lines hold', () => {
    const writer = recordingWriter();
    const batch = new LineBatch(writer);
    // Lines of two- and three-byte characters (ã, €) and plain ones, of every length.
    const lines = Array.from({ length: 400 }, (_, i) => `{"n":${i},"client":"${'São Paulo €'.repeat(i % 13)}${'x'.repeat(i % 37)}"}\n`);
    for (const each of lines) batch.write(each);
    batch.flush();
    expect(writer.writes.join('')).toBe(lines.join(''));
    for (const write of writer.writes) expect(Buffer.byteLength(write)).toBeLessThanOrEqual(LOG_WRITE_LENGTH);
    // Nearly full: no two writes that would have fitted in one.
    for (let w = 0; w + 1 < writer.writes.length; w++)
      expect(Buffer.byteLength(writer.writes[w]!) + Buffer.byteLength(writer.writes[w + 1]!.split('\n')[0]! + '\n')).toBeGreaterThan(LOG_WRITE_LENGTH);
  });

  it('writes what it gathered when flushed, by the interval or at exit, and nothing when it holds nothing', () => {
    const writer = recordingWriter();
    const batch = new LineBatch(writer);
    batch.write(line(1));
    let called = false;
    batch.flush(() => (called = true));
    expect([writer.writes, writer.flushes, called]).toEqual([[line(1)], 1, true]);
    batch.write(line(2));
    batch.flushSync();
    expect(writer.writes).toEqual([line(1), line(2)]);
    batch.flush();
    batch.flushSync();
    expect(writer.writes).toHaveLength(2);
  });

  it('hands a line longer than a batch over at once', () => {
    const writer = recordingWriter();
    const long = `${'y'.repeat(LOG_WRITE_LENGTH * 2)}\n`;
    new LineBatch(writer).write(long);
    expect(writer.writes).toEqual([long]);
  });
});
