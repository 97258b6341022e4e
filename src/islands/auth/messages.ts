import { loadMessages } from '../i18n/messages.ts';
import en from './messages/en.json';

/**
 * The sign-in, sign-up, verification and password-reset pages' words, and the identity service's errors as people read
 * them (issue 17).
 */
export const m = await loadMessages(en, {
  zh: () => import('./messages/zh.json'),
  fr: () => import('./messages/fr.json'),
  ru: () => import('./messages/ru.json'),
});
