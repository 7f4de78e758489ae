import { expect, it } from 'vitest';
import type { BaseCtx } from '../context.ts';
import { publish, type EventBus } from './bus.ts';

const at = new Date('2026-01-01T00:00:00Z');
const applied = { estateId: 'e1', event: 'activated', from: 'activation_pending', to: 'active', at } as const;

function ctxWith(events: Partial<EventBus>): BaseCtx {
  const none = { 'session.started': [], 'user.signed-in': [], 'verification.reviewed': [], 'estate.transitioned': [] };
  return { events: { ...none, ...events } } as unknown as BaseCtx;
}

it('runs the subscribers one after the other, each finished before the next starts, with the caller’s ctx', async () => {
  const seen: string[] = [];
  const slow = (name: string) => async (ctx: BaseCtx) => {
    seen.push(`${name} start`);
    await new Promise((resolve) => setTimeout(resolve, 5));
    seen.push(`${name} end${ctx === caller ? '' : ' (another ctx)'}`);
  };
  const caller = ctxWith({ 'estate.transitioned': [slow('first'), slow('second')] });
  await publish(caller, 'estate.transitioned', { applied });
  expect(seen).toEqual(['first start', 'first end', 'second start', 'second end']);
});

it('stops at a subscriber that fails and hands its error to the caller (whose transaction then rolls back)', async () => {
  const ran: string[] = [];
  const ctx = ctxWith({
    'estate.transitioned': [
      () => Promise.reject(new Error('refused')),
      async () => {
        ran.push('after');
      },
    ],
  });
  await expect(publish(ctx, 'estate.transitioned', { applied })).rejects.toThrow('refused');
  expect(ran).toEqual([]);
});
