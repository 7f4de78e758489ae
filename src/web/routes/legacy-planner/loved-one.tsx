import { BeingBuilt } from '../../components/ui/being-built.tsx';

export function Component() {
  return <BeingBuilt title="Loved One" />;
}
