import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account/account.routes.ts';
import { adminDashboardRoutes } from './admin-dashboard/admin-dashboard.routes.ts';
import { adminLogsRoutes } from './admin-logs/admin-logs.routes.ts';
import { auditIntegrityRoutes } from './audit-integrity/audit-integrity.routes.ts';
import { adminSettingsRoutes } from './admin-settings/admin-settings.routes.ts';
import { accountLinksRoutes } from './account-links/account-links.routes.ts';
import { securityPolicyRoutes } from './security-policy/security-policy.routes.ts';
import { adminReportsRoutes } from './admin-reports/admin-reports.routes.ts';
import { feedbackRoutes } from './feedback/feedback.routes.ts';
import { adminEstatesRoutes } from './admin-estates/admin-estates.routes.ts';
import { adminUsersRoutes } from './admin-users/admin-users.routes.ts';
import { appointmentsRoutes } from './appointments/appointments.routes.ts';
import { checkInRoutes } from './check-in/check-in.routes.ts';
import { executorsRoutes } from './executors/executors.routes.ts';
import { beneficiariesRoutes } from './beneficiaries/beneficiaries.routes.ts';
import { dashboardRoutes } from './dashboard/dashboard.routes.ts';
import { invitationsRoutes } from './invitations/invitations.routes.ts';
import { supportTeamRoutes } from './support-team/support-team.routes.ts';
import { tasksRoutes } from './tasks/tasks.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { beneficiarySettingsRoutes } from './beneficiary-settings/beneficiary-settings.routes.ts';
import { digitalAssetsRoutes } from './digital-assets/digital-assets.routes.ts';
import { documentsRoutes } from './documents/documents.routes.ts';
import { estateAdministratorReportsRoutes } from './estate-administrator-reports/estate-administrator-reports.routes.ts';
import { estateReportsRoutes } from './estate-reports/estate-reports.routes.ts';
import { verificationsRoutes } from './verifications/verifications.routes.ts';
import { estateAdministrationRoutes } from './estate-administration/estate-administration.routes.ts';
import { activationReviewRoutes } from './activation-review/activation-review.routes.ts';
import { filesRoutes } from './files/files.routes.ts';
import { estateSettingsRoutes } from './estate-settings/estate-settings.routes.ts';
import { futureMessagesRoutes } from './future-messages/future-messages.routes.ts';
import { healthRoutes } from './health.routes.ts';
import { demoMailRoutes } from './demo-mail/demo-mail.routes.ts';
import { plannerRoutes } from './planner/planner.routes.ts';
import { plannerInvitationsRoutes } from './planner-invitations/planner-invitations.routes.ts';
import { plannerToolsRoutes } from './planner-tools/planner-tools.routes.ts';
import { inboxRoutes } from './inbox/inbox.routes.ts';
import { incapacityRoutes } from './incapacity/incapacity.routes.ts';
import { legacyExportRoutes } from './legacy-export/legacy-export.routes.ts';
import { memoriesRoutes } from './memories/memories.routes.ts';
import { notificationsRoutes } from './notifications/notifications.routes.ts';
import { securityRoutes } from './security/security.routes.ts';
import { confirmIdentityRoutes } from './security/confirm-identity.routes.ts';
import { accountDeletionRoutes } from './account-deletion/account-deletion.routes.ts';
import { releaseSafeguardsRoutes } from './release-safeguards/release-safeguards.routes.ts';
import { estateSealRoutes } from './estate-seal/estate-seal.routes.ts';
import { sharedContentRoutes } from './shared-content/shared-content.routes.ts';
import { playbookRoutes } from './playbook/playbook.routes.ts';
import { deadlinesRoutes } from './deadlines/deadlines.routes.ts';
import { inventoryRoutes } from './inventory/inventory.routes.ts';
import { memorialRoutes } from './memorial/memorial.routes.ts';
import { releasePlanRoutes } from './release-plan/release-plan.routes.ts';
import { userSettingsRoutes } from './user-settings/user-settings.routes.ts';

/** Every API module, registered by buildApp in this order. Add a module here. */
export const MODULES: ((app: FastifyInstance) => Promise<void>)[] = [
  healthRoutes,
  authRoutes,
  accountRoutes,
  accountLinksRoutes,
  securityPolicyRoutes,
  filesRoutes,
  memoriesRoutes,
  estateReportsRoutes,
  verificationsRoutes,
  estateAdministrationRoutes,
  activationReviewRoutes,
  checkInRoutes,
  incapacityRoutes,
  estateAdministratorReportsRoutes,
  documentsRoutes,
  digitalAssetsRoutes,
  playbookRoutes,
  deadlinesRoutes,
  inventoryRoutes,
  memorialRoutes,
  releasePlanRoutes,
  futureMessagesRoutes,
  securityRoutes,
  confirmIdentityRoutes,
  accountDeletionRoutes,
  userSettingsRoutes,
  legacyExportRoutes,
  estateSettingsRoutes,
  releaseSafeguardsRoutes,
  executorsRoutes,
  estateSealRoutes,
  sharedContentRoutes,
  inboxRoutes,
  notificationsRoutes,
  beneficiarySettingsRoutes,
  dashboardRoutes,
  beneficiariesRoutes,
  supportTeamRoutes,
  invitationsRoutes,
  tasksRoutes,
  appointmentsRoutes,
  plannerRoutes,
  plannerInvitationsRoutes,
  plannerToolsRoutes,
  demoMailRoutes,
  adminDashboardRoutes,
  adminLogsRoutes,
  auditIntegrityRoutes,
  adminSettingsRoutes,
  feedbackRoutes,
  adminReportsRoutes,
  adminUsersRoutes,
  adminEstatesRoutes,
];
