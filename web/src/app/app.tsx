import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { i18n } from '@/lib/i18n';
import { AppRoutes } from './router';

export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </I18nextProvider>
  );
}
