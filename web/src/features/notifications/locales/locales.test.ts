// @vitest-environment node
import { describeTranslations } from '@/testing/translations';
import en from './en.json';
import vi from './vi.json';

describeTranslations('notification texts', vi, en);
