import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyStoredDisplayPreferences } from './features/preferences/display-preferences-store';
import './styles.css';
import { installRowIcons } from './ui/icon-images';

// Before the first render, so a light-theme user never sees a dark flash (and vice versa).
applyStoredDisplayPreferences();
installRowIcons();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
