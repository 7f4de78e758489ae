import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';

const refusal = (value: string) => {
  try {
    loadConfig({ TRUST_PROXY: value });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`TRUST_PROXY=${value} was accepted`);
};

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless proxies are named', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
  });

  it('takes addresses, CIDR ranges and the named private ranges, comma-separated', () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, fd00::/8 ,loopback' }).trustProxy).toEqual(['10.0.0.0/8', 'fd00::/8', 'loopback']);
  });

  it('refuses a bad value at start with a line naming the setting and saying what to give', () => {
    expect(refusal('nginx')).toMatch(/TRUST_PROXY: "nginx" is not an IP address, a CIDR range/);
    expect(refusal('10.0.0.0/33')).toMatch(/TRUST_PROXY: "10.0.0.0\/33" is not/);
    expect(refusal('10.0.0.300')).toMatch(/TRUST_PROXY: "10.0.0.300" is not/);
    expect(refusal('true')).toMatch(/TRUST_PROXY: trusting every peer lets any client choose its own address/);
    expect(refusal('*')).toMatch(/TRUST_PROXY: trusting every peer/);
    expect(refusal('1')).toMatch(/TRUST_PROXY: a hop count \(1\) cannot tell a proxy from a client/);
  });
});
