import { useParams } from 'react-router';
import { BeingBuilt } from '../../components/ui/being-built.tsx';

export function Component() {
  const { id } = useParams();
  return (
    <BeingBuilt title="Estate">
      <p>
        Estate owner id: <code className="rounded bg-stone-100 px-1.5 py-0.5 text-sm text-stone-800">{id}</code>
      </p>
    </BeingBuilt>
  );
}
