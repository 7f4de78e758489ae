import { z } from 'zod';

/** Wireframe §3 "Admin alert" and §4: pending (Review), under_review / investigating (Details), then resolved. */
export const ADMIN_ALERT_TYPES = ['security', 'performance', 'feature', 'bug'] as const;
export const ADMIN_ALERT_STATUSES = ['pending', 'under_review', 'investigating', 'resolved'] as const;
export const ZAdminAlertType = z.enum(ADMIN_ALERT_TYPES);
export const ZAdminAlertStatus = z.enum(ADMIN_ALERT_STATUSES);
export type TAdminAlertType = z.infer<typeof ZAdminAlertType>;
export type TAdminAlertStatus = z.infer<typeof ZAdminAlertStatus>;
