/**
 * What of a beneficiary's record an estate administrator may read (ADR 0076): their phone, date of
 * birth and the owner's private notes about them only once the estate is active. Before that the
 * owner is alive and planning, and the administrator's work (verifying a report) needs none of it.
 */
import type { TAdministeredBeneficiaryAccessView, TBeneficiaryAccessView } from '../../core/beneficiaries.schemas.ts';

export function administratorSeesPrivateDetails(estateStatus: string): boolean {
  return estateStatus === 'active';
}

/** View Access as an estate administrator may see it. */
export function forEstateAdministrator(view: TBeneficiaryAccessView): TAdministeredBeneficiaryAccessView {
  const shown = administratorSeesPrivateDetails(view.estateStatus);
  return {
    ...view,
    beneficiary: shown ? view.beneficiary : { ...view.beneficiary, phone: null, notes: null, dateOfBirth: null },
    privateDetailsShown: shown,
  };
}
