import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '../../core/errors.ts';
import { can, type Permission } from '../../core/permissions.ts';
import type { Actor, BaseCtx, Ctx, Deps, RequestMeta } from '../context.ts';
import { safeEqual } from '../lib/tokens.ts';
import { BACKGROUND_HEADER, CSRF_COOKIE, IDLE_REMAINING_HEADER, SESSION_COOKIE, loadSession } from '../identity/sessions.ts';
import { getSystemSettings } from '../settings/get-system-settings.ts';
import { sendError } from './errors.ts';
import { guardOwnerWrites, ownerWriteDb, refuseFrozenEstateWrite } from './estate-freeze.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The one permission a caller needs (core/permissions.ts). */
    permission?: Permission;
    /** Set on routes anyone may call. A route needs exactly one of permission / public. */
    public?: boolean;
    /**
     * Open to a signed-in user the require-two-factor policy holds at setup (reading the account,
     * setting two-factor up). Every other signed-in call answers 403 TWO_FACTOR_SETUP_REQUIRED.
     */
    allowBeforeTwoFactor?: boolean;
    /**
     * A health probe (public): never reads the session, so its answer is the same with or without a
     * cookie, and a database that is down is a 503 from the probe, not a 500 from the session lookup.
     */
    probe?: boolean;
  }
  interface FastifyInstance {
    /** Every guarded API route and what it declared (the permission tests walk this list). */
    guardedRoutes: { method: string; url: string; permission: Permission | null }[];
  }
  interface FastifyRequest {
    actor: Actor | null;
    sessionExpired: boolean;
    /** The platform requires two-factor and this signed-in user has not set it up yet. */
    twoFactorSetupRequired: boolean;
    /** Seconds of inactivity left on the session (null without one). */
    idleRemainingSeconds: number | null;
    /** The session's CSRF token (or the anonymous double-submit cookie). */
    csrfToken: string | null;
    meta: RequestMeta;
    /** Service context with the signed-in actor; only on routes that declare a permission. */
    ctx: Ctx;
    /** Service context without an actor guarantee (public routes). */
    baseCtx: BaseCtx;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Routes outside the API (the SPA, static files, OpenAPI UI) are not guarded by permissions. */
export function isGuardedUrl(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

/**
 * The one place where requests are authenticated and authorised:
 * session → 401 without one → CSRF on mutations → 403 without the route's permission → 409 for an
 * estate owner's change to an activated estate (ADR 0074), checked again under the estate's lock in
 * the write's own transaction (ADR 0109).
 * Startup fails for an API route that declares neither a permission nor `public`.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { deps: Deps }) => {
  const { deps } = opts;

  const guardedRoutes: { method: string; url: string; permission: Permission | null }[] = [];
  app.decorate('guardedRoutes', guardedRoutes);
  app.addHook('onRoute', (route) => {
    if (!isGuardedUrl(route.url)) return;
    const config = (route.config ?? {}) as { permission?: Permission; public?: boolean; probe?: boolean };
    if (!config.permission === !config.public) {
      throw new Error(`Route ${String(route.method)} ${route.url} must declare exactly one of config.permission or config.public`);
    }
    if (config.probe && !config.public) throw new Error(`Route ${String(route.method)} ${route.url}: only a public route can be a probe`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') guardedRoutes.push({ method, url: route.url, permission: config.permission ?? null });
    }
  });

  app.decorateRequest('actor', null);
  app.decorateRequest('sessionExpired', false);
  app.decorateRequest('twoFactorSetupRequired', false);
  app.decorateRequest('idleRemainingSeconds', null);
  app.decorateRequest('csrfToken', null);
  app.decorateRequest('meta', { getter: metaOf });
  app.decorateRequest('ctx', {
    getter(this: FastifyRequest): Ctx {
      if (!this.actor) throw new Error('ctx used on a route without an actor; use baseCtx');
      return { ...deps, db: ownerWriteDb(this) ?? deps.db, actor: this.actor, meta: this.meta };
    },
  });
  app.decorateRequest('baseCtx', {
    getter(this: FastifyRequest): BaseCtx {
      return { ...deps, db: ownerWriteDb(this) ?? deps.db, actor: this.actor, meta: this.meta };
    },
  });

  app.addHook('onRequest', async (request, reply) => {
    // Decided from the route the router matched, never from the raw URL: `/%61pi/v1/…` and
    // `http://host/api/v1/…` reach the same handlers as `/api/v1/…`. Unmatched paths get the 404 handler.
    const routeUrl = request.routeOptions.url;
    if (routeUrl === undefined || !isGuardedUrl(routeUrl)) return;
    const config = request.routeOptions.config;
    if (config.probe) return;

    // Read on every request (ADR 0085): a session ended on any instance is refused at once on all.
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      const loaded = await loadSession(deps, token, { background: request.headers[BACKGROUND_HEADER] === '1' });
      if (loaded && 'expired' in loaded) request.sessionExpired = true;
      else if (loaded) {
        request.actor = loaded.actor;
        request.csrfToken = loaded.csrfToken;
        request.idleRemainingSeconds = loaded.idleRemainingSeconds;
        request.twoFactorSetupRequired = !loaded.twoFactorEnabled && (await getSystemSettings(deps.db)).requireTwoFactor;
        reply.header(IDLE_REMAINING_HEADER, String(loaded.idleRemainingSeconds));
      }
    }
    if (!request.actor) request.csrfToken = request.cookies[CSRF_COOKIE] ?? null;

    if (!config.public && !request.actor) {
      return request.sessionExpired
        ? sendError(reply, 401, ERROR_CODES.sessionExpired, 'Your session ended after a period of inactivity. Please sign in again.')
        : sendError(reply, 401, ERROR_CODES.unauthenticated, 'Please sign in to continue.');
    }

    if (UNSAFE.has(request.method)) {
      const header = request.headers['x-csrf-token'];
      if (typeof header !== 'string' || !request.csrfToken || !safeEqual(header, request.csrfToken)) {
        return sendError(reply, 403, ERROR_CODES.csrf, 'The security token is missing or out of date. Reload the page and try again.');
      }
    }

    if (request.twoFactorSetupRequired && config.permission && !config.allowBeforeTwoFactor) {
      return sendError(
        reply,
        403,
        ERROR_CODES.twoFactorSetupRequired,
        'Your platform requires two-factor authentication. Set it up to continue.',
      );
    }

    if (config.permission && !can(request.actor?.roles ?? [], config.permission)) {
      return sendError(reply, 403, ERROR_CODES.forbidden, 'Your account does not have access to this.');
    }

    return refuseFrozenEstateWrite(deps, request, reply);
  });
  guardOwnerWrites(app, deps);
});

function metaOf(this: FastifyRequest): RequestMeta {
  const ua = this.headers['user-agent'];
  return { ip: this.ip, userAgent: typeof ua === 'string' ? ua : '' };
}
