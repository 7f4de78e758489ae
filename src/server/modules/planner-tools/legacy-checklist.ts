import { and, asc, eq, sql } from 'drizzle-orm';
import { computeCompletion, KEY_DOCUMENTS_PER_CATEGORY, RECOMMENDED_DOCUMENT_CATEGORIES } from '../../../core/completion.ts';
import { DOCUMENT_TYPE_LABELS, TASK_PRIORITY_LABELS } from '../../../core/constants.ts';
import type { Ctx } from '../../context.ts';
import { tasks } from '../../db/schema/tasks.ts';
import { completionFacts } from '../../views/completion-facts.ts';
import { checkItem, fileSlug, footer, heading, renderPdf, section } from '../../lib/pdf.ts';
import { plannerToday } from './planner-clock.ts';
import { clientOwner } from './tool-clients.ts';

/** Most open tasks listed on the checklist (the rest are counted). */
const CHECKLIST_TASKS = 25;

/**
 * The Legacy Checklist of one client, as a PDF: overall and per-area completion by the completion
 * rules (ADR 0008), what is done and still to do in each area (counts and rule texts only), and the
 * open tasks. Never a memory, document or account title, and never a secret.
 */
export async function legacyChecklistPdf(ctx: Ctx, estateId: string): Promise<{ filename: string; body: Buffer }> {
  const owner = await clientOwner(ctx, estateId);
  const facts = await completionFacts(ctx, estateId);
  const completion = computeCompletion(facts);
  const [openTasks, [openCount]] = await Promise.all([
    ctx.db
      .select({ title: tasks.title, dueDate: tasks.dueDate, priority: tasks.priority })
      .from(tasks)
      .where(and(eq(tasks.estateId, estateId), eq(tasks.status, 'pending')))
      .orderBy(sql`${tasks.dueDate} asc nulls last`, asc(tasks.createdAt))
      .limit(CHECKLIST_TASKS),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(tasks).where(and(eq(tasks.estateId, estateId), eq(tasks.status, 'pending'))),
  ]);
  const today = await plannerToday(ctx);
  const title = `Legacy Checklist — ${owner.name}`;

  const body = await renderPdf(title, (doc) => {
    heading(doc, title, `Prepared by ${ctx.actor.name} on ${today} · Overall completion ${completion.overall}%`);

    section(doc, `Documents — ${completion.documents}%`, `Up to ${KEY_DOCUMENTS_PER_CATEGORY} key documents in each of three categories.`);
    for (const category of RECOMMENDED_DOCUMENT_CATEGORIES) {
      const n = facts.documentsByType[category] ?? 0;
      checkItem(doc, `${DOCUMENT_TYPE_LABELS[category]}: ${Math.min(n, KEY_DOCUMENTS_PER_CATEGORY)} of ${KEY_DOCUMENTS_PER_CATEGORY}`, n >= KEY_DOCUMENTS_PER_CATEGORY);
    }

    section(doc, `Beneficiaries — ${completion.beneficiaries}%`, `${facts.beneficiaries.length} beneficiaries named.`);
    if (!completion.missing.beneficiaries.length) checkItem(doc, 'Every beneficiary is ready', true);
    for (const todo of completion.missing.beneficiaries) checkItem(doc, todo, false);

    section(doc, `Accounts — ${completion.accounts}%`, `${facts.digitalAssets.length} digital accounts recorded.`);
    if (!completion.missing.accounts.length) checkItem(doc, 'Every account has access instructions and someone to handle it', true);
    for (const todo of completion.missing.accounts) checkItem(doc, todo, false);

    section(doc, `Security — ${completion.security}%`, `${completion.securityOn} of ${completion.securityMeasures.length} measures in place.`);
    for (const m of completion.securityMeasures) checkItem(doc, m.on ? m.label : m.todo, m.on);

    section(doc, 'Open tasks', openCount?.n ? `${openCount.n} still to do.` : 'Nothing left on the task list.');
    for (const t of openTasks) {
      const due = t.dueDate ? ` — due ${t.dueDate}` : '';
      checkItem(doc, `${t.title} (${TASK_PRIORITY_LABELS[t.priority as keyof typeof TASK_PRIORITY_LABELS] ?? t.priority})${due}`, false);
    }
    if ((openCount?.n ?? 0) > openTasks.length) checkItem(doc, `… and ${(openCount?.n ?? 0) - openTasks.length} more in Heirloom`, false);

    footer(doc, 'Figures follow Heirloom’s completion rules. This checklist shows progress only: no document, memory or account details.');
  });
  return { filename: `legacy-checklist-${fileSlug(owner.name)}.pdf`, body };
}
