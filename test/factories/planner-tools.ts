import { inflateSync } from 'node:zlib';
import type { Db } from '../../src/server/db/client.ts';
import { userSettings } from '../../src/server/db/schema/users.ts';
import { insertSupportMember } from './estates.ts';
import { insertOwner, insertUser, type InsertedUser } from './users.ts';

/** A legacy planner account (with optional planner settings in user_settings.data). */
export async function insertPlanner(db: Db, settings?: Record<string, unknown>, overrides: Parameters<typeof insertUser>[1] = {}) {
  const planner = await insertUser(db, { roles: ['legacy-planner'], ...overrides });
  if (settings) await db.insert(userSettings).values({ userId: planner.id, data: settings });
  return planner;
}

/** An estate owner whose support team lists `planner` as an accepted Legacy Planner: a client. */
export async function insertClientOf(db: Db, planner: InsertedUser, overrides: Parameters<typeof insertOwner>[1] = {}) {
  const owner = await insertOwner(db, overrides);
  const member = await insertSupportMember(db, owner.estateId!, {
    role: 'legacy-planner',
    userId: planner.id,
    name: planner.name,
    email: planner.email,
    acceptedAt: new Date(),
  });
  return { owner, estateId: owner.estateId!, member };
}

/**
 * The text a PDF shows, read from its content streams (pdfkit writes standard-font text as hex
 * strings in TJ arrays, deflated): good enough to assert what a generated PDF does and does not say.
 */
/** pdfkit's standard fonts use WinAnsi (Windows-1252) codes; these are the ones our texts use above Latin-1. */
const WIN_ANSI: Record<number, string> = { 0x85: '…', 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•', 0x96: '–', 0x97: '—' };
const winAnsi = { decode: (bytes: Buffer) => [...bytes].map((b) => WIN_ANSI[b] ?? String.fromCharCode(b)).join('') };

export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  const streams = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
  for (let m = streams.exec(raw); m; m = streams.exec(raw)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
    } catch {
      content = m[1]!;
    }
    const arrays = /\[([^\]]*)\]\s*TJ/g;
    for (let a = arrays.exec(content); a; a = arrays.exec(content)) {
      const hex = [...a[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => winAnsi.decode(Buffer.from(h[1]!, 'hex')));
      out.push(hex.join(''));
    }
  }
  return out.join('\n');
}
