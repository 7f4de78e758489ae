import { useEffect, useId, useRef, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { useFetchers, useNavigation } from 'react-router';

/** What `Field` hands its control so the label, hint and error are wired up for assistive tech. */
export interface ControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

export interface FieldProps {
  label: string;
  hint?: ReactNode;
  /** The error for this field (e.g. from the server's `fields`). */
  error?: string | undefined;
  /** Marks the label "(optional)" — fields are required unless said otherwise. */
  optional?: boolean;
  children: (control: ControlProps) => ReactNode;
}

export const controlClasses =
  'block w-full rounded-lg bg-white px-3 py-2 text-base text-stone-900 shadow-xs ring-1 ring-stone-300 ring-inset placeholder:text-stone-400 focus:outline-2 focus:-outline-offset-2 focus:outline-accent-solid aria-invalid:ring-red-600 disabled:bg-stone-50 disabled:text-stone-500';

/**
 * The error to show: it goes as soon as the person edits the field (they are fixing it), and comes
 * back if the form is sent again with the problem still there — after a route action or fetcher
 * has answered, so a fixed field never flashes its old message while the save is on its way.
 */
function useShownError(error: string | undefined) {
  const [hidden, setHidden] = useState(false);
  const [awaiting, setAwaiting] = useState(false);
  const [last, setLast] = useState(error);
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== 'idle' || fetchers.some((f) => f.state !== 'idle');
  if (last !== error) {
    setLast(error);
    setHidden(false);
    setAwaiting(false);
  }
  if (awaiting && !busy) {
    setAwaiting(false);
    setHidden(false);
  }
  const wrapper = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const form = wrapper.current?.querySelector('input, select, textarea')?.closest('form') ?? wrapper.current?.closest('form');
    if (!form) return;
    const sent = () => setAwaiting(true);
    form.addEventListener('submit', sent);
    return () => form.removeEventListener('submit', sent);
  }, []);
  const edited = () => {
    if (error) setHidden(true);
  };
  return { shown: hidden ? undefined : error, wrapper, edited };
}

/** Label + any control + hint + error message. Most screens use TextField, TextAreaField or SelectField. */
export function Field({ label, hint, error: given, optional = false, children }: FieldProps) {
  const { shown: error, wrapper, edited } = useShownError(given);
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div ref={wrapper} onInput={edited} onChange={edited}>
      <label htmlFor={id} className="block text-sm font-medium text-stone-900">
        {label}
        {optional && <span className="font-normal text-stone-500"> (optional)</span>}
      </label>
      <div className="mt-1.5">{children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}</div>
      {hint && (
        <p id={hintId} className="mt-1.5 text-sm text-stone-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

type Common = Omit<FieldProps, 'children'>;

export function TextField({ label, hint, error, optional, className = '', ...input }: Common & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field label={label} hint={hint} error={error} optional={optional ?? false}>
      {(control) => <input {...input} {...control} className={`${controlClasses} ${className}`.trim()} />}
    </Field>
  );
}

export function TextAreaField({
  label,
  hint,
  error,
  optional,
  className = '',
  ...textarea
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field label={label} hint={hint} error={error} optional={optional ?? false}>
      {(control) => <textarea {...textarea} {...control} className={`${controlClasses} ${className}`.trim()} />}
    </Field>
  );
}

export function SelectField({
  label,
  hint,
  error,
  optional,
  className = '',
  children,
  ...select
}: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Field label={label} hint={hint} error={error} optional={optional ?? false}>
      {(control) => (
        <select {...select} {...control} className={`${controlClasses} pr-8 ${className}`.trim()}>
          {children}
        </select>
      )}
    </Field>
  );
}
