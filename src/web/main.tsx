import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import '@fontsource-variable/inter/wght.css';
import './styles.css';
import { AppProviders } from './app/providers';
import { routes } from './app/router';

const router = createBrowserRouter(routes);
const root = document.getElementById('root');
if (!root) throw new Error('PawStay: #root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
