export { notificationsModule, NOTIFICATION_SLUGS } from './routes';
