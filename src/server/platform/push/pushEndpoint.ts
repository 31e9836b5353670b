/**
 * Whether the server may send to a subscription endpoint: an https URL on a push service of the allow-list
 * (config.pushAllowedHosts), so a subscription can never make the server call its own network. Entries are exact
 * host names, or ".example.com" for every subdomain of example.com (not example.com itself). The port is not
 * checked: any port of an allowed host is that push service's.
 */
export function isAllowedPushEndpoint(endpoint: string, allowedHosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return false;
  // URL lowercases and punycodes the host; "host." names the same host as "host".
  const host = url.hostname.replace(/\.$/, '');
  return allowedHosts.some((entry) => (entry.startsWith('.') ? host.endsWith(entry) && host.length > entry.length : host === entry));
}
