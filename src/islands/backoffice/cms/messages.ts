import { loadMessages } from '../../i18n/messages.ts';
import en from './messages/en.json';

/** The content screens' words: banners, media gallery and partners, list and form (issue 17). */
export const m = await loadMessages(en, {
  zh: () => import('./messages/zh.json'),
  fr: () => import('./messages/fr.json'),
  ru: () => import('./messages/ru.json'),
});
