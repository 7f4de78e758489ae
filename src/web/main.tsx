import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { installSessionEndedRedirect } from './lib/session.ts';
import { createAppRouter } from './router.tsx';
import './styles.css';

const router = createAppRouter();
installSessionEndedRedirect(router);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
