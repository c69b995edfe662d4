import { describe, expect, it } from 'vitest';
import { parseListenHost, parseTrustProxy } from './trustProxyOption.ts';

describe('--trust-proxy', () => {
  it.each([
    ['127.0.0.1', ['127.0.0.1']],
    ['127.0.0.1, ::1', ['127.0.0.1', '::1']],
    ['10.0.0.0/8 192.168.1.0/24', ['10.0.0.0/8', '192.168.1.0/24']],
  ])('accepts %j', (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected);
  });
  it.each(['true', '*', 'proxy.example', '10.0.0.0/33', '300.1.1.1'])('refuses %j, naming it', (value) => {
    expect(() => parseTrustProxy(value)).toThrow(`"${value}" is not an IP address or CIDR`);
  });
});

describe('--host', () => {
  it.each(['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost'])('accepts %j', (value) => {
    expect(parseListenHost(value)).toBe(value);
  });
  it.each(['example.com', '', '1.2.3'])('refuses %j', (value) => {
    expect(() => parseListenHost(value)).toThrow('must be an IP address');
  });
});
