import { afterEach, describe, expect, it } from 'vitest';
import type { Mailer } from '../services/mail/mailer.ts';
import { createProductionTestApp } from '../test/production-app.ts';
import type { TestApp } from '../test/test-app.ts';

/** The materials form allows 10 requests an hour per client address. */
const PER_ADDRESS_LIMIT = 10;
const mailer: Mailer = { send: async () => undefined };

/**
 * Production with forged X-Forwarded-For: the per-address limits count the address the socket
 * comes from, or with TRUST_PROXY the one the named proxies forwarded, never one a client wrote.
 */
describe('the client address in production', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** One materials request per forwarded-for value, each for a new e-mail address; the statuses. */
  const requestMaterials = async (socketAddress: string, forwardedFor: string[]) => {
    const statuses: number[] = [];
    for (const [index, header] of forwardedFor.entries()) {
      const response = await t?.app.inject({
        method: 'POST',
        url: '/api/material-requests',
        remoteAddress: socketAddress,
        headers: { 'x-forwarded-for': header },
        payload: { email: `buyer${index}@example.com` },
      });
      statuses.push(response?.statusCode ?? 0);
    }
    return statuses;
  };
  const forged = (count: number) => Array.from({ length: count }, (_, i) => `198.18.0.${i + 1}`);
  const refusedAfterTheLimit = [...Array(PER_ADDRESS_LIMIT).fill(201), 429, 429];

  it('believes no X-Forwarded-For by default: a new forged address per request does not escape the limit', async () => {
    t = await createProductionTestApp({ mailer });
    const statuses = await requestMaterials('203.0.113.9', forged(PER_ADDRESS_LIMIT + 2));
    expect(statuses).toEqual(refusedAfterTheLimit);
  });

  it('with TRUST_PROXY=1 uses the address the one proxy appended, whatever the client put before it', async () => {
    t = await createProductionTestApp({ mailer, env: { TRUST_PROXY: '1' } });
    const proxy = '10.0.0.5';
    const statuses = await requestMaterials(
      proxy,
      forged(PER_ADDRESS_LIMIT + 2).map((address) => `${address}, 198.51.100.7`),
    );
    expect(statuses).toEqual(refusedAfterTheLimit);
    // Another client behind the same proxy has its own count: the proxy's address is not the key.
    expect(await requestMaterials(proxy, ['198.51.100.8'])).toEqual([201]);
  });

  it('with TRUST_PROXY naming the proxies, a client reaching the app directly cannot forward for itself', async () => {
    t = await createProductionTestApp({ mailer, env: { TRUST_PROXY: '10.0.0.0/8' } });
    const direct = await requestMaterials('203.0.113.9', forged(PER_ADDRESS_LIMIT + 2));
    expect(direct).toEqual(refusedAfterTheLimit);
    const throughTheProxy = await requestMaterials('10.0.0.5', ['198.18.0.1, 198.51.100.7']);
    expect(throughTheProxy).toEqual([201]);
  });
});
