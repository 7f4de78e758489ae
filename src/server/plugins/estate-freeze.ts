import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { frozenAtActivation, frozenEstateMessage } from '../../core/estate-freeze.ts';
import { ERROR_CODES } from '../../core/errors.ts';
import type { Actor, Deps } from '../context.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import { activeEstateFacts, frozenNameAndDay, lockEstateForOwnerWrite } from '../lib/estate-lock.ts';
import { inMailTransaction } from '../mail/mailer.ts';
import { sendError } from './errors.ts';

/** The estate owner making a write that activation freezes (ADR 0074), or null for any other request. */
function frozenWriter(request: FastifyRequest): (Actor & { estateId: string }) | null {
  const permission = request.routeOptions.config.permission;
  const actor = request.actor;
  if (!permission || !actor?.estateId || !frozenAtActivation(request.method, permission)) return null;
  return { ...actor, estateId: actor.estateId };
}

/**
 * The fast refusal: an estate owner's write to what their estate holds, once it is active, answered
 * 409 here, before any service runs (ADR 0074). The status is read from the database on every such
 * write, so activation freezes the estate at once on every server. A write that passes is checked
 * again under the estate's lock, in its own transaction (guardOwnerWrites).
 */
export async function refuseFrozenEstateWrite(deps: Deps, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  const actor = frozenWriter(request);
  if (!actor) return undefined;
  const estate = await activeEstateFacts(deps.db, actor.estateId);
  if (!estate) return undefined;
  return sendError(reply, 409, ERROR_CODES.estateFrozen, frozenEstateMessage(...frozenNameAndDay(estate, actor.name)));
}

/** Locks the writer's estate against activation and refuses, with the same 409, one that is active. */
async function refuseUnderLock(tx: Db, actor: Actor & { estateId: string }): Promise<void> {
  const estate = await lockEstateForOwnerWrite(tx, actor.estateId);
  if (estate?.status === 'active') throw new AppError(ERROR_CODES.estateFrozen, 409, frozenEstateMessage(...frozenNameAndDay(estate, actor.name)));
}

/** Every transaction opened on this Db first runs `begin` in it (an upload's: see guardOwnerWrites). */
function beginningWith(db: Db, begin: (tx: Db) => Promise<void>): Db {
  return new Proxy(db, {
    get(target, key, receiver) {
      if (key !== 'transaction') return Reflect.get(target, key, receiver) as unknown;
      return ((work, config) =>
        target.transaction(async (tx) => {
          await begin(tx as unknown as Db);
          return work(tx);
        }, config)) satisfies Db['transaction'];
    },
  });
}

const rolledBack = Symbol('rolled back');

/**
 * A transaction held open across the request's hooks: opened (and `begin` run in it) now, ended by
 * `end` — committed, then its mails delivered (inMailTransaction), or rolled back. Rejects when
 * `begin` throws.
 */
async function openTransaction(deps: Deps, begin: (tx: Db) => Promise<void>): Promise<{ db: Db; end(commit: boolean): Promise<void> }> {
  let decide: (commit: boolean) => void = () => undefined;
  const decided = new Promise<boolean>((resolve) => (decide = resolve));
  let opened: (tx: Db) => void = () => undefined;
  const ready = new Promise<Db>((resolve) => (opened = resolve));
  const done = inMailTransaction({ db: deps.db, mailer: deps.mailer }, async ({ db: tx }) => {
    await begin(tx);
    opened(tx);
    if (!(await decided)) throw rolledBack;
  }).catch((error: unknown) => {
    if (error !== rolledBack) throw error;
  });
  const db = await Promise.race([ready, done.then(() => ready)]);
  return {
    db,
    async end(commit) {
      decide(commit);
      // A rollback that fails (the connection is gone) changes nothing: the answer already says why.
      await (commit ? done : done.catch(() => undefined));
    },
  };
}

interface OwnerWrite {
  db: Db;
  /** Ends the request's transaction (none for an upload: its own transactions are guarded). */
  end?: (commit: boolean) => Promise<void>;
  /** The handler (or a hook after this one) threw: nothing it wrote is kept. */
  failed: boolean;
}

const ownerWrites = new WeakMap<FastifyRequest, OwnerWrite>();

/** The database an estate owner's frozen-guarded write works on (its transaction), else undefined. */
export const ownerWriteDb = (request: FastifyRequest): Db | undefined => ownerWrites.get(request)?.db;

/**
 * The guarantee behind the fast refusal (ADR 0109): no estate owner's write commits after activation
 * has. Every write the freeze covers runs in one transaction whose first statement locks the estate
 * row (lockEstateForOwnerWrite) and refuses an active estate under that lock; activation locks the
 * same row FOR UPDATE (applyTransition), so a write either commits before activation reads the estate
 * or waits for it and is refused with the same 409. The transaction is committed before the answer is
 * sent, and rolled back when the handler threw. An upload streams its files before anything is
 * recorded, so it holds no transaction while it streams: each transaction it opens to record them is
 * guarded the same way instead.
 */
export function guardOwnerWrites(app: FastifyInstance, deps: Deps): void {
  app.addHook('preHandler', async (request) => {
    const actor = frozenWriter(request);
    if (!actor) return;
    const begin = (tx: Db) => refuseUnderLock(tx, actor);
    if (request.isMultipart()) ownerWrites.set(request, { db: beginningWith(deps.db, begin), failed: false });
    else ownerWrites.set(request, { ...(await openTransaction(deps, begin)), failed: false });
  });
  app.addHook('onError', async (request) => {
    const write = ownerWrites.get(request);
    if (write) write.failed = true;
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    const write = ownerWrites.get(request);
    if (write?.end) {
      ownerWrites.delete(request);
      await write.end(!write.failed);
    }
    return payload;
  });
}
