import { DownloadError, guardedRequest, type DownloadLimits } from '../../platform/http/outboundGuard';

/**
 * Downloads a text file within the limits (platform/http/outboundGuard: no internal hosts unless allowed, bounded
 * size and time, at most MAX_REDIRECTS redirects, each checked like the first URL). Fails with a DownloadError naming
 * what went wrong, 'status' for an answer other than 2xx; other errors are network failures (refused, reset, DNS).
 */
export async function downloadText(source: string, limits: DownloadLimits): Promise<string> {
  const answer = await guardedRequest(source, limits);
  if (answer.status < 200 || answer.status >= 300) {
    throw new DownloadError('status', `${source} answered HTTP ${answer.status}`, { status: answer.status });
  }
  // TextDecoder drops a byte-order mark, which JSON.parse would refuse.
  return new TextDecoder().decode(answer.body);
}
