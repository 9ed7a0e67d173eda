import { useTranslation } from 'react-i18next';
import { notificationType, notificationTypeLabel } from '@/lib/wasm';

/**
 * A notification type's name for a person, in their language (in English the type spaced before its capitals,
 * "Course Purchase", as the spec writes them); an unknown type reads as Other. The type's code is never shown.
 */
export function useNotificationTypeLabel(): (type: string) => string {
  const { t } = useTranslation('menus');
  return (type) => t(`notifications.types.${notificationType(type)}`, { defaultValue: notificationTypeLabel('Other') });
}
