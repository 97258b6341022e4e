import { loadMessages } from '../../i18n/messages.ts';
import en from './messages/en.json';

/** The translations panel's words (issue 17 item 2). */
export const m = await loadMessages(en, {
  zh: () => import('./messages/zh.json'),
  fr: () => import('./messages/fr.json'),
  ru: () => import('./messages/ru.json'),
});
