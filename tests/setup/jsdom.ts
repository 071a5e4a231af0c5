import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { startTestI18n } from './i18n';

// CI runs these beside the server tests and the browser journeys on two CPUs: a lazily loaded
// form (the billing details) can take longer than the default second to appear.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());

// Components read their words from the page's messages; a test page is in English unless it says.
startTestI18n('en');
afterEach(() => startTestI18n('en'));
