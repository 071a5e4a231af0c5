import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/app-routes';
import { AppProviders, createQueryClient } from './app/providers';
import { findRoute } from './app/route-table';
import './styles.css';

async function start() {
  const queryClient = createQueryClient();
  const stateElement = document.getElementById('sp-state');
  if (stateElement?.textContent) {
    const state = JSON.parse(stateElement.textContent) as DehydratedState;
    // The prerendered data is shown at once, and refetched because it may be older than the database.
    for (const query of state.queries) query.state.dataUpdatedAt = 0;
    hydrate(queryClient, state);
  }
  // Load the current page's chunk first, so the prerendered HTML is replaced without a blank frame.
  await findRoute(window.location.pathname).route.page.preload().catch(() => undefined);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
}

void start();
