import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zEmail, zIsoDate, zName } from './common.schemas.ts';
import { ZSaveFutureMessageRequest } from './future-messages.schemas.ts';
import { plainFieldMessage, requiredMessage } from './plain-messages.ts';

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('plain validation messages', () => {
  const Form = z.object({ title: zName, date: zIsoDate, email: zEmail, count: z.number().int().min(1).max(10), relationship: z.enum(['Child', 'Friend']) }).strict();

  it('names what is missing', () => {
    expect(messagesOf(Form.safeParse({ title: '   ' }))).toEqual({
      title: 'Enter a title',
      date: 'Enter a date',
      email: 'Enter an email address',
      count: 'Enter the count',
      relationship: 'Choose a relationship',
    });
  });

  it('says what is wrong with what was typed', () => {
    expect(
      messagesOf(Form.safeParse({ title: 'x'.repeat(121), date: '2026-02-30', email: 'margaret-at-home', count: 11, relationship: 'Cousin', extra: 1 })),
    ).toEqual({
      title: 'Use at most 120 characters',
      date: 'Enter a real date',
      email: 'Enter an email address, like name@example.com',
      count: 'Enter 10 or less',
      relationship: 'Choose a relationship',
      '': 'Unknown field',
    });
    expect(messagesOf(Form.safeParse({ title: 'A', date: '2026-01-01', email: 'a@b.co', count: 0, relationship: 'Child' }))).toEqual({ count: 'Enter 1 or more' });
  });

  it('never shows the old machine words', () => {
    const all = Object.values(messagesOf(ZSaveFutureMessageRequest.safeParse({ recipientId: 'nope', subject: '', body: ' ', deliveryRule: 'soon', status: 'draft' })));
    expect(all).toEqual(['Choose one from the list', 'Enter a subject', 'Enter your message', 'Choose when it is delivered']);
    for (const m of all) expect(m).not.toMatch(/Invalid|Must be|expected|YYYY/);
  });

  it('turns a schema’s terse "Required" into the field’s words, and keeps other messages', () => {
    expect(plainFieldMessage('title', 'Required')).toBe('Enter a title');
    expect(plainFieldMessage('dueDate', 'Required')).toBe('Enter a due date');
    expect(plainFieldMessage('favouriteColour', 'Required')).toBe('Enter the favourite colour');
    expect(plainFieldMessage('email', 'Already one of your beneficiaries')).toBe('Already one of your beneficiaries');
    expect(requiredMessage(undefined)).toBe('Fill this in');
  });
});
