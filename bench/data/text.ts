/**
 * Realistic text for the large platform, drawn from pools made once with faker (seeded, so every
 * run writes the same platform): picking from pools keeps a million rows fast to generate while
 * full-text and trigram search still see varied words.
 */
import { faker } from '@faker-js/faker';

faker.seed(2026);

const pool = <T>(n: number, make: () => T): T[] => Array.from({ length: n }, make);

const PLACES = pool(400, () => faker.location.city());
const PEOPLE = pool(400, () => faker.person.firstName());
const TITLE_SHAPES: ((place: string, person: string, word: string) => string)[] = [
  (place) => `Summer in ${place}`,
  (_, person) => `${person}'s birthday`,
  (place, person) => `${person} and the ${place} garden`,
  (_, __, word) => `The ${word} we kept`,
  (place) => `Christmas at ${place}`,
  (_, person, word) => `${person}'s ${word}`,
  (place, _, word) => `A ${word} afternoon in ${place}`,
  (_, person) => `Wedding of ${person}`,
];
const WORDS = pool(600, () => faker.word.noun());
const DESCRIPTIONS = pool(3_000, () => faker.lorem.sentences({ min: 1, max: 3 }));
const STORIES = pool(800, () => faker.lorem.paragraphs({ min: 2, max: 4 }));
const DOCUMENT_TITLES = pool(2_000, () => `${faker.helpers.arrayElement(['Will', 'Deed', 'Policy', 'Statement', 'Letter', 'Certificate', 'Agreement', 'Receipt'])} — ${faker.company.name()}`);
const DOCUMENT_TEXT = pool(1_000, () => faker.lorem.paragraphs({ min: 1, max: 3 }));
const FIRST_NAMES = pool(1_000, () => faker.person.firstName());
const LAST_NAMES = pool(1_000, () => faker.person.lastName());

/** A deterministic pseudo-random integer in [0, n) for the i-th draw of a stream. */
export const pick = (i: number, n: number, salt = 0): number => {
  let x = (i + 1) * 2_654_435_761 + salt * 40_503;
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
  return ((x ^ (x >>> 16)) >>> 0) % n;
};
const of = <T>(items: T[], i: number, salt: number): T => items[pick(i, items.length, salt)] as T;

export const memoryTitle = (i: number) => of(TITLE_SHAPES, i, 1)(of(PLACES, i, 2), of(PEOPLE, i, 3), of(WORDS, i, 4));
export const memoryDescription = (i: number) => of(DESCRIPTIONS, i, 5);
export const story = (i: number) => of(STORIES, i, 6);
export const documentTitle = (i: number) => of(DOCUMENT_TITLES, i, 7);
export const documentText = (i: number) => of(DOCUMENT_TEXT, i, 8);
export const firstName = (i: number) => of(FIRST_NAMES, i, 9);
export const lastName = (i: number) => of(LAST_NAMES, i, 10);
