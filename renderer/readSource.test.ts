import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_INPUT_LIMITS } from './inputLimits.ts';
import { readSourceFile } from './readSource.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'forecourt-read-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const limits = (feedBytes: number) => ({ ...DEFAULT_INPUT_LIMITS, feedBytes });

describe('readSourceFile', () => {
  it('reads a file of exactly the limit and refuses one byte more, naming the limit and how to raise it', async () => {
    const file = path.join(dir, 'stock.json');
    await writeFile(file, '[1, 2, 3]');
    expect(await readSourceFile({ file, limit: 'feedBytes', limits: limits(9) })).toEqual({ file, text: '[1, 2, 3]' });
    expect(await readSourceFile({ file, limit: 'feedBytes', limits: limits(8) })).toEqual({
      file,
      text: '',
      unreadable: expect.objectContaining({
        line: 0,
        severity: 'error',
        code: 'too-large',
        message: 'is 9 bytes, over the stock feed size limit of 8 bytes (FORECOURT_MAX_FEED_BYTES)',
        hint: 'To allow more, raise the limit with --max-feed-bytes N or FORECOURT_MAX_FEED_BYTES=N.',
      }),
    });
  });

  it('refuses a 200 MB feed by its size, without reading it', async () => {
    const file = path.join(dir, 'big.json');
    const handle = await open(file, 'w');
    await handle.truncate(200 * 1024 * 1024); // sparse: no disk, no time
    await handle.close();
    const read = await readSourceFile({ file, limit: 'feedBytes' });
    expect(read?.unreadable?.message).toBe('is 200 MiB, over the stock feed size limit of 64 MiB (FORECOURT_MAX_FEED_BYTES)');
    await rm(file);
  });

  it('refuses a UTF-16 file by its byte-order mark, and says a missing file is missing', async () => {
    const file = path.join(dir, 'dealer.yaml');
    await writeFile(file, Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('\u0000n\u0000a', 'latin1')]));
    expect((await readSourceFile({ file, limit: 'recordBytes' }))?.unreadable).toMatchObject({
      line: 1,
      col: 1,
      code: 'encoding',
      message: 'is UTF-16BE (it starts with a UTF-16 byte-order mark); records and stock feeds must be UTF-8',
    });
    expect(await readSourceFile({ file: path.join(dir, 'none.yaml'), limit: 'recordBytes' })).toBeNull();
  });

  it('keeps a UTF-8 byte-order mark for the parse stage, and marks a byte that is not UTF-8', async () => {
    const file = path.join(dir, 'record.yaml');
    await writeFile(file, Buffer.concat([Buffer.from('\ufeffname: Caf'), Buffer.from([0xe9])]));
    expect(await readSourceFile({ file, limit: 'recordBytes' })).toEqual({
      file,
      text: '\ufeffname: Caf\ufffd',
      invalidUtf8: { offset: 10, byte: '0xE9', count: 1 },
    });
  });
});
