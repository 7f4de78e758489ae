import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams, ZOkResponse } from '../../../core/common.schemas.ts';
import {
  ZCreatePlannerTaskRequest,
  ZEstateIdParams,
  ZLovedOneDetail,
  ZLovedOnePage,
  ZLovedOnesQuery,
  ZPlannerDashboard,
  ZPlannerTask,
  ZPlannerTaskPage,
  ZPlannerTaskQuery,
  ZUpdatePlannerTaskRequest,
} from '../../../core/planner.schemas.ts';
import { ZCreateTaskRequest, ZTask } from '../../../core/tasks.schemas.ts';
import { getLovedOne } from './get-loved-one.ts';
import { getPlannerDashboard } from './get-planner-dashboard.ts';
import { listLovedOnes } from './list-loved-ones.ts';
import { createPlannerTask } from './create-planner-task.ts';
import { deletePlannerTask } from './delete-planner-task.ts';
import { listPlannerTasks } from './list-planner-tasks.ts';
import { updatePlannerTask } from './update-planner-task.ts';
import { suggestTask } from './suggest-task.ts';

/** The legacy planner's practice (core/planner.schemas.ts lists the routes). */
export async function plannerRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['planner'];
  app.get(
    '/api/v1/planner/dashboard',
    { schema: { tags, response: { 200: ZPlannerDashboard } }, config: { permission: 'read:loved-one:own' } },
    async (req) => getPlannerDashboard(req.ctx),
  );
  app.get(
    '/api/v1/planner/loved-ones',
    { schema: { tags, querystring: ZLovedOnesQuery, response: { 200: ZLovedOnePage } }, config: { permission: 'read:loved-one:own' } },
    async (req) => listLovedOnes(req.ctx, req.query),
  );
  app.get(
    '/api/v1/planner/loved-ones/:estateId',
    { schema: { tags, params: ZEstateIdParams, response: { 200: ZLovedOneDetail } }, config: { permission: 'read:loved-one:own' } },
    async (req) => getLovedOne(req.ctx, req.params.estateId),
  );
  app.post(
    '/api/v1/planner/loved-ones/:estateId/suggested-tasks',
    { schema: { tags, params: ZEstateIdParams, body: ZCreateTaskRequest, response: { 201: ZTask } }, config: { permission: 'create:loved-one:own' } },
    async (req, reply) => reply.code(201).send(await suggestTask(req.ctx, req.params.estateId, req.body)),
  );
  app.get(
    '/api/v1/planner/tasks',
    { schema: { tags, querystring: ZPlannerTaskQuery, response: { 200: ZPlannerTaskPage } }, config: { permission: 'read:planner-task:own' } },
    async (req) => listPlannerTasks(req.ctx, req.query),
  );
  app.post(
    '/api/v1/planner/tasks',
    { schema: { tags, body: ZCreatePlannerTaskRequest, response: { 201: ZPlannerTask } }, config: { permission: 'create:planner-task:own' } },
    async (req, reply) => reply.code(201).send(await createPlannerTask(req.ctx, req.body)),
  );
  app.patch(
    '/api/v1/planner/tasks/:id',
    { schema: { tags, params: ZIdParams, body: ZUpdatePlannerTaskRequest, response: { 200: ZPlannerTask } }, config: { permission: 'update:planner-task:own' } },
    async (req) => updatePlannerTask(req.ctx, req.params.id, req.body),
  );
  app.delete(
    '/api/v1/planner/tasks/:id',
    { schema: { tags, params: ZIdParams, response: { 200: ZOkResponse } }, config: { permission: 'delete:planner-task:own' } },
    async (req) => {
      await deletePlannerTask(req.ctx, req.params.id);
      return { ok: true as const };
    },
  );
}
