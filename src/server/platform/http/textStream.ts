import { Readable } from 'node:stream';

/** The reader of a text stream went away, or stopped reading for longer than the stream waits. */
export class StreamAbandoned extends Error {}

/**
 * A response body written as it is made, with back-pressure: `write` resolves once the reader wants more, so the
 * writer holds at most the stream's buffer (64 KB) plus what it is making. A reader that stops reading for `stallMs`
 * is dropped (the stream is destroyed and the writer's `write` rejects), so a stalled download cannot hold what the
 * writer holds (a database cursor, a slot) for ever; so does a reader that disconnects.
 */
export class TextStream extends Readable {
  #wake: (() => void) | null = null;

  constructor(private readonly stallMs: number) {
    super({ highWaterMark: 64 * 1024 });
  }

  override _read(): void {
    this.#wakeWriter();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.#wakeWriter();
    callback(error);
  }

  #wakeWriter(): void {
    const wake = this.#wake;
    this.#wake = null;
    wake?.();
  }

  /** Sends `text`; resolves when the reader is ready for more, rejects with StreamAbandoned when it is gone. */
  async write(text: string): Promise<void> {
    if (this.destroyed) throw new StreamAbandoned('the reader went away');
    if (text.length === 0 || this.push(text, 'utf8')) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.destroy(new StreamAbandoned(`the reader read nothing for ${this.stallMs} ms`)), this.stallMs);
      this.#wake = () => { clearTimeout(timer); resolve(); };
    });
    if (this.destroyed) throw new StreamAbandoned('the reader went away');
  }

  /** The last of the text: the reader gets the end. */
  finish(): void {
    if (!this.destroyed) this.push(null);
  }
}
