import { matchQuery, type Query, QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { dashboardKeys } from './keys';

/** Whether invalidating (or optimistically changing) `prefix` reaches the query of `key`. */
function reaches(prefix: QueryKey, key: QueryKey): boolean {
  const client = new QueryClient();
  client.setQueryData(key, 1);
  const query = client.getQueryCache().find({ queryKey: key, exact: true }) as Query;
  return matchQuery({ queryKey: prefix }, query);
}

describe('dashboardKeys', () => {
  it("puts every page of the course lists under one prefix, and the editor's course outside it", () => {
    const lists = dashboardKeys.courseLists();
    expect(reaches(lists, dashboardKeys.courseList({ page: 1 }))).toBe(true);
    expect(reaches(lists, dashboardKeys.courseList({ search: 'go', page: 3 }))).toBe(true);
    expect(reaches(lists, dashboardKeys.course('c1'))).toBe(false);
    expect(reaches(dashboardKeys.courses(), dashboardKeys.course('c1'))).toBe(true);
  });

  it('keeps each inbox to itself', () => {
    const contact = dashboardKeys.inboxPage('contact-messages', { page: 1 });
    expect(reaches(dashboardKeys.inbox('contact-messages'), contact)).toBe(true);
    expect(reaches(dashboardKeys.inbox('admission-messages'), contact)).toBe(false);
  });

  it('refreshes syllabuses with the subjects they show', () => {
    for (const key of [
      dashboardKeys.subjects(''),
      dashboardKeys.subject('s1'),
      dashboardKeys.syllabuses('x'),
      dashboardKeys.syllabus('y'),
    ]) {
      expect(reaches(dashboardKeys.material(), key)).toBe(true);
    }
    expect(reaches(dashboardKeys.material(), dashboardKeys.categories())).toBe(false);
  });

  it('keeps the whole dashboard under one root', () => {
    expect(reaches(dashboardKeys.all(), dashboardKeys.banners())).toBe(true);
    expect(reaches(dashboardKeys.all(), ['courses', 'list'])).toBe(false);
  });
});
