/** The users module's screens, loaded together as one chunk. */
export { UserListScreen } from './user-list-screen.tsx';
export { UserFormScreen } from './user-form-screen.tsx';
