import { BookOpen, Home, Info, MessagesSquare, Users } from 'lucide-react';
import { paths } from '@/config/paths';

/** The header navigation, in order. */
export const navItems = [
  { key: 'home', to: paths.home, icon: Home, end: true },
  { key: 'courses', to: paths.courseList, icon: BookOpen, end: false },
  { key: 'mentors', to: paths.mentorList, icon: Users, end: false },
  { key: 'community', to: paths.postFeed, icon: MessagesSquare, end: false },
  { key: 'informations', to: paths.informations, icon: Info, end: false },
] as const;
