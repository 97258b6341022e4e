import { loadMessages } from '../../../i18n/messages.ts';
import en from './messages/en.json';

/** The words of a report under review: what changed, and the comments on its answers (decision 077). */
export const m = await loadMessages(en, {
  zh: () => import('./messages/zh.json'),
  fr: () => import('./messages/fr.json'),
  ru: () => import('./messages/ru.json'),
});
