import { useSystemName } from '../../lib/system-name.ts';

/** The page's document title, "<title> · <system name>" (the name follows admin Settings live). */
export function DocumentTitle({ title }: { title: string }) {
  return <title>{`${title} · ${useSystemName()}`}</title>;
}
