import { useEffect, useState, type FormEvent } from 'react';
import { INCAPACITY_CATEGORIES, INCAPACITY_CATEGORY_LABELS, type IncapacityCategory, type TIncapacitySettings } from '../../../core/incapacity.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ApiError } from '../../lib/api.ts';
import { incapacityApi } from './api.ts';

type Choices = Record<string, IncapacityCategory[]>;

const choicesOf = (settings: TIncapacitySettings): Choices => Object.fromEntries(settings.people.map((p) => [p.beneficiaryId, p.categories]));

/**
 * "If I become incapacitated" on Account Settings: for each beneficiary with an account, which
 * categories they may read (read-only) while the estate is in incapacity mode. Nothing marked for
 * after death is ever opened this way, and no letter is delivered (the server decides; ADR 0048).
 */
export function IncapacityCard() {
  const [settings, setSettings] = useState<TIncapacitySettings | null>(null);
  const [choices, setChoices] = useState<Choices>({});
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  useEffect(() => {
    let stopped = false;
    incapacityApi
      .get()
      .then((loaded) => {
        if (stopped) return;
        setSettings(loaded);
        setChoices(choicesOf(loaded));
      })
      .catch(() => !stopped && setNotice({ tone: 'error', text: 'Your incapacity choices could not be loaded.' }));
    return () => {
      stopped = true;
    };
  }, []);

  function toggle(beneficiaryId: string, category: IncapacityCategory, on: boolean) {
    const current = choices[beneficiaryId] ?? [];
    setChoices({ ...choices, [beneficiaryId]: on ? [...current, category] : current.filter((c) => c !== category) });
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setNotice(null);
    try {
      const grants = Object.entries(choices)
        .filter(([, categories]) => categories.length)
        .map(([beneficiaryId, categories]) => ({ beneficiaryId, categories }));
      const saved = await incapacityApi.setGrants({ grants });
      setSettings(saved);
      setChoices(choicesOf(saved));
      setNotice({ tone: 'success', text: 'Your choices for incapacity mode are saved.' });
    } catch (e) {
      setNotice({ tone: 'error', text: e instanceof ApiError ? e.message : 'Your choices could not be saved.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card
      title="If I Become Incapacitated"
      description="If medical documentation of your incapacity is verified, the people you choose here can read the categories you tick, read-only, until you are back. Nothing you kept for after your death is opened, and no letter is delivered."
    >
      {notice && (
        <div className="mb-4">
          <Alert tone={notice.tone}>{notice.text}</Alert>
        </div>
      )}
      {!settings ? (
        <p className="text-sm text-stone-600">Loading…</p>
      ) : settings.people.length === 0 ? (
        <p className="text-sm text-stone-600">Add a beneficiary first: only your beneficiaries can be given access.</p>
      ) : (
        <form onSubmit={(e) => void save(e)} className="space-y-4">
          <ul className="divide-y divide-stone-100">
            {settings.people.map((person) => (
              <li key={person.beneficiaryId} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-medium break-words text-stone-900">{person.name}</p>
                  <p className="text-sm text-stone-600">
                    {person.relationship}
                    {!person.linked && ' · has not accepted their invitation yet, so cannot be chosen'}
                  </p>
                </div>
                <fieldset className="flex flex-wrap gap-4" disabled={!person.linked || busy}>
                  <legend className="sr-only">What {person.name} may read in incapacity mode</legend>
                  {INCAPACITY_CATEGORIES.map((category) => (
                    <label key={category} className="inline-flex items-center gap-2 text-sm text-stone-800">
                      <input
                        type="checkbox"
                        className="size-4 rounded border-stone-300 text-accent-solid focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-solid"
                        checked={(choices[person.beneficiaryId] ?? []).includes(category)}
                        onChange={(e) => toggle(person.beneficiaryId, category, e.target.checked)}
                      />
                      {INCAPACITY_CATEGORY_LABELS[category]}
                    </label>
                  ))}
                </fieldset>
              </li>
            ))}
          </ul>
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Save incapacity choices'}
          </Button>
        </form>
      )}
    </Card>
  );
}
