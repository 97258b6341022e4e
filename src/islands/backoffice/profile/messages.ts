import { loadMessages } from '../../i18n/messages.ts';
import en from './messages/en.json';

/** Profile completion's words (issue 17). */
export const m = await loadMessages(en, {
  zh: () => import('./messages/zh.json'),
  fr: () => import('./messages/fr.json'),
  ru: () => import('./messages/ru.json'),
});
