import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZOkResponse } from '../../../core/common.schemas.ts';
import { ZCreateTaskRequest, ZTask, ZTaskIdParams, ZTaskList, ZTaskListQuery, ZUpdateTaskRequest } from '../../../core/tasks.schemas.ts';
import { createTask } from './create-task.ts';
import { deleteTask } from './delete-task.ts';
import { listTasks } from './list-tasks.ts';
import { setTaskStatus } from './set-task-status.ts';
import { ownTask, taskWithSuggester } from '../../views/task-view.ts';
import { updateTask } from './update-task.ts';

export async function tasksRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['tasks'];
  const params = ZTaskIdParams;

  app.get(
    '/api/v1/tasks',
    { schema: { tags, querystring: ZTaskListQuery, response: { 200: ZTaskList } }, config: { permission: 'read:task:own' } },
    async (req) => listTasks(req.ctx, req.query),
  );
  app.post(
    '/api/v1/tasks',
    { schema: { tags, body: ZCreateTaskRequest, response: { 201: ZTask } }, config: { permission: 'create:task:own' } },
    async (req, reply) => reply.code(201).send(await createTask(req.ctx, req.body)),
  );
  app.get(
    '/api/v1/tasks/:id',
    { schema: { tags, params, response: { 200: ZTask } }, config: { permission: 'read:task:own' } },
    async (req) => taskWithSuggester(req.ctx.db, await ownTask(req.ctx, req.params.id)),
  );
  app.patch(
    '/api/v1/tasks/:id',
    { schema: { tags, params, body: ZUpdateTaskRequest, response: { 200: ZTask } }, config: { permission: 'update:task:own' } },
    async (req) => updateTask(req.ctx, req.params.id, req.body),
  );
  app.post(
    '/api/v1/tasks/:id/complete',
    { schema: { tags, params, response: { 200: ZTask } }, config: { permission: 'update:task:own' } },
    async (req) => setTaskStatus(req.ctx, req.params.id, 'completed'),
  );
  app.post(
    '/api/v1/tasks/:id/reopen',
    { schema: { tags, params, response: { 200: ZTask } }, config: { permission: 'update:task:own' } },
    async (req) => setTaskStatus(req.ctx, req.params.id, 'pending'),
  );
  app.delete(
    '/api/v1/tasks/:id',
    { schema: { tags, params, response: { 200: ZOkResponse } }, config: { permission: 'delete:task:own' } },
    async (req) => {
      await deleteTask(req.ctx, req.params.id);
      return { ok: true as const };
    },
  );
}
