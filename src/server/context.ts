import type { Role } from '../core/roles.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { EventBus } from './events/bus.ts';
import type { JobScheduler } from './jobs/scheduler.ts';
import type { Clock } from './lib/clock.ts';
import type { SecretBox } from './lib/crypto.ts';
import type { Mailer } from './mail/mailer.ts';
import type { FileStore } from './storage/file-store.ts';

/** Who is calling: built from the session by the session plugin. */
export interface Actor {
  userId: string;
  name: string;
  email: string;
  roles: Role[];
  /** The estate this user owns, when they are an estate owner. */
  estateId: string | null;
  /** When that estate was activated; null unless it is active. For display: the freeze reads the database (ADR 0074). */
  estateActivatedAt: Date | null;
  /** The estates this user is a beneficiary of (linked by their account, any access), read with the session on every request. */
  linkedEstateIds: string[];
  sessionId: string;
}

/** Long-lived dependencies, built once by buildApp. */
export interface Deps {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  /** Encrypts small secrets and wraps file keys with the master key. */
  secrets: SecretBox;
  /** Encrypted file blobs: DATA_DIR/files, or S3-compatible storage when configured (storage/). */
  files: FileStore;
  /** Background jobs (src/server/jobs): runDue() in tests, the poller in the server process. */
  jobs: JobScheduler;
  /** Who hears each in-process event (events/subscribers.ts); services call events/bus.ts publish(). */
  events: EventBus;
}

/** Where a request came from, for the audit log. */
export interface RequestMeta {
  ip: string;
  userAgent: string;
}

/** What every service receives. Routes that are not public always have an actor. */
export interface Ctx extends Deps {
  actor: Actor;
  meta: RequestMeta;
}

/** For public routes and jobs: no actor. */
export interface BaseCtx extends Deps {
  actor: Actor | null;
  meta: RequestMeta;
}
