/** The posts feature's query keys. */
export const postKeys = {
  all: () => ['posts'] as const,
  page: (page: number) => [...postKeys.all(), 'page', page] as const,
  detail: (id: string) => [...postKeys.all(), 'detail', id] as const,
  recent: (limit: number) => [...postKeys.all(), 'recent', limit] as const,
};
