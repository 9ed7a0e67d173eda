/** The cart feature's query keys. */
export const cartKeys = {
  all: () => ['cart'] as const,
  header: () => [...cartKeys.all(), 'header'] as const,
};
