import { api, request, resultOf } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';
import type { PayoutFee, PayoutRules } from '@/lib/rules';

type Schemas = components['schemas'];
export type Figures = Schemas['FiguresView'];
export type StatementLine = Schemas['StatementLineView'];
export type StatementPage = Schemas['StatementPageView'];
export type PayoutAccount = Schemas['AccountView'];
export type AccountBody = Schemas['AccountBody'];
export type PayoutRequest = Schemas['RequestView'];
export type RequestPage = Schemas['RequestPageView'];
export type TeacherBalance = Schemas['TeacherBalanceView'];
export type Balances = Schemas['BalancesView'];
export type Bank = Schemas['BankView'];

/** A payout method as a teacher is offered it (the fee is the rule crate's `PayoutFee`). */
export type Method = Omit<Schemas['MethodView'], 'fee'> & { fee: PayoutFee };
/** A teacher's balance page (its methods typed with their fee). */
export type Balance = Omit<Schemas['BalanceView'], 'methods'> & { methods: Method[] };

/** A payout method's terms as the administrator keeps them. */
export interface MethodTerms {
  minimum: number;
  fee: PayoutFee;
  noteVi: string;
  noteEn: string;
}

/** A method an administrator turns on or off (payOS), with its terms. */
export type OptionalMethod = MethodTerms & { enabled: boolean };

/** The academy as payer on the yearly withholding statements. */
export interface Payer {
  name: string;
  taxCode: string;
  address: string;
}

/**
 * The payout settings: the money rules, the bank transfer's terms, payOS's (present only when the server has its
 * keys) and the academy as payer.
 */
export interface PayoutSettings {
  rules: PayoutRules;
  bankManual: MethodTerms;
  payos?: OptionalMethod | null;
  payer: Payer;
}

export type Withholding = Schemas['WithholdingView'];

/** The statement's filters (days `YYYY-MM-DD`, the end day included). */
export interface StatementFilter {
  teacherId?: string;
  from?: string;
  to?: string;
  kind?: string;
  courseId?: string;
  page?: number;
}

/** The payout queue's filters. */
export interface RequestFilter {
  status?: string;
  from?: string;
  to?: string;
  search?: string;
  teacherId?: string;
  page?: number;
}

const id = (value: string) => encodeURIComponent(value);
const statementQuery = (filter: StatementFilter) => ({
  teacherId: filter.teacherId || undefined,
  from: filter.from || undefined,
  to: filter.to || undefined,
  kind: filter.kind || undefined,
  courseId: filter.courseId || undefined,
  zone: 'Asia/Ho_Chi_Minh',
});

export const financeApi = {
  balance: async (teacherId?: string) =>
    resultOf(await api.get<Balance>('/api/finance/balance', { query: { teacherId: teacherId || undefined } })),
  statement: async (filter: StatementFilter) =>
    resultOf(
      await api.get<StatementPage>('/api/finance/statement', {
        query: { ...statementQuery(filter), page: filter.page ?? 1 },
      }),
    ),
  /** The statement as CSV text (every line of the filter); the server writes it for Excel. */
  statementCsv: (filter: StatementFilter) =>
    request<string>('/api/finance/statement.csv', { query: statementQuery(filter) }),
  banks: async () => resultOf(await api.get<Bank[]>('/api/finance/banks')),
  accounts: async (teacherId?: string) =>
    resultOf(
      await api.get<PayoutAccount[]>('/api/finance/payout-accounts', { query: { teacherId: teacherId || undefined } }),
    ),
  addAccount: async (body: AccountBody) =>
    resultOf(await api.post<PayoutAccount>('/api/finance/payout-accounts', body)),
  changeAccount: async (accountId: string, body: AccountBody) =>
    resultOf(await api.put<PayoutAccount>(`/api/finance/payout-accounts/${id(accountId)}`, body)),
  removeAccount: async (accountId: string) =>
    resultOf(await api.delete<boolean>(`/api/finance/payout-accounts/${id(accountId)}`)),
  makeDefault: async (accountId: string) =>
    resultOf(await api.post<PayoutAccount[]>(`/api/finance/payout-accounts/${id(accountId)}/default`)),
  requests: async (filter: RequestFilter) =>
    resultOf(
      await api.get<RequestPage>('/api/finance/payout-requests', {
        query: {
          status: filter.status || undefined,
          from: filter.from || undefined,
          to: filter.to || undefined,
          search: filter.search || undefined,
          teacherId: filter.teacherId || undefined,
          page: filter.page ?? 1,
        },
      }),
    ),
  /** Asks for a payout; `key` makes a repeated send (a double click, a retry) the same request. */
  ask: async (body: { accountId: string; amount: number; method: string }, key: string) =>
    resultOf(
      await api.post<PayoutRequest>('/api/finance/payout-requests', body, { headers: { 'Idempotency-Key': key } }),
    ),
  pay: async (requestId: string, bankReference: string, paidOn: string) =>
    resultOf(
      await api.post<PayoutRequest>(`/api/finance/payout-requests/${id(requestId)}/pay`, { bankReference, paidOn }),
    ),
  reject: async (requestId: string, reason: string, note: string) =>
    resultOf(await api.post<PayoutRequest>(`/api/finance/payout-requests/${id(requestId)}/reject`, { reason, note })),
  fail: async (requestId: string, note: string) =>
    resultOf(await api.post<PayoutRequest>(`/api/finance/payout-requests/${id(requestId)}/fail`, { note })),
  sendThroughPayos: async (requestId: string) =>
    resultOf(await api.post<PayoutRequest>(`/api/finance/payout-requests/${id(requestId)}/payos`)),
  /** The bank batch file of the pending requests (CSV text, every pending one when no ids are given). */
  batchCsv: (ids?: string[]) =>
    request<string>('/api/admin/finance/payout-batch.csv', { query: { ids: ids?.join(',') || undefined } }),
  withholding: async (year: number, teacherId?: string) =>
    resultOf(
      await api.get<Withholding>('/api/finance/withholding', { query: { year, teacherId: teacherId || undefined } }),
    ),
  withholdingCsv: (year: number, teacherId?: string) =>
    request<string>('/api/finance/withholding.csv', { query: { year, teacherId: teacherId || undefined } }),
  /** Records (a day) or takes back (null) a teacher's 08/CK-TNCN commitment for a year. */
  recordCommitment: async (teacherId: string, year: number, declaredOn: string | null) =>
    resultOf(await api.put<boolean>('/api/admin/finance/tax-commitments', { teacherId, year, declaredOn })),
  balances: async () => resultOf(await api.get<Balances>('/api/admin/finance/balances')),
  settings: async () => resultOf(await api.get<PayoutSettings>('/api/admin/payout-settings')),
  saveSettings: async (settings: PayoutSettings) =>
    resultOf(await api.put<PayoutSettings>('/api/admin/payout-settings', settings)),
};
