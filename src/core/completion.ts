/**
 * Legacy completion: the dashboard's figures, computed from the owner's own data.
 * The rules are written down in docs/decisions/0008-legacy-completion-rules.md; keep both in step.
 * Pure: the server gathers the facts, this decides the numbers.
 */

/** Document categories every estate should cover, and how many key documents count per category. */
export const RECOMMENDED_DOCUMENT_CATEGORIES = ['legal', 'financial', 'personal'] as const;
export const KEY_DOCUMENTS_PER_CATEGORY = 5;

/** Weight of "each account has access instructions" in Accounts; the rest is "someone may handle them". */
export const ACCOUNTS_INSTRUCTIONS_WEIGHT = 0.8;

export const SECURITY_MEASURES = [
  { key: 'twoFactor', label: 'Two-factor authentication is on', todo: 'Turn on two-factor authentication' },
  { key: 'recoveryCodes', label: 'Recovery codes are saved', todo: 'Save your two-factor recovery codes' },
  { key: 'loginAlerts', label: 'Login alerts are on', todo: 'Turn on login alerts' },
  {
    key: 'estateAdministrator',
    label: 'An estate administrator has joined your support team',
    todo: 'Add an estate administrator to your support team',
  },
  {
    key: 'activationNeedsProof',
    label: 'Your estate activates only on verified proof',
    todo: 'Choose an activation condition that needs verified proof',
  },
  {
    key: 'beneficiariesConfirmed',
    label: 'Every beneficiary has their own sign-in',
    todo: 'Ask every beneficiary to accept their invitation',
  },
] as const;
export type SecurityMeasureKey = (typeof SECURITY_MEASURES)[number]['key'];

/** Activation conditions that need documents verified by the estate administrator. */
export const PROOF_ACTIVATION_CONDITIONS: readonly string[] = ['upon_death', 'upon_incapacitation'];

export interface BeneficiaryFacts {
  /** the invitation was accepted: the person has their own account linked */
  accepted: boolean;
  email: string;
  phone: string;
  /** a date of birth is known (on the beneficiary, or on their linked account) */
  hasDateOfBirth: boolean;
  /** at least one of the five access flags is on */
  anyAccess: boolean;
}

export interface CompletionFacts {
  /** number of documents per document type (legal, financial, personal, other) */
  documentsByType: Readonly<Record<string, number>>;
  beneficiaries: readonly BeneficiaryFacts[];
  /** one entry per digital asset: whether access instructions are written down for it */
  digitalAssets: readonly { hasAccessInstructions: boolean }[];
  /** a beneficiary is allowed to handle the digital legacy (their Digital Legacy flag is on) */
  digitalLegacyDelegate: boolean;
  security: {
    twoFactor: boolean;
    recoveryCodes: boolean;
    loginAlerts: boolean;
    /** an estate administrator on the support team has accepted (has an account linked) */
    estateAdministrator: boolean;
    activationCondition: string;
  };
}

export interface Completion {
  /** whole percentages, 0–100 */
  overall: number;
  documents: number;
  beneficiaries: number;
  accounts: number;
  security: number;
  securityMeasures: { key: SecurityMeasureKey; label: string; todo: string; on: boolean }[];
  securityOn: number;
  /** short, actionable notes on what is missing, per area (for the dashboard) */
  missing: { documents: string[]; beneficiaries: string[]; accounts: string[]; security: string[] };
}

const CATEGORY_NAMES: Record<(typeof RECOMMENDED_DOCUMENT_CATEGORIES)[number], [string, string]> = {
  legal: ['legal document', 'legal documents'],
  financial: ['financial record', 'financial records'],
  personal: ['personal document', 'personal documents'],
};

const plural = (n: number, [one, many]: [string, string]) => `${n} ${n === 1 ? one : many}`;

/** Documents: up to five key documents in each of Legal, Financial and Personal; share of the 15. */
export function documentsScore(documentsByType: Readonly<Record<string, number>>): { score: number; missing: string[] } {
  let covered = 0;
  const missing: string[] = [];
  for (const category of RECOMMENDED_DOCUMENT_CATEGORIES) {
    const count = Math.max(0, Math.floor(documentsByType[category] ?? 0));
    covered += Math.min(count, KEY_DOCUMENTS_PER_CATEGORY);
    const short = KEY_DOCUMENTS_PER_CATEGORY - count;
    if (short > 0) missing.push(`Add ${plural(short, CATEGORY_NAMES[category])}`);
  }
  return { score: covered / (RECOMMENDED_DOCUMENT_CATEGORIES.length * KEY_DOCUMENTS_PER_CATEGORY), missing };
}

