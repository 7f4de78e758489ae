import { useState, type ChangeEvent, type FormEvent } from 'react';
import { CameraScan } from './camera-scan.tsx';
import { decodeKit, KitError } from '../../../core/seal/kit-codec.ts';
import { KIT_PROBLEM_WORDS } from '../../../core/seal/kit-words.ts';
import { openSeal, OpenSealError } from '../../../core/seal/seal-keys.ts';
import { rememberOwnerKey } from '../../lib/owner-key.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { TextAreaField } from '../ui/field.tsx';

/** The code on a saved kit file: the text of the paragraph after "The code". */
export function codeInKitFile(html: string): string | null {
  const found = /The code<\/p>\s*<p[^>]*>([0-9A-Z ]+)</.exec(html);
  return found?.[1]?.trim() ?? null;
}

const PROBLEMS: Record<string, string> = {
  ...KIT_PROBLEM_WORDS,
  'another-seal': 'This kit is from another seal, not the one your items are sealed with now.',
  'wrong-key': 'This kit does not open your seal.',
};

/**
 * Opens the Owner Kit in this browser: typed, pasted, or read from the saved kit file. The key is
 * checked against the seal and kept in memory for this visit; nothing of it is sent.
 */
export function OwnerKitDialog({ open, seal, onClose, onOpened }: { open: boolean; seal: { sealTag: string; recipient: string }; onClose: () => void; onOpened: (identity: string) => void }) {
  const [words, setWords] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function openKit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const kit = decodeKit(words);
      if (kit.kind !== 'owner') {
        setError('This is a trustee’s kit. Use your Owner Kit, the one with your own name on it.');
        return;
      }
      const identity = await openSeal([kit], seal);
      rememberOwnerKey(seal.sealTag, identity);
      setWords('');
      onOpened(identity);
    } catch (e) {
      const problem = e instanceof KitError || e instanceof OpenSealError ? e.problem : 'unreadable';
      setError(PROBLEMS[problem] ?? PROBLEMS.unreadable!);
    } finally {
      setBusy(false);
    }
  }

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    const code = codeInKitFile(await file.text());
    if (code) setWords(code);
    else setError('That file is not a saved Owner Kit. Choose the file whose name starts with heirloom-owner-kit.');
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Open with your Owner Kit"
      description="Your sealed items open here, in this browser. The kit's code is not sent anywhere."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="owner-kit" loading={busy}>
            Open
          </Button>
        </>
      }
    >
      <form id="owner-kit" noValidate onSubmit={(e) => void openKit(e)} className="space-y-4">
        {error && <Alert tone="error">{error}</Alert>}
        <TextAreaField label="The code on your Owner Kit" rows={3} value={words} onChange={(e) => setWords(e.target.value)} autoComplete="off" spellCheck={false} hint="Groups of four letters and digits; spaces do not matter." />
        <CameraScan label="Scan the Owner Kit's QR code with the camera" onRead={setWords} />
        <label className="block text-sm text-stone-700">
          <span className="font-medium text-stone-900">Or choose the Owner Kit file you saved</span>
          <input type="file" accept=".html,text/html" onChange={(e) => void readFile(e)} className="mt-1 block w-full text-sm" />
        </label>
      </form>
    </Dialog>
  );
}
