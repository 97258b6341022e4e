export { NotificationsScreen } from './notifications-screen.tsx';
