import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAdminAlert,
  ZAdminAlertListQuery,
  ZAdminAlertPage,
  ZAdminDashboard,
  ZAdminTask,
  ZAdminTaskListQuery,
  ZAdminTaskPage,
  ZCreateAdminTaskRequest,
  ZUpdateAdminAlertRequest,
} from '../../../core/admin-dashboard.schemas.ts';
import { ZIdParams } from '../../../core/common.schemas.ts';
import { completeAdminTask } from './complete-admin-task.ts';
import { createAdminTask } from './create-admin-task.ts';
import { getAdminDashboard } from './get-admin-dashboard.ts';
import { listAdminAlerts } from './list-admin-alerts.ts';
import { listAdminTasks } from './list-admin-tasks.ts';
import { updateAdminAlertStatus } from './update-admin-alert-status.ts';

/** The admin dashboard: figures, system status, platform alerts and the admins' tasks (core/admin-dashboard.schemas.ts). */
export async function adminDashboardRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  app.get(
    '/api/v1/admin/dashboard',
    { schema: { tags, summary: 'Stat tiles and system status', response: { 200: ZAdminDashboard } }, config: { permission: 'read:report:any' } },
    async (req) => getAdminDashboard(req.ctx),
  );
  app.get(
    '/api/v1/admin/alerts',
    { schema: { tags, querystring: ZAdminAlertListQuery, response: { 200: ZAdminAlertPage } }, config: { permission: 'read:alert:any' } },
    async (req) => listAdminAlerts(req.ctx, req.query),
  );
  app.post(
    '/api/v1/admin/alerts/:id/status',
    { schema: { tags, params: ZIdParams, body: ZUpdateAdminAlertRequest, response: { 200: ZAdminAlert } }, config: { permission: 'update:alert:any' } },
    async (req) => updateAdminAlertStatus(req.ctx, req.params.id, req.body.status),
  );
  app.get(
    '/api/v1/admin/tasks',
    { schema: { tags, querystring: ZAdminTaskListQuery, response: { 200: ZAdminTaskPage } }, config: { permission: 'read:admin-task:any' } },
    async (req) => listAdminTasks(req.ctx, req.query),
  );
  app.post(
    '/api/v1/admin/tasks',
    { schema: { tags, body: ZCreateAdminTaskRequest, response: { 201: ZAdminTask } }, config: { permission: 'create:admin-task:any' } },
    async (req, reply) => reply.code(201).send(await createAdminTask(req.ctx, req.body)),
  );
  app.post(
    '/api/v1/admin/tasks/:id/complete',
    { schema: { tags, params: ZIdParams, response: { 200: ZAdminTask } }, config: { permission: 'update:admin-task:any' } },
    async (req) => completeAdminTask(req.ctx, req.params.id),
  );
}
