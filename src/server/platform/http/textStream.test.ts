import { StreamAbandoned, TextStream } from './textStream';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('a text stream written as it is read', () => {
  it('holds the writer back until the reader wants more, and ends for the reader', async () => {
    const stream = new TextStream(60_000);
    let written = 0;
    const writer = (async () => {
      for (let i = 0; i < 100; i += 1) {
        await stream.write('x'.repeat(16 * 1024));
        written += 1;
      }
      stream.finish();
    })();
    await tick();
    // Nobody reads: the writer stops once the buffer (64 KB) is full instead of making everything.
    expect(written).toBeLessThan(8);
    let read = 0;
    for await (const chunk of stream) read += (chunk as Buffer).length;
    await writer;
    expect([written, read]).toEqual([100, 100 * 16 * 1024]);
  });

  it('drops a reader that reads nothing for the stall time: the writer is told and stops', async () => {
    jest.useFakeTimers();
    try {
      const stream = new TextStream(1_000);
      const errors: unknown[] = [];
      stream.on('error', (error) => errors.push(error));
      const writer = (async () => { for (;;) await stream.write('y'.repeat(64 * 1024)); })();
      const failed = expect(writer).rejects.toBeInstanceOf(StreamAbandoned);
      await jest.advanceTimersByTimeAsync(1_001);
      await failed;
      expect(stream.destroyed).toBe(true);
      expect(errors).toEqual([expect.any(StreamAbandoned)]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('tells a waiting writer at once when the reader goes away', async () => {
    const stream = new TextStream(60_000);
    const writer = (async () => { for (;;) await stream.write('z'.repeat(64 * 1024)); })();
    await tick();
    stream.destroy();
    await expect(writer).rejects.toBeInstanceOf(StreamAbandoned);
  });
});
