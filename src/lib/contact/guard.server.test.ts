import { expect, test } from 'vitest';
import { clientKey, ContactGuard, forwardedClient } from './guard.server.ts';
import { expectCases } from '../../../tests/support/cases.ts';

test('clientKey: IPv4 as it is, IPv4-mapped IPv6 as IPv4, IPv6 by its /64 network', () => {
  expectCases(clientKey, [
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    [null, 'unknown'],
  ]);
});

test('take: the allowance per window, then a wait until the oldest message leaves the window', () => {
  const guard = new ContactGuard({ secret: 'x'.repeat(16), trustProxy: 0, limit: 2, windowMs: 60_000 });
  expect(guard.take('a', 0)).toEqual({ allowed: true });
  expect(guard.take('a', 10_000)).toEqual({ allowed: true });
  expect(guard.take('a', 20_000)).toEqual({ allowed: false, retryAfterSeconds: 40 });
  expect(guard.take('b', 20_000)).toEqual({ allowed: true });
  // Refusals do not count: once the first message is a minute old, one more may go.
  expect(guard.take('a', 60_001)).toEqual({ allowed: true });
  expect(guard.take('a', 60_002)).toEqual({ allowed: false, retryAfterSeconds: 10 });
});

test('forwardedClient: counted from the right by the number of proxies, never what the client put first', () => {
  expect(forwardedClient('203.0.113.9', 1)).toBe('203.0.113.9');
  expect(forwardedClient('1.1.1.1, 203.0.113.9', 1)).toBe('203.0.113.9');
  expect(forwardedClient(' 1.1.1.1 ,203.0.113.9 , 10.0.0.2', 2)).toBe('203.0.113.9');
  // Fewer entries than proxies: the leftmost there is.
  expect(forwardedClient('203.0.113.9', 3)).toBe('203.0.113.9');
  expect(forwardedClient('1.1.1.1, not-an-ip', 1)).toBeNull();
  expect(forwardedClient(undefined, 1)).toBeNull();
  expect(forwardedClient('203.0.113.9', 0)).toBeNull();
});
