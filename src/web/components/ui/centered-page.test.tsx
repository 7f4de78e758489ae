import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import { DEFAULT_SYSTEM_NAME, setSystemName } from '../../lib/system-name.ts';
import { CenteredPage } from './centered-page.tsx';

afterEach(() => setSystemName(DEFAULT_SYSTEM_NAME));

it("shows the platform's own name by the logo of sign-in and the other single-card pages", () => {
  setSystemName('Carter Family Vault');
  const html = renderToString(
    <MemoryRouter>
      <CenteredPage title="Sign in to Carter Family Vault" />
    </MemoryRouter>,
  );
  expect(/<header>.*Carter Family Vault.*<\/header>/.exec(html)).not.toBeNull();
  expect(html).not.toMatch(/<header>.*Heirloom.*<\/header>/);
});
