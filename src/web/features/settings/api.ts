import type { TEstateSettings, TEstateSettingsRequest, TUpdateUserSettingsRequest, TUserSettings } from '../../../core/settings.schemas.ts';
import { api } from '../../lib/api.ts';

export const settingsApi = {
  get: () => api.get<TUserSettings>('/api/v1/settings'),
  update: (body: TUpdateUserSettingsRequest) => api.patch<TUserSettings>('/api/v1/settings', body),
  estate: () => api.get<TEstateSettings>('/api/v1/estate/settings'),
  saveEstate: (body: TEstateSettingsRequest) => api.put<TEstateSettings>('/api/v1/estate/settings', body),
};
