// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Instructor } from '@/lib/api/types';
import { render } from './render';

const mentor: Instructor = {
  userId: 'u-1',
  username: 'nguyenminhkhoa',
  firstName: 'Khoa',
  lastName: 'Nguyễn Minh',
  name: 'Nguyễn Minh Khoa',
  avatar: '/demo/mentor-nguyenminhkhoa.svg',
  profession: 'Kỹ sư phần mềm cấp cao',
  expertise: ['Lập trình Python', 'Rust'],
  courseCount: 3,
  studentCount: 27030,
  ratingAverage: 4.2,
};
const answers = { '/api/mentors': { code: 1000, result: [mentor] } };

describe('the server renderer', () => {
  it("renders a page from its first view's answers, in the page's language, with no inline script", async () => {
    const vi = await render({ url: '/mentorlist', lang: 'vi', answers });
    expect(vi).toContain('Nguyễn Minh Khoa');
    expect(vi).toContain('Kỹ sư phần mềm cấp cao');
    expect(vi).toContain('href="/login"');
    expect(vi).toContain('Đăng nhập');
    expect(vi).not.toMatch(/<script/);

    const en = await render({ url: '/mentorlist', lang: 'en', answers });
    expect(en).toContain('Khoa Nguyễn Minh');
    expect(en).toContain('>Login<');
    expect(en).not.toContain('Đăng nhập');
  });

  it('renders what the answers say, not what an earlier page left in the cache', async () => {
    await render({ url: '/mentorlist', lang: 'vi', answers });
    const other = {
      ...mentor,
      userId: 'u-2',
      firstName: 'Hà',
      lastName: 'Trần Thu',
      name: 'Trần Thu Hà',
      profession: 'Giám đốc sáng tạo',
    };
    const html = await render({
      url: '/mentorlist',
      lang: 'vi',
      answers: { '/api/mentors': { code: 1000, result: [other] } },
    });
    expect(html).toContain('Trần Thu Hà');
    expect(html).not.toContain('Nguyễn Minh Khoa');
  });
});
