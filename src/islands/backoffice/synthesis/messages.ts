import { loadMessages } from '../../i18n/messages.ts';
import en from './messages/en.json';

/** The words of the regional synthesis panel (decision 079). */
export const m = await loadMessages(en, {
  zh: () => import('./messages/zh.json'),
  fr: () => import('./messages/fr.json'),
  ru: () => import('./messages/ru.json'),
});
