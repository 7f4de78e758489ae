import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS, isCreated, isSent, notificationSettingsFrom, startOfDayIn } from './notifications.schemas.ts';

describe('startOfDayIn', () => {
  it('is local midnight in the zone, as an instant', () => {
    expect(startOfDayIn(new Date('2026-05-12T15:00:00Z'), 'UTC').toISOString()).toBe('2026-05-12T00:00:00.000Z');
    expect(startOfDayIn(new Date('2026-05-12T15:00:00Z'), 'America/New_York').toISOString()).toBe('2026-05-12T04:00:00.000Z');
    expect(startOfDayIn(new Date('2026-05-12T15:00:00Z'), 'Asia/Tokyo').toISOString()).toBe('2026-05-12T15:00:00.000Z');
    expect(startOfDayIn(new Date('2026-05-12T14:59:59Z'), 'Asia/Tokyo').toISOString()).toBe('2026-05-11T15:00:00.000Z');
  });

  it('handles days when the clocks change', () => {
    // London springs forward at 01:00 UTC on 29 March 2026: midnight was still GMT.
    expect(startOfDayIn(new Date('2026-03-29T12:00:00Z'), 'Europe/London').toISOString()).toBe('2026-03-29T00:00:00.000Z');
    // …and falls back on 25 October 2026: midnight was still BST.
    expect(startOfDayIn(new Date('2026-10-25T12:00:00Z'), 'Europe/London').toISOString()).toBe('2026-10-24T23:00:00.000Z');
  });
});

describe('notification settings', () => {
  it('fill in defaults and keep valid stored fields when others are broken', () => {
    expect(notificationSettingsFrom(undefined)).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    expect(notificationSettingsFrom({ method: 'sms', frequency: 'hourly', newMemories: false })).toEqual({
      ...DEFAULT_NOTIFICATION_SETTINGS,
      method: 'sms',
      newMemories: false,
    });
  });

  it('preferences decide creation; the new-content toggle decides sending of memories and documents only', () => {
    const s = { ...DEFAULT_NOTIFICATION_SETTINGS, newMemories: false, newContent: false };
    expect(isCreated(s, 'memory')).toBe(false);
    expect(isCreated(s, 'document')).toBe(true);
    expect(isCreated(s, 'estate')).toBe(true);
    expect(isCreated({ ...s, documentUpdates: false, newMessages: false }, 'security')).toBe(true);
    expect(isSent(s, 'document')).toBe(false);
    expect(isSent(s, 'message')).toBe(true);
  });
});
