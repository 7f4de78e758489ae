import type { FastifyInstance } from 'fastify';

export async function plannerInvitationsRoutes(_app: FastifyInstance) {}
