/** Words for the logs and alerts: what an audit action means, and which device a user agent is. */

export const ACTION_WORDS: Record<string, string> = {
  'auth.sign_in': 'Signed in',
  'auth.demo_sign_in': 'Signed in (demo)',
  'auth.sign_out': 'Signed out',
  'auth.sign_up': 'Account created',
  'auth.sign_in_failed': 'Failed sign-in attempt',
  'auth.sign_in_refused_locked': 'Sign-in refused: account locked',
  'auth.sign_in_refused_status': 'Sign-in refused: account suspended',
  'auth.account_locked': 'Account locked after repeated failed sign-ins',
  'auth.new_device': 'Sign-in from a new device',
  'security.two_factor_setup_started': 'Two-factor setup started',
  'security.two_factor_confirm_failed': 'Two-factor setup: wrong code entered',
  'security.two_factor_enabled': 'Two-factor authentication turned on',
  'security.two_factor_disabled': 'Two-factor authentication turned off',
  'security.two_factor_disable_failed': 'Turning off two-factor: wrong code entered',
  'security.password_changed': 'Password changed',
  'security.password_change_failed': 'Password change refused: wrong current password',
  'security.session_revoked': 'Signed out a device',
  'security.settings_updated': 'Security settings changed',
  'account.updated': 'Account details updated',
  'settings.updated': 'Notification settings changed',
  'estate.settings_updated': 'Estate activation and release settings changed',
};

export const VERB_WORDS: Record<string, string> = {
  created: 'created',
  updated: 'updated',
  deleted: 'deleted',
  scheduled: 'scheduled',
  delivered: 'delivered',
  shared: 'shared',
  uploaded: 'uploaded',
  downloaded: 'downloaded',
  secret_revealed: 'secret revealed',
  completed: 'completed',
  reopened: 'reopened',
  invited: 'invited',
  removed: 'removed',
};

/** 'memory.created' → 'Memory created'; known security actions have their own words. */
export function describeAction(action: string): string {
  const known = ACTION_WORDS[action];
  if (known) return known;
  const [entity = action, verb = ''] = action.split('.');
  const noun = entity.replace(/_/g, ' ');
  const words = `${noun} ${VERB_WORDS[verb] ?? verb.replace(/_/g, ' ')}`.trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** 'Chrome on macOS' from a user agent; 'Unknown device' when it says nothing useful. */
export function describeDevice(userAgent: string): string {
  const ua = userAgent || '';
  if (!ua) return 'Unknown device';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /(Chrome|Chromium)\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : /curl|node|undici|lightmyrequest/i.test(ua)
              ? 'Script'
              : 'Browser';
  const os = /iPhone|iPad/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : '';
  return os ? `${browser} on ${os}` : browser;
}
