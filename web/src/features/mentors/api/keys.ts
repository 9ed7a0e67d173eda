/** The mentors feature's query keys. */
export const mentorKeys = {
  all: () => ['mentors'] as const,
  list: () => [...mentorKeys.all(), 'list'] as const,
  detail: (id: string) => [...mentorKeys.all(), 'detail', id] as const,
};
