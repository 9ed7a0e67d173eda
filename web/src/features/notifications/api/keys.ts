/** The notifications feature's query keys. */
export const notificationKeys = {
  all: () => ['notifications'] as const,
  header: () => [...notificationKeys.all(), 'header'] as const,
};
