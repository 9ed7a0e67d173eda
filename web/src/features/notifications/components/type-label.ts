import { useTranslation } from 'react-i18next';
import { notificationType, notificationTypeLabel } from '@/lib/wasm';

/**
 * A notification type's name for a person: in English the type spaced before its capitals ("Course Purchase", the
 * shared rule), in Vietnamese its translation; an unknown type reads as Other. The type's code is never shown.
 */
export function useNotificationTypeLabel(): (type: string) => string {
  const { t, i18n } = useTranslation('menus');
  return (type) =>
    i18n.language === 'en'
      ? notificationTypeLabel(type)
      : t(`notifications.types.${notificationType(type)}`, { defaultValue: notificationTypeLabel('Other') });
}
