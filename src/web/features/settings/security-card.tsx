import { Card } from '../../components/ui/card.tsx';
import { ToggleRow } from './toggle-row.tsx';

interface SecurityCardProps {
  twoFactorEnabled: boolean;
  /** Asks to turn two-factor on (setup) or off (disable); the dialogs belong to the screen. */
  onTwoFactorChange: (on: boolean) => void;
  loginAlerts: boolean;
  loginAlertsBusy: boolean;
  onLoginAlertsChange: (on: boolean) => void;
}

/** The Security card every Account Settings screen shows: two-factor and login alerts. */
export function SecurityCard(props: SecurityCardProps) {
  return (
    <Card title="Security">
      <div className="divide-y divide-stone-100">
        <ToggleRow
          label="Two-factor authentication"
          description={
            props.twoFactorEnabled
              ? 'On: signing in needs a code from your authenticator app.'
              : 'Add a code from an authenticator app to every sign-in.'
          }
          checked={props.twoFactorEnabled}
          onChange={props.onTwoFactorChange}
        />
        <ToggleRow
          label="Login alerts"
          description="Email me and notify me when my account is signed in from a new device."
          checked={props.loginAlerts}
          busy={props.loginAlertsBusy}
          onChange={props.onLoginAlertsChange}
        />
      </div>
    </Card>
  );
}
