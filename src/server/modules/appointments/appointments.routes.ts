import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAppointment,
  ZAppointmentIdParams,
  ZAppointmentList,
  ZAppointmentListQuery,
  ZAppointmentOptions,
  ZAppointmentOptionsQuery,
  ZCreateAppointmentRequest,
} from '../../../core/appointments.schemas.ts';
import { appointmentIcs } from './appointment-ics.ts';
import { cancelAppointment } from './cancel-appointment.ts';
import { createAppointment } from './create-appointment.ts';
import { getAppointmentOptions } from './get-appointment-options.ts';
import { listAppointments } from './list-appointments.ts';
import { respondToAppointment } from './respond-to-appointment.ts';

export async function appointmentsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['appointments'];
  const params = ZAppointmentIdParams;

  app.get(
    '/api/v1/appointments',
    { schema: { tags, querystring: ZAppointmentListQuery, response: { 200: ZAppointmentList } }, config: { permission: 'read:appointment:own' } },
    async (req) => listAppointments(req.ctx, req.query),
  );
  app.get(
    '/api/v1/appointments/options',
    { schema: { tags, querystring: ZAppointmentOptionsQuery, response: { 200: ZAppointmentOptions } }, config: { permission: 'read:appointment:own' } },
    async (req) => getAppointmentOptions(req.ctx, req.query.persona),
  );
  app.post(
    '/api/v1/appointments',
    { schema: { tags, body: ZCreateAppointmentRequest, response: { 201: ZAppointment } }, config: { permission: 'create:appointment:own' } },
    async (req, reply) => reply.code(201).send(await createAppointment(req.ctx, req.body)),
  );
  app.post(
    '/api/v1/appointments/:id/confirm',
    { schema: { tags, params, response: { 200: ZAppointment } }, config: { permission: 'update:appointment:own' } },
    async (req) => respondToAppointment(req.ctx, req.params.id, 'confirmed'),
  );
  app.post(
    '/api/v1/appointments/:id/decline',
    { schema: { tags, params, response: { 200: ZAppointment } }, config: { permission: 'update:appointment:own' } },
    async (req) => respondToAppointment(req.ctx, req.params.id, 'declined'),
  );
  app.post(
    '/api/v1/appointments/:id/cancel',
    { schema: { tags, params, response: { 200: ZAppointment } }, config: { permission: 'update:appointment:own' } },
    async (req) => cancelAppointment(req.ctx, req.params.id),
  );
  app.get(
    '/api/v1/appointments/:id/ics',
    { schema: { tags, params }, config: { permission: 'read:appointment:own' } },
    async (req, reply) => {
      const { filename, body } = await appointmentIcs(req.ctx, req.params.id);
      return reply
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .type('text/calendar; charset=utf-8')
        .send(body);
    },
  );
}
