import { describe, expect, it } from 'vitest';
import { personName } from './person-name';

describe('person name', () => {
  it('puts the family name first in Vietnamese and the given name first in English', () => {
    const yen = { firstName: 'Yến', lastName: 'Phan Thị' };
    expect(personName(yen, 'vi')).toBe('Phan Thị Yến');
    expect(personName(yen, 'en')).toBe('Yến Phan Thị');
  });

  it('keeps the part that is known and is empty when none is', () => {
    expect(personName({ firstName: ' Khoa ', lastName: null }, 'vi')).toBe('Khoa');
    expect(personName({ firstName: '', lastName: 'Nguyễn Minh' }, 'en')).toBe('Nguyễn Minh');
    expect(personName({}, 'vi')).toBe('');
    expect(personName(null, 'en')).toBe('');
  });
});
