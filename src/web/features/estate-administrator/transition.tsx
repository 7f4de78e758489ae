import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { ESTATE_STATUS_LABELS } from '../../../core/constants.ts';
import { nextStatus, type EstateEvent } from '../../../core/lifecycle.ts';
import type { TAdministeredEstate, TAdministeredEstateDetail } from '../../../core/lifecycle.schemas.ts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { ApiError } from '../../lib/api.ts';
import type { Notice } from '../../lib/use-row-action.ts';
import { estateAdministratorApi } from './api.ts';

/** What each transition the administrator may trigger is called on its button, and what it does. */
export const TRANSITION_ACTIONS: Record<EstateEvent, { label: string; question: string; explains: string }> = {
  activated: {
    label: 'Activate',
    question: 'Activate this estate?',
    explains: 'Beneficiaries are notified and the content kept for after activation is released on the owner’s release schedule. Only a review by two staff members can undo an activation made by mistake.',
  },
  proofs_verified: {
    label: 'Mark documents verified',
    question: 'Mark the documents verified?',
    explains: 'Use this once every required document has been checked. The estate then waits for activation.',
  },
  proofs_rejected: {
    label: 'Reject the report',
    question: 'Reject the report?',
    explains: 'The proof does not establish the reported event. The estate returns to planning and nothing is released.',
  },
  report_withdrawn: {
    label: 'Withdraw the report',
    question: 'Withdraw the report?',
    explains: 'The report is cancelled (for example, it was made in error). The estate returns to planning and nothing is released.',
  },
  incapacity_verified: {
    label: 'Start incapacity mode',
    question: 'Start incapacity mode?',
    explains: 'The medical documentation was verified. The people the owner chose get temporary, read-only access; nothing for after death is released.',
  },
  incapacity_ended: {
    label: 'End incapacity mode',
    question: 'End incapacity mode?',
    explains: 'The estate goes back to planning: the temporary, read-only access closes at once and nothing is lost. The owner and the people they chose are told.',
  },
  activation_reversed: {
    label: 'Reverse the activation',
    question: 'Reverse this activation?',
    explains: 'Only after the owner asked for a review, the estate administrator proposed it and a different platform admin approved it.',
  },
  report_submitted: {
    label: 'Record a report',
    question: 'Record a report?',
    explains: 'A death or incapacity has been reported; the estate waits for its documents to be verified.',
  },
};

type EstateRef = Pick<TAdministeredEstate, 'id' | 'name' | 'status'>;
export interface PendingTransition {
  estate: EstateRef;
  event: EstateEvent;
}

/**
 * Activate and Update Status: ask (a confirm dialog naming the change), send, and say what
 * happened. When the server refuses (409: the estate's state moved meanwhile) its message is
 * the notice, and the route's data reloads either way so the buttons match the estate again.
 */
export function useEstateTransition(onDone?: (estate: TAdministeredEstateDetail) => void) {
  const revalidator = useRevalidator();
  const [pending, setPending] = useState<PendingTransition | null>(null);
  // The dialog keeps showing what it asked while it fades out.
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  async function confirm() {
    if (!pending || !open) return;
    const { estate, event } = pending;
    setBusy(true);
    setNotice(null);
    try {
      const updated = await estateAdministratorApi.transition(estate.id, event);
      onDone?.(updated);
      setNotice({ tone: 'success', text: `${estate.name}: the estate is now ${ESTATE_STATUS_LABELS[updated.status]}.` });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setNotice({ tone: 'error', text: e.message });
    } finally {
      setBusy(false);
      setOpen(false);
      await revalidator.revalidate();
    }
  }

  const ask = (estate: EstateRef, event: EstateEvent) => {
    setPending({ estate, event });
    setOpen(true);
  };
  return { dialog: { open, pending, busy, onConfirm: () => void confirm(), onClose: () => setOpen(false) }, notice, ask };
}

/** "Activate this estate?" — whose, from which state to which, and what it means. */
export function TransitionDialog({
  open,
  pending,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  pending: PendingTransition | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const action = pending ? TRANSITION_ACTIONS[pending.event] : null;
  const move = pending ? nextStatus(pending.estate.status, pending.event) : null;
  return (
    <ConfirmDialog
      open={open}
      title={action?.question ?? ''}
      description={
        pending && move?.ok ? (
          <>
            {pending.estate.name}: the status changes from <strong className="font-semibold text-stone-900">{ESTATE_STATUS_LABELS[move.from]}</strong> to{' '}
            <strong className="font-semibold text-stone-900">{ESTATE_STATUS_LABELS[move.to]}</strong>.
          </>
        ) : (
          pending?.estate.name
        )
      }
      confirmLabel={action?.label ?? 'Confirm'}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {action && <p>{action.explains}</p>}
    </ConfirmDialog>
  );
}
