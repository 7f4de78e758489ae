import type { TAdminAlertStatus } from './admin.schemas.ts';
import type { TSystemHealth } from './admin-dashboard.schemas.ts';
/** Every constant of the wireframe (§9) and PRODUCT.md, defined once. */

export const PROGRESS_THRESHOLDS = { green: 70, yellow: 40 } as const;

export const ANIMATION_MS = { enter: 300, leave: 200 } as const;

export const SESSION_IDLE_TIMEOUT_MINUTES = 30;
export const SESSION_TIMEOUT_TEXT = 'Automatic logout after 30 minutes of inactivity';

/** Lock-out: this many failed sign-ins within the window locks the account for the lock period. */
export const LOCKOUT = { maxFailures: 5, windowMinutes: 15, lockMinutes: 15 } as const;
/** Per-IP limit on the sign-in endpoint (requests per minute). */
export const SIGN_IN_RATE_LIMIT_PER_MINUTE = 20;
export const DEMO_SIGN_IN_RATE_LIMIT_PER_MINUTE = 300;

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

export const TASK_PRIORITIES = ['high', 'medium', 'low'] as const;
export const TASK_PRIORITY_LABELS = { high: 'High', medium: 'Medium', low: 'Low' } as const;
export const TASK_STATUSES = ['pending', 'completed'] as const;
export const TASK_CATEGORIES = ['documents', 'memories', 'beneficiaries', 'digital_assets', 'messages'] as const;
export const TASK_FILTERS = ['all', 'pending', 'completed'] as const;
export const TASK_DESCRIPTION_ROWS = 3;

export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_UPLOAD_HINT = 'PDF, DOC, DOCX up to 10MB';
export const DOCUMENT_TYPES = ['legal', 'financial', 'personal', 'other'] as const;
export const DOCUMENT_TYPE_LABELS = {
  legal: 'Legal Document',
  financial: 'Financial Record',
  personal: 'Personal Document',
  other: 'Other',
} as const;

export const MEMORY_TYPES = ['photo_album', 'video', 'audio', 'letter'] as const;
export const MEMORY_TYPE_LABELS = {
  photo_album: 'Photo Album',
  video: 'Video',
  audio: 'Audio Recording',
  letter: 'Letter',
} as const;
export const MEDIA_KINDS = ['photo', 'video', 'audio', 'story'] as const;

export const RELATIONSHIPS = ['Child', 'Spouse', 'Parent', 'Sibling', 'Other Family', 'Friend', 'Other'] as const;
export const ACCESS_FLAGS = ['memories', 'documents', 'messages', 'beneficiaries', 'digitalLegacy'] as const;
export const ACCESS_FLAG_LABELS = {
  memories: 'Memories',
  documents: 'Documents',
  messages: 'Messages',
  beneficiaries: 'Beneficiaries',
  digitalLegacy: 'Digital Legacy',
} as const;
export const ACCESS_FLAG_DESCRIPTIONS = {
  memories: 'Photos, videos and recorded memories',
  documents: 'Important documents and files',
  messages: 'Personal messages and letters',
  beneficiaries: 'View and manage other beneficiaries',
  digitalLegacy: 'Manage digital assets and accounts',
} as const;
export const DEFAULT_ACCESS = {
  memories: true,
  documents: true,
  messages: true,
  beneficiaries: false,
  digitalLegacy: false,
} as const;

export const SUPPORT_TEAM_ROLES = ['legacy-planner', 'estate-administrator'] as const;

/**
 * Most beneficiaries one estate may name (ADR 0065): the set every share picker, the compose dialog and
 * the access overview carry whole. The same number as the most people one share request may name.
 */
export const MAX_BENEFICIARIES = 200;
/** Most legacy planners and estate administrators on one support team (ADR 0065). */
export const MAX_SUPPORT_TEAM = 20;
export const SUPPORT_TEAM_ROLE_LABELS = {
  'legacy-planner': 'Legacy Planner',
  'estate-administrator': 'Estate Administrator',
} as const;

export const APPOINTMENT_TYPES = {
  'estate-owner': [
    { name: 'Legacy Planning Session', minutes: 60 },
    { name: 'Family Meeting', minutes: 90 },
    { name: 'Memory Recording', minutes: 120 },
    { name: 'Document Review', minutes: 60 },
  ],
  'legacy-planner': [
    { name: 'Initial Consultation', minutes: 60 },
    { name: 'Document Organization', minutes: 90 },
    { name: 'Memory Recording', minutes: 120 },
    { name: 'Family Meeting', minutes: 90 },
  ],
  beneficiary: [
    { name: 'Family Meeting', minutes: 90 },
    { name: 'Legacy Review', minutes: 60 },
    { name: 'Document Review', minutes: 60 },
    { name: 'Consultation', minutes: 45 },
  ],
  'estate-administrator': [
    { name: 'Estate Activation Review', minutes: 60 },
    { name: 'Document Verification', minutes: 45 },
    { name: 'Beneficiary Meeting', minutes: 90 },
    { name: 'Estate Planning Consultation', minutes: 60 },
  ],
} as const;
export const APPOINTMENT_STATUSES = ['pending', 'confirmed', 'declined', 'cancelled'] as const;

export const FUTURE_MESSAGE_STATUSES = ['draft', 'scheduled', 'delivered'] as const;
export const DELIVERY_RULES = ['on_date', 'next_birthday', 'after_activation'] as const;

