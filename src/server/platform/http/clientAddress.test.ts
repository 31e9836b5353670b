import { loadConfig } from '../config';
import { addressKey, parseTrustProxy } from './clientAddress';

describe('client addresses', () => {
  it('count an IPv6 client by its /64 and an IPv4-mapped one as IPv4', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:DB8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('trust a hop count or proxy ranges, never every X-Forwarded-For entry', () => {
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.10,loopback, fd00::/8')).toEqual(['10.0.0.0/8', '192.168.1.10', 'loopback', 'fd00::/8']);
    for (const bad of ['10.0.0.0/33', 'proxy.example.com', '10.0.0.1/8/1', '::1/129']) expect(parseTrustProxy(bad)).toBeNull();
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(() => loadConfig({ TRUST_PROXY: 'everything' })).toThrow(/TRUST_PROXY must be false, a number of proxy hops/);
  });
});
