import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { queryClient } from '../src/customer/api/queryClient';

afterEach(() => {
  cleanup();
  // Each test starts with nothing cached, as a fresh page load does.
  queryClient.clear();
});
