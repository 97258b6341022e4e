import { loadMessages } from '../../i18n/messages.ts';
import en from './messages/en.json';

/** The notifications' words: the bell, the list and the snackbars (issue 17). */
export const m = await loadMessages(en, {
  zh: () => import('./messages/zh.json'),
  fr: () => import('./messages/fr.json'),
  ru: () => import('./messages/ru.json'),
});
