import { describe, expect, it } from 'vitest';
import { ESTATE_EVENTS, ESTATE_STATUSES, allowedEvents, nextStatus, ownerCanStillAct, verifiedEventOf, type EstateEvent, type EstateStatus } from './lifecycle.ts';

/** The whole table, written out: any change to the machine must change this test too. */
const ALLOWED: [EstateStatus, EstateEvent, EstateStatus][] = [
  ['planning', 'report_submitted', 'verification_pending'],
  ['verification_pending', 'report_withdrawn', 'planning'],
  ['verification_pending', 'proofs_rejected', 'planning'],
  ['verification_pending', 'proofs_verified', 'activation_pending'],
  ['activation_pending', 'report_withdrawn', 'planning'],
  ['activation_pending', 'activated', 'active'],
  ['verification_pending', 'incapacity_verified', 'incapacity'],
  ['incapacity', 'incapacity_ended', 'planning'],
  ['active', 'activation_reversed', 'planning'],
];

describe('the estate lifecycle', () => {
  it.each(ALLOWED)('%s --%s--> %s', (from, event, to) => {
    expect(nextStatus(from, event)).toEqual({ ok: true, from, to });
  });

  it('refuses every other pair, naming the states that are allowed next', () => {
    let refused = 0;
    for (const from of ESTATE_STATUSES) {
      for (const event of ESTATE_EVENTS) {
        if (ALLOWED.some(([f, e]) => f === from && e === event)) continue;
        const result = nextStatus(from, event);
        expect(result.ok, `${from} --${event}-->`).toBe(false);
        if (!result.ok) expect(result.allowed.sort()).toEqual([...new Set(ALLOWED.filter(([f]) => f === from).map(([, , to]) => to))].sort());
        refused++;
      }
    }
    expect(refused).toBe(ESTATE_STATUSES.length * ESTATE_EVENTS.length - ALLOWED.length);
  });

  it('cannot skip verification: planning never goes straight to activation_pending or active', () => {
    for (const event of ESTATE_EVENTS) {
      const result = nextStatus('planning', event);
      if (result.ok) expect(result.to).toBe('verification_pending');
    }
  });

  it('lets nothing leave active but the reversal of a mistaken activation (ADR 0075)', () => {
    expect(allowedEvents('active')).toEqual([{ event: 'activation_reversed', to: 'planning' }]);
    for (const event of ESTATE_EVENTS.filter((e) => e !== 'activation_reversed')) expect(nextStatus('active', event)).toEqual({ ok: false, from: 'active', allowed: ['planning'] });
    for (const from of ESTATE_STATUSES.filter((s) => s !== 'active')) expect(nextStatus(from, 'activation_reversed').ok).toBe(false);
  });

  it('lets the owner act only while a report is open', () => {
    expect(ESTATE_STATUSES.filter(ownerCanStillAct)).toEqual(['verification_pending', 'activation_pending']);
  });

  it('never activates from incapacity mode: only its end (back to planning) is possible, and a death needs a new report after it', () => {
    expect(allowedEvents('incapacity')).toEqual([{ event: 'incapacity_ended', to: 'planning' }]);
    for (const event of ['activated', 'proofs_verified', 'report_submitted', 'report_withdrawn'] as const) expect(nextStatus('incapacity', event).ok).toBe(false);
    // an incapacity only ever comes out of verification, never out of planning or activation_pending
    expect(ESTATE_STATUSES.filter((from) => nextStatus(from, 'incapacity_verified').ok)).toEqual(['verification_pending']);
  });

  it('closes a verified report by its event: a death awaits activation, an incapacity opens incapacity mode', () => {
    expect(verifiedEventOf('death')).toBe('proofs_verified');
    expect(verifiedEventOf('incapacity')).toBe('incapacity_verified');
  });
});
