/** One Server-Sent Events message; `id` is null when the message carried none. */
interface SseMessage { event: string; data: string; id: string | null }

/**
 * Messages of a text/event-stream body as they arrive (the EventSource parsing rules: `event`, `data`, `id`
 * fields, comment lines ignored, a blank line ends a message; an id-only message moves the last id).
 * EventSource itself cannot send the bearer header, so the stream is read with fetch.
 */
export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseMessage> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const message = parseMessage(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (message) yield message;
      }
    }
  } finally {
    reader.releaseLock();
  }
}

export function parseMessage(frame: string): SseMessage | null {
  let event = 'message';
  let id: string | null = null;
  const data: string[] = [];
  let meaningful = false;
  for (const line of frame.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') { event = value; meaningful = true; }
    else if (field === 'data') { data.push(value); meaningful = true; }
    else if (field === 'id') { id = value; meaningful = true; }
  }
  return meaningful ? { event, data: data.join('\n'), id } : null;
}
