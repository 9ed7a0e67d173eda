import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module (it reads the page's first view once). */
async function fresh() {
  vi.resetModules();
  return import('./first-view');
}

function writeFirstView(view: unknown) {
  const element = document.createElement('script');
  element.id = 'first-view';
  element.type = 'application/json';
  element.textContent = JSON.stringify(view);
  document.body.append(element);
}

const home = { code: 1000, result: { title: 'Học viện' } };
const courses = { code: 1000, result: { items: [] } };

describe('first view', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => document.getElementById('first-view')?.remove());

  it('answers each first request once, whatever the order of its query parameters', async () => {
    writeFirstView({
      lang: 'vi',
      answers: { '/api/home': home, '/api/courses?page=1&pageSize=12&sort=popular': courses },
    });
    const { takeFirstAnswer } = await fresh();

    expect(takeFirstAnswer('http://127.0.0.1:8080/api/courses?pageSize=12&sort=popular&page=1')).toEqual(courses);
    expect(takeFirstAnswer('/api/courses?page=1&pageSize=12&sort=popular')).toBeUndefined();
    expect(takeFirstAnswer('/api/home')).toEqual(home);
    expect(takeFirstAnswer('/api/mentors')).toBeUndefined();
  });

  it('is not used in another language than the page', async () => {
    localStorage.setItem('academy.lang', 'en');
    writeFirstView({ lang: 'vi', answers: { '/api/home': home } });
    const { takeFirstAnswer } = await fresh();

    expect(takeFirstAnswer('/api/home')).toBeUndefined();
  });

  it('is not used once someone else is signed in', async () => {
    writeFirstView({ lang: 'vi', answers: { '/api/home': home, '/api/mentors': courses } });
    const { takeFirstAnswer } = await fresh();
    expect(takeFirstAnswer('/api/home')).toEqual(home);

    document.cookie = 'access-token=after-login; path=/';
    expect(takeFirstAnswer('/api/mentors')).toBeUndefined();
    document.cookie = 'access-token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('is not used after the first seconds of the page', async () => {
    writeFirstView({ lang: 'vi', answers: { '/api/home': home } });
    vi.spyOn(performance, 'now').mockReturnValue(60_000);
    const { takeFirstAnswer } = await fresh();

    expect(takeFirstAnswer('/api/home')).toBeUndefined();
  });

  it('without a first view or with an unreadable one, everything goes to the network', async () => {
    expect((await fresh()).takeFirstAnswer('/api/home')).toBeUndefined();
    const element = document.createElement('script');
    element.id = 'first-view';
    element.textContent = '{not json';
    document.body.append(element);
    expect((await fresh()).takeFirstAnswer('/api/home')).toBeUndefined();
  });
});
