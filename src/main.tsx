import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CustomerApp } from './customer/CustomerApp';
import { startCustomerApp } from './customer/start';

// One entry for the whole site: the router loads the staff area lazily at /admin/*.
const router = startCustomerApp();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <CustomerApp router={router} />
  </StrictMode>,
);