export const INVITATION_FOLLOW_UP_DAYS = 3;
export const INVITATION_TEMPLATES = [
  'For Elderly Parents',
  'For Tech-Savvy Relatives',
  'For Reluctant Family Members',
  'For Those with Health Concerns',
  'Custom Message',
] as const;
export const PLANNER_RELATIONSHIPS = ['Professional Planner', 'Family Member', 'Friend', 'Other'] as const;

export const ACTIVATION_CONDITIONS = {
  upon_death: 'Upon death (with death certificate)',
  upon_incapacitation: 'Upon incapacitation (with medical documentation)',
  specific_date: 'On specific date',
  manual: 'Manual activation only',
} as const;
export const RELEASE_SCHEDULES = {
  all_at_once: 'All at once',
  gradual: 'Gradual release',
  specific_dates: 'On specific dates',
} as const;

export const ESTATE_STATUS_LABELS = {
  planning: 'Planning',
  verification_pending: 'Verification Pending',
  activation_pending: 'Activation Pending',
  active: 'Active',
  incapacity: 'Incapacity Mode',
} as const;

export const PLANNER_VISIBILITY = ['Public', 'Private', 'Clients Only'] as const;
export const PLANNER_TIME_ZONES = ['PT', 'MT', 'CT', 'ET'] as const;
export const PLANNER_CONTACT_METHODS = ['Email', 'Phone', 'In-App Messages'] as const;

export const NOTIFICATION_METHODS = { email: 'Email', sms: 'SMS', both: 'Both email and SMS' } as const;
export const NOTIFICATION_FREQUENCIES = {
  immediately: 'Immediately',
  daily: 'Daily digest',
  weekly: 'Weekly summary',
} as const;

export const VERIFICATION_TIMEOUTS = { '24h': '24 hours', '48h': '48 hours', '72h': '72 hours', '1w': '1 week' } as const;
export const REQUIRED_DOCUMENT_OPTIONS = ['Death Certificate', 'Last Will and Testament', 'Power of Attorney'] as const;
export const SYSTEM_TIME_ZONES = ['UTC', 'America/New_York', 'Europe/London'] as const;
export const DATE_RANGE_OPTIONS = ['Last 7 days', 'Last 30 days', 'Last 3 months', 'Custom range'] as const;
export const REPORT_TYPES = ['Estate Activity', 'Verification Analytics', 'Security Audit', 'Beneficiary Access'] as const;

export const ALERT_GUIDANCE = {
  highPriorityResponseHours: 1,
  ownerFollowUpHours: 24,
} as const;

export const DIGITAL_ASSETS_EMPTY_TEXT = 'No digital assets found. Add your first digital asset to get started.';

/** Every session ends this long after sign-in, however busy it is kept (ADR 0003). */
export const SESSION_MAX_LIFETIME_HOURS = 12;

/**
 * Mail and notices sent on a user's behalf (docs/decisions/0014-limits-on-mail-sent-for-users.md),
 * counted in the database over a sliding window. Over a limit the request is answered 429 RATE_LIMITED.
 */
export const SEND_LIMITS = {
  /** Invitations (new, resent, or after an email change) one account may send per hour. */
  invitationsPerAccountPerHour: 20,
  /** Invitations one email address may receive per day, from every account together. */
  invitationsPerAddressPerDay: 3,
  /** Inbox messages (compose, reply, the dashboard's Message) one account may send per hour. */
  messagesPerAccountPerHour: 30,
  /** …of which to one recipient. */
  messagesPerRecipientPerHour: 10,
  /** Appointment requests one account may make per hour (each notifies the other side). */
  appointmentRequestsPerAccountPerHour: 20,
  /** Public planners one account may add to its support team per hour (each is emailed). */
  plannerAdditionsPerAccountPerHour: 10,
} as const;

/** User feedback (Send feedback in the user menu; ADR 0030): the message's length, and how many one account may send per hour. */
export const FEEDBACK_LIMITS = { messageMaxLength: 2000, perAccountPerHour: 10 } as const;

/** Reveals of a digital asset's secrets per account in a window (in-process, like the sign-in limit). */
export const SECRET_REVEAL_LIMIT = { max: 20, windowMinutes: 15 } as const;

/** What an estate report says happened, as the screens name it (here, not in lifecycle.schemas.ts: screens that only show it load no zod). */
export const REPORT_EVENTS = { death: 'Passing', incapacity: 'Incapacity' } as const;
export type ReportEvent = keyof typeof REPORT_EVENTS;

/** The admin dashboard's words (here, not in admin-dashboard.schemas.ts: the dashboard shows them without loading zod). */
export const SYSTEM_HEALTH_LABELS: Record<TSystemHealth, string> = { operational: 'Operational', degraded: 'Degraded', down: 'Down' };
export const ADMIN_ALERT_STATUS_LABELS: Record<TAdminAlertStatus, string> = {
  pending: 'Pending',
  under_review: 'Under Review',
  investigating: 'Investigating',
  resolved: 'Resolved',
};
export const ADMIN_ALERT_TYPE_LABELS = { security: 'Security', performance: 'Performance', feature: 'Feature', bug: 'Bug' } as const;
export const ADMIN_TASK_PRIORITY_LABELS = { high: 'High', medium: 'Medium' } as const;
