import type { FormEvent } from 'react';
import { ZSendBeneficiaryMessageRequest, type TBeneficiary } from '../../../core/beneficiaries.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { TextAreaField, TextField } from '../../components/ui/field.tsx';
import { fieldErrorsFromIssues } from '../../lib/form.ts';
import { useAction } from '../../lib/use-action.ts';
import { dashboardApi } from './api.ts';

/**
 * "Message": a message to the beneficiary's inbox. Someone who has not accepted their invitation has
 * no inbox yet: the dialog says so and offers to resend the invitation instead.
 */
export function MessageDialog({ beneficiary, onClose, onSent }: { beneficiary: TBeneficiary | null; onClose: () => void; onSent: (text: string) => void }) {
  const { busy, error, fields, setFields, run } = useAction();
  const linked = beneficiary?.status === 'active';

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!beneficiary) return;
    const form = new FormData(event.currentTarget);
    const parsed = ZSendBeneficiaryMessageRequest.safeParse({ subject: String(form.get('subject') ?? ''), body: String(form.get('body') ?? '') });
    if (!parsed.success) {
      setFields(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    await run(async () => {
      await dashboardApi.message(beneficiary.id, parsed.data);
      onSent(`Message sent to ${beneficiary.name}.`);
    });
  }

  async function resend() {
    if (!beneficiary) return;
    await run(async () => {
      await dashboardApi.resendInvitation(beneficiary.id);
      onSent(`Sent ${beneficiary.name} a new invitation at ${beneficiary.email}.`);
    });
  }

  return (
    <Dialog
      open={beneficiary !== null}
      onClose={onClose}
      title={beneficiary ? `Message ${beneficiary.name}` : 'Message'}
      footer={
        beneficiary && (
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            {linked ? (
              <Button type="submit" form="dashboard-message" loading={busy}>
                Send Message
              </Button>
            ) : (
              <Button loading={busy} onClick={() => void resend()}>
                Resend invitation
              </Button>
            )}
          </>
        )
      }
    >
      {beneficiary &&
        (linked ? (
          <form id="dashboard-message" noValidate onSubmit={(e) => void send(e)} className="space-y-5">
            {error && <Alert tone="error">{error}</Alert>}
            <TextField label="Subject" name="subject" maxLength={200} error={fields.subject} />
            <TextAreaField label="Message" name="body" rows={5} maxLength={10000} error={fields.body} />
            <p className="text-sm text-stone-600">It arrives in {beneficiary.firstName}’s Heirloom inbox and they are notified.</p>
          </form>
        ) : (
          <div className="space-y-3">
            {error && <Alert tone="error">{error}</Alert>}
            <Alert tone="info">
              {beneficiary.firstName} has not accepted their invitation yet, so they have no inbox to receive messages. Resend the invitation to{' '}
              {beneficiary.email}; once they accept, you can message them here.
            </Alert>
          </div>
        ))}
    </Dialog>
  );
}
