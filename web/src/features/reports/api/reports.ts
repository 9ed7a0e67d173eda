import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, request, resultOf } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';

export type SalesReport = components['schemas']['SalesReportView'];
export type SalesFigures = components['schemas']['SalesFiguresView'];
export type SeriesPoint = components['schemas']['SeriesPointView'];
export type RankedRow = components['schemas']['RankedRowView'];
export type ReportKind = 'course' | 'mentorship';

/** A report's view, as its address keeps it (days `YYYY-MM-DD` in Vietnam time, the last one included). */
export interface ReportFilter {
  kind: ReportKind;
  from: string;
  to: string;
  group: 'day' | 'week' | 'month';
  courseId?: string;
  planId?: string;
  teacherId?: string;
  categoryId?: string;
}

const query = (filter: ReportFilter) => ({
  kind: filter.kind,
  from: filter.from,
  to: filter.to,
  group: filter.group,
  courseId: filter.courseId || undefined,
  planId: filter.planId || undefined,
  teacherId: filter.teacherId || undefined,
  categoryId: filter.categoryId || undefined,
});

export const reportsApi = {
  sales: async (filter: ReportFilter) =>
    resultOf(await api.get<SalesReport>('/api/reports/sales', { query: query(filter) })),
  /** The series as CSV text (the server writes it for Excel). */
  salesCsv: (filter: ReportFilter) => request<string>('/api/reports/sales.csv', { query: query(filter) }),
};

export const reportQueries = {
  sales: (filter: ReportFilter) =>
    queryOptions({
      queryKey: ['reports', 'sales', filter] as const,
      queryFn: () => reportsApi.sales(filter),
      placeholderData: keepPreviousData,
    }),
};
