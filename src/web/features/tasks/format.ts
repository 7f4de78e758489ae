import type { TTask } from '../../../core/tasks.schemas.ts';

const DAY = 24 * 60 * 60 * 1000;

/** "Due 3 Dec 2026 · in 5 days", "Due today", "Overdue by 2 days" — dates as people read them. */
export function dueInWords(dueDate: string, today = new Date()): { text: string; overdue: boolean } {
  const [y, m, d] = dueDate.split('-').map(Number) as [number, number, number];
  const due = Date.UTC(y, m - 1, d);
  const now = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  const days = Math.round((due - now) / DAY);
  const date = new Date(due).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  if (days === 0) return { text: `Due today · ${date}`, overdue: false };
  if (days === 1) return { text: `Due tomorrow · ${date}`, overdue: false };
  if (days > 1) return { text: `Due ${date} · in ${days} days`, overdue: false };
  return { text: `Due ${date} · ${-days} day${days === -1 ? '' : 's'} overdue`, overdue: true };
}

export function completedInWords(task: Pick<TTask, 'completedAt'>): string {
  if (!task.completedAt) return 'Completed';
  const date = new Date(task.completedAt).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
  return `Completed ${date}`;
}
