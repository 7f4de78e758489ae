import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParams } from '../../../core/common.schemas.ts';
import {
  ZNotification,
  ZNotificationPreferences,
  ZNotificationsList,
  ZNotificationsQuery,
  ZUpdateNotificationPreferencesRequest,
} from '../../../core/notifications.schemas.ts';
import { archiveNotification } from './archive-notification.ts';
import { listNotifications } from './list-notifications.ts';
import { markAllNotificationsRead } from './mark-all-notifications-read.ts';
import { markNotificationRead } from './mark-notification-read.ts';
import { updateNotificationPreferences } from './update-notification-preferences.ts';

export async function notificationsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  const read = { permission: 'read:notification:own' } as const;
  const update = { permission: 'update:notification:own' } as const;

  app.get(
    '/api/v1/notifications',
    { schema: { tags, querystring: ZNotificationsQuery, response: { 200: ZNotificationsList } }, config: read },
    async (req) => listNotifications(req.ctx, req.query),
  );
  app.post(
    '/api/v1/notifications/read-all',
    { schema: { tags, response: { 200: z.object({ updated: z.number().int() }) } }, config: update },
    async (req) => markAllNotificationsRead(req.ctx),
  );
  app.patch(
    '/api/v1/notifications/preferences',
    { schema: { tags, body: ZUpdateNotificationPreferencesRequest, response: { 200: ZNotificationPreferences } }, config: update },
    async (req) => updateNotificationPreferences(req.ctx, req.body),
  );
  app.post(
    '/api/v1/notifications/:id/read',
    { schema: { tags, params: ZIdParams, response: { 200: ZNotification } }, config: update },
    async (req) => markNotificationRead(req.ctx, req.params.id),
  );
  app.post(
    '/api/v1/notifications/:id/archive',
    { schema: { tags, params: ZIdParams, response: { 200: ZNotification } }, config: update },
    async (req) => archiveNotification(req.ctx, req.params.id, true),
  );
  app.post(
    '/api/v1/notifications/:id/unarchive',
    { schema: { tags, params: ZIdParams, response: { 200: ZNotification } }, config: update },
    async (req) => archiveNotification(req.ctx, req.params.id, false),
  );
}