/** The four things that make one beneficiary ready, each worth a quarter. */
export function beneficiaryReadiness(b: BeneficiaryFacts): number {
  const checks = [b.accepted, b.email.trim() !== '' && b.phone.trim() !== '', b.hasDateOfBirth, b.anyAccess];
  return checks.filter(Boolean).length / checks.length;
}

/** Beneficiaries: the mean readiness over the owner's beneficiaries (none yet: 0). */
export function beneficiariesScore(list: readonly BeneficiaryFacts[]): { score: number; missing: string[] } {
  if (list.length === 0) return { score: 0, missing: ['Add your first beneficiary'] };
  const score = list.reduce((sum, b) => sum + beneficiaryReadiness(b), 0) / list.length;
  const missing: string[] = [];
  const notAccepted = list.filter((b) => !b.accepted).length;
  const noContact = list.filter((b) => b.email.trim() === '' || b.phone.trim() === '').length;
  const noBirthday = list.filter((b) => !b.hasDateOfBirth).length;
  const noAccess = list.filter((b) => !b.anyAccess).length;
  if (notAccepted) missing.push(`${notAccepted} of ${list.length} have not accepted their invitation yet`);
  if (noContact) missing.push(`${noContact} without a phone number or email`);
  if (noBirthday) missing.push(`${noBirthday} without a date of birth`);
  if (noAccess) missing.push(`${noAccess} with no access to anything`);
  return { score, missing };
}

/**
 * Accounts: 80% for the share of digital assets with access instructions, 20% for having someone
 * allowed to handle them (a beneficiary with Digital Legacy access). No assets yet: 0.
 */
export function accountsScore(
  assets: readonly { hasAccessInstructions: boolean }[],
  digitalLegacyDelegate: boolean,
): { score: number; missing: string[] } {
  if (assets.length === 0) return { score: 0, missing: ['Record your first digital account'] };
  const withInstructions = assets.filter((a) => a.hasAccessInstructions).length;
  const score =
    ACCOUNTS_INSTRUCTIONS_WEIGHT * (withInstructions / assets.length) + (1 - ACCOUNTS_INSTRUCTIONS_WEIGHT) * (digitalLegacyDelegate ? 1 : 0);
  const missing: string[] = [];
  const without = assets.length - withInstructions;
  if (without) missing.push(`${without} of ${assets.length} accounts have no access instructions`);
  if (!digitalLegacyDelegate) missing.push('No beneficiary has Digital Legacy access to handle your accounts');
  return { score, missing };
}

export function securityMeasures(facts: CompletionFacts['security'], beneficiaries: readonly BeneficiaryFacts[]) {
  const on: Record<SecurityMeasureKey, boolean> = {
    twoFactor: facts.twoFactor,
    recoveryCodes: facts.recoveryCodes,
    loginAlerts: facts.loginAlerts,
    estateAdministrator: facts.estateAdministrator,
    activationNeedsProof: PROOF_ACTIVATION_CONDITIONS.includes(facts.activationCondition),
    beneficiariesConfirmed: beneficiaries.length > 0 && beneficiaries.every((b) => b.accepted),
  };
  return SECURITY_MEASURES.map((m) => ({ key: m.key, label: m.label, todo: m.todo, on: on[m.key] }));
}

const percent = (fraction: number) => Math.round(Math.min(1, Math.max(0, fraction)) * 100);

/** Overall is the plain mean of the four areas (unrounded), then rounded to a whole percentage. */
export function computeCompletion(facts: CompletionFacts): Completion {
  const documents = documentsScore(facts.documentsByType);
  const beneficiaries = beneficiariesScore(facts.beneficiaries);
  const accounts = accountsScore(facts.digitalAssets, facts.digitalLegacyDelegate);
  const measures = securityMeasures(facts.security, facts.beneficiaries);
  const securityOn = measures.filter((m) => m.on).length;
  const security = securityOn / measures.length;
  const overall = (documents.score + beneficiaries.score + accounts.score + security) / 4;
  return {
    overall: percent(overall),
    documents: percent(documents.score),
    beneficiaries: percent(beneficiaries.score),
    accounts: percent(accounts.score),
    security: percent(security),
    securityMeasures: measures,
    securityOn,
    missing: {
      documents: documents.missing,
      beneficiaries: beneficiaries.missing,
      accounts: accounts.missing,
      security: measures.filter((m) => !m.on).map((m) => m.todo),
    },
  };
}
