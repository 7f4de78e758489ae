import type { FastifyInstance } from 'fastify';

export async function plannerRoutes(_app: FastifyInstance) {}
