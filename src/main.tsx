import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');
// Path-based routes (/branch/branch-list, /pharmacy/medicine-list): react-admin would otherwise
// use a hash router; the server answers every screen path with index.html.
createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
