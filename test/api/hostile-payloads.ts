/** The hostile values the input suite sends (ADR 0080), by what they attack. */

/** A small seeded PRNG (mulberry32), so a failing run can be repeated exactly. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

export const UNICODE_EDGES = [
  '\ud800', // a lone high surrogate
  'end\udfff', // a lone low surrogate
  'a\u0000b', // NUL, which PostgreSQL text cannot hold
  '\u202eevil.pdf\u202dfdp.exe', // right-to-left override
  '👩‍👩‍👧‍👦', // emoji joined by ZWJ
  'e\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301', // stacked combining marks
  '\ufeff\u200b\u2028\u2029', // BOM, zero width space, line and paragraph separators
  '\uffff\ufffe',
  'Z̷̧̛̛̛̪͉̬̫͕̲̪͕͓͙͔̩̲̜̖̠̣̠̝̯̹̹̜͓͓̣̩̥̣̫̙̘̝̟̟̗͕̖̜͛̓̆̋͒͊̈́͊͐͊̀̑̐͗̓͐͌͋̊̈́́͆͑̈̚̚͜͠͝ͅ',
];

export const INJECTIONS = [
  "' OR 1=1--",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; select pg_sleep(0)',
  "admin'/*",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}${7*7}<%= 7*7 %>',
  '../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '..\\..\\windows\\win.ini',
  '/etc/passwd\u0000.jpg',
  '%00',
  '$where',
  '__proto__',
];

export const HOSTILE_PATH_SEGMENTS = [
  'not-a-uuid',
  '..%2f..%2fetc%2fpasswd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  "'%20OR%201%3D1--",
  '%3Cscript%3E',
  '%00',
  '%ED%A0%80', // an encoded lone surrogate
  '%F0%9F%98%80',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '12345678-1234-1234-1234-1234567890ab',
  'x'.repeat(4000),
  '-1',
  '1e309',
];

export const HOSTILE_QUERY_VALUES = ['abc', '-1', '0', '1e309', '99999999999999999999', 'true', '', '%00', '%ED%A0%80', "'%20OR%201%3D1--", '%3Cscript%3E', 'x'.repeat(10_000), '..%2f..%2fetc'];

/** A JSON text nested `depth` arrays or objects deep (JSON.stringify would overflow the stack first). */
export function deepJson(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** Values of the wrong type (or the right type with hostile content) for one field. */
export function wrongValues(random: () => number): unknown[] {
  return [
    12345,
    -1,
    1.5e308,
    true,
    null,
    [],
    [1, 'two', null],
    {},
    { $gt: '' },
    'x'.repeat(100_000),
    pick(random, UNICODE_EDGES),
    pick(random, INJECTIONS),
    '',
    ' ',
    JSON.parse(deepJson(200, 'object')),
  ];
}
