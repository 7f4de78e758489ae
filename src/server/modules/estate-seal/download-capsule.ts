import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Ctx } from '../../context.ts';
import { currentSealOf, mayDownloadCapsule } from '../../access/estate-seal.ts';
import { ownerNameOf } from '../../safeguards/trustee-notices.ts';
import { notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { safeSegment } from '../../lib/safe-names.ts';
import { capsuleZip, collectCapsule, manifestBytes } from '../../sealed/capsule.ts';
import { contentDisposition } from '../../storage/stored-files.ts';

/**
 * The estate's Legacy Capsule as a zip, made now from what is sealed. Its manifest's SHA-256 goes into
 * the audit record, whose chain makes it tamper-evident (ADR 0098).
 */
export async function downloadCapsule(ctx: Ctx, estateId: string, reply: FastifyReply): Promise<FastifyReply> {
  if (!(await mayDownloadCapsule(ctx.db, ctx.actor.userId, estateId))) throw notFound('That capsule');
  const seal = await currentSealOf(ctx.db, estateId);
  if (!seal) throw notFound('That capsule');
  const capsule = await collectCapsule(ctx, seal, await ownerNameOf(ctx, estateId));
  await audit(ctx, {
    action: 'estate_seal.capsule_made',
    estateId,
    targetType: 'estate_seal',
    targetId: seal.id,
    details: { items: capsule.manifest.items.length, manifestSha256: createHash('sha256').update(manifestBytes(capsule.manifest)).digest('hex') },
  });
  const name = `Legacy Capsule — ${safeSegment(capsule.manifest.ownerName)} — ${capsule.manifest.madeAt.slice(0, 10)}.zip`;
  return reply
    .header('Content-Type', 'application/zip')
    .header('Content-Disposition', contentDisposition('attachment', name))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'no-store')
    .send(capsuleZip(capsule, ctx.config.capsulePage));
}
