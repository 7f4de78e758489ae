import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account/account.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { healthRoutes } from './health.routes.ts';

/** Every API module, registered by buildApp in this order. Add a module here. */
export const MODULES: ((app: FastifyInstance) => Promise<void>)[] = [healthRoutes, authRoutes, accountRoutes];
