import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { financeApi, type AccountBody, type PayoutSettings, type RequestFilter, type StatementFilter } from './finance';

export const financeKeys = {
  all: () => ['finance'] as const,
  balance: (teacherId: string) => [...financeKeys.all(), 'balance', teacherId] as const,
  statement: (filter: StatementFilter) => [...financeKeys.all(), 'statement', filter] as const,
  accounts: (teacherId: string) => [...financeKeys.all(), 'accounts', teacherId] as const,
  requests: (filter: RequestFilter) => [...financeKeys.all(), 'requests', filter] as const,
  balances: () => [...financeKeys.all(), 'balances'] as const,
  settings: () => [...financeKeys.all(), 'settings'] as const,
  withholding: (year: number, teacherId: string) => [...financeKeys.all(), 'withholding', year, teacherId] as const,
};

export const financeQueries = {
  balance: (teacherId = '') =>
    queryOptions({ queryKey: financeKeys.balance(teacherId), queryFn: () => financeApi.balance(teacherId) }),
  statement: (filter: StatementFilter) =>
    queryOptions({
      queryKey: financeKeys.statement(filter),
      queryFn: () => financeApi.statement(filter),
      placeholderData: keepPreviousData,
    }),
  accounts: (teacherId = '') =>
    queryOptions({ queryKey: financeKeys.accounts(teacherId), queryFn: () => financeApi.accounts(teacherId) }),
  requests: (filter: RequestFilter) =>
    queryOptions({
      queryKey: financeKeys.requests(filter),
      queryFn: () => financeApi.requests(filter),
      placeholderData: keepPreviousData,
    }),
  balances: () => queryOptions({ queryKey: financeKeys.balances(), queryFn: financeApi.balances }),
  settings: () => queryOptions({ queryKey: financeKeys.settings(), queryFn: financeApi.settings }),
  withholding: (year: number, teacherId = '') =>
    queryOptions({
      queryKey: financeKeys.withholding(year, teacherId),
      queryFn: () => financeApi.withholding(year, teacherId),
    }),
};

/** Every act on money changes balances, statements, accounts and the queue alike: they are all read again. */
function useFinanceMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: financeKeys.all() }),
  });
}

export const useAddAccount = () => useFinanceMutation((body: AccountBody) => financeApi.addAccount(body));
export const useChangeAccount = () =>
  useFinanceMutation(({ id, body }: { id: string; body: AccountBody }) => financeApi.changeAccount(id, body));
export const useRemoveAccount = () => useFinanceMutation((id: string) => financeApi.removeAccount(id));
export const useMakeDefault = () => useFinanceMutation((id: string) => financeApi.makeDefault(id));
export const useAskPayout = () =>
  useFinanceMutation(({ body, key }: { body: { accountId: string; amount: number; method: string }; key: string }) =>
    financeApi.ask(body, key),
  );
export const usePay = () =>
  useFinanceMutation(({ id, reference, paidOn }: { id: string; reference: string; paidOn: string }) =>
    financeApi.pay(id, reference, paidOn),
  );
export const useReject = () =>
  useFinanceMutation(({ id, reason, note }: { id: string; reason: string; note: string }) =>
    financeApi.reject(id, reason, note),
  );
export const useSendThroughPayos = () => useFinanceMutation((id: string) => financeApi.sendThroughPayos(id));
export const useRecordCommitment = () =>
  useFinanceMutation(
    ({ teacherId, year, declaredOn }: { teacherId: string; year: number; declaredOn: string | null }) =>
      financeApi.recordCommitment(teacherId, year, declaredOn),
  );
export const useFail = () =>
  useFinanceMutation(({ id, note }: { id: string; note: string }) => financeApi.fail(id, note));
export const useSaveSettings = () =>
  useFinanceMutation((settings: PayoutSettings) => financeApi.saveSettings(settings));
