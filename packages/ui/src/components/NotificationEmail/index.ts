export {
  NotificationEmail,
  NotificationEmailBody,
  notificationEmailText,
  type EmailContent,
} from './NotificationEmail';
