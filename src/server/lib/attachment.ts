import type { FastifyReply } from 'fastify';

/** A file download: its type, the name the browser saves it under, never cached (it is personal). */
export const attachment = (reply: FastifyReply, type: string, filename: string) =>
  reply.type(type).header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'no-store');
