import type { TGeneralSettings } from '../../../core/system-settings.schemas.ts';
import { api } from '../../lib/api.ts';

const PATH = '/api/v1/admin/settings/general';

/** Settings (/admin/settings): system name and default time zone. */
export const adminSettingsApi = {
  general: () => api.get<TGeneralSettings>(PATH),
  saveGeneral: (body: TGeneralSettings) => api.put<TGeneralSettings>(PATH, body),
};
