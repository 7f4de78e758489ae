import type { CtxOf, EventCatalogue, EventName } from './catalogue.ts';

export type Subscriber<N extends EventName> = (ctx: CtxOf<N>, payload: EventCatalogue[N]) => Promise<void>;

/** Who hears what, in the order they run. Built once by buildApp from events/subscribers.ts. */
export type EventBus = { readonly [N in EventName]: readonly Subscriber<N>[] };

/**
 * Runs every subscriber of `name` in order, each awaited, with the caller's ctx: a side effect
 * commits with the change that caused it or not at all, and a subscriber's error is the caller's.
 */
export async function publish<N extends EventName>(ctx: CtxOf<N>, name: N, payload: EventCatalogue[N]): Promise<void> {
  const subscribers: readonly Subscriber<N>[] = ctx.events[name];
  for (const subscriber of subscribers) await subscriber(ctx, payload);
}
