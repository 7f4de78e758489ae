import type { FastifyInstance } from 'fastify';

export async function plannerToolsRoutes(_app: FastifyInstance) {}
