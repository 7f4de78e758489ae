import net from 'node:net';
import { z } from 'zod';

/**
 * Which peers may tell us the client's address (X-Forwarded-For) and protocol: none (the default:
 * the socket's peer is the client), or proxies by address, CIDR range or proxy-addr's names for the
 * private ranges. A hop count is refused: it cannot tell a proxy from a client that connects
 * directly and sends its own X-Forwarded-For (Fastify 5 now ignores one for that reason).
 * Passed to Fastify's `trustProxy` as it is.
 */
export type TrustProxy = false | string[];

const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(item: string): boolean {
  if (RANGE_NAMES.has(item) || net.isIP(item)) return true;
  const [address = '', prefix, extra] = item.split('/');
  const version = net.isIP(address);
  if (!version || prefix === undefined || extra !== undefined || !/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

export const ZTrustProxy = z
  .string()
  .optional()
  .transform((value, ctx): TrustProxy => {
    const text = value?.trim() ?? '';
    if (text === '') return false;
    if (/^\d+$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: `a hop count (${text}) cannot tell a proxy from a client that connects directly; name the proxies' addresses or CIDR ranges (e.g. 10.0.0.5 or 10.0.0.0/24)` });
      return z.NEVER;
    }
    const items = text.split(',').map((item) => item.trim());
    if (items.some((item) => item === '*' || item.toLowerCase() === 'true')) {
      ctx.addIssue({ code: 'custom', message: 'trusting every peer lets any client choose its own address; name the proxies (addresses or CIDR ranges)' });
      return z.NEVER;
    }
    const bad = items.filter((item) => !isAddressOrRange(item));
    if (bad.length) {
      ctx.addIssue({
        code: 'custom',
        message: `${bad.map((item) => JSON.stringify(item)).join(', ')} is not an IP address, a CIDR range (10.0.0.0/8), loopback, linklocal or uniquelocal`,
      });
      return z.NEVER;
    }
    return items;
  });
