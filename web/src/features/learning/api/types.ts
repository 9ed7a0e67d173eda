/** The learning page's shapes, generated from the server's OpenAPI document (never written by hand). */
import type { components } from '@/lib/api/schema';

type Schemas = components['schemas'];

export type LearningCourse = Schemas['LearningCourse'];
export type OutlineSection = Schemas['OutlineSection'];
export type OutlineLesson = Schemas['OutlineLesson'];
export type LessonContent = Schemas['LessonContent'];
export type Player = Schemas['PlayerView'];
export type Progress = Schemas['ProgressView'];
export type Completion = Schemas['CompletionView'];
