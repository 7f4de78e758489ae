import type { TASK_CATEGORIES, TASK_PRIORITIES } from './constants.ts';

/** The checklist every new estate owner starts with (PRODUCT.md §2). */
export const ONBOARDING_TASKS: readonly {
  title: string;
  description: string;
  priority: (typeof TASK_PRIORITIES)[number];
  category: (typeof TASK_CATEGORIES)[number];
}[] = [
  {
    title: 'Upload your will',
    description: 'Add your last will and testament so your estate administrator can find it when it matters.',
    priority: 'high',
    category: 'documents',
  },
  {
    title: 'Add your first beneficiary',
    description: 'Choose who receives your memories, documents and messages, and what each of them may see.',
    priority: 'high',
    category: 'beneficiaries',
  },
  {
    title: 'Record a memory',
    description: 'Save a photo, a video, a voice recording or a story you want your family to keep.',
    priority: 'medium',
    category: 'memories',
  },
  {
    title: 'List your digital accounts',
    description: 'Record your online accounts and how they should be handled.',
    priority: 'medium',
    category: 'digital_assets',
  },
  {
    title: 'Write a future message',
    description: 'Leave a letter to be delivered on a date, a birthday, or after your estate is activated.',
    priority: 'low',
    category: 'messages',
  },
];
