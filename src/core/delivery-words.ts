/**
 * A future message's delivery rule in the owner's words, read from the recipient's side and with the
 * moment it arrives (ADR 0042): "On Emily's next birthday — 14 March 2027, 09:00 Europe/London",
 * "On 3 June 2027, 09:00 Europe/London", "One year after my passing". Pure: the caller passes the
 * clock's "now" and the owner's time zone; the server's view model calls it, the compose form
 * calls it for its live preview.
 */
import type { ACTIVATION_CONDITIONS } from './constants.ts';
import { dateInWords, DELIVERY_HOUR, nextBirthday, todayIn, zonedDateAtHour, type DeliveryRule } from './delivery-rules.ts';
import { timeZoneOffsetMs } from './time-zones.ts';

export type ActivationCondition = keyof typeof ACTIVATION_CONDITIONS;

export interface DeliveryWordsInput {
  rule: DeliveryRule;
  deliverOn?: string | null;
  daysAfterActivation?: number | null;
  /** The recipient's first name; null when the message has no recipient (removed beneficiary). */
  recipientFirstName: string | null;
  /** The recipient's known date of birth (next_birthday). */
  recipientDateOfBirth?: string | null;
  /** The estate's activation condition: "after my passing" or "after my estate is activated". */
  activationCondition: ActivationCondition;
  /** The stored due time, once known (scheduled or delivered); otherwise it is projected from the rule. */
  dueAt?: Date | null;
  now: Date;
  /** The owner's IANA time zone: dates and hours are read in it. */
  timeZone: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the owner reads it: '14 March 2027, 09:00 Europe/London'. */
export function momentInWords(instant: Date, timeZone: string): string {
  const local = new Date(instant.getTime() + timeZoneOffsetMs(instant, timeZone));
  const isoDate = `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
  return `${dateInWords(isoDate)}, ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())} ${timeZone}`;
}

/** "Emily" → "Emily's"; "James" → "James's". */
export function possessive(name: string): string {
  return `${name}'s`;
}

const NUMBER_WORDS = ['Zero', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten'];

function count(n: number, unit: string): string {
  const word = n <= 10 ? NUMBER_WORDS[n]! : String(n);
  return `${word} ${unit}${n === 1 ? '' : 's'}`;
}

/** 365 → 'One year', 14 → 'Two weeks', 30 → '30 days'. */
export function durationInWords(days: number): string {
  if (days >= 365 && days % 365 === 0) return count(days / 365, 'year');
  if (days >= 7 && days % 7 === 0 && days < 365) return count(days / 7, 'week');
  return count(days, 'day');
}

/** What the count starts from, by the estate's activation condition. */
function activationEvent(condition: ActivationCondition): { after: string; when: string } {
  switch (condition) {
    case 'upon_death':
      return { after: 'my passing', when: 'When my passing is confirmed' };
    case 'upon_incapacitation':
      return { after: 'my incapacity is confirmed', when: 'When my incapacity is confirmed' };
    case 'specific_date':
    case 'manual':
      return { after: 'my estate is activated', when: 'When my estate is activated' };
  }
}

/** When a date-based rule would deliver if it were scheduled now (drafts show it too). */
function projectedDueAt(input: DeliveryWordsInput): Date | null {
  if (input.dueAt) return input.dueAt;
  if (input.rule === 'on_date' && input.deliverOn) return zonedDateAtHour(input.deliverOn, DELIVERY_HOUR, input.timeZone);
  if (input.rule === 'next_birthday' && input.recipientDateOfBirth) {
    return zonedDateAtHour(nextBirthday(input.recipientDateOfBirth, todayIn(input.now, input.timeZone)), DELIVERY_HOUR, input.timeZone);
  }
  return null;
}

/** The rule in words, with its moment in the owner's time zone when it is known. */
export function deliveryInWords(input: DeliveryWordsInput): string {
  const due = projectedDueAt(input);
  switch (input.rule) {
    case 'on_date':
      return due ? `On ${momentInWords(due, input.timeZone)}` : 'On a date not yet chosen';
    case 'next_birthday': {
      const whose = input.recipientFirstName ? possessive(input.recipientFirstName) : "the recipient's";
      return `On ${whose} next birthday — ${due ? momentInWords(due, input.timeZone) : 'date of birth not known yet'}`;
    }
    case 'after_activation': {
      const days = input.daysAfterActivation ?? 0;
      const event = activationEvent(input.activationCondition);
      const rule = days === 0 ? event.when : `${durationInWords(days)} after ${event.after}`;
      return due ? `${rule} — ${momentInWords(due, input.timeZone)}` : rule;
    }
  }
}
