import { loadMessages } from '../../i18n/messages.ts';
import en from './messages/en.json';

/** The words of the trusted certificate authorities' screen (issue 31, decision 056). */
export const m = await loadMessages(en, {
  zh: () => import('./messages/zh.json'),
  fr: () => import('./messages/fr.json'),
  ru: () => import('./messages/ru.json'),
});
