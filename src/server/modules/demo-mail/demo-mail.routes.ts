import type { FastifyInstance } from 'fastify';

export async function demoMailRoutes(_app: FastifyInstance) {}
