import { describe, expect, it } from 'vitest';
import { addressPolicy, addressRefusal, hostRefusal, policyFromEnv } from './addressPolicy.ts';

const none = addressPolicy({ allow: '' });

describe('addressRefusal', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['fd00:ec2::254', 'private'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['[::1]', 'loopback'],
  ])('refuses %s (%s)', (address, kind) => {
    expect(addressRefusal({ address, policy: none })).toContain(kind);
  });

  it.each(['93.184.216.34', '172.15.255.255', '172.32.0.1', '8.8.8.8', '2606:4700:4700::1111'])('allows the public address %s', (address) => {
    expect(addressRefusal({ address, policy: none })).toBeUndefined();
  });

  it('allows what the operator allowed, and only that', () => {
    const policy = addressPolicy({ allow: '127.0.0.1/32, 10.1.0.0/16 ::1' });
    expect(addressRefusal({ address: '127.0.0.1', policy })).toBeUndefined();
    expect(addressRefusal({ address: '::1', policy })).toBeUndefined();
    expect(addressRefusal({ address: '10.1.200.3', policy })).toBeUndefined();
    expect(addressRefusal({ address: '127.0.0.2', policy })).toContain('loopback');
    expect(addressRefusal({ address: '10.2.0.1', policy })).toContain('private');
    expect(addressRefusal({ address: '169.254.169.254', policy })).toContain('link-local');
  });

  it('names a malformed allowance instead of ignoring it', () => {
    expect(() => policyFromEnv({ FORECOURT_ALLOW_DESTINATIONS: '127.0.0.1, localhost' })).toThrow(/'localhost' is not an IP address or CIDR/);
    expect(() => policyFromEnv({ FORECOURT_ALLOW_DESTINATIONS: '10.0.0.0/33' })).toThrow(/10.0.0.0\/33/);
  });
});

describe('hostRefusal', () => {
  it.each([
    'localhost',
    'LOCALHOST.',
    'api.localhost',
    'metadata.google.internal',
    'metadata',
    'db.internal',
    'printer.local',
    '127.0.0.1',
    '[::1]',
    '169.254.169.254',
  ])('refuses %s without DNS', (host) => {
    expect(hostRefusal({ host, policy: none })).toBeDefined();
  });

  it('leaves other names to be decided after they resolve', () => {
    expect(hostRefusal({ host: 'crm.example.com', policy: none })).toBeUndefined();
  });

  it("lets 'localhost' through only when the operator allowed loopback", () => {
    expect(hostRefusal({ host: 'localhost', policy: addressPolicy({ allow: '127.0.0.1' }) })).toBeUndefined();
    expect(hostRefusal({ host: 'metadata.google.internal', policy: addressPolicy({ allow: '127.0.0.1' }) })).toBeDefined();
  });
});
