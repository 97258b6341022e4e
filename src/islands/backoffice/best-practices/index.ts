/** The best-practices module's screens (list and form), loaded together as one chunk. */
export { PracticeListScreen } from './practice-list-screen.tsx';
export { PracticeFormScreen } from './practice-form-screen.tsx';
