import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZActivationReview,
  ZActivationReviewList,
  ZActivationReviewReason,
  ZActivationReviewState,
  ZOwnerActivationReview,
} from '../../../core/activation-review.schemas.ts';
import { ZIdParams } from '../../../core/common.schemas.ts';
import { undecidedReviewViews } from './activation-review-view.ts';
import { decideReversal } from './decide-reversal.ts';
import { getOwnActivationReview, openActivationReview } from './open-activation-review.ts';
import { getEstateActivationReview, proposeReversal } from './propose-reversal.ts';

/** "This is a mistake — I am alive" and the two-person reversal of a mistaken activation (ADR 0075). */
export async function activationReviewRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['activation-review'];

  app.get(
    '/api/v1/estate/activation-review',
    { schema: { tags, response: { 200: ZOwnerActivationReview } }, config: { permission: 'read:activation-review:own' } },
    async (req) => getOwnActivationReview(req.ctx),
  );
  app.post(
    '/api/v1/estate/activation-review',
    { schema: { tags, summary: '"This is a mistake — I am alive": asks staff to check the activation; changes nothing', response: { 200: ZOwnerActivationReview } }, config: { permission: 'create:activation-review:own' } },
    async (req) => openActivationReview(req.ctx),
  );
  app.get(
    '/api/v1/estate-admin/estates/:id/activation-review',
    { schema: { tags, params: ZIdParams, response: { 200: ZActivationReviewState } }, config: { permission: 'update:activation-review:own' } },
    async (req) => getEstateActivationReview(req.ctx, req.params.id),
  );
  app.post(
    '/api/v1/estate-admin/estates/:id/activation-review/propose',
    { schema: { tags, summary: 'The estate’s administrator proposes the reversal; a different platform admin decides', params: ZIdParams, body: ZActivationReviewReason, response: { 200: ZActivationReview } }, config: { permission: 'update:activation-review:own' } },
    async (req) => proposeReversal(req.ctx, req.params.id, req.body.reason),
  );
  app.get(
    '/api/v1/admin/activation-reviews',
    { schema: { tags, summary: 'Reviews not yet decided', response: { 200: ZActivationReviewList } }, config: { permission: 'read:activation-review:any' } },
    async (req) => ({ items: await undecidedReviewViews(req.ctx.db) }),
  );
  app.post(
    '/api/v1/admin/activation-reviews/:id/approve',
    { schema: { tags, summary: 'Approve a proposed reversal: the estate goes back to planning', params: ZIdParams, body: ZActivationReviewReason, response: { 200: ZActivationReview } }, config: { permission: 'update:activation-review:any' } },
    async (req) => decideReversal(req.ctx, req.params.id, { approve: true, reason: req.body.reason }),
  );
  app.post(
    '/api/v1/admin/activation-reviews/:id/reject',
    { schema: { tags, summary: 'Reject a proposed reversal: the estate stays active', params: ZIdParams, body: ZActivationReviewReason, response: { 200: ZActivationReview } }, config: { permission: 'update:activation-review:any' } },
    async (req) => decideReversal(req.ctx, req.params.id, { approve: false, reason: req.body.reason }),
  );
}
